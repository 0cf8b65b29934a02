//! What a challenge to Jetan chooses (its own options in the host's terms).

use jetan_rules::{Topology, Variant};
use serde::{Deserialize, Serialize};

/// What a challenge to Jetan chooses: the variant and the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Options {
    /// Classic or Manator (RULES.md §8).
    #[serde(default)]
    pub variant: Variant,
    /// The flat board or Ninth-Ray Jetan's circular board (RULES.md §11).
    #[serde(default)]
    pub topology: Topology,
}
