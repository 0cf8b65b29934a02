//! Draws with the computer (`judge_draw`, `should_offer_draw`, public in the `ai` module):
//! whether it accepts a draw offered to it and whether it offers one, by its own
//! estimate of the game from its [`PublicView`] (never the opponent's hand or the deck).
//!
//! The estimate, in pawns for the computer's side: at level 1 the material on the board and in the reserves; at 2 and 3 that level's
//! evaluation (threats weighed by its own cards' odds at 3); at 4 and 5 the mean of level
//! 3's evaluation after the rest of this turn and the next one, played by level 3 for both
//! sides in 16 (level 4) or 32 (level 5) games sampled from the unseen cards and the seed,
//! a won game counting +40 and a lost one −40 (every piece but the King is worth 39).
//!
//! - It **accepts** when the game is dead — [`DEAD_QUIET`] quiet turns or more toward the
//!   fifty-turn draw — and it is not clearly ahead (under [`AHEAD`]), or when its estimate
//!   is below −[`ACCEPT_BELOW`].
//! - It **offers** when the game is dead and it is not ahead (estimate at most
//!   [`OFFER_AT_MOST`]).

use std::fmt;

use crate::heuristic::{self, Level, Odds};
use crate::{Color, PublicView, Role, State, Stream, QUIET_TURNS_DRAW};

/// The computer accepts a draw when its estimate is below minus this many pawns.
pub const ACCEPT_BELOW: f64 = 2.0;

/// Quiet turns in a row (no attack, pawn move or paradrop) from which the game counts as
/// dead: the fifty-turn draw is ten turns away.
pub const DEAD_QUIET: u32 = QUIET_TURNS_DRAW - 10;

/// In a dead game the computer still refuses a draw when at least this many pawns ahead
/// (it can still attack, move a pawn or drop to reset the count).
pub const AHEAD: f64 = 3.0;

/// In a dead game the computer offers a draw when its estimate is at most this.
pub const OFFER_AT_MOST: f64 = 0.5;

/// What a won or lost sampled game counts, in pawns: as much as all of a side's pieces
/// but the King (39); the evaluation of an undecided one is held within it. A King lost
/// by the playouts' own blunders then weighs no more than a side's whole army.
const DECIDED: f64 = 40.0;

/// The most actions a sampled game plays before it is scored.
const PLAYOUT_CAP: u32 = 120;

/// What the computer answers to a draw offer, and why.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrawJudgement {
    /// Whether it accepts the draw.
    pub accept: bool,
    /// Why.
    pub reason: DrawGrounds,
}

/// Why the computer takes or refuses a draw (or offers one). `Display` says it in words;
/// `estimate` is in pawns for the computer's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DrawGrounds {
    /// The game is already over.
    Over,
    /// `quiet` turns in a row without an attack, a pawn move or a paradrop (at least
    /// [`DEAD_QUIET`]), and the computer not clearly ahead.
    Dead {
        /// Quiet turns in a row.
        quiet: u32,
        /// The computer's estimate.
        estimate: f64,
    },
    /// Behind by more than [`ACCEPT_BELOW`].
    Behind {
        /// The computer's estimate.
        estimate: f64,
    },
    /// Not behind by that much.
    NotBehind {
        /// The computer's estimate.
        estimate: f64,
    },
}

impl fmt::Display for DrawGrounds {
    /// A clause: "it judges itself behind (−4.2 pawns)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawGrounds::Over => f.write_str("the game is over"),
            DrawGrounds::Dead { quiet, estimate } => write!(
                f,
                "the game is dead: {quiet} turns without an attack, a pawn move or a paradrop, \
                 and it is not clearly ahead ({estimate:+.1} pawns)"
            ),
            DrawGrounds::Behind { estimate } => {
                write!(f, "it judges itself behind ({estimate:+.1} pawns)")
            }
            DrawGrounds::NotBehind { estimate } => {
                write!(f, "it does not judge itself behind ({estimate:+.1} pawns)")
            }
        }
    }
}

impl fmt::Display for DrawJudgement {
    /// "accepts: it judges itself behind (−4.2 pawns)" or "plays on: …".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.accept { "accepts" } else { "plays on" };
        write!(f, "{verb}: {}", self.reason)
    }
}

/// The computer's estimate of the game for the viewer of `view` at `level`, in pawns.
fn estimate(view: &PublicView, level: Level, seed: u64) -> f64 {
    let me = view.viewer;
    match level {
        Level::Random => material(view, me) - material(view, me.other()),
        Level::Greedy | Level::Lookahead => {
            heuristic::evaluate(&view.table, me, level, &Odds::of(view))
        }
        Level::Search | Level::DeepSearch => {
            let samples: u64 = if level == Level::Search { 16 } else { 32 };
            let mut rng = Stream::new(seed);
            let total: f64 = (0..samples).map(|_| sampled(view, rng.next_u64())).sum();
            total / samples as f64
        }
    }
}

/// The value of `color`'s pieces on the board and in its reserve, Kings aside.
fn material(view: &PublicView, color: Color) -> f64 {
    let board: u32 = view
        .table
        .board
        .pieces()
        .filter(|(_, p)| p.color == color && p.role != Role::King)
        .map(|(_, p)| p.role.value())
        .sum();
    f64::from(board + view.table.reserves[color].value())
}

/// Level 3's evaluation for the viewer after the rest of this turn and the next, in a
/// game sampled from the unseen cards with `seed`.
fn sampled(view: &PublicView, seed: u64) -> f64 {
    let me = view.viewer;
    let mut rng = Stream::new(seed);
    let mut s = crate::search::determinize(view, &mut rng);
    let policy = rng.next_u64();
    let first = s.table.turn;
    let mut turns = 0u8;
    let mut turn = first;
    for k in 0..PLAYOUT_CAP {
        if s.table.turn != turn {
            turn = s.table.turn;
            turns += 1;
            if turns == 2 {
                break;
            }
        }
        let Some(p) = s.player_to_act() else { break };
        let Some(a) = heuristic::choose(&s.public_view(p), Level::Lookahead, policy ^ u64::from(k))
        else {
            break;
        };
        s = match s.play(p, a) {
            Ok(s) => s,
            Err(e) => *e.state,
        };
    }
    score(&s, me)
}

fn score(s: &State, me: Color) -> f64 {
    match s.outcome().map(|o| o.winner()) {
        Some(Some(w)) if w == me => DECIDED,
        Some(Some(_)) => -DECIDED,
        Some(None) => 0.0,
        None => {
            let v = s.public_view(me);
            heuristic::evaluate(&v.table, me, Level::Lookahead, &Odds::of(&v))
                .clamp(-DECIDED, DECIDED)
        }
    }
}

/// The computer's answer, as the viewer of `view` at `level`, to a draw offered now:
/// it accepts in a dead game (at least [`DEAD_QUIET`] quiet turns) unless it is clearly
/// ahead, and otherwise when its estimate is below −[`ACCEPT_BELOW`] pawns. It sees only
/// `view`; the same view, level and seed give the same answer.
///
/// ```
/// use martian_chess::{ai, Color, State};
/// let view = State::new(1).public_view(Color::Black);
/// let j = ai::judge_draw(&view, ai::Level::Lookahead, 7);
/// assert!(!j.accept, "{j}");
/// ```
pub fn judge_draw(view: &PublicView, level: Level, seed: u64) -> DrawJudgement {
    if view.outcome().is_some() {
        return DrawJudgement {
            accept: false,
            reason: DrawGrounds::Over,
        };
    }
    let estimate = estimate(view, level, seed);
    let quiet = view.quiet_turns();
    let (accept, reason) = if quiet >= DEAD_QUIET && estimate < AHEAD {
        (true, DrawGrounds::Dead { quiet, estimate })
    } else if estimate < -ACCEPT_BELOW {
        (true, DrawGrounds::Behind { estimate })
    } else {
        (false, DrawGrounds::NotBehind { estimate })
    };
    DrawJudgement { accept, reason }
}

/// Whether the computer, as the viewer of `view` at `level`, offers a draw now (and
/// why): when the game is dead (at least [`DEAD_QUIET`] quiet turns) and its estimate is
/// at most [`OFFER_AT_MOST`] pawns. `None`: it plays on (also when the game is over). The
/// bot asks it when the computer's turn is over, and offers with that turn's reply.
///
/// ```
/// use martian_chess::{ai, Color, State};
/// let view = State::new(1).public_view(Color::White);
/// assert_eq!(ai::should_offer_draw(&view, ai::Level::DeepSearch, 7), None);
/// ```
pub fn should_offer_draw(view: &PublicView, level: Level, seed: u64) -> Option<DrawGrounds> {
    let quiet = view.quiet_turns();
    if view.outcome().is_some() || quiet < DEAD_QUIET {
        return None;
    }
    let estimate = estimate(view, level, seed);
    (estimate <= OFFER_AT_MOST).then_some(DrawGrounds::Dead { quiet, estimate })
}
