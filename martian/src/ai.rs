//! A computer player. It is given a [`PublicView`] — the public game plus its own hand —
//! never the [`State`](crate::State), so it cannot see the opponent's cards or the deck.
//!
//! Levels: 1 plays a random legal action; 2 is greedy (attacks with good odds, keeps its
//! King out of attack, drops and exchanges, plays battle cards sensibly); 3 also weighs
//! every threatened piece, the result of both battle outcomes, and the cards already seen.
//!
//! Draws: [`judge_draw`] (whether the computer accepts a draw offered to it, and why) and
//! [`should_offer_draw`] (whether it offers one), from the same view.
//!
//! ```
//! use martian_chess::{ai, Color, State};
//! let mut g = State::new(3);
//! for _ in 0..40 {
//!     let Some(p) = g.player_to_act() else { break };
//!     let a = ai::choose(&g.public_view(p), ai::Level::Lookahead, 7).unwrap();
//!     g = g.play(p, a).unwrap();
//! }
//! ```

pub use crate::draw::{
    judge_draw, should_offer_draw, DrawGrounds, DrawJudgement, ACCEPT_BELOW, AHEAD, DEAD_QUIET,
    OFFER_AT_MOST,
};
use crate::heuristic;
pub use crate::heuristic::Level;
use crate::search::{self, Budget};
use crate::{Action, PublicView};

/// The computer's next action for the viewer of `view`, or `None` if the viewer is not
/// the one to act (or the game is over). `seed` varies the random choices (level 1 and
/// ties); the same inputs always give the same action.
pub fn choose(view: &PublicView, level: Level, seed: u64) -> Option<Action> {
    choose_with_cap(view, level, seed, true)
}

/// [`choose`] without the search's wall-time cap: the search always spends its whole work
/// budget, so the action depends on the inputs alone however slow the machine (for tests).
#[doc(hidden)]
pub fn choose_untimed(view: &PublicView, level: Level, seed: u64) -> Option<Action> {
    choose_with_cap(view, level, seed, false)
}

fn choose_with_cap(view: &PublicView, level: Level, seed: u64, cap: bool) -> Option<Action> {
    let Some(mut budget) = Budget::of(level) else {
        return heuristic::choose(view, level, seed);
    };
    let legal = view.legal_actions();
    if legal.is_empty() {
        return None;
    }
    if !cap {
        budget.wall = std::time::Duration::MAX;
    }
    search::choose(
        view,
        &legal,
        &budget,
        heuristic::stream(view, seed).next_u64(),
    )
}
