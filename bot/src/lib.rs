//! The jetan bot: the Discord adapter ([`discord`]) and the offline [`console`], both built
//! from one command [`grammar`], and the settings ([`config`]), over the Discord-free
//! command core (the `jetan-core` crate). The `jetan` binary is glue over these.

pub mod config;
pub mod console;
pub mod discord;
pub mod grammar;
pub mod web;
