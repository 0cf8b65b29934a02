//! What a game of Jetan stores of its own (RULES.md): its moves and its rule endings.

use std::fmt;

use jetan_rules::{Piece, Square};
use serde::{Deserialize, Serialize};

use crate::Millis;

/// One move of a game, as stored in the `moves` tree under (game id, ply).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece removed (the captured piece, or in Manator the loser of the duel).
    #[serde(default)]
    pub killed: Option<Piece>,
    /// In Manator, when the move attacked: whether the attacker won the duel.
    #[serde(default)]
    pub duel: Option<bool>,
    /// When it was played.
    pub at: Millis,
}

impl fmt::Display for MoveRecord {
    /// `e2-e3`, `b1xd3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.killed.is_some() { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

/// How the rules of Jetan end a game (RULES.md §6, §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A piece took the enemy Princess.
    PrincessCaptured,
    /// A Chief took the enemy Chief.
    ChiefTakesChief,
    /// A Chief was taken by a lesser piece (draw).
    ChiefCaptured,
    /// The player to move had no legal move (draw).
    NoLegalMoves,
    /// The ten-move countdown ran out (draw).
    TenMoveRule,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::PrincessCaptured => "the Princess was captured",
            Ending::ChiefTakesChief => "a Chief took the enemy Chief",
            Ending::ChiefCaptured => "a Chief was taken by a lesser piece",
            Ending::NoLegalMoves => "the player to move had no legal move",
            Ending::TenMoveRule => "the ten-move countdown ran out",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records keep the JSON they had before the rules' own serde replaced the store's
    /// codec adapters: squares as `e2`, pieces as their position-string letter.
    #[test]
    fn move_records_keep_their_json() {
        let rec = MoveRecord {
            from: "e2".parse().unwrap(),
            to: "e3".parse().unwrap(),
            piece: Piece::from_char('N').unwrap(),
            killed: Piece::from_char('d'),
            duel: Some(true),
            at: 7,
        };
        let json = serde_json::to_string(&rec).unwrap();
        assert_eq!(
            json,
            r#"{"from":"e2","to":"e3","piece":"N","killed":"d","duel":true,"at":7}"#
        );
        assert_eq!(serde_json::from_str::<MoveRecord>(&json).unwrap(), rec);
        let old_without_kill = r#"{"from":"e2","to":"e3","piece":"N","at":7}"#;
        assert_eq!(
            serde_json::from_str::<MoveRecord>(old_without_kill)
                .unwrap()
                .killed,
            None
        );
    }
}
