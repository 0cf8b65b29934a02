//! Random-playout speed.
fn main() {}
