//! Martian Chess's own values in the host's records: what a challenge chooses
//! ([`Options`]: nothing) and why the rules refuse an action ([`Refusal`]).

use serde::{Deserialize, Serialize};

/// Why Martian Chess's rules refuse an action.
pub type Refusal = martian_chess::IllegalAction;

/// What a challenge to Martian Chess chooses: nothing (the game has no variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
pub struct Options {}

impl Serialize for Options {
    /// The two fields the terms of every game carried before each game had options of
    /// its own (`"variant": "classic", "topology": "flat"`), so that the previous
    /// release, which requires them, still reads the terms (shards upgraded one by one);
    /// they are ignored when read.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Options", 2)?;
        st.serialize_field("variant", "classic")?;
        st.serialize_field("topology", "flat")?;
        st.end()
    }
}
