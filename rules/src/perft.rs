use crate::{Move, Position};

/// Counts the legal move sequences of `depth` moves (RULES.md §10), bulk-counting at the
/// last level. A finished game counts 0 below it; depth 0 counts 1. Manator duels count
/// as won by the attacker (perft counts moves, not duel results).
///
/// ```
/// use jetan_rules::{perft, Position};
/// assert_eq!(perft(&Position::start(), 2), 6_066);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = pos.clone();
                next.play_fast(m);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move: each legal move with the count below it, sorted by squares.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = pos.legal_moves();
    moves.sort();
    moves
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play_fast(m);
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&next, depth - 1)
                },
            )
        })
        .collect()
}
