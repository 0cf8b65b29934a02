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
    (0..)
        .map_while(|k| schedule_round(players, double, k))
        .collect()
}

/// Round `k` (0-based) of [`round_robin_schedule`], `None` past the end.
fn schedule_round(players: &[PlayerId], double: bool, k: usize) -> Option<Round> {
    let n = players.len();
    if n < 2 {
        return None;
    }
    let m = n + n % 2;
    let cycle = m - 1;
    let (r, swapped) = if k < cycle {
        // The first cycle: with `double`, its last two rounds swapped.
        let r = if double && cycle >= 2 && k + 2 >= cycle {
            2 * cycle - 3 - k
        } else {
            k
        };
        (r, false)
    } else if double && k < 2 * cycle {
        (k - cycle, true)
    } else {
        return None;
    };
    let mut round: Round = berger_round(m, r)
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = if swapped { (b, a) } else { (a, b) };
            match (players.get(a), players.get(b)) {
                (Some(&first), Some(&second)) => Pairing::Game {
                    first,
                    second,
                    outcome: None,
                },
                // The dummy number is m - 1 = n: its opponent rests.
                (Some(&player), None) | (None, Some(&player)) => Pairing::Bye { player },
                (None, None) => unreachable!("only one dummy number"),
            }
        })
        .collect();
    // The bye (if any) last, as in a Swiss round.
    round.sort_by_key(|line| matches!(line, Pairing::Bye { .. }));
    Some(round)
}

/// The next round of a round robin: the table's round, without the games and byes of
/// withdrawn players (their opponent that round has no game and no bye: scoring that
/// game is the host's business).
pub(crate) fn next_round(event: &Event, table: &Table) -> Result<Round, PairingError> {
    let double = matches!(
        event.settings.format,
        crate::Format::RoundRobin { double: true }
    );
    let k = event.rounds.len();
    let round = schedule_round(&event.players, double, k).ok_or(PairingError::EventOver(k))?;
    let gone = |id: PlayerId| {
        event
            .players
            .iter()
            .position(|&p| p == id)
            .is_some_and(|i| table.withdrawn[i])
    };
    Ok(round
        .into_iter()
        .filter(|line| match *line {
            Pairing::Game { first, second, .. } => !gone(first) && !gone(second),
            Pairing::Bye { player } => !gone(player),
        })
        .collect())
}
