use std::fmt;

use crate::{Board, ByColor, Color, Piece, Role, Square, Topology};

/// The two games of RULES.md: Classic Jetan and the Manator variant (§8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Variant {
    /// The game of chapter II and the appendix.
    #[default]
    Classic,
    /// As played in the arena of Manator: Odwars, mirrored setup, duels.
    Manator,
}

impl Variant {
    /// `"classic"` or `"manator"`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Manator => "manator",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        match s.to_ascii_lowercase().as_str() {
            "classic" => Ok(Variant::Classic),
            "manator" => Ok(Variant::Manator),
            _ => Err(format!("`{s}` is not a variant (classic or manator)")),
        }
    }
}

/// A position that is not yet known to be valid: what a position string says, field by
/// field. Turn it into a [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Whether each side's Princess may still escape.
    pub escapes: ByColor<bool>,
    /// The ten-move countdown: `None` when not started, else the moves left (1–10).
    pub countdown: Option<u8>,
    /// Moves played so far (plies).
    pub ply: u32,
    /// The board's shape: the optional sixth field `circular` (RULES.md §11).
    pub topology: Topology,
}

impl Setup {
    /// The standard start of a variant on the flat board, Black to move.
    pub fn start(variant: Variant) -> Setup {
        Setup::start_on(variant, Topology::Flat)
    }

    /// The standard start of a variant on a board of either shape, Black to move.
    pub fn start_on(variant: Variant, topology: Topology) -> Setup {
        Setup {
            board: Board::start(variant),
            turn: Color::Black,
            escapes: ByColor {
                black: true,
                orange: true,
            },
            countdown: None,
            ply: 0,
            topology,
        }
    }

    /// The variant the pieces suggest: Manator if an Odwar is on the board.
    pub fn guess_variant(&self) -> Variant {
        if self.board.by_role(Role::Odwar).is_empty() {
            Variant::Classic
        } else {
            Variant::Manator
        }
    }

    /// Every reason this setup is not a position of `variant` in progress.
    ///
    /// Besides the royals, the variant's pieces and the countdown, the material is checked:
    /// pieces never come back and none is ever promoted, so no side has more of a kind than
    /// it starts with ([`SetupProblem::TooMany`]). That bounds the number of legal moves
    /// (see [`MAX_MOVES`](crate::MAX_MOVES)).
    pub fn problems(&self, variant: Variant) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let start = Board::start(variant);
        for color in Color::ALL {
            for role in Role::ALL {
                if matches!(role, Role::Chief | Role::Princess) {
                    continue; // RoyalCount says it better.
                }
                let piece = Piece { color, role };
                let max = start.by_piece(piece).count();
                let count = self.board.by_piece(piece).count();
                // A kind the variant does not have at all is a WrongVariant problem.
                if max > 0 && count > max {
                    problems.push(SetupProblem::TooMany { piece, count, max });
                }
            }
            for role in [Role::Chief, Role::Princess] {
                let count = self.board.by_piece(Piece { color, role }).count();
                if count != 1 {
                    problems.push(SetupProblem::RoyalCount { color, role, count });
                }
            }
            let foreign = match variant {
                Variant::Classic => Role::Odwar,
                Variant::Manator => Role::Flier,
            };
            for square in self.board.by_piece(Piece {
                color,
                role: foreign,
            }) {
                problems.push(SetupProblem::WrongVariant {
                    square,
                    piece: Piece {
                        color,
                        role: foreign,
                    },
                    variant,
                });
            }
        }
        if let Some(n) = self.countdown {
            if !(1..=10).contains(&n) {
                problems.push(SetupProblem::CountdownRange(n));
            }
            for color in Color::ALL {
                let count = self.board.by_color(color).count();
                if count > 3 {
                    problems.push(SetupProblem::CountdownWithManyPieces { color, count });
                }
            }
        }
        problems
    }
}

/// One reason a [`Setup`] is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    /// A side has no Chief or Princess, or more than one.
    RoyalCount {
        /// The side.
        color: Color,
        /// Chief or Princess.
        role: Role,
        /// How many there are.
        count: u32,
    },
    /// A Flier in a Manator game or an Odwar in a Classic one.
    WrongVariant {
        /// Where it stands.
        square: Square,
        /// The piece.
        piece: Piece,
        /// The variant of the game.
        variant: Variant,
    },
    /// A side has more pieces of a kind than it starts the game with, which no game can
    /// reach (pieces never come back, none is promoted).
    TooMany {
        /// The piece (side and kind).
        piece: Piece,
        /// How many there are.
        count: u32,
        /// How many the side starts with.
        max: u32,
    },
    /// The countdown is not 1–10.
    CountdownRange(u8),
    /// The countdown runs, but a side has more than three pieces: it can only start when
    /// both have three or fewer, and pieces never come back.
    CountdownWithManyPieces {
        /// The side.
        color: Color,
        /// Its piece count.
        count: u32,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::RoyalCount {
                color,
                role,
                count: 0,
            } => {
                write!(f, "{color} has no {role}")
            }
            SetupProblem::RoyalCount { color, role, count } => {
                write!(f, "{color} has {count} {role}s; there must be exactly one")
            }
            SetupProblem::WrongVariant {
                square,
                piece,
                variant,
            } => write!(
                f,
                "a {piece} on {square} does not belong in a {variant} game"
            ),
            SetupProblem::TooMany { piece, count, max } => write!(
                f,
                "{} has {count} {}s; a side starts with {max} and never gains any",
                piece.color, piece.role
            ),
            SetupProblem::CountdownRange(n) => {
                write!(
                    f,
                    "the countdown is {n}; it must be 1 to 10, or - when not started"
                )
            }
            SetupProblem::CountdownWithManyPieces { color, count } => write!(
                f,
                "the countdown is running but {color} has {count} pieces (at most 3 when it runs)"
            ),
        }
    }
}

/// Why a [`Setup`] could not become a position: every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", .problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct InvalidSetup {
    /// Every problem, at least one.
    pub problems: Vec<SetupProblem>,
}
