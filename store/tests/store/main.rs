//! The store's tests: one binary, one module per concern.

mod common;
mod crash;
mod model;
mod ops;
mod race;
