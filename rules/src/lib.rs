//! The rules of Jetan, the "Martian chess" of Edgar Rice Burroughs' *The Chessmen of Mars*,
//! exactly as the project's rule book (`RULES.md`) states them: Classic Jetan, the Manator
//! variant (§8), each on the flat board or on the circular board of Ninth-Ray Jetan (§11).
//!
//! Pure: no I/O, no randomness of its own (Manator duels take a [`Dice`] from the caller).
//!
//! - Vocabulary: [`Color`], [`Role`], [`Piece`], [`Square`], [`Bitboard`], [`Move`],
//!   [`Variant`] (Classic, Manator) and [`Topology`] (flat, circular) — the two combine
//!   freely.
//! - [`Setup`] is an unchecked position (what a position string says);
//!   [`Position::from_setup`] checks it and reports every problem, including material no
//!   game can reach ([`SetupProblem::TooMany`]), so every position has at most
//!   [`MAX_MOVES`] legal moves and nothing validation accepts can make the generator panic.
//! - [`Position`] generates legal moves ([`Position::legal_moves`]), explains illegal ones
//!   ([`Position::find_move`] → [`IllegalMove`]), plays them ([`Position::play`], or
//!   [`Position::play_unchecked`] in hot loops) and knows the [`Outcome`]. Each move
//!   returns a [`Report`]: the mover, the piece killed and its square ([`Report::kill`]),
//!   the Manator [`Duel`] with its odds and winner, the escape, the countdown, the outcome.
//! - Start positions: [`Position::start`], [`Position::start_of`] (a variant),
//!   [`Position::start_on`] (a variant on a board shape), [`Position::named`] and
//!   [`Position::from_name_or_str`] (`start`, `manator-start`, `circular-start`,
//!   `manator-circular-start`); the boards themselves are defined once, in [`Board::start`].
//! - [`replay`] turns a stored game record (start position, moves, the game's
//!   [`DuelStream`]) into every position and report: the one replay for the bot, the
//!   pictures and the store. [`DuelStream::resume`] continues a game's duels after `n`.
//! - Notation: position strings (`Display`/`FromStr` on [`Position`] and [`Setup`]; a
//!   sixth field `circular` on the circular board), move text [`MoveText`], and the one
//!   move formatter, `Display` for [`Move`]: `e2-e3`, or with `{:#}` `Ab1xd3`.
//! - [`perft`] and [`divide`] count move sequences to test the generator.
//! - Rule options (RULES.md §12): [`Rules`] reads and writes a rules string, per side
//!   ([`SideRules`]) and piece kind ([`Property`], [`Value`]); a position carries its rules
//!   ([`Position::with_rules`]) and every move, threat and escape follows them. A game
//!   record keeps them in its `Rules` tag.
//!
//! ## The circular board
//!
//! The board's shape is part of the position. The generator is the same for both shapes:
//! only its move tables differ, computed once per shape, so flat perft runs as fast as
//! before the circular board existed. Paths may cross the `j`–`a` seam and still never
//! visit a square twice.
//!
//! ```
//! use jetan_rules::{perft, Position, Topology, Variant};
//! let ring = Position::start_on(Variant::Classic, Topology::Circular);
//! assert_eq!(perft(&ring, 2), 6_674);
//! assert_eq!(ring.to_string().parse::<Position>().unwrap(), ring);
//! ```
//!
//! ## Features
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Color`], [`ByColor`], [`Role`], [`Piece`] (its
//!   letter, `"D"`/`"d"`), [`Square`] (`"e2"`), [`MoveText`] (`"Ab1-d3"`), [`Variant`],
//!   [`Topology`], [`Rules`] (its canonical rules string), [`Outcome`], [`WinReason`],
//!   [`DrawReason`]; `Serialize` for [`Move`]
//!   (`"e2-e3"`; read it back as [`MoveText`] and resolve it in its position), [`Duel`] and
//!   [`Report`].
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
mod options;
mod outcome;
mod perft;
mod position;
mod record;
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
pub use options::{ParseRulesError, Property, Rules, SideRules, Value};
pub use outcome::{DrawReason, Duel, Outcome, Report, WinReason};
pub use perft::{divide, perft};
pub use position::{PlayError, Position};
pub use record::{GameRecord, RecordError, RecordMove};
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
    /// A text is not a rules string (RULES.md §12).
    #[error(transparent)]
    Rules(#[from] ParseRulesError),
}
