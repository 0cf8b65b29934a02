use std::fmt;

use crate::Color;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
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

/// Ways to win by the rules (MARTIAN_CHESS.md §5). Resignation and a win on time are
/// the host's endings, not the rules'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The winner won a battle against the enemy King.
    KingCaptured,
    /// The enemy King attacked and lost its battle: it was taken prisoner.
    KingLostAttack,
}

/// Ways to draw by the rules (§5). A draw by agreement is the host's ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// 50 turns in a row without an attack, a pawn move or a paradrop.
    FiftyTurns,
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    pub(crate) fn code(self) -> String {
        match self {
            Outcome::Decisive { winner, reason } => {
                let score = match winner {
                    Color::White => "1-0",
                    Color::Black => "0-1",
                };
                let why = match reason {
                    WinReason::KingCaptured => "king",
                    WinReason::KingLostAttack => "king-attack",
                };
                format!("{score}:{why}")
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::FiftyTurns => "1/2:fifty".to_owned(),
            },
        }
    }

    pub(crate) fn parse_code(s: &str) -> Option<Option<Outcome>> {
        if s == "*" {
            return Some(None);
        }
        let (score, why) = s.split_once(':')?;
        let o = match score {
            "1/2" => Outcome::Draw {
                reason: match why {
                    "fifty" => DrawReason::FiftyTurns,
                    _ => return None,
                },
            },
            "1-0" | "0-1" => Outcome::Decisive {
                winner: if score == "1-0" {
                    Color::White
                } else {
                    Color::Black
                },
                reason: match why {
                    "king" => WinReason::KingCaptured,
                    "king-attack" => WinReason::KingLostAttack,
                    _ => return None,
                },
            },
            _ => return None,
        };
        Some(Some(o))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Decisive { winner, reason } => {
                let how = match reason {
                    WinReason::KingCaptured => "captured the enemy King",
                    WinReason::KingLostAttack => "the enemy King lost its own attack",
                };
                write!(f, "{winner} wins: {how}")
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::FiftyTurns => f.write_str(
                    "draw: 50 turns in a row without an attack, a pawn move or a paradrop",
                ),
            },
        }
    }
}
