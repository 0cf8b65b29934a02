use std::fmt;

use crate::{Color, Move, Piece, Square};

/// How a game ended by the rules (RULES.md §5–6). The host's agreements (resignation,
/// draw by agreement, time) are not rules and live with the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum WinReason {
    /// A piece ended its move on the enemy Princess.
    PrincessCaptured,
    /// A Chief took the enemy Chief (in Manator: won the duel of the Chiefs).
    ChiefTakesChief,
}

/// The ways to draw (RULES.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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

    /// A short lower-case summary for tools and logs: `black wins: princess captured`,
    /// `orange wins: chief takes chief`, `draw: chief captured`, `draw: no legal moves`,
    /// `draw: countdown`. ([`Display`](fmt::Display) gives the sentence for players.)
    ///
    /// ```
    /// use jetan_rules::{Color, DrawReason, Outcome, WinReason};
    /// let win = Outcome::Win { winner: Color::Black, reason: WinReason::PrincessCaptured };
    /// assert_eq!(win.summary(), "black wins: princess captured");
    /// assert_eq!(Outcome::Draw { reason: DrawReason::TenMoveRule }.summary(), "draw: countdown");
    /// ```
    pub fn summary(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!(
                "{} wins: {}",
                winner.name().to_ascii_lowercase(),
                reason.short()
            ),
            Outcome::Draw { reason } => format!("draw: {}", reason.short()),
        }
    }
}

impl WinReason {
    /// `princess captured` or `chief takes chief`.
    pub const fn short(self) -> &'static str {
        match self {
            WinReason::PrincessCaptured => "princess captured",
            WinReason::ChiefTakesChief => "chief takes chief",
        }
    }
}

impl DrawReason {
    /// `chief captured`, `no legal moves` or `countdown`.
    pub const fn short(self) -> &'static str {
        match self {
            DrawReason::ChiefCaptured => "chief captured",
            DrawReason::NoLegalMoves => "no legal moves",
            DrawReason::TenMoveRule => "countdown",
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
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Duel {
    /// The piece that moved.
    pub attacker: Piece,
    /// The piece it attacked.
    pub defender: Piece,
    /// The square they fought for (the move's end square).
    pub square: Square,
    /// Whether the attacker won (and now stands on the square).
    pub attacker_won: bool,
}

impl Duel {
    /// The odds as the rule book gives them: the attacker wins with probability
    /// `va / (va + vd)`; this is `(va, vd)`, the two pieces' values.
    ///
    /// ```
    /// use jetan_rules::{Color, Duel, Piece, Role};
    /// let duel = Duel {
    ///     attacker: Piece { color: Color::Black, role: Role::Panthan },
    ///     defender: Piece { color: Color::Orange, role: Role::Dwar },
    ///     square: "e5".parse().unwrap(),
    ///     attacker_won: false,
    /// };
    /// assert_eq!(duel.odds(), (1, 3));
    /// assert_eq!(duel.attacker_chance(), 0.25);
    /// assert_eq!(duel.winner().role, Role::Dwar);
    /// ```
    pub const fn odds(&self) -> (u32, u32) {
        (self.attacker.role.value(), self.defender.role.value())
    }

    /// The attacker's chance of winning, `va / (va + vd)`.
    pub fn attacker_chance(&self) -> f64 {
        let (a, d) = self.odds();
        f64::from(a) / f64::from(a + d)
    }

    /// The piece that won and stands on the square.
    pub const fn winner(&self) -> Piece {
        if self.attacker_won {
            self.attacker
        } else {
            self.defender
        }
    }

    /// The piece that lost and was removed.
    pub const fn loser(&self) -> Piece {
        if self.attacker_won {
            self.defender
        } else {
            self.attacker
        }
    }
}

/// What a played move did, for the host to tell the players and draw the picture: the
/// move (with its escape flag), the mover, what was killed and where, the duel, whether
/// the countdown started, and the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// The move.
    pub mv: Move,
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

impl Report {
    /// The piece that moved (the same as [`piece`](Report::piece)).
    pub const fn mover(&self) -> Piece {
        self.piece
    }

    /// The piece removed from the board and the square it was removed from (always the
    /// move's end square: the captured piece, or the loser of a Manator duel).
    pub const fn kill(&self) -> Option<(Square, Piece)> {
        match self.killed {
            Some(p) => Some((self.mv.to, p)),
            None => None,
        }
    }

    /// Whether the move was the Princess's escape (RULES.md §4).
    pub const fn is_escape(&self) -> bool {
        self.mv.escape
    }
}
