//! `serde` support (the `serde` feature), in the forms the text of the rule book uses:
//! squares as `"e2"`, pieces as their position-string letter (`"D"` a Black Dwar, `"d"` an
//! Orange one), moves as `"e2-e3"`. The enums are derived where they are declared
//! (`"black"`, `"dwar"`, `"classic"`, `"circular"`, `{"win": {"winner": "black", "reason":
//! "princess_captured"}}`).

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

use crate::{Move, MoveText, Piece, Square};

impl Serialize for Square {
    /// `"e2"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    /// `"e2"` (either case).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

impl Serialize for Piece {
    /// The position-string letter, `"D"` or `"d"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.char())
    }
}

impl<'de> Deserialize<'de> for Piece {
    /// The position-string letter.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let c = char::deserialize(d)?;
        Piece::from_char(c).ok_or_else(|| de::Error::custom(format!("`{c}` is not a piece")))
    }
}

impl Serialize for Move {
    /// `"e2-e3"`: what identifies a move (RULES.md §3.5).
    ///
    /// There is deliberately no `Deserialize` for [`Move`]: a move's piece, capture and
    /// escape depend on the position it is played in. Read the text back as a
    /// [`MoveText`] and [`resolve`](MoveText::resolve) it there (or hand a list of them to
    /// [`replay`](crate::replay)).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for MoveText {
    /// `"e2-e3"`, or `"Ab1-d3"` with a piece letter.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MoveText {
    /// Any move text of RULES.md §9.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MoveText, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}
