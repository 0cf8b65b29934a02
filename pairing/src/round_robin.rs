//! Round robin by Berger tables (FIDE Handbook C.05, Annex 1).

use crate::event::{Event, PlayerId, Table};
use crate::{Pairing, PairingError, Round};

/// Round `r` (0-based) of the Berger table for `m` (even) numbers `0..m`: the games as
/// (first seat, second seat), the board of number `m - 1` first.
///
/// In round r (1-based) number m meets ((r-1)·m/2 mod (m-1)) + 1, seated second in odd
/// rounds and first in even ones; the others meet in pairs whose sum is twice that number
/// modulo m-1, the higher of the two in the rotation seated first.
pub(crate) fn berger_round(m: usize, r: usize) -> Vec<(usize, usize)> {
    debug_assert!(m >= 2 && m.is_multiple_of(2) && r < m - 1);
    let k = m - 1;
    // 1-based numbers as in the published tables; converted on the way out.
    let opp = (r * (m / 2)) % k + 1;
    let mut games = Vec::with_capacity(m / 2);
    if r.is_multiple_of(2) {
        games.push((opp, m));
    } else {
        games.push((m, opp));
    }
    let wrap = |x: usize| (x + k - 1) % k + 1;
    for d in 1..m / 2 {
        games.push((wrap(opp + d), wrap(opp + k - d)));
    }
    games.into_iter().map(|(a, b)| (a - 1, b - 1)).collect()
}

/// The whole schedule for `players` (in table order: the first is number 1): every pair
/// once, or twice with `double`: then the first cycle has its last two rounds swapped
/// (FIDE's advice, against a third seat in a row at the turn) and the second cycle is the
/// table again in order with the seats swapped. With an odd count the dummy number's
/// opponent gets a `Bye` that round, listed last. Outcomes are `None`.
pub fn round_robin_schedule(players: &[PlayerId], double: bool) -> Vec<Round> {
    let n = players.len();
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2;
    let cycle: Vec<Round> = (0..m - 1)
        .map(|r| {
            berger_round(m, r)
                .into_iter()
                .map(|(a, b)| match (players.get(a), players.get(b)) {
                    (Some(&first), Some(&second)) => Pairing::Game {
                        first,
                        second,
                        outcome: None,
                    },
                    (Some(&player), None) | (None, Some(&player)) => Pairing::Bye { player },
                    (None, None) => unreachable!("only one dummy number"),
                })
                .collect::<Round>()
        })
        .map(|mut round: Round| {
            // The bye (if any) last, as in a Swiss round.
            round.sort_by_key(|line| matches!(line, Pairing::Bye { .. }));
            round
        })
        .collect();
    let mut all = cycle.clone();
    if double {
        // FIDE's advice for a double round robin: the last two rounds of the first cycle
        // swapped, so that nobody has the same seat three times in a row around the turn.
        if all.len() >= 2 {
            let k = all.len();
            all.swap(k - 2, k - 1);
        }
        all.extend(cycle.into_iter().map(|round| {
            round
                .into_iter()
                .map(|line| match line {
                    Pairing::Game {
                        first,
                        second,
                        outcome,
                    } => Pairing::Game {
                        first: second,
                        second: first,
                        outcome,
                    },
                    bye => bye,
                })
                .collect()
        }));
    }
    all
}

/// The next round of a round robin: the table's round, without the games and byes of
/// withdrawn players (their opponent that round has no game and no bye: scoring that
/// game is the host's business).
pub(crate) fn next_round(event: &Event, table: &Table) -> Result<Round, PairingError> {
    let schedule = round_robin_schedule(
        &event.players,
        matches!(
            event.settings.format,
            crate::Format::RoundRobin { double: true }
        ),
    );
    let k = event.rounds.len();
    let round = schedule
        .into_iter()
        .nth(k)
        .ok_or(PairingError::EventOver(k))?;
    let index = |id: PlayerId| event.players.iter().position(|&p| p == id);
    let gone = |id: PlayerId| index(id).is_some_and(|i| table.withdrawn[i]);
    Ok(round
        .into_iter()
        .filter(|line| match *line {
            Pairing::Game { first, second, .. } => !gone(first) && !gone(second),
            Pairing::Bye { player } => !gone(player),
        })
        .collect())
}
