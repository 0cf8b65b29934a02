//! Draws with the computer: whether it accepts a draw offered to it ([`judge_draw`]) and
//! whether it offers one itself ([`should_offer_draw`]), by its own search.
//!
//! Both are pure functions of the position, the game's earlier positions (to count the
//! plies since the last capture, as [`Engine::set_history`] does) and the level; the
//! search is bounded by depth, not time, so the same inputs give the same answer.
//!
//! - It **accepts** when the game is dead (too little material on either side to trap a
//!   Princess) or stale (100 plies without a capture), unless its search finds a forced
//!   win; and otherwise when its search scores its side more than a Panthan behind.
//! - It **offers** on its own move where, before, its only way to a draw was to put its
//!   Chief where a lesser enemy piece may take it: in a dead or stale game in which its
//!   search finds no win and nothing better than the draw.

use std::fmt;
use std::time::Duration;

use jetan_rules::{Color, Position};

use crate::search::{DEAD_DRAW, STALE_PLIES};
use crate::{eval, Engine, Level, Limits, Score};

/// The computer accepts a draw when its search scores its side below minus this, in
/// centipawns (a Panthan is 100).
pub const ACCEPT_BELOW: i32 = 100;

/// The transposition table of a judgement's search, in MiB.
const TABLE_MB: usize = 4;

/// A safety cap on a judgement's search; the depths below finish far sooner.
const SAFETY: Duration = Duration::from_secs(1);

/// What the computer answers to a draw offer, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawJudgement {
    /// Whether it accepts the draw.
    pub accept: bool,
    /// Why.
    pub reason: DrawGrounds,
}

/// Why the computer takes or refuses a draw (or offers one). `Display` says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawGrounds {
    /// The game is already over.
    Over,
    /// Neither side has more than four Panthans' worth of pieces: neither can trap the
    /// other's Princess.
    DeadMaterial,
    /// This many plies without a capture (at least 100): the game is making no progress.
    Stale {
        /// Plies since the last capture.
        plies: u32,
    },
    /// Its search finds a forced win for its side.
    Winning {
        /// The search's score for the computer's side.
        score: Score,
    },
    /// Its search scores its side behind by more than [`ACCEPT_BELOW`] (or lost).
    Behind {
        /// The search's score for the computer's side.
        score: Score,
    },
    /// Its search scores its side even or better.
    NotBehind {
        /// The search's score for the computer's side.
        score: Score,
    },
}

impl fmt::Display for DrawGrounds {
    /// A clause: "it judges itself behind (-2.35)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawGrounds::Over => f.write_str("the game is over"),
            DrawGrounds::DeadMaterial => f.write_str(
                "the game is dead: neither side has enough left to trap the other's Princess",
            ),
            DrawGrounds::Stale { plies } => write!(
                f,
                "the game is stale: {plies} plies without a capture, and no win in sight"
            ),
            DrawGrounds::Winning { score } => write!(f, "it sees a forced win ({score})"),
            DrawGrounds::Behind { score } => write!(f, "it judges itself behind ({score})"),
            DrawGrounds::NotBehind { score } => {
                write!(f, "it does not judge itself behind ({score})")
            }
        }
    }
}

impl fmt::Display for DrawJudgement {
    /// "accepts: the game is dead: …" or "plays on: it does not judge itself behind (+0.40)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.accept { "accepts" } else { "plays on" };
        write!(f, "{verb}: {}", self.reason)
    }
}

/// The plies since the last capture before `pos`, as far as `earlier` (the game's
/// positions before `pos`, oldest first or in any order) shows: `pos`'s ply less the
/// earliest ply with as many pieces on the board. 0 without such a position.
///
/// ```
/// use jetan_rules::Position;
/// let start = Position::start();
/// assert_eq!(jetan_engine::plies_without_capture(&start, &[]), 0);
/// ```
pub fn plies_without_capture(pos: &Position, earlier: &[Position]) -> u32 {
    let pieces = pos.board().occupied().count();
    earlier
        .iter()
        .filter(|p| p.ply() < pos.ply() && p.board().occupied().count() == pieces)
        .map(|p| pos.ply() - p.ply())
        .max()
        .unwrap_or(0)
}

/// The depth of a judgement's search at `level`: 2, 3, 4, 5, 6 plies.
fn depth(level: Level) -> u8 {
    level.get() + 1
}

/// The search's score of `pos` for `color`.
fn score_for(pos: &Position, earlier: &[Position], color: Color, level: Level) -> Score {
    let mut engine = Engine::new(TABLE_MB);
    engine.set_history(earlier);
    let limits = Limits {
        depth: Some(depth(level)),
        ..Limits::time(SAFETY)
    };
    let s = engine.search(pos, &limits).score;
    if pos.turn() == color {
        s
    } else {
        Score(-s.0)
    }
}

/// Whether the game is dead or stale at `pos`, and which.
fn dead_or_stale(pos: &Position, earlier: &[Position]) -> Option<DrawGrounds> {
    let plies = plies_without_capture(pos, earlier);
    if eval::dead(pos) {
        Some(DrawGrounds::DeadMaterial)
    } else if plies >= STALE_PLIES {
        Some(DrawGrounds::Stale { plies })
    } else {
        None
    }
}

/// The computer's answer, playing `color` at `level`, to a draw offered at `pos`
/// (`earlier`: the game's positions before it, as the bot gives [`Engine::set_history`]).
/// It accepts in a dead or stale game unless it sees a forced win, and otherwise when its
/// search (2 plies deep at level 1, one more each level, 6 at level 5) scores its side
/// more than [`ACCEPT_BELOW`] behind. Deterministic: the same inputs, the same answer.
///
/// ```
/// use jetan_engine::{judge_draw, Level};
/// use jetan_rules::{Color, Position};
/// // The start is even: the computer plays on.
/// let j = judge_draw(&Position::start(), &[], Color::Orange, Level::new(1).unwrap());
/// assert!(!j.accept, "{j}");
/// ```
pub fn judge_draw(
    pos: &Position,
    earlier: &[Position],
    color: Color,
    level: Level,
) -> DrawJudgement {
    if pos.is_game_over() {
        return DrawJudgement {
            accept: false,
            reason: DrawGrounds::Over,
        };
    }
    let score = score_for(pos, earlier, color, level);
    if score.win_in().is_some() {
        return DrawJudgement {
            accept: false,
            reason: DrawGrounds::Winning { score },
        };
    }
    if let Some(reason) = dead_or_stale(pos, earlier) {
        return DrawJudgement {
            accept: true,
            reason,
        };
    }
    if score.0 < -ACCEPT_BELOW {
        DrawJudgement {
            accept: true,
            reason: DrawGrounds::Behind { score },
        }
    } else {
        DrawJudgement {
            accept: false,
            reason: DrawGrounds::NotBehind { score },
        }
    }
}

/// Whether the computer, to move at `pos` at `level`, offers a draw (and why): in a dead
/// or stale game (see [`judge_draw`]) in which its search finds no forced win and nothing
/// it values above the draw that would end the game — where its search would otherwise put
/// its Chief where a lesser enemy piece may take it. `None`: it plays on (also when the
/// game is over).
///
/// ```
/// use jetan_engine::{should_offer_draw, Level};
/// use jetan_rules::Position;
/// assert_eq!(should_offer_draw(&Position::start(), &[], Level::new(3).unwrap()), None);
/// ```
pub fn should_offer_draw(
    pos: &Position,
    earlier: &[Position],
    level: Level,
) -> Option<DrawGrounds> {
    if pos.is_game_over() {
        return None;
    }
    let grounds = dead_or_stale(pos, earlier)?;
    let score = score_for(pos, earlier, pos.turn(), level);
    (score.win_in().is_none() && score.0 <= DEAD_DRAW).then_some(grounds)
}
