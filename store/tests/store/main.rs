//! The store's tests: one binary, one module per concern.

mod checks;
mod common;
mod crash;
mod martian;
mod migrate;
mod model;
mod ops;
mod race;
