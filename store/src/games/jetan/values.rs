//! Jetan's own values in the host's records: what a challenge chooses ([`Options`]) and
//! why the rules refuse a move ([`Refusal`]).

use jetan_rules::{Rules, Topology, Variant};
use serde::{Deserialize, Serialize};

/// Why Jetan's rules refuse a move.
pub type Refusal = jetan_rules::IllegalMove;

/// What a challenge to Jetan chooses: the variant, the board and the rule options
/// (RULES.md §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Options {
    /// Classic or Manator (RULES.md §8).
    #[serde(default)]
    pub variant: Variant,
    /// The flat board or Ninth-Ray Jetan's circular board (RULES.md §11).
    #[serde(default)]
    pub topology: Topology,
    /// The rule options, per side (RULES.md §12); written, as its canonical string, only
    /// when not standard, so that the terms of standard games are stored as before.
    #[serde(default, skip_serializing_if = "Rules::is_standard")]
    pub rules: Rules,
}
