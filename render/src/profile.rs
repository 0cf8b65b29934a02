//! A player's profile as one picture: their name, line charts over time (ratings with
//! their deviation as a band, the wallet), a table (the record by game and colour) and a
//! few facts (streak, favourite opening, biggest win). Every word comes from the caller,
//! in the player's language; the picture only lays them out, for the ~400 px a Discord
//! chat shows (its smallest text is about 11 px there).

use image::RgbImage;

use crate::paint::{blend_pixel, blend_rect, fill_rect, fill_shape, Rgb, Shape, P};
use crate::text::{fonts, Fonts};
use crate::theme::{AMBER, ESCAPE, FRAME, HINT, JEWEL, SELECTED, STRIP, TEXT, TEXT_DIM};
use crate::RenderError;

/// One point of a series: when (any increasing unit, such as unix milliseconds), the
/// value, and a spread around it drawn as a band (0 for none).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// When.
    pub x: f64,
    /// The value.
    pub y: f64,
    /// How far above and below the value the band reaches (a rating's deviation).
    pub spread: f64,
}

/// A line of a chart, with its name for the legend.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// Its points, by increasing `x`.
    pub points: Vec<Point>,
}

/// A line chart over time.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Chart {
    /// Its title.
    pub title: String,
    /// Its lines (at most five are drawn, each in its own colour).
    pub series: Vec<Series>,
    /// The words under the start and the end of the time axis (dates).
    pub from: String,
    /// See `from`.
    pub to: String,
    /// What the chart says when no series has a point.
    pub empty: String,
}

/// A player's profile.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProfileCard {
    /// The player's name.
    pub name: String,
    /// A line under it (the server, the number of games).
    pub subtitle: String,
    /// The charts, top to bottom.
    pub charts: Vec<Chart>,
    /// A table, its first row the header (cells left-aligned in the first column,
    /// right-aligned in the others).
    pub table: Vec<Vec<String>>,
    /// Facts, as (label, value), one a line.
    pub facts: Vec<(String, String)>,
}

/// The picture's width.
const W: i32 = 720;
/// The margin around everything.
const M: f32 = 24.0;
/// The colours of the series, in order.
const LINES: [Rgb; 5] = [JEWEL, AMBER, ESCAPE, HINT, SELECTED];
/// Text sizes: title, heading, body, small.
const EM_NAME: f32 = 36.0;
const EM_HEAD: f32 = 25.0;
const EM_BODY: f32 = 22.0;
const EM_SMALL: f32 = 20.0;
/// A chart's plot height.
const PLOT_H: f32 = 150.0;
/// A table row's height, and a fact line's.
const ROW_H: f32 = 34.0;

/// The profile as an RGB image.
///
/// # Errors
/// [`RenderError::Font`] if the embedded fonts do not load.
pub fn profile_image(card: &ProfileCard) -> Result<RgbImage, RenderError> {
    let f = fonts()?;
    let height = 104.0
        + card.charts.len() as f32 * (PLOT_H + 104.0)
        + if card.table.is_empty() {
            0.0
        } else {
            card.table.len() as f32 * ROW_H + 24.0
        }
        + card.facts.len() as f32 * ROW_H
        + M;
    let mut img = RgbImage::from_pixel(W as u32, height.ceil() as u32, image::Rgb(FRAME));
    let width = W as f32 - 2.0 * M;
    let name = f.fit(&card.name, EM_NAME, width);
    f.draw(&mut img, &name, EM_NAME, M, 54.0, TEXT);
    let subtitle = f.fit(&card.subtitle, EM_SMALL, width);
    f.draw(&mut img, &subtitle, EM_SMALL, M, 86.0, TEXT_DIM);
    let mut y = 104.0;
    for chart in &card.charts {
        y = draw_chart(f, &mut img, chart, y);
    }
    if !card.table.is_empty() {
        y = draw_table(f, &mut img, &card.table, y + 8.0) + 16.0;
    }
    for (label, value) in &card.facts {
        let label = f.fit(&format!("{label}  "), EM_BODY, width / 2.0);
        let w = f.draw(&mut img, &label, EM_BODY, M, y + 24.0, TEXT_DIM) + 12.0;
        let value = f.fit(value, EM_BODY, width - w);
        f.draw(&mut img, &value, EM_BODY, M + w, y + 24.0, TEXT);
        y += ROW_H;
    }
    Ok(img)
}

/// The profile as a PNG.
///
/// # Errors
/// [`RenderError::Font`], [`RenderError::Png`].
pub fn profile_png(card: &ProfileCard) -> Result<Vec<u8>, RenderError> {
    let img = profile_image(card)?;
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let png_err = |e: png::EncodingError| RenderError::Png(e.to_string());
    let mut writer = enc.write_header().map_err(png_err)?;
    writer.write_image_data(img.as_raw()).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    Ok(out)
}

/// Round numbers for an axis from `lo` to `hi`: a step of 1, 2 or 5 times a power of ten
/// giving at most four lines, and the range widened to whole steps.
fn ticks(lo: f64, hi: f64) -> (f64, f64, f64) {
    let span = (hi - lo).max(1.0);
    let raw = span / 3.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag)
        .max(1.0);
    let (mut lo, mut hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    if hi - lo < 2.0 * step {
        // A flat series sits in the middle of the chart, not on its edge.
        lo -= step;
        hi += step;
    }
    (lo, hi, step)
}

/// An axis label: an integer, or one decimal for small steps.
fn axis_label(v: f64) -> String {
    format!("{}", v.round() as i64)
}

/// Draws a chart with its top at `y`; returns the y below it.
fn draw_chart(f: &Fonts, img: &mut RgbImage, chart: &Chart, y: f32) -> f32 {
    let base = y + 30.0;
    f.draw(
        img,
        &f.fit(&chart.title, EM_HEAD, 300.0),
        EM_HEAD,
        M,
        base,
        TEXT,
    );
    // The legend, right-aligned on the title's line (as many entries as fit).
    let mut right = W as f32 - M;
    let title_end = M + f.width(&chart.title, EM_HEAD).min(300.0) + 16.0;
    let shown: Vec<(usize, &Series)> = chart
        .series
        .iter()
        .take(LINES.len())
        .enumerate()
        .filter(|(_, s)| !s.points.is_empty())
        .collect();
    for &(i, s) in shown.iter().rev() {
        let w = f.width(&s.name, EM_SMALL);
        if right - w - 26.0 < title_end {
            break;
        }
        f.draw_right(img, &s.name, EM_SMALL, right, base, TEXT_DIM);
        let sx = right - w - 20.0;
        fill_rect(img, sx as i32, (base - 12.0) as i32, 14, 6, LINES[i]);
        right = sx - 18.0;
    }
    let top = base + 22.0;
    let (px0, px1) = (M + 64.0, W as f32 - M - 6.0);
    let (py0, py1) = (top, top + PLOT_H);
    fill_rect(
        img,
        (M) as i32,
        (top - 8.0) as i32,
        (W as f32 - 2.0 * M) as i32,
        (PLOT_H + 16.0) as i32,
        STRIP,
    );
    let points = shown.iter().flat_map(|(_, s)| &s.points);
    let (mut xmin, mut xmax, mut ymin, mut ymax) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in points {
        xmin = xmin.min(p.x);
        xmax = xmax.max(p.x);
        ymin = ymin.min(p.y - p.spread);
        ymax = ymax.max(p.y + p.spread);
    }
    if shown.is_empty() || !xmin.is_finite() || !ymin.is_finite() {
        let msg = f.fit(&chart.empty, EM_BODY, px1 - px0);
        f.draw_centered(
            img,
            &msg,
            EM_BODY,
            (M + W as f32 - M) / 2.0,
            (py0 + py1) / 2.0 + 8.0,
            TEXT_DIM,
        );
        return py1 + 60.0;
    }
    let (lo, hi, step) = ticks(ymin, ymax);
    let sx = |x: f64| {
        if xmax > xmin {
            px0 + ((x - xmin) / (xmax - xmin)) as f32 * (px1 - px0)
        } else {
            (px0 + px1) / 2.0
        }
    };
    let sy = |v: f64| py1 - ((v - lo) / (hi - lo).max(f64::EPSILON)) as f32 * (py1 - py0);
    // Grid lines with their values.
    let mut v = lo;
    while v <= hi + step / 2.0 {
        let gy = sy(v).round();
        blend_rect(
            img,
            px0 as i32,
            gy as i32,
            (px1 - px0) as i32,
            1,
            TEXT_DIM,
            0.35,
        );
        f.draw_right(img, &axis_label(v), EM_SMALL, px0 - 8.0, gy + 7.0, TEXT_DIM);
        v += step;
    }
    for &(i, s) in &shown {
        let color = LINES[i];
        // The band: one translucent column per pixel, between the points around it.
        if let (Some(first), Some(last)) = (s.points.first(), s.points.last()) {
            let mut seg = 0;
            for x in sx(first.x).round() as i32..=sx(last.x).round() as i32 {
                let xf = x as f32;
                while seg + 2 < s.points.len() && sx(s.points[seg + 1].x) < xf {
                    seg += 1;
                }
                let a = s.points[seg];
                let b = *s.points.get(seg + 1).unwrap_or(&a);
                let (xa, xb) = (sx(a.x), sx(b.x));
                let t = if xb > xa {
                    f64::from((xf - xa) / (xb - xa))
                } else {
                    0.0
                };
                let t = t.clamp(0.0, 1.0);
                let (c, d) = (a.y + (b.y - a.y) * t, a.spread + (b.spread - a.spread) * t);
                if d > 0.0 {
                    let (y0, y1) = (sy(c + d), sy(c - d));
                    blend_rect(img, x, y0 as i32, 1, (y1 - y0).max(1.0) as i32, color, 0.16);
                }
            }
        }
        for w in s.points.windows(2) {
            let shape = Shape::Capsule {
                a: P(sx(w[0].x), sy(w[0].y)),
                b: P(sx(w[1].x), sy(w[1].y)),
                r: 1.8,
            };
            fill_shape(img, &shape, color, 1.0);
        }
        if let Some(last) = s.points.last() {
            dot(img, sx(last.x), sy(last.y), 5.0, color);
        }
    }
    let below = py1 + 34.0;
    f.draw(
        img,
        &f.fit(&chart.from, EM_SMALL, 260.0),
        EM_SMALL,
        px0,
        below,
        TEXT_DIM,
    );
    f.draw_right(
        img,
        &f.fit(&chart.to, EM_SMALL, 260.0),
        EM_SMALL,
        px1,
        below,
        TEXT_DIM,
    );
    below + 26.0
}

/// A filled anti-aliased disc.
fn dot(img: &mut RgbImage, cx: f32, cy: f32, r: f32, color: Rgb) {
    let (x0, y0) = ((cx - r - 1.0).floor() as i32, (cy - r - 1.0).floor() as i32);
    for y in y0..=(cy + r + 1.0).ceil() as i32 {
        for x in x0..=(cx + r + 1.0).ceil() as i32 {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt() - r;
            blend_pixel(img, x, y, color, (0.5 - d).clamp(0.0, 1.0));
        }
    }
}

/// Draws a table with its top at `y`; returns the y below it.
fn draw_table(f: &Fonts, img: &mut RgbImage, rows: &[Vec<String>], y: f32) -> f32 {
    let width = W as f32 - 2.0 * M;
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    // Each column as wide as its widest cell; the first takes what the others leave.
    let mut widths: Vec<f32> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| f.width(s, EM_BODY))
                .fold(0.0, f32::max)
        })
        .collect();
    let gap = 22.0;
    let others: f32 = widths.iter().skip(1).map(|w| w + gap).sum();
    if let Some(first) = widths.first_mut() {
        *first = (width - others).max(width / 4.0);
    }
    // Columns of numbers are right-aligned, columns of words left-aligned.
    let numeric: Vec<bool> = (0..columns)
        .map(|c| {
            rows.iter().skip(1).filter_map(|r| r.get(c)).all(|s| {
                let digits = s.trim_start_matches(['+', '-', '\u{2212}']);
                !digits.is_empty() && digits.chars().all(|ch| ch.is_ascii_digit())
            })
        })
        .collect();
    let mut top = y;
    for (r, row) in rows.iter().enumerate() {
        if r % 2 == 1 {
            fill_rect(img, M as i32, top as i32, width as i32, ROW_H as i32, STRIP);
        }
        let color = if r == 0 { TEXT_DIM } else { TEXT };
        let base = top + ROW_H / 2.0 + 8.0;
        let mut x = M + 6.0;
        for (c, cell) in row.iter().enumerate() {
            let w = widths.get(c).copied().unwrap_or(0.0);
            if c == 0 {
                f.draw(img, &f.fit(cell, EM_BODY, w - 8.0), EM_BODY, x, base, color);
                x += w;
            } else if numeric[c] {
                x += gap + w;
                f.draw_right(img, cell, EM_BODY, x.min(W as f32 - M - 6.0), base, color);
            } else {
                f.draw(img, cell, EM_BODY, x + gap, base, color);
                x += gap + w;
            }
        }
        top += ROW_H;
    }
    top
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> ProfileCard {
        let rating = |n: &str, base: f64| Series {
            name: n.into(),
            points: (0..12)
                .map(|i| Point {
                    x: f64::from(i) * 86_400_000.0,
                    y: base + f64::from(i * 17 % 60) - 20.0,
                    spread: 350.0 - f64::from(i) * 20.0,
                })
                .collect(),
        };
        ProfileCard {
            name: "Tara of Helium".into(),
            subtitle: "Helium · 12 games".into(),
            charts: vec![
                Chart {
                    title: "Rating".into(),
                    series: vec![rating("Classic", 1500.0), rating("Manator", 1420.0)],
                    from: "2026-11-01".into(),
                    to: "2026-11-12".into(),
                    empty: "No rated game yet".into(),
                },
                Chart {
                    title: "Wallet".into(),
                    series: vec![],
                    from: String::new(),
                    to: String::new(),
                    empty: "No money moved yet".into(),
                },
            ],
            table: vec![
                vec!["Game".into(), "Black".into(), "Orange".into()],
                vec!["Classic Jetan".into(), "3–1–0".into(), "2–0–1".into()],
            ],
            facts: vec![("Streak".into(), "3 wins".into())],
        }
    }

    #[test]
    fn a_profile_is_a_png_as_wide_as_the_layout_and_as_tall_as_its_parts() {
        let c = card();
        let img = profile_image(&c).unwrap();
        assert_eq!(img.width(), W as u32);
        let mut shorter = c.clone();
        shorter.facts.clear();
        assert!(profile_image(&shorter).unwrap().height() < img.height());
        let png = profile_png(&c).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }

    /// The lines are drawn in their colours inside the plot; an empty chart draws none.
    #[test]
    fn series_are_drawn_in_their_colours_and_an_empty_chart_has_none() {
        let img = profile_image(&card()).unwrap();
        let has = |c: Rgb, y0: u32, y1: u32| {
            (y0..y1).any(|y| (0..img.width()).any(|x| img.get_pixel(x, y).0 == c))
        };
        // The first chart spans about y 104–370, the second below it.
        assert!(has(LINES[0], 150, 320));
        assert!(has(LINES[1], 150, 320));
        assert!(!has(LINES[0], 380, 600));
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let (lo, hi, step) = ticks(1338.0, 1662.0);
        assert!(lo <= 1338.0 && hi >= 1662.0);
        assert_eq!(step, 200.0);
        assert_eq!((lo, hi), (1200.0, 1800.0));
        let (lo, hi, step) = ticks(0.0, 0.0);
        assert!(lo < 0.0 && hi > 0.0 && step >= 1.0);
        let (lo, hi, _) = ticks(1500.0, 1500.0);
        assert!(lo < 1500.0 && hi > 1500.0);
    }
}
