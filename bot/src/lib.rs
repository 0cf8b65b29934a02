//! The jetan bot: a Discord-free command [`core`], the Discord adapter ([`discord`]), the
//! offline [`console`], and the settings ([`config`]). The `jetan` binary is glue over these.

pub mod config;
pub mod console;
pub mod core;
pub mod discord;
