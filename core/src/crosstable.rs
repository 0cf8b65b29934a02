//! A tournament's crosstable picture (`crosstable.png`), sent with `/jetan tournament
//! standings` and the final standings: the renderer's neutral [`Crosstable`] filled with
//! the event's standings and results, in the channel's language.
//!
//! A round robin is drawn as a matrix (a column per player of the table: the result
//! against them, both games in a double round robin); a Swiss as a column per round (the
//! opponent's line, the seat, the result), which stays narrow however many play. Only
//! the first [`CROSSTABLE_MAX_ROWS`] players are drawn; the notes say so.

use jetan_render::{
    crosstable_png, CellMark, CrossCell, CrossRow, Crosstable, CROSSTABLE_MAX_ROWS,
};
use jetan_store::tournament::Standing;
use jetan_store::{Board, BoardResult, Tournament, TournamentFormat, UserId};

use super::lang::{tr, Lang};
use super::{Core, Text};

/// Half points as text: 5 → "2½".
pub(crate) fn half(n: u32) -> String {
    if n.is_multiple_of(2) {
        (n / 2).to_string()
    } else if n == 1 {
        "½".to_string()
    } else {
        format!("{}½", n / 2)
    }
}

/// Quarter points as text: 15 → "3¾".
fn quarter(n: u32) -> String {
    let frac = ["", "¼", "½", "¾"][(n % 4) as usize];
    match (n / 4, frac) {
        (0, "") => "0".to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// One game's result for `me`: its text, its mark and the half points it gave.
fn result_for(me: UserId, b: &Board) -> (String, CellMark) {
    let first = b.first == me;
    let (text, mark) = match b.result {
        None if b.game.is_some() => ("…", CellMark::Pending),
        None => ("·", CellMark::Pending),
        Some(BoardResult::Bye) => ("+", CellMark::Free),
        Some(BoardResult::Draw) => ("½", CellMark::Draw),
        Some(BoardResult::DoubleForfeit) => ("−", CellMark::Forfeited),
        Some(BoardResult::FirstWins) if first => ("1", CellMark::Win),
        Some(BoardResult::SecondWins) if !first => ("1", CellMark::Win),
        Some(BoardResult::FirstWins | BoardResult::SecondWins) => ("0", CellMark::Loss),
        Some(BoardResult::FirstWinsByForfeit) if first => ("+", CellMark::Free),
        Some(BoardResult::SecondWinsByForfeit) if !first => ("+", CellMark::Free),
        Some(BoardResult::FirstWinsByForfeit | BoardResult::SecondWinsByForfeit) => {
            ("−", CellMark::Forfeited)
        }
    };
    (text.to_string(), mark)
}

/// The mark of a cell holding several games (a double round robin's): the better side
/// of the score, a draw when even.
fn combined(marks: &[CellMark]) -> CellMark {
    match marks {
        [] => CellMark::Empty,
        [one] => *one,
        _ if marks.iter().all(|m| *m == marks[0]) => marks[0],
        _ if marks.contains(&CellMark::Pending) => CellMark::Pending,
        _ => {
            let points: i32 = marks
                .iter()
                .map(|m| match m {
                    CellMark::Win | CellMark::Free => 1,
                    CellMark::Loss | CellMark::Forfeited => -1,
                    _ => 0,
                })
                .sum();
            match points.signum() {
                1 => CellMark::Win,
                -1 => CellMark::Loss,
                _ => CellMark::Draw,
            }
        }
    }
}

/// The crosstable of `tm` as it stands, in `lang`.
pub(crate) fn table(core: &Core, lang: Lang, tm: &Tournament, rows: &[Standing]) -> Crosstable {
    let line_of = |u: UserId| rows.iter().position(|r| r.player == u.get()).map(|i| i + 1);
    let shown = &rows[..rows.len().min(CROSSTABLE_MAX_ROWS)];
    let round_robin = matches!(tm.format, TournamentFormat::RoundRobin { .. });
    let columns: Vec<String> = if round_robin {
        (1..=shown.len()).map(|i| i.to_string()).collect()
    } else {
        (1..=tm.rounds.len())
            .map(|r| tr!(lang, "tournament-ct-round", round = r).unmarked())
            .collect()
    };
    let table_rows = shown
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let me = UserId(s.player);
            let cells = if round_robin {
                shown
                    .iter()
                    .enumerate()
                    .map(|(j, other)| {
                        if i == j {
                            return CrossCell {
                                mark: CellMark::Own,
                                ..CrossCell::default()
                            };
                        }
                        let them = UserId(other.player);
                        let games: Vec<(String, CellMark)> = tm
                            .rounds
                            .iter()
                            .flatten()
                            .filter(|b| b.has(me) && b.has(them))
                            .map(|b| result_for(me, b))
                            .collect();
                        let marks: Vec<CellMark> = games.iter().map(|g| g.1).collect();
                        CrossCell {
                            against: String::new(),
                            first_seat: None,
                            result: games
                                .iter()
                                .map(|g| g.0.as_str())
                                .collect::<Vec<_>>()
                                .join(" "),
                            mark: combined(&marks),
                        }
                    })
                    .collect()
            } else {
                tm.rounds
                    .iter()
                    .map(|round| match round.iter().find(|b| b.has(me)) {
                        None => CrossCell::default(),
                        Some(b) => {
                            let (result, mark) = result_for(me, b);
                            let opponent = if b.first == me {
                                b.second
                            } else {
                                Some(b.first)
                            };
                            CrossCell {
                                against: opponent
                                    .and_then(line_of)
                                    .map(|l| l.to_string())
                                    .unwrap_or_default(),
                                first_seat: opponent.map(|_| b.first == me),
                                result,
                                mark,
                            }
                        }
                    })
                    .collect()
            };
            CrossRow {
                place: if s.shared {
                    format!("{}=", s.place)
                } else {
                    s.place.to_string()
                },
                name: core.name_of(me, lang),
                cells,
                points: half(s.score2),
                tiebreaks: vec![
                    half(s.buchholz2),
                    quarter(s.sonneborn_berger4),
                    s.wins.to_string(),
                ],
                withdrawn: s.withdrawn,
            }
        })
        .collect();
    let finished = tm.state == jetan_store::TournamentState::Finished;
    let subtitle = if finished {
        tr!(lang, "tournament-ct-final", round = tm.rounds.len())
    } else {
        tr!(
            lang,
            "tournament-ct-after",
            round = tm.rounds.len(),
            total = tm.total_rounds()
        )
    };
    let mut notes = if round_robin {
        vec![tr!(lang, "tournament-ct-legend-rr")]
    } else {
        vec![
            tr!(lang, "tournament-ct-legend-swiss"),
            tr!(lang, "tournament-ct-legend-marks"),
        ]
    };
    notes.push(tr!(lang, "tournament-ct-tiebreaks"));
    if rows.len() > shown.len() {
        notes.push(tr!(
            lang,
            "tournament-ct-more",
            shown = shown.len(),
            n = rows.len()
        ));
    }
    Crosstable {
        title: tm.name.clone(),
        subtitle: subtitle.unmarked(),
        place_header: tr!(lang, "tournament-ct-place").unmarked(),
        name_header: tr!(lang, "tournament-ct-player").unmarked(),
        columns,
        points_header: tr!(lang, "tournament-ct-points").unmarked(),
        tiebreak_headers: vec![
            tr!(lang, "tournament-ct-buchholz").unmarked(),
            tr!(lang, "tournament-ct-sb").unmarked(),
            tr!(lang, "tournament-ct-wins").unmarked(),
        ],
        rows: table_rows,
        notes: notes.iter().map(Text::unmarked).collect(),
        winner: finished,
    }
}

/// The crosstable picture, or `None` (logged) when it cannot be drawn: the standings'
/// text goes out without it.
pub(crate) fn picture(core: &Core, lang: Lang, tm: &Tournament) -> Option<Vec<u8>> {
    let rows = match tm.standings() {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(tournament = %tm.id, "no standings for the crosstable: {e}");
            return None;
        }
    };
    if rows.is_empty() {
        return None;
    }
    match crosstable_png(&table(core, lang, tm, &rows)) {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::error!(tournament = %tm.id, "cannot draw the crosstable: {e}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_halves_and_quarters() {
        assert_eq!(half(0), "0");
        assert_eq!(half(1), "½");
        assert_eq!(half(5), "2½");
        assert_eq!(half(6), "3");
        assert_eq!(quarter(0), "0");
        assert_eq!(quarter(3), "¾");
        assert_eq!(quarter(15), "3¾");
        assert_eq!(quarter(8), "2");
    }

    #[test]
    fn a_double_round_robin_cell_is_marked_by_its_score() {
        use CellMark::*;
        assert_eq!(combined(&[Win, Loss]), Draw);
        assert_eq!(combined(&[Win, Draw]), Win);
        assert_eq!(combined(&[Forfeited, Draw]), Loss);
        assert_eq!(combined(&[Win, Win]), Win);
        assert_eq!(combined(&[Win, Pending]), Pending);
        assert_eq!(combined(&[]), Empty);
    }
}
