//! Animated GIF replays: one frame per position, drawn like the board pictures: the last
//! move highlighted and captioned in the side panel (move number, notation, the piece it
//! killed or the duel it fought), the result on the final frame; small enough for a
//! Discord attachment.

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;
use jetan_rules::{AttackerWins, ByColor, Color, Move, Position, Report, Role};

use crate::palette::Palette;
use crate::RenderError;

use super::board::Renderer;
use super::labels::Labels;
use super::view::{BoardShape, View};

/// Discord's attachment size limit without boosts: 8 MiB.
pub const DISCORD_ATTACHMENT_LIMIT: usize = 8 * 1024 * 1024;

/// How a replay looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The players' display names (empty: the colour's name).
    pub names: ByColor<String>,
    /// The side at the bottom, for the whole replay.
    pub orientation: Color,
    /// The result shown on the final frame as free text. `None`: the final position's
    /// [`outcome`](Position::outcome) in [`labels`](Self::labels), if the game is over.
    pub result: Option<String>,
    /// How long each frame shows, in milliseconds.
    pub frame_delay_ms: u32,
    /// How long the final frame shows, in milliseconds.
    pub final_delay_ms: u32,
    /// The square size to try first, in pixels.
    pub square: u32,
    /// The largest GIF wanted, in bytes: if a replay comes out bigger, it is drawn again
    /// with smaller squares (down to [`Renderer::MIN_SQUARE`]).
    pub max_bytes: usize,
    /// Every word drawn on the frames.
    pub labels: Labels,
    /// The board's shape.
    pub shape: BoardShape,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay {
            names: ByColor::default(),
            orientation: Color::Black,
            result: None,
            frame_delay_ms: 1000,
            final_delay_ms: 5000,
            square: 40,
            max_bytes: DISCORD_ATTACHMENT_LIMIT,
            labels: Labels::default(),
            shape: BoardShape::Square,
        }
    }
}

/// An animated GIF of a game: `positions[0]` is the start, `positions[i + 1]` the position
/// after `moves[i]`. One frame per position; each after the first highlights the move
/// that led to it and the piece it killed; the final frame shows the result and lasts
/// longer. If the GIF exceeds [`Replay::max_bytes`], it is drawn again with smaller
/// squares; the smallest attempt is returned even if still too big.
///
/// # Errors
/// [`RenderError::EmptyReplay`] without positions, [`RenderError::MoveCount`] unless there
/// is exactly one move fewer than positions, [`RenderError::Gif`] if encoding fails,
/// [`RenderError::Font`] if the embedded font is broken.
pub fn replay_gif(
    positions: &[Position],
    moves: &[Move],
    replay: &Replay,
) -> Result<Vec<u8>, RenderError> {
    if positions.is_empty() {
        return Err(RenderError::EmptyReplay);
    }
    if moves.len() + 1 != positions.len() {
        return Err(RenderError::MoveCount {
            positions: positions.len(),
            moves: moves.len(),
        });
    }
    let mut square = replay
        .square
        .clamp(Renderer::MIN_SQUARE, Renderer::MAX_SQUARE);
    loop {
        let renderer = Renderer::new(square)?;
        let gif = encode(&renderer, positions, moves, replay)?;
        if gif.len() <= replay.max_bytes || square <= Renderer::MIN_SQUARE {
            return Ok(gif);
        }
        square = (square * 4 / 5).max(Renderer::MIN_SQUARE);
    }
}

/// What `m` did between `before` and `after`, as the rules report it: the move is played
/// again, with the duel (in Manator) decided the way that gives `after`.
fn report(before: &Position, after: &Position, m: Move) -> Report {
    let mut won = before.clone();
    let report = won.play_unchecked(m, &mut AttackerWins);
    if report.duel.is_none() || won.board() == after.board() {
        return report;
    }
    let mut lost = before.clone();
    lost.play_unchecked(m, &mut |_: Role, _: Role| false)
}

/// The view of frame `i`.
fn frame_view(positions: &[Position], moves: &[Move], replay: &Replay, i: usize) -> View {
    let mut view = View::new(replay.orientation)
        .with_labels(replay.labels.clone())
        .with_shape(replay.shape);
    view.names = replay.names.clone();
    if i > 0 {
        view = view.with_report(&report(&positions[i - 1], &positions[i], moves[i - 1]));
    }
    if i + 1 == positions.len() {
        view.result = replay.result.clone();
        if let Some(o) = positions[i].outcome() {
            view.outcome = Some(o);
        }
    } else {
        view.outcome = None;
    }
    view
}

/// Index 255 of the palette marks pixels unchanged since the previous frame.
const TRANSPARENT: u8 = 255;

fn encode(
    renderer: &Renderer,
    positions: &[Position],
    moves: &[Move],
    replay: &Replay,
) -> Result<Vec<u8>, RenderError> {
    let gif_err = |e: gif::EncodingError| RenderError::Gif(e.to_string());
    let (w, h) = renderer.size();
    let (w16, h16) = (
        u16::try_from(w).map_err(|_| RenderError::Gif("frame too wide".into()))?,
        u16::try_from(h).map_err(|_| RenderError::Gif("frame too tall".into()))?,
    );
    let n = positions.len();
    let render = |i: usize| {
        renderer.draw(
            &positions[i],
            &frame_view(positions, moves, replay, i),
            true,
        )
    };

    // A fixed palette: the theme's colours, then the most common others of a few frames.
    let first = render(0);
    let last = render(n - 1);
    let mut samples = vec![first.clone(), last];
    for k in 1..4 {
        let i = n * k / 4;
        if i > 0 && i < n - 1 {
            samples.push(render(i));
        }
    }
    let quant = Palette::from_samples(&samples.iter().collect::<Vec<_>>());
    let quant = &quant;
    drop(samples);

    let mut out = Vec::new();
    {
        let mut enc = Encoder::new(&mut out, w16, h16, &quant.bytes()).map_err(gif_err)?;
        enc.set_repeat(Repeat::Infinite).map_err(gif_err)?;
        let (wu, hu) = (w as usize, h as usize);
        // The picture so far, as palette indices, and the last frame drawn.
        let mut shown = vec![0; wu * hu];
        quant.map(first.as_raw(), &mut shown);
        let mut prev_rgb = first;
        for i in 0..n {
            let delay_ms = if i + 1 == n {
                replay.final_delay_ms
            } else {
                replay.frame_delay_ms
            };
            let delay = u16::try_from(delay_ms / 10).unwrap_or(u16::MAX);
            if i == 0 {
                let frame = Frame {
                    width: w16,
                    height: h16,
                    buffer: std::borrow::Cow::Borrowed(&shown),
                    delay,
                    ..Frame::default()
                };
                enc.write_frame(&frame).map_err(gif_err)?;
                continue;
            }
            let rgb = render(i);
            for frame in delta_frames(quant, &prev_rgb, &rgb, &mut shown, wu, hu, delay) {
                enc.write_frame(&frame).map_err(gif_err)?;
            }
            prev_rgb = rgb;
        }
    }
    Ok(out)
}

/// A changed row: its new palette indices and the segments that differ.
type ChangedRow = (Vec<u8>, Vec<(usize, usize)>);

/// Unchanged rows or columns that split a change into two rectangles.
const GAP: usize = 12;

/// Groups the indices where `flag` is set into runs, merging runs less than [`GAP`] apart.
fn runs(flags: impl Iterator<Item = bool>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (i, f) in flags.enumerate() {
        if !f {
            continue;
        }
        match out.last_mut() {
            Some((_, end)) if i - *end < GAP => *end = i + 1,
            _ => out.push((i, i + 1)),
        }
    }
    out
}

/// The frames that turn the `shown` picture (the indices of `prev`) into `cur`: one per
/// separate rectangle of changed pixels (the two strips and the board change apart),
/// unchanged pixels transparent. All but the last show for 20 ms, the last for the rest
/// of `delay` (browsers stretch delays under 20 ms to 100). Updates `shown`.
#[allow(clippy::too_many_arguments)]
fn delta_frames(
    quant: &Palette,
    prev: &RgbImage,
    cur: &RgbImage,
    shown: &mut [u8],
    w: usize,
    h: usize,
    delay: u16,
) -> Vec<Frame<'static>> {
    let (prev, cur) = (prev.as_raw(), cur.as_raw());
    // Row by row: the new indices of the rows that changed, and their changed segments.
    let mut rows: Vec<Option<ChangedRow>> = vec![None; h];
    let mut row = vec![0u8; w];
    for (y, slot) in rows.iter_mut().enumerate() {
        let span = y * w * 3..(y + 1) * w * 3;
        if prev[span.clone()] == cur[span.clone()] {
            continue;
        }
        // Map only the pixels whose colour changed.
        let (p, c) = (&prev[span.clone()], &cur[span]);
        let changed = runs((0..w).map(|x| p[3 * x..3 * x + 3] != c[3 * x..3 * x + 3]));
        let (Some(&(lo, _)), Some(&(_, hi))) = (changed.first(), changed.last()) else {
            continue;
        };
        let old = &shown[y * w..(y + 1) * w];
        row.copy_from_slice(old);
        for &(a, b) in &changed {
            quant.map(&c[3 * a..3 * b], &mut row[a..b]);
        }
        let segments: Vec<(usize, usize)> =
            runs(old[lo..hi].iter().zip(&row[lo..hi]).map(|(a, b)| a != b))
                .into_iter()
                .map(|(a, b)| (a + lo, b + lo))
                .collect();
        if !segments.is_empty() {
            *slot = Some((row.clone(), segments));
        }
    }
    let mut rects = Vec::new();
    for (y0, y1) in runs(rows.iter().map(Option::is_some)) {
        let mut cols = vec![false; w];
        for (_, segments) in rows[y0..y1].iter().flatten() {
            for &(a, b) in segments {
                cols[a..b].iter_mut().for_each(|c| *c = true);
            }
        }
        for (x0, x1) in runs(cols.into_iter()) {
            // Trim the rows this column range does not change.
            let touches = |y: usize| {
                rows[y]
                    .as_ref()
                    .is_some_and(|(_, segs)| segs.iter().any(|&(a, b)| a < x1 && b > x0))
            };
            let ya = (y0..y1).find(|&y| touches(y));
            let yb = (y0..y1).rev().find(|&y| touches(y));
            if let (Some(ya), Some(yb)) = (ya, yb) {
                rects.push((x0, x1, ya, yb + 1));
            }
        }
    }
    if rects.is_empty() {
        // Nothing changed: a one-pixel transparent frame keeps the timing.
        return vec![Frame {
            width: 1,
            height: 1,
            buffer: std::borrow::Cow::Owned(vec![TRANSPARENT]),
            transparent: Some(TRANSPARENT),
            dispose: DisposalMethod::Keep,
            delay,
            ..Frame::default()
        }];
    }
    let short = 2u16;
    let k = rects.len() as u16;
    let mut frames = Vec::with_capacity(rects.len());
    for (i, &(x0, x1, y0, y1)) in rects.iter().enumerate() {
        let (bw, bh) = (x1 - x0, y1 - y0);
        let mut buf = vec![TRANSPARENT; bw * bh];
        for y in y0..y1 {
            let Some((new, _)) = &rows[y] else { continue };
            let out = &mut buf[(y - y0) * bw..(y - y0 + 1) * bw];
            let old = &shown[y * w + x0..y * w + x1];
            for ((o, s), n) in out.iter_mut().zip(old).zip(&new[x0..x1]) {
                if s != n {
                    *o = *n;
                }
            }
        }
        let last = i + 1 == rects.len();
        frames.push(Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: bw as u16,
            height: bh as u16,
            buffer: std::borrow::Cow::Owned(buf),
            transparent: Some(TRANSPARENT),
            dispose: DisposalMethod::Keep,
            delay: if last {
                delay.saturating_sub(short * (k - 1)).max(short)
            } else {
                short
            },
            ..Frame::default()
        });
    }
    for (y, r) in rows.iter().enumerate() {
        if let Some((new, _)) = r {
            shown[y * w..(y + 1) * w].copy_from_slice(new);
        }
    }
    frames
}
