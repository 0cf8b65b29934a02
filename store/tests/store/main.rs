//! The store's tests: one binary, one module per concern.

mod common;
mod model;
mod ops;
