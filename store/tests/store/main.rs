//! The store's tests: one binary, one module per concern.

/// This binary tests the sled backend (`tests/store_pg` the PostgreSQL one).
pub const POSTGRES: bool = false;

mod checks;
mod cluster;
mod common;
mod compat;
mod crash;
mod dirs;
mod economy;
mod fixture_facts;
mod host;
mod martian;
mod migrate;
mod model;
mod ops;
mod race;
mod ratings;
mod seats;
mod tournament;
mod upgrade;
