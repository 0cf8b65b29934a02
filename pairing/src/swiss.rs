//! The Swiss pairing: score groups paired top down, Dutch-style, under hard rules checked
//! against a perfect-matching search before every commitment (see the crate docs).

use std::cmp::Reverse;

use crate::event::{Record, Table};
use crate::matching::perfect_matching;
use crate::{Event, Pairing, PairingError, Round, Seat};

/// How many of the seat rules are hard for a round: the strictest level that still lets
/// everyone be paired is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// Both seat rules hard: seat difference within ±2 and no third same seat in a row.
    Strict,
    /// Only the seat difference is hard.
    Balance,
    /// No seat rule is hard (they remain preferences).
    Free,
}

/// The seat difference of a seat history: firsts minus seconds.
pub(crate) fn difference(seats: &[Seat]) -> i32 {
    seats
        .iter()
        .map(|s| if *s == Seat::First { 1 } else { -1 })
        .sum()
}

/// Whether `seat` is acceptable next for a player with `seats` behind them at `level`.
pub(crate) fn seat_ok(seats: &[Seat], seat: Seat, level: Level) -> bool {
    let delta = if seat == Seat::First { 1 } else { -1 };
    let balance = (difference(seats) + delta).abs() <= 2;
    let streak = !(seats.len() >= 2 && seats[seats.len() - 2..].iter().all(|&s| s == seat));
    match level {
        Level::Strict => balance && streak,
        Level::Balance => balance,
        Level::Free => true,
    }
}

/// How much a player wants a seat (FIDE's absolute, strong and mild preferences).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild = 1,
    Strong = 2,
    Absolute = 3,
}

/// The seat a player would like next, and how much.
fn preference(seats: &[Seat]) -> Option<(Seat, Strength)> {
    let last = *seats.last()?;
    let d = difference(seats);
    let streak = seats.len() >= 2 && seats[seats.len() - 2] == last;
    Some(if d >= 2 {
        (Seat::Second, Strength::Absolute)
    } else if d <= -2 {
        (Seat::First, Strength::Absolute)
    } else if streak {
        (last.other(), Strength::Absolute)
    } else if d == 1 {
        (Seat::Second, Strength::Strong)
    } else if d == -1 {
        (Seat::First, Strength::Strong)
    } else {
        (last.other(), Strength::Mild)
    })
}

/// The seat of `a` (ranked above `b`) in their game on `board` (0-based), within `level`;
/// `None` if no allocation keeps both within it.
fn allocate(a: &[Seat], b: &[Seat], board: usize, level: Level) -> Option<Seat> {
    let ok = |s: Seat| seat_ok(a, s, level) && seat_ok(b, s.other(), level);
    match (ok(Seat::First), ok(Seat::Second)) {
        (false, false) => None,
        (true, false) => Some(Seat::First),
        (false, true) => Some(Seat::Second),
        (true, true) => Some(match (preference(a), preference(b)) {
            (None, None) => {
                if board.is_multiple_of(2) {
                    Seat::First
                } else {
                    Seat::Second
                }
            }
            (Some((sa, _)), None) => sa,
            (None, Some((sb, _))) => sb.other(),
            (Some((sa, _)), Some((sb, _))) if sa != sb => sa,
            (Some((sa, wa)), Some((_, wb))) => {
                if wa != wb {
                    if wa > wb {
                        sa
                    } else {
                        sa.other()
                    }
                } else {
                    // Alternate from the latest round in which their seats differed.
                    a.iter()
                        .rev()
                        .zip(b.iter().rev())
                        .find(|(x, y)| x != y)
                        .map_or(sa, |(&x, _)| x.other())
                }
            }
        }),
    }
}

/// What a round's search needs of each player, computed once.
struct Facts {
    /// `seat_ok[level][player]`: (first acceptable, second acceptable).
    seat_ok: [Vec<(bool, bool)>; 3],
    preference: Vec<Option<(Seat, Strength)>>,
}

impl Facts {
    fn new(records: &[Record]) -> Facts {
        let at = |level: Level| {
            records
                .iter()
                .map(|r| {
                    (
                        seat_ok(&r.seats, Seat::First, level),
                        seat_ok(&r.seats, Seat::Second, level),
                    )
                })
                .collect()
        };
        Facts {
            seat_ok: [at(Level::Strict), at(Level::Balance), at(Level::Free)],
            preference: records.iter().map(|r| preference(&r.seats)).collect(),
        }
    }

    /// Whether `a` and `b` may be paired at `level`: they never met, and one of the two
    /// seat allocations keeps both within the level.
    fn allowed(&self, table: &Table, a: usize, b: usize, level: Level) -> bool {
        let ok = &self.seat_ok[level as usize];
        !table.met[a][b] && ((ok[a].0 && ok[b].1) || (ok[a].1 && ok[b].0))
    }

    /// How badly two players' preferences clash: 0 when both can have their way.
    fn clash(&self, a: usize, b: usize) -> u8 {
        match (self.preference[a], self.preference[b]) {
            (Some((sa, wa)), Some((sb, wb))) if sa == sb => wa.min(wb) as u8,
            _ => 0,
        }
    }
}

/// The next Swiss round.
pub(crate) fn next_round(event: &Event, table: &Table) -> Result<Round, PairingError> {
    let round_no = event.rounds.len() + 1;
    if let Some(r) = table.unfinished_round {
        return Err(PairingError::RoundUnfinished(r));
    }
    let records: &[Record] = &table.records;
    let facts = Facts::new(records);
    // The pairing order: score, then the initial order.
    let mut order: Vec<usize> = (0..event.players.len())
        .filter(|&i| !table.withdrawn[i])
        .collect();
    if order.len() < 2 {
        return Err(PairingError::TooFewActive(order.len()));
    }
    order.sort_by_key(|&i| (Reverse(records[i].score2), i));
    let matching = |rest: &[usize], level: Level, hint: &[(usize, usize)]| {
        perfect_matching(rest, |a, b| facts.allowed(table, a, b, level), hint)
    };
    let no_pairing = PairingError::NoPairing { round: round_no };
    // The bye: the lowest-ranked player without one whose absence leaves the others
    // pairable without a repeat.
    let mut bye = None;
    if order.len() % 2 == 1 {
        let found = order.iter().rev().copied().find(|&p| {
            records[p].byes == 0 && {
                let rest: Vec<usize> = order.iter().copied().filter(|&q| q != p).collect();
                matching(&rest, Level::Free, &[]).is_some()
            }
        });
        let p = found.ok_or(no_pairing.clone())?;
        order.retain(|&q| q != p);
        bye = Some(p);
    }
    let (level, mut current) = [Level::Strict, Level::Balance, Level::Free]
        .into_iter()
        .find_map(|l| matching(&order, l, &[]).map(|m| (l, m)))
        .ok_or(no_pairing.clone())?;
    let mut lines = Vec::with_capacity(order.len() / 2 + 1);
    let mut rest = order;
    while !rest.is_empty() {
        let p = rest.remove(0);
        let score = records[p].score2;
        // p's score group among the unpaired, p first.
        let group: Vec<usize> = std::iter::once(p)
            .chain(rest.iter().copied().filter(|&q| records[q].score2 == score))
            .collect();
        let half = group.len() / 2;
        let mut candidates: Vec<(u32, u8, usize, usize)> = rest
            .iter()
            .enumerate()
            .filter(|&(_, &q)| facts.allowed(table, p, q, level))
            .map(|(at, &q)| {
                let place = match group.iter().position(|&g| g == q) {
                    // S2 from its top, then S1 from its bottom.
                    Some(j) if j >= half => j - half,
                    Some(j) => group.len() - j,
                    None => group.len() + at,
                };
                (score - records[q].score2, facts.clash(p, q), place, at)
            })
            .collect();
        candidates.sort_unstable();
        // The first candidate that leaves the others pairable: the current matching of
        // the unpaired, without p's and q's pairs, repaired.
        let mut chosen = None;
        for &(_, _, _, at) in &candidates {
            let q = rest[at];
            let others: Vec<usize> = rest.iter().copied().filter(|&x| x != q).collect();
            let hint: Vec<(usize, usize)> = current
                .iter()
                .copied()
                .filter(|&(x, y)| ![x, y].iter().any(|v| *v == p || *v == q))
                .collect();
            if let Some(m) = matching(&others, level, &hint) {
                chosen = Some((at, m));
                break;
            }
        }
        // Cannot fail: p's partner in the current matching is among the candidates.
        let (at, m) = chosen.ok_or(no_pairing.clone())?;
        current = m;
        let q = rest.remove(at);
        let board = lines.len();
        let seat = allocate(&records[p].seats, &records[q].seats, board, level)
            .ok_or(no_pairing.clone())?;
        let (first, second) = if seat == Seat::First { (p, q) } else { (q, p) };
        lines.push(Pairing::Game {
            first: event.players[first],
            second: event.players[second],
            outcome: None,
        });
    }
    if let Some(p) = bye {
        lines.push(Pairing::Bye {
            player: event.players[p],
        });
    }
    Ok(lines)
}
