//! A tournament's crosstable as one picture: a title, then one row per player — place,
//! name, a cell per column (an opponent, or a round), points and tie-breaks — for the
//! ~400 px a Discord chat shows. Every word and number comes from the caller, in its
//! language; the picture only lays them out and colours each cell by what it says
//! (a win, a draw, a loss, a bye or forfeit).
//!
//! The layout: 720 px wide (shown at 400, the smallest text is about 11 px there),
//! wider only when the columns need it (then Discord shows it smaller; a click shows it
//! whole). At most [`CROSSTABLE_MAX_ROWS`] rows are drawn (the caller's rows, best
//! first); the caller says in its notes what was left out.

use image::RgbImage;

use crate::paint::{fill_rect, fill_shape, Shape, P};
use crate::text::{fonts, Fonts};
use crate::theme::{AMBER, CARD, DANGER_TEXT, FRAME, JEWEL, STRIP, STRIP_ACTIVE, TEXT, TEXT_DIM};
use crate::RenderError;

/// The most rows a crosstable draws: the picture stays about as tall as it is wide.
pub const CROSSTABLE_MAX_ROWS: usize = 16;

/// What a cell says, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellMark {
    /// Nothing (the players have not met; a round not played).
    #[default]
    Empty,
    /// A win over the board.
    Win,
    /// A draw.
    Draw,
    /// A loss over the board.
    Loss,
    /// A point without a game: a bye, or a win by forfeit.
    Free,
    /// A loss by forfeit.
    Forfeited,
    /// A game still being played.
    Pending,
    /// The player's own cell (a round robin's diagonal): shaded.
    Own,
}

/// One cell: the result, and (in a Swiss's round columns) the opponent's place and the
/// player's seat.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CrossCell {
    /// The opponent's place, drawn dim before the result ("4"); empty for none.
    pub against: String,
    /// The player's seat in that game: `Some(true)` the first (a filled dot), `Some(false)`
    /// the second (a ring), `None` no dot.
    pub first_seat: Option<bool>,
    /// The result as the caller writes it: "1", "½", "0", "+", "−", "1 ½" (two games).
    pub result: String,
    /// What it says, for its colour.
    pub mark: CellMark,
}

/// One player's row.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CrossRow {
    /// The place ("1", "2=").
    pub place: String,
    /// The player's name.
    pub name: String,
    /// A cell per column, in the columns' order.
    pub cells: Vec<CrossCell>,
    /// The points ("2½").
    pub points: String,
    /// The tie-breaks, in the order of their headers.
    pub tiebreaks: Vec<String>,
    /// The player left the event: the row is drawn dim.
    pub withdrawn: bool,
}

/// A crosstable: its words and rows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Crosstable {
    /// The title (the event's name).
    pub title: String,
    /// The line under it ("Final standings after 3 rounds").
    pub subtitle: String,
    /// The header over the places ("#").
    pub place_header: String,
    /// The header over the names ("Player").
    pub name_header: String,
    /// The headers of the cell columns ("1", "2", … for opponents; "R1", … for rounds).
    pub columns: Vec<String>,
    /// The header over the points ("Pts").
    pub points_header: String,
    /// The headers of the tie-breaks ("Bh", "SB").
    pub tiebreak_headers: Vec<String>,
    /// The rows, best first (at most [`CROSSTABLE_MAX_ROWS`] are drawn).
    pub rows: Vec<CrossRow>,
    /// Lines under the table, dim (a legend; how many rows were left out).
    pub notes: Vec<String>,
    /// Whether the first row is the winner's (the event is over): drawn highlighted.
    pub winner: bool,
}

/// The narrowest picture.
const MIN_W: f32 = 720.0;
/// The margin around everything.
const M: f32 = 22.0;
/// Text sizes: title, body (names, cells, numbers), headers and notes.
const EM_TITLE: f32 = 34.0;
const EM_BODY: f32 = 22.0;
const EM_SMALL: f32 = 20.0;
/// A row's height.
const ROW_H: f32 = 34.0;
/// The space between two columns; the least space, when the columns do not fit.
const GAP: f32 = 14.0;
const GAP_TIGHT: f32 = 8.0;
/// The space a seat dot takes in a cell (with the space around it), and its radius.
const DOT_W: f32 = 15.0;
const DOT_R: f32 = 4.0;
/// The narrowest name column (and the narrowest when the columns do not fit), and the
/// widest.
const NAME_MIN: f32 = 150.0;
const NAME_TIGHT: f32 = 130.0;
const NAME_MAX: f32 = 260.0;
/// The narrowest cell column.
const CELL_MIN: f32 = 26.0;

/// Where each column goes: its left edge and width.
struct Layout {
    width: f32,
    gap: f32,
    place: (f32, f32),
    name: (f32, f32),
    cells: Vec<(f32, f32)>,
    points: (f32, f32),
    tiebreaks: Vec<(f32, f32)>,
}

fn widest<'a>(f: &Fonts, em: f32, texts: impl Iterator<Item = &'a str>) -> f32 {
    texts.map(|t| f.width(t, em)).fold(0.0, f32::max)
}

/// The width a cell's contents take.
fn cell_width(f: &Fonts, c: &CrossCell) -> f32 {
    let against = if c.against.is_empty() {
        0.0
    } else {
        f.width(&c.against, EM_SMALL) + 2.0
    };
    let dot = if c.first_seat.is_some() { DOT_W } else { 0.0 };
    against + dot + f.width(&c.result, EM_BODY)
}

/// The layout: roomy if it fits in [`MIN_W`], else tight (narrower gaps and names),
/// and wider than [`MIN_W`] only if even that does not fit.
fn layout(f: &Fonts, t: &Crosstable, rows: &[CrossRow]) -> Layout {
    let roomy = layout_with(f, t, rows, GAP, NAME_MIN);
    if roomy.width <= MIN_W {
        return roomy;
    }
    layout_with(f, t, rows, GAP_TIGHT, NAME_TIGHT)
}

fn layout_with(f: &Fonts, t: &Crosstable, rows: &[CrossRow], gap: f32, name_min: f32) -> Layout {
    let place_w = widest(
        f,
        EM_BODY,
        rows.iter()
            .map(|r| r.place.as_str())
            .chain([t.place_header.as_str()]),
    )
    .max(f.width("00", EM_BODY));
    let columns = t
        .columns
        .len()
        .max(rows.iter().map(|r| r.cells.len()).max().unwrap_or(0));
    let cells: Vec<f32> = (0..columns)
        .map(|c| {
            let header = t.columns.get(c).map_or(0.0, |h| f.width(h, EM_SMALL));
            rows.iter()
                .filter_map(|r| r.cells.get(c))
                .map(|cell| cell_width(f, cell))
                .fold(header, f32::max)
                .max(CELL_MIN)
        })
        .collect();
    let points_w = widest(
        f,
        EM_BODY,
        rows.iter()
            .map(|r| r.points.as_str())
            .chain([t.points_header.as_str()]),
    );
    let breaks = t
        .tiebreak_headers
        .len()
        .max(rows.iter().map(|r| r.tiebreaks.len()).max().unwrap_or(0));
    let tiebreaks: Vec<f32> = (0..breaks)
        .map(|c| {
            let header = t
                .tiebreak_headers
                .get(c)
                .map_or(0.0, |h| f.width(h, EM_SMALL));
            rows.iter()
                .filter_map(|r| r.tiebreaks.get(c))
                .map(|s| f.width(s, EM_SMALL))
                .fold(header, f32::max)
        })
        .collect();
    let names = widest(
        f,
        EM_BODY,
        rows.iter()
            .map(|r| r.name.as_str())
            .chain([t.name_header.as_str()]),
    );
    let fixed = 2.0 * M
        + 12.0
        + place_w
        + gap
        + cells.iter().map(|w| w + gap).sum::<f32>()
        + gap
        + points_w
        + tiebreaks.iter().map(|w| w + gap).sum::<f32>();
    // The name takes what the others leave, within its bounds; the picture widens when
    // even the narrowest name column does not fit.
    let name_w = (MIN_W - fixed - gap).clamp(name_min, NAME_MAX.max(name_min));
    let name_w = name_w.min(names.max(name_min));
    let width = (fixed + gap + name_w).max(MIN_W).ceil();
    // Left to right; the numbers at the right edge.
    let mut x = M + 6.0;
    let place = (x, place_w);
    x += place_w + gap;
    let name = (x, name_w);
    x += name_w + gap;
    let mut right = width - M - 6.0;
    let mut tb: Vec<(f32, f32)> = Vec::new();
    for w in tiebreaks.iter().rev() {
        tb.push((right - w, *w));
        right -= w + gap;
    }
    tb.reverse();
    let points = (right - points_w, points_w);
    right -= points_w + 2.0 * gap;
    // The cells share the space between the name and the points, centred in it.
    let total: f32 = cells.iter().sum::<f32>() + gap * cells.len().saturating_sub(1) as f32;
    let spare = ((right - x) - total).max(0.0);
    let extra = if cells.is_empty() {
        0.0
    } else {
        (spare / cells.len() as f32).min(20.0)
    };
    let mut cx = x + (spare - extra * cells.len() as f32) / 2.0;
    let mut cell_cols = Vec::new();
    for w in cells {
        cell_cols.push((cx, w + extra));
        cx += w + extra + gap;
    }
    Layout {
        width,
        gap,
        place,
        name,
        cells: cell_cols,
        points,
        tiebreaks: tb,
    }
}

/// The colour of a cell's result.
fn mark_color(m: CellMark) -> [u8; 3] {
    match m {
        CellMark::Win => JEWEL,
        CellMark::Draw => TEXT,
        CellMark::Loss | CellMark::Pending | CellMark::Empty | CellMark::Own => TEXT_DIM,
        CellMark::Free => AMBER,
        CellMark::Forfeited => DANGER_TEXT,
    }
}

/// The crosstable as an RGB image.
///
/// # Errors
/// [`RenderError::Font`] if the embedded fonts do not load.
pub fn crosstable_image(t: &Crosstable) -> Result<RgbImage, RenderError> {
    let f = fonts()?;
    let rows = &t.rows[..t.rows.len().min(CROSSTABLE_MAX_ROWS)];
    let l = layout(f, t, rows);
    let width = l.width;
    let top = if t.subtitle.is_empty() { 66.0 } else { 96.0 };
    let notes: Vec<String> = t
        .notes
        .iter()
        .flat_map(|n| wrap_note(f, n, width - 2.0 * M))
        .collect();
    let height = top
        + ROW_H * (rows.len() + 1) as f32
        + if notes.is_empty() {
            0.0
        } else {
            12.0 + 28.0 * notes.len() as f32
        }
        + M;
    let mut img = RgbImage::from_pixel(width as u32, height.ceil() as u32, image::Rgb(FRAME));
    let title = f.fit(&t.title, EM_TITLE, width - 2.0 * M);
    f.draw(&mut img, &title, EM_TITLE, M, 50.0, TEXT);
    if !t.subtitle.is_empty() {
        let sub = f.fit(&t.subtitle, EM_SMALL, width - 2.0 * M);
        f.draw(&mut img, &sub, EM_SMALL, M, 82.0, TEXT_DIM);
    }
    // The header row.
    let mut y = top;
    fill_rect(
        &mut img,
        M as i32,
        y as i32,
        (width - 2.0 * M) as i32,
        ROW_H as i32,
        STRIP,
    );
    let base = y + ROW_H / 2.0 + 7.0;
    let head = |img: &mut RgbImage, s: &str, (x, w): (f32, f32), right: bool| {
        let s = f.fit(s, EM_SMALL, w + l.gap / 2.0);
        if right {
            f.draw_right(img, &s, EM_SMALL, x + w, base, TEXT_DIM);
        } else {
            f.draw(img, &s, EM_SMALL, x, base, TEXT_DIM);
        }
    };
    head(&mut img, &t.place_header, l.place, true);
    head(&mut img, &t.name_header, l.name, false);
    for (h, &(x, w)) in t.columns.iter().zip(&l.cells) {
        let h = f.fit(h, EM_SMALL, w + l.gap / 2.0);
        f.draw_centered(&mut img, &h, EM_SMALL, x + w / 2.0, base, TEXT_DIM);
    }
    head(&mut img, &t.points_header, l.points, true);
    for (h, &col) in t.tiebreak_headers.iter().zip(&l.tiebreaks) {
        head(&mut img, h, col, true);
    }
    y += ROW_H;
    for (i, row) in rows.iter().enumerate() {
        let band = if i == 0 && t.winner {
            Some(STRIP_ACTIVE)
        } else if i % 2 == 1 {
            Some(STRIP)
        } else {
            None
        };
        if let Some(c) = band {
            fill_rect(
                &mut img,
                M as i32,
                y as i32,
                (width - 2.0 * M) as i32,
                ROW_H as i32,
                c,
            );
        }
        if i == 0 && t.winner {
            fill_rect(&mut img, M as i32, y as i32, 4, ROW_H as i32, AMBER);
        }
        let base = y + ROW_H / 2.0 + 8.0;
        let (main, dim) = if row.withdrawn {
            (TEXT_DIM, TEXT_DIM)
        } else {
            (TEXT, TEXT_DIM)
        };
        let (px, pw) = l.place;
        f.draw_right(&mut img, &row.place, EM_BODY, px + pw, base, dim);
        let (nx, nw) = l.name;
        let name = f.fit(&row.name, EM_BODY, nw);
        let name_color = if i == 0 && t.winner { AMBER } else { main };
        f.draw(&mut img, &name, EM_BODY, nx, base, name_color);
        for (cell, &(x, w)) in row.cells.iter().zip(&l.cells) {
            draw_cell(f, &mut img, cell, x, w, y, base, row.withdrawn);
        }
        let (ptx, ptw) = l.points;
        f.draw_right(&mut img, &row.points, EM_BODY, ptx + ptw, base, main);
        for (v, &(x, w)) in row.tiebreaks.iter().zip(&l.tiebreaks) {
            f.draw_right(&mut img, v, EM_SMALL, x + w, base, dim);
        }
        y += ROW_H;
    }
    y += 12.0;
    for n in &notes {
        y += 28.0;
        f.draw(&mut img, n, EM_SMALL, M, y - 6.0, TEXT_DIM);
    }
    Ok(img)
}

/// A note's lines: broken between its parts (" · ") where it can, so that a legend's
/// item ("− forfeit loss") stays on one line; inside a part too long for a line, between
/// words.
fn wrap_note(f: &Fonts, note: &str, width: f32) -> Vec<String> {
    const SEP: &str = " · ";
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in note.split(SEP) {
        let joined = if line.is_empty() {
            part.to_string()
        } else {
            format!("{line}{SEP}{part}")
        };
        if f.width(&joined, EM_SMALL) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut wrapped = f.wrap(part, EM_SMALL, width);
        line = wrapped.pop().unwrap_or_default();
        lines.extend(wrapped);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws one cell in the column at `x` of width `w`, on the row at `y`.
#[allow(clippy::too_many_arguments)]
fn draw_cell(
    f: &Fonts,
    img: &mut RgbImage,
    c: &CrossCell,
    x: f32,
    w: f32,
    y: f32,
    base: f32,
    withdrawn: bool,
) {
    if c.mark == CellMark::Own {
        fill_rect(
            img,
            (x - 2.0) as i32,
            (y + 4.0) as i32,
            (w + 4.0) as i32,
            (ROW_H - 8.0) as i32,
            CARD,
        );
    }
    let content = cell_width(f, c);
    let mut pen = x + (w - content) / 2.0;
    if !c.against.is_empty() {
        pen += f.draw(img, &c.against, EM_SMALL, pen, base, TEXT_DIM) + 3.0;
    }
    if let Some(first) = c.first_seat {
        let centre = P(pen + DOT_W / 2.0, base - f.cap_height(EM_BODY) / 2.0);
        let shape = if first {
            Shape::Circle {
                c: centre,
                r: DOT_R,
            }
        } else {
            Shape::Ring {
                c: centre,
                r: DOT_R - 0.75,
                w: 1.5,
            }
        };
        fill_shape(img, &shape, TEXT_DIM, 1.0);
        pen += DOT_W;
    }
    let color = if withdrawn && c.mark != CellMark::Forfeited {
        TEXT_DIM
    } else {
        mark_color(c.mark)
    };
    f.draw(img, &c.result, EM_BODY, pen, base, color);
}

/// The crosstable as a PNG (indexed colour: a few flat colours and the text's edges).
///
/// # Errors
/// [`RenderError::Font`], [`RenderError::Png`].
pub fn crosstable_png(t: &Crosstable) -> Result<Vec<u8>, RenderError> {
    let img = crosstable_image(t)?;
    crate::palette::Palette::from_samples(&[&img]).encode_png(&img)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(against: &str, first: Option<bool>, result: &str, mark: CellMark) -> CrossCell {
        CrossCell {
            against: against.into(),
            first_seat: first,
            result: result.into(),
            mark,
        }
    }

    /// A Swiss of `n` players and `rounds` rounds, with made-up results.
    pub(crate) fn swiss(n: usize, rounds: usize) -> Crosstable {
        let marks = [
            (CellMark::Win, "1"),
            (CellMark::Draw, "½"),
            (CellMark::Loss, "0"),
            (CellMark::Free, "+"),
            (CellMark::Forfeited, "−"),
        ];
        Crosstable {
            title: "Weekend Swiss".into(),
            subtitle: "Final standings after 3 rounds".into(),
            place_header: "#".into(),
            name_header: "Player".into(),
            columns: (1..=rounds).map(|r| format!("R{r}")).collect(),
            points_header: "Pts".into(),
            tiebreak_headers: vec!["Bh".into(), "SB".into()],
            rows: (0..n)
                .map(|i| CrossRow {
                    place: (i + 1).to_string(),
                    name: format!("Player {}", i + 1),
                    cells: (0..rounds)
                        .map(|r| {
                            let (mark, res) = marks[(i + r) % marks.len()];
                            let against = ((i + r * 7) % n + 1).to_string();
                            cell(&against, Some((i + r) % 2 == 0), res, mark)
                        })
                        .collect(),
                    points: "2½".into(),
                    tiebreaks: vec!["4".into(), "3¾".into()],
                    withdrawn: i == n - 1,
                })
                .collect(),
            notes: vec!["● first seat ○ second · + bye or forfeit win".into()],
            winner: true,
        }
    }

    #[test]
    fn a_crosstable_is_a_png_at_least_720_wide_and_as_tall_as_its_rows() {
        let t = swiss(5, 3);
        let img = crosstable_image(&t).unwrap();
        assert_eq!(img.width(), MIN_W as u32);
        let mut fewer = t.clone();
        fewer.rows.truncate(3);
        assert!(crosstable_image(&fewer).unwrap().height() < img.height());
        let png = crosstable_png(&t).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }

    /// A large event draws its first rows only: the picture stops growing.
    #[test]
    fn a_large_event_draws_at_most_the_row_limit() {
        let big = crosstable_image(&swiss(64, 6)).unwrap();
        let limit = crosstable_image(&swiss(CROSSTABLE_MAX_ROWS, 6)).unwrap();
        assert_eq!(big.height(), limit.height());
        assert!(
            big.height() < big.width() * 3 / 2,
            "{}×{}",
            big.width(),
            big.height()
        );
    }

    /// Many columns widen the picture rather than squeeze the cells.
    #[test]
    fn many_columns_widen_the_picture() {
        let narrow = crosstable_image(&swiss(8, 3)).unwrap();
        let wide = crosstable_image(&swiss(8, 12)).unwrap();
        assert_eq!(narrow.width(), MIN_W as u32);
        assert!(wide.width() > narrow.width());
    }

    /// Each result is drawn in its colour: a win's cyan and a bye's amber appear inside
    /// the table, and a table of draws has neither.
    #[test]
    fn results_are_drawn_in_their_colours() {
        let has = |img: &RgbImage, c: [u8; 3]| img.pixels().any(|p| p.0 == c);
        let t = swiss(5, 3);
        let img = crosstable_image(&t).unwrap();
        assert!(has(&img, JEWEL), "a win");
        assert!(has(&img, DANGER_TEXT), "a forfeit");
        let mut draws = t.clone();
        draws.winner = false;
        for r in &mut draws.rows {
            for c in &mut r.cells {
                c.mark = CellMark::Draw;
            }
        }
        let img = crosstable_image(&draws).unwrap();
        assert!(!has(&img, JEWEL));
        assert!(!has(&img, AMBER));
    }

    /// A legend breaks between its items, a long item between words, and every line
    /// fits.
    #[test]
    fn notes_break_between_their_items() {
        let f = fonts().unwrap();
        let lines = wrap_note(f, "alpha beta · gamma delta · epsilon", 200.0);
        assert_eq!(lines, ["alpha beta", "gamma delta", "epsilon"], "{lines:?}");
        let wide = wrap_note(f, "alpha · beta", 1000.0);
        assert_eq!(wide, ["alpha · beta"]);
        let long = "word ".repeat(40);
        let lines = wrap_note(f, &format!("a · {long}· b"), 300.0);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(
            lines.iter().all(|l| f.width(l, EM_SMALL) <= 300.0),
            "{lines:?}"
        );
        assert!(
            lines[0] == "a" && lines.last().unwrap().ends_with(" · b"),
            "{lines:?}"
        );
    }

    #[test]
    fn an_empty_table_and_odd_text_do_not_fail() {
        let t = Crosstable {
            title: "\u{202e}漢字 🐉".into(),
            ..Crosstable::default()
        };
        crosstable_png(&t).unwrap();
        let mut t = swiss(3, 2);
        t.rows[0].cells.clear();
        t.rows[1].tiebreaks.push("extra".into());
        t.rows[2].name = "x".repeat(500);
        crosstable_png(&t).unwrap();
    }
}
