//! What a game of Martian Chess stores of its own (MARTIAN_CHESS.md): its actions and
//! its rule endings.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Millis;

/// One action of a Martian Chess game, as stored in the `martian_actions` tree under
/// (game id, ply) (MARTIAN_CHESS.md §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// Who acted: `w` (White, the first mover, in the first mover's seat) or `b`.
    #[serde(with = "side")]
    pub player: martian_chess::Color,
    /// The action (its text, `e2-e4`, `play AS`, `end`).
    pub action: martian_chess::Action,
    /// Played by the bot for a battle player whose time ran out (their lowest card).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timeout: bool,
    /// When it was played.
    pub at: Millis,
}

/// A Martian Chess colour as `w` / `b`.
mod side {
    use martian_chess::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(c.char())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let c = char::deserialize(d)?;
        Color::from_char(c)
            .ok_or_else(|| serde::de::Error::custom(format!("not a side: {c:?} (w or b)")))
    }
}

/// How the rules of Martian Chess end a game (MARTIAN_CHESS.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A battle against the enemy King was won.
    KingCaptured,
    /// A King attacked and lost its battle (its side loses).
    KingLostAttack,
    /// 50 turns in a row without an attack, a pawn move or a paradrop (draw).
    QuietTurns,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::KingCaptured => "the King was captured",
            Ending::KingLostAttack => "a King lost its own attack",
            Ending::QuietTurns => "50 turns without an attack, a pawn move or a paradrop",
        })
    }
}
