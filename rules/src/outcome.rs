use std::fmt;

use crate::{Color, Piece};

/// How a game ended by the rules (RULES.md §5–6). The host's agreements (resignation,
/// draw by agreement, time) are not rules and live with the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// The ways to win (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// A piece ended its move on the enemy Princess.
    PrincessCaptured,
    /// A Chief took the enemy Chief (in Manator: won the duel of the Chiefs).
    ChiefTakesChief,
}

/// The ways to draw (RULES.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// A Chief was taken by a piece other than the enemy Chief.
    ChiefCaptured,
    /// The player to move had no legal move.
    NoLegalMoves,
    /// The ten-move countdown ran out.
    TenMoveRule,
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::PrincessCaptured => "the Princess was captured",
            WinReason::ChiefTakesChief => "a Chief took the enemy Chief",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::ChiefCaptured => "a Chief was taken by a lesser piece",
            DrawReason::NoLegalMoves => "the player to move has no legal move",
            DrawReason::TenMoveRule => "the ten-move countdown ran out",
        })
    }
}

impl fmt::Display for Outcome {
    /// "Black wins: the Princess was captured", "Draw: the ten-move countdown ran out".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {reason}"),
            Outcome::Draw { reason } => write!(f, "Draw: {reason}"),
        }
    }
}

/// A Manator duel (RULES.md §8): the attacker moved onto the defender's square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Duel {
    /// The piece that moved.
    pub attacker: Piece,
    /// The piece it attacked.
    pub defender: Piece,
    /// Whether the attacker won (and now stands on the square).
    pub attacker_won: bool,
}

/// What a played move did, for the host to tell the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Report {
    /// The move.
    pub mv: crate::Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece removed from the board, if any: the captured piece, or in Manator the
    /// loser of a duel (which may be the mover).
    pub killed: Option<Piece>,
    /// The duel, in Manator, when the move attacked a piece other than the Princess.
    pub duel: Option<Duel>,
    /// How the game ended, if this move ended it.
    pub outcome: Option<Outcome>,
    /// Whether the move started the ten-move countdown.
    pub countdown_started: bool,
}
