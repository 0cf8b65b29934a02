//! The rules of Jetan, the "Martian chess" of Edgar Rice Burroughs' *The Chessmen of Mars*,
//! exactly as the project's rule book (`RULES.md`) states them, for Classic Jetan and the
//! Manator variant.
//!
//! Pure: no I/O, no randomness of its own (Manator duels take a [`Dice`] from the caller).
//!
//! - Vocabulary: [`Color`], [`Role`], [`Piece`], [`Square`], [`Bitboard`], [`Move`].
//! - [`Setup`] is an unchecked position (what a position string says);
//!   [`Position::from_setup`] checks it and reports every problem.
//! - [`Position`] generates legal moves ([`Position::legal_moves`]), explains illegal ones
//!   ([`Position::find_move`] → [`IllegalMove`]), plays them ([`Position::play`], or
//!   [`Position::play_unchecked`] in hot loops) and knows the [`Outcome`].
//! - Notation: position strings (`Display`/`FromStr` on [`Position`]) and [`MoveText`].
//! - [`perft`] and [`divide`] count move sequences to test the generator.
//!
//! ```
//! use jetan_rules::{AttackerWins, MoveText, Position};
//!
//! let pos = Position::start();
//! let m = "e2-e3".parse::<MoveText>().unwrap().resolve(&pos).unwrap();
//! let (pos, _report) = pos.play(m, &mut AttackerWins).unwrap();
//! let err = "e3-e2".parse::<MoveText>().unwrap().resolve(&pos).unwrap_err();
//! assert_eq!(err.to_string(), "the Panthan on e3 is not yours");
//! ```
#![deny(missing_docs)]

mod bitboard;
mod board;
mod color;
mod dice;
mod error;
mod fen;
mod mv;
mod outcome;
mod perft;
mod position;
mod replay;
mod role;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod tables;
mod text;
mod topology;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use dice::{AttackerWins, Dice, DuelStream};
pub use error::IllegalMove;
pub use fen::{Field, ParsePositionError};
pub use mv::{Move, MoveList, MAX_MOVES};
pub use outcome::{DrawReason, Duel, Outcome, Report, WinReason};
pub use perft::{divide, perft};
pub use position::{PlayError, Position};
pub use replay::{replay, Replay, ReplayError, Step};
pub use role::{Piece, Role};
pub use setup::{InvalidSetup, Setup, SetupProblem, Variant};
pub use square::{ParseSquareError, Square};
pub use text::{MoveText, ParseMoveError};
pub use topology::Topology;

/// Every error of this crate, for callers that want one type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A text is not a square.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A text is not move text.
    #[error(transparent)]
    MoveText(#[from] ParseMoveError),
    /// A text is not a position string, or not a valid position.
    #[error(transparent)]
    PositionText(#[from] ParsePositionError),
    /// A setup is not a valid position.
    #[error(transparent)]
    Setup(#[from] InvalidSetup),
    /// A move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}
