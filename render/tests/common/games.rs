//! A long game for picture tests, the timing example and benchmarks: one deterministic
//! pseudo-random game, shared by path (`#[path]`) so that it is written once.

use jetan_rules::{AttackerWins, Move, Position};

/// A deterministic random game of `plies` moves that avoids ending early when it can.
pub fn long_game(plies: usize, seed: u64) -> (Vec<Position>, Vec<Move>) {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut positions = vec![Position::start()];
    let mut moves = Vec::new();
    while moves.len() < plies {
        let pos = positions.last().unwrap().clone();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut chosen = None;
        for _ in 0..12 {
            let m = legal[next() % legal.len()];
            let mut after = pos.clone();
            let report = after.play_unchecked(m, &mut AttackerWins);
            chosen = Some((m, after));
            if report.outcome.is_none() && !chosen.as_ref().unwrap().1.is_game_over() {
                break;
            }
        }
        let (m, after) = chosen.unwrap();
        let over = after.is_game_over();
        moves.push(m);
        positions.push(after);
        if over {
            break;
        }
    }
    (positions, moves)
}
