//! Animated GIF replays: one frame per position, the last move highlighted, the result on
//! the final frame; small enough for a Discord attachment.

use std::collections::HashMap;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;
use jetan_rules::{ByColor, Color, Move, Piece, Position};

use crate::render::Renderer;
use crate::{theme, LastMove, RenderError, View};

/// Discord's attachment size limit without boosts: 8 MiB.
pub const DISCORD_ATTACHMENT_LIMIT: usize = 8 * 1024 * 1024;

/// How a replay looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The players' display names (empty: the colour's name).
    pub names: ByColor<String>,
    /// The side at the bottom, for the whole replay.
    pub orientation: Color,
    /// The result shown on the final frame. `None`: the final position's
    /// [`outcome`](Position::outcome), if the game is over.
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
}

impl Default for Replay {
    fn default() -> Replay {
        Replay {
            names: ByColor::default(),
            orientation: Color::Black,
            result: None,
            frame_delay_ms: 1000,
            final_delay_ms: 5000,
            square: 48,
            max_bytes: DISCORD_ATTACHMENT_LIMIT,
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

/// The view of frame `i`.
fn frame_view(positions: &[Position], moves: &[Move], replay: &Replay, i: usize) -> View {
    let mut view = View::new(replay.orientation);
    view.names = replay.names.clone();
    if i > 0 {
        let (before, after, m) = (&positions[i - 1], &positions[i], &moves[i - 1]);
        let mover = before.board().piece_at(m.from).unwrap_or(Piece {
            color: before.turn(),
            role: m.role,
        });
        let killed = before.board().piece_at(m.to).map(|victim| {
            if after.board().piece_at(m.to) == Some(victim) {
                mover
            } else {
                victim
            }
        });
        view.last_move = Some(LastMove {
            from: m.from,
            to: m.to,
            killed,
        });
    }
    if i + 1 == positions.len() {
        view.result = replay
            .result
            .clone()
            .or_else(|| positions[i].outcome().map(|o| o.to_string()));
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
    let render = |i: usize| renderer.image(&positions[i], &frame_view(positions, moves, replay, i));

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
    let mut quant = Quantizer::new(&samples);
    drop(samples);

    let mut out = Vec::new();
    {
        let mut enc = Encoder::new(&mut out, w16, h16, &quant.palette_bytes()).map_err(gif_err)?;
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
            let frame = delta_frame(&mut quant, &prev_rgb, &rgb, &mut shown, wu, hu, delay);
            enc.write_frame(&frame).map_err(gif_err)?;
            prev_rgb = rgb;
        }
    }
    Ok(out)
}

/// The frame that turns the `shown` picture (the indices of `prev`) into `cur`: the
/// bounding box of the changed pixels, unchanged ones transparent. Updates `shown`.
#[allow(clippy::too_many_arguments)]
fn delta_frame<'a>(
    quant: &mut Quantizer,
    prev: &RgbImage,
    cur: &RgbImage,
    shown: &mut [u8],
    w: usize,
    h: usize,
    delay: u16,
) -> Frame<'a> {
    let (prev, cur) = (prev.as_raw(), cur.as_raw());
    let mut changed: Vec<(usize, Vec<u8>)> = Vec::new();
    let (mut x0, mut x1) = (w, 0);
    let mut row = vec![0u8; w];
    for y in 0..h {
        let span = y * w * 3..(y + 1) * w * 3;
        if prev[span.clone()] == cur[span.clone()] {
            continue;
        }
        quant.map(&cur[span], &mut row);
        let old = &shown[y * w..(y + 1) * w];
        let Some(first) = old.iter().zip(&row).position(|(a, b)| a != b) else {
            continue;
        };
        let last = w
            - 1
            - old
                .iter()
                .rev()
                .zip(row.iter().rev())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last + 1);
        changed.push((y, row.clone()));
    }
    let (Some(&(y0, _)), Some(&(y_last, _))) = (changed.first(), changed.last()) else {
        // Nothing changed: a one-pixel transparent frame keeps the timing.
        return Frame {
            width: 1,
            height: 1,
            buffer: std::borrow::Cow::Owned(vec![TRANSPARENT]),
            transparent: Some(TRANSPARENT),
            dispose: DisposalMethod::Keep,
            delay,
            ..Frame::default()
        };
    };
    let (bw, bh) = (x1 - x0, y_last + 1 - y0);
    let mut buf = vec![TRANSPARENT; bw * bh];
    for (y, new) in changed {
        let old = &mut shown[y * w..(y + 1) * w];
        let out = &mut buf[(y - y0) * bw..(y - y0 + 1) * bw];
        for ((o, s), n) in out.iter_mut().zip(&mut old[x0..x1]).zip(&new[x0..x1]) {
            if s != n {
                *o = *n;
                *s = *n;
            }
        }
    }
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: bw as u16,
        height: bh as u16,
        buffer: std::borrow::Cow::Owned(buf),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        delay,
        ..Frame::default()
    }
}

/// Maps colours to a fixed palette of at most 255 entries, with a lookup table on 6 bits
/// per channel filled as colours are met.
struct Quantizer {
    palette: Vec<[u8; 3]>,
    lut: Vec<u16>,
}

const UNKNOWN: u16 = u16::MAX;

impl Quantizer {
    fn new(samples: &[RgbImage]) -> Quantizer {
        let mut palette: Vec<[u8; 3]> = Vec::with_capacity(255);
        let push = |palette: &mut Vec<[u8; 3]>, c: [u8; 3], min_dist: u32| {
            if palette.len() < 255 && palette.iter().all(|p| dist(*p, c) > min_dist) {
                palette.push(c);
            }
        };
        for c in theme::KEY_COLORS {
            push(&mut palette, c, 0);
        }
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for img in samples {
            for p in img.as_raw().chunks_exact(3).step_by(2) {
                *counts.entry([p[0], p[1], p[2]]).or_insert(0) += 1;
            }
        }
        let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for min_dist in [48, 12, 0] {
            for (c, _) in &by_count {
                push(&mut palette, *c, min_dist);
            }
        }
        Quantizer {
            palette,
            lut: vec![UNKNOWN; 1 << 18],
        }
    }

    /// The global palette as GIF wants it: 256 entries, the last one transparent.
    fn palette_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.palette.iter().flatten().copied().collect();
        bytes.resize(256 * 3, 0);
        bytes
    }

    /// Maps RGB bytes to palette indices.
    fn map(&mut self, rgb: &[u8], out: &mut [u8]) {
        for (p, o) in rgb.chunks_exact(3).zip(out.iter_mut()) {
            let key = (usize::from(p[0] >> 2) << 12)
                | (usize::from(p[1] >> 2) << 6)
                | usize::from(p[2] >> 2);
            let mut idx = self.lut[key];
            if idx == UNKNOWN {
                let c = [p[0], p[1], p[2]];
                idx = self
                    .palette
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, q)| dist(**q, c))
                    .map_or(0, |(i, _)| i as u16);
                self.lut[key] = idx;
            }
            *o = idx as u8;
        }
    }
}

fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3)
        .map(|i| {
            let d = i32::from(a[i]) - i32::from(b[i]);
            (d * d) as u32
        })
        .sum()
}
