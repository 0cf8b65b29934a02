//! Standings: points, then Buchholz cut-1, Sonneborn-Berger, direct encounter, wins, then
//! the initial order (conventions in the crate docs).

use std::cmp::Reverse;

use crate::event::{Event, Table};
use crate::{PairingError, PlayerId};

/// One row of the standings. Points are in half points (`score2 = 3` is 1½), the
/// Sonneborn-Berger score in quarter points, so that everything is exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: PlayerId,
    /// 1-based; players equal on every value below share the place of the best of them.
    pub place: usize,
    /// Whether another player has the same place.
    pub shared: bool,
    /// Points, in half points.
    pub score2: u32,
    /// Buchholz cut-1, in half points.
    pub buchholz2: u32,
    /// Sonneborn-Berger, in quarter points.
    pub sonneborn_berger4: u32,
    /// Points (in half points) in the games among the players tied with this one on points,
    /// Buchholz and Sonneborn-Berger, when every two of them played each other; `None`
    /// otherwise (and for a player tied with nobody).
    pub direct2: Option<u32>,
    /// Games won, over the board or by forfeit (byes are not wins).
    pub wins: u32,
    pub withdrawn: bool,
}

/// The standings of the event as it stands (unfinished games count for nothing yet), best
/// first; the order within a shared place is the initial order.
pub fn standings(event: &Event) -> Result<Vec<Standing>, PairingError> {
    let table = Table::read(event)?;
    let recs = &table.records;
    let n = recs.len();
    let mut rows: Vec<(usize, Standing)> = (0..n)
        .map(|i| {
            let r = &recs[i];
            let mut values: Vec<u32> = r.played.iter().map(|&(o, _)| recs[o].score2).collect();
            values.extend(std::iter::repeat_n(r.score2, r.unplayed as usize));
            let cut = values.iter().min().copied().unwrap_or(0);
            let buchholz2 = values.iter().sum::<u32>() - cut;
            let sonneborn_berger4 = r.played.iter().map(|&(o, s)| s * recs[o].score2).sum();
            let row = Standing {
                player: event.players[i],
                place: 0,
                shared: false,
                score2: r.score2,
                buchholz2,
                sonneborn_berger4,
                direct2: None,
                wins: r.wins,
                withdrawn: table.withdrawn[i],
            };
            (i, row)
        })
        .collect();
    let first_keys = |s: &Standing| (s.score2, s.buchholz2, s.sonneborn_berger4);
    rows.sort_by_key(|(i, s)| (Reverse(first_keys(s)), *i));
    // Direct encounter inside each group tied on the first three.
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && first_keys(&rows[end].1) == first_keys(&rows[start].1) {
            end += 1;
        }
        let group: Vec<usize> = rows[start..end].iter().map(|(i, _)| *i).collect();
        let all_met = group.len() > 1
            && group.iter().all(|&a| {
                group
                    .iter()
                    .all(|&b| a == b || recs[a].played.iter().any(|&(o, _)| o == b))
            });
        if all_met {
            for (i, row) in &mut rows[start..end] {
                let points = recs[*i]
                    .played
                    .iter()
                    .filter(|(o, _)| group.contains(o))
                    .map(|&(_, s)| s)
                    .sum();
                row.direct2 = Some(points);
            }
        }
        start = end;
    }
    let key = |s: &Standing| {
        (
            s.score2,
            s.buchholz2,
            s.sonneborn_berger4,
            s.direct2,
            s.wins,
        )
    };
    rows.sort_by_key(|(i, s)| (Reverse(key(s)), *i));
    let mut out: Vec<Standing> = rows.into_iter().map(|(_, s)| s).collect();
    for k in 0..n {
        out[k].place = if k > 0 && key(&out[k]) == key(&out[k - 1]) {
            out[k - 1].place
        } else {
            k + 1
        };
    }
    for k in 0..n {
        let same = |j: usize| out[j].place == out[k].place;
        out[k].shared = (k > 0 && same(k - 1)) || (k + 1 < n && same(k + 1));
    }
    Ok(out)
}
