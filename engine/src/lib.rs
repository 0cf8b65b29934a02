//! A computer opponent for Jetan (RULES.md), Classic and Manator.
//!
//! - [`Engine::search`]: iterative deepening principal variation search (alpha-beta)
//!   in aspiration windows, with a transposition table keyed by Zobrist hashes, move
//!   ordering (stored move, captures by value of victim then attacker, killer moves,
//!   history), null-move pruning, late move reductions and pruning, futility pruning, an
//!   extension when the own Princess is attacked, a quiescence search over captures, and
//!   a hard time limit checked every 256 nodes. A [`Limits::stop`] flag ends a search
//!   from another thread at once.
//! - Repetitions: a position met before on the searched line, or earlier in the game as
//!   this [`Engine`] saw it or [`Engine::set_history`] told it, scores as a draw (the
//!   game has no repetition rule, but going round in circles ends at the host's ply cap).
//! - On the flat board the search generates moves itself (the rules crate's move
//!   patterns, computed once per node for both the moves and the evaluation's attack
//!   maps); it checks at the root that it agrees with the rules crate and otherwise (for
//!   example on a board of another topology) uses [`Position::legal_moves`].
//! - [`evaluate`]: material adjusted for mobility, the safety of each Princess, the
//!   exposure of each Chief, the enemy Chief near the own Princess and the own Chief
//!   guarding her, progress towards the enemy Princess and trades when ahead, and the
//!   ten-move countdown. Wins score near [`WIN`]; a draw scores 0 adjusted by contempt: it
//!   is bad for the side ahead in material (at the root of the search or when the draw
//!   happens) and good for the side behind (taking a Chief with a lesser piece only
//!   draws). In a dead ending (too little material on both sides to trap a Princess, or
//!   a game that went 100 plies without a capture) the evaluation shrinks and a
//!   game-ending draw is welcome.
//! - Manator: a duel is a chance node worth the expected value of its two results; a
//!   duel of Chief against Chief, a coin toss for the game, counts as worse than that for
//!   the engine's side and better for its opponent (it gambles only when clearly lost).
//! - [`Level`] 1–5 turns a time budget into [`Limits`]; [`best_move`] does it all in one
//!   call.
//! - [`players`]: random, greedy and engine players and [`players::play_game`] for
//!   self-play.
//! - Draws: [`judge_draw`] (whether the computer accepts a draw offered to it, and why)
//!   and [`should_offer_draw`] (whether it offers one itself in a dead or stale game), by
//!   a depth-bounded search.
//!
//! The crate is deterministic: randomness (the noise of low levels, the random players)
//! comes from seeds the caller passes.
//!
//! A host that must not block (the Discord bot) runs the search on a blocking thread:
//!
//! ```
//! use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
//! use std::time::Duration;
//! use jetan_engine::{Engine, Level};
//! use jetan_rules::Position;
//!
//! let mut engine = Engine::new(16);
//! let stop = Arc::new(AtomicBool::new(false));
//! let limits = Level::DEFAULT
//!     .limits(Duration::from_millis(50))
//!     .with_stop(stop.clone());
//! let pos = Position::start();
//! // In the bot: tokio::task::spawn_blocking(move || (engine.search(&pos, &limits), engine)),
//! // and stop.store(true, Ordering::Relaxed) if the game is resigned meanwhile.
//! let handle = std::thread::spawn(move || engine.search(&pos, &limits));
//! let result = handle.join().unwrap();
//! assert!(result.best.is_some());
//! # let _ = stop.load(Ordering::Relaxed);
//! ```
#![deny(missing_docs)]

pub mod analysis;
mod draw;
mod error;
mod eval;
mod level;
mod movegen;
pub mod players;
mod search;
mod tt;
mod zobrist;

use std::time::Duration;

use jetan_rules::{Move, Position};

pub use draw::{
    judge_draw, plies_without_capture, should_offer_draw, DrawGrounds, DrawJudgement, ACCEPT_BELOW,
};
pub use error::Error;
pub use eval::evaluate;
pub use level::Level;
pub use search::{Engine, Limits, Score, SearchResult, MAX_DEPTH, STALE_PLIES, WIN};

/// The move the engine plays at `level` within `budget`, or `None` if the game is over.
/// Uses a fresh 8 MiB table and a noise seed taken from the position; keep an [`Engine`]
/// per game to reuse what it learnt.
///
/// ```
/// use std::time::Duration;
/// use jetan_engine::{best_move, Level};
/// use jetan_rules::Position;
/// let pos = Position::start();
/// let m = best_move(&pos, Level::new(1).unwrap(), Duration::from_millis(50)).unwrap();
/// assert!(pos.legal_moves().contains(&m));
/// ```
pub fn best_move(pos: &Position, level: Level, budget: Duration) -> Option<Move> {
    let seed = zobrist::hash(pos);
    Engine::new(8)
        .search(pos, &level.limits(budget).with_seed(seed))
        .best
}

/// A Zobrist hash of a position (pieces, side to move, escapes, countdown, variant; not
/// the move count), as the engine's transposition table uses.
pub fn position_hash(pos: &Position) -> u64 {
    zobrist::hash(pos)
}
