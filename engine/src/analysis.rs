//! Analysis after the game: the engine searches every position of a finished game and
//! finds the moves where the evaluation dropped most, with the move it would have played.
//!
//! For each position before a move, a search (bounded by time per position) gives the
//! score of the best play for the side to move; the score of the move played is the
//! score of the position after it, seen from the mover (negated), or the game's result
//! where that move ended it. The difference is what the move lost. Scores are capped at
//! ±[`CAP`] so that a forced win and a large material lead count alike: the analysis
//! ranks mistakes, it does not count plies to a capture.
//!
//! A Manator attack fought as a duel is marked [`Judged::chance`]: the position after it
//! depends on the duel's luck, not on the decision, so it is never ranked as a mistake.
//!
//! ```
//! use std::time::Duration;
//! use jetan_engine::analysis::analyse;
//! use jetan_rules::{replay, AttackerWins, MoveText, Position};
//!
//! let moves = ["e2-e3", "e9-e8"].map(|m| m.parse::<MoveText>().unwrap());
//! let game = replay(Position::start(), moves, &mut AttackerWins).unwrap();
//! let analysis = analyse(&game, Duration::from_millis(20), None);
//! assert_eq!(analysis.moves.len(), 2);
//! assert!(analysis.moves.iter().all(|m| m.loss >= 0));
//! ```

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use jetan_rules::{Color, Move, Outcome, Replay};

use crate::{Engine, Limits, Score};

/// The largest score the analysis counts, in centipawns (20 Panthans): a forced win
/// counts as this much.
pub const CAP: i32 = 2_000;

/// The smallest loss that is a mistake, in centipawns (a third of a Panthan): below it the
/// difference is the search's own noise from one depth to the next.
pub const MISTAKE: i32 = 35;

/// One move of the game as the engine judged it afterwards. Scores are for the mover, in
/// centipawns, capped at ±[`CAP`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// The ply of the move, from 0.
    pub ply: usize,
    /// Who moved.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The score of the position before it, with the engine's best move.
    pub before: i32,
    /// The score after the move played.
    pub after: i32,
    /// The move the engine prefers (`None` if it agrees with the move played).
    pub better: Option<Move>,
    /// What the move lost: `before - after`, never below 0 (0 when the engine agrees).
    pub loss: i32,
    /// A Manator duel decided what followed: not ranked as a mistake.
    pub chance: bool,
}

/// A whole game analysed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Each move, first to last.
    pub moves: Vec<Judged>,
    /// The evaluation of each position from the start (one more than the moves), for
    /// Black, capped at ±[`CAP`].
    pub evals: Vec<i32>,
    /// Whether the search was stopped before the end (the moves after are missing).
    pub stopped: bool,
}

impl Analysis {
    /// The `n` moves that lost most (at least [`MISTAKE`]; duels left out), biggest first
    /// (the earlier of two equal losses first).
    pub fn biggest_drops(&self, n: usize) -> Vec<&Judged> {
        let mut drops: Vec<&Judged> = self
            .moves
            .iter()
            .filter(|m| !m.chance && m.loss >= MISTAKE)
            .collect();
        drops.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.ply));
        drops.truncate(n);
        drops
    }
}

/// A search score capped for the analysis.
fn capped(s: Score) -> i32 {
    s.0.clamp(-CAP, CAP)
}

/// The score of a finished game for `mover`.
fn result_for(outcome: Outcome, mover: Color) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == mover => CAP,
        Outcome::Win { .. } => -CAP,
        Outcome::Draw { .. } => 0,
    }
}

/// Analyses a replayed game: one search of at most `per_position` for each position
/// before a move (a game of `n` moves takes about `n × per_position`). `stop`, raised
/// by another thread, ends the analysis early ([`Analysis::stopped`]).
pub fn analyse(game: &Replay, per_position: Duration, stop: Option<Arc<AtomicBool>>) -> Analysis {
    let mut limits = Limits::time(per_position);
    if let Some(s) = stop {
        limits = limits.with_stop(s);
    }
    analyse_with(game, &limits)
}

/// [`analyse`] with any search limits for each position: [`Limits::depth`] makes the
/// analysis the same on every machine, whatever its speed or load (the tests use it).
pub fn analyse_with(game: &Replay, limits: &Limits) -> Analysis {
    let positions: Vec<_> = game.positions().cloned().collect();
    let moves: Vec<Move> = game.moves().collect();
    let stopped = || {
        limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    let mut engine = Engine::new(16);
    // The search of each position (the last one too, unless the game ended there, to
    // judge the last move): (score for the side to move, best move).
    let mut searched: Vec<(i32, Option<Move>)> = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        if i == moves.len() && pos.outcome().is_some() {
            break;
        }
        if stopped() {
            break;
        }
        engine.set_history(&positions[..i]);
        let r = engine.search(pos, limits);
        searched.push((capped(r.score), r.best));
    }
    let mut analysis = Analysis::default();
    for (i, &(score, best)) in searched.iter().enumerate().take(moves.len()) {
        let pos = &positions[i];
        let mover = pos.turn();
        analysis
            .evals
            .push(if mover == Color::Black { score } else { -score });
        let after = match positions[i + 1].outcome() {
            Some(outcome) => result_for(outcome, mover),
            None => match searched.get(i + 1) {
                Some(&(next, _)) => -next,
                None => break,
            },
        };
        let played = moves[i];
        let agrees = best == Some(played);
        let chance = game.steps()[i].report.duel.is_some();
        analysis.moves.push(Judged {
            ply: i,
            mover,
            played,
            before: score,
            after,
            better: if agrees { None } else { best },
            loss: if agrees { 0 } else { (score - after).max(0) },
            chance,
        });
    }
    analysis.stopped = analysis.moves.len() < moves.len();
    if !analysis.stopped {
        let last = &positions[moves.len()];
        let black = match last.outcome() {
            Some(o) => result_for(o, Color::Black),
            None => analysis.moves.last().map_or(0, |m| {
                if m.mover == Color::Black {
                    m.after
                } else {
                    -m.after
                }
            }),
        };
        analysis.evals.push(black);
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_rules::{replay, AttackerWins, MoveText, Position};

    fn game(moves: &[&str]) -> Replay {
        let moves = moves.iter().map(|m| m.parse::<MoveText>().unwrap());
        replay(Position::start(), moves, &mut AttackerWins).unwrap()
    }

    /// A move that hangs a piece the opponent then takes for free is the biggest drop,
    /// and the engine names a better move; the capture that punished it is no mistake.
    #[test]
    fn a_piece_left_to_be_taken_is_the_biggest_drop() {
        // Black's Panthan walks up to Orange's, which takes it for nothing.
        let record = game(&[
            "e2-e3", "e9-e8", "e3-e4", "e8-e7", "e4-e5", "d9-d8", "e5-e6", "e7xe6",
        ]);
        let last = record.last();
        // A fixed depth, not a time: the same search on any machine, however busy.
        let a = analyse_with(&record, &Limits::depth(4));
        assert_eq!(a.moves.len(), 8);
        assert_eq!(a.evals.len(), 9);
        assert!(!a.stopped);
        let drops = a.biggest_drops(3);
        assert!(!drops.is_empty(), "{a:#?}");
        let worst = drops[0];
        assert_eq!(worst.ply, 6, "{a:#?} (last position {last:?})");
        assert_eq!(worst.mover, Color::Black);
        assert!(worst.better.is_some());
        assert!(worst.loss >= 60, "{worst:?}");
        assert!(drops.iter().all(|d| d.loss >= MISTAKE));
    }

    /// A raised stop flag ends the analysis with what it has, marked as stopped.
    #[test]
    fn a_stopped_analysis_says_so() {
        let record = game(&["e2-e3", "e9-e8", "d2-d3"]);
        let stop = Arc::new(AtomicBool::new(true));
        let a = analyse(&record, Duration::from_millis(50), Some(stop));
        assert!(a.stopped);
        assert!(a.moves.is_empty());
    }
}
