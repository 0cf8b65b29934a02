//! The [`Renderer`]: cached board backgrounds and sprites, and the drawing of one picture.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use jetan_rules::{Color, Piece, Position, Role, Square};

use crate::paint::{blend_rect, fill_rect, fill_shape, pill, Rgb, Shape, Sprite, P};
use crate::text::Fonts;
use crate::theme;
use crate::{captured, RenderError, View};

/// Where things go in a picture, in pixels, for one square size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    /// The side of a square.
    sq: i32,
    /// The frame around the board, holding the coordinates.
    margin: i32,
    /// The height of each player strip.
    strip: i32,
    /// The whole picture.
    width: i32,
    height: i32,
    /// The top-left corner of square (0, 0) of the screen grid.
    board_x: i32,
    board_y: i32,
}

impl Layout {
    fn new(sq: u32) -> Layout {
        let sq = sq as i32;
        let margin = (sq * 34 / 100).max(8);
        let strip = (sq * 98 / 100).max(20);
        let width = 10 * sq + 2 * margin;
        let height = 2 * strip + 10 * sq + 2 * margin;
        Layout {
            sq,
            margin,
            strip,
            width,
            height,
            board_x: margin,
            board_y: strip + margin,
        }
    }

    /// The screen column and row (0..10, from the top-left) of a square.
    fn cell(orientation: Color, sq: Square) -> (i32, i32) {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        match orientation {
            Color::Black => (f, 9 - r),
            Color::Orange => (9 - f, r),
        }
    }

    /// The top-left pixel of a square.
    fn square_xy(&self, orientation: Color, sq: Square) -> (i32, i32) {
        let (c, r) = Layout::cell(orientation, sq);
        (self.board_x + c * self.sq, self.board_y + r * self.sq)
    }
}

/// Draws pictures at one size. Building one renders the two empty boards (one per
/// orientation) and every piece sprite once; each picture then starts from a copy.
/// Build one per size and keep it ([`default_renderer`](crate::default_renderer) is a
/// shared one); it is `Send + Sync`.
#[derive(Debug, Clone)]
pub struct Renderer {
    layout: Layout,
    fonts: Fonts,
    /// The empty board with frame, coordinates and strip backgrounds, Black's view then
    /// Orange's.
    bases: [RgbImage; 2],
    /// Full tokens, indexed by [`piece_index`].
    tokens: Vec<Sprite>,
    /// Small tokens for the captured rows.
    minis: Vec<Sprite>,
    /// Medium tokens for the killed-piece marker.
    killed: Vec<Sprite>,
    swatches: [Sprite; 2],
    dot: Sprite,
    ring: Sprite,
    escape: Sprite,
    danger: Sprite,
}

fn piece_index(p: Piece) -> usize {
    (p.color as usize) * Role::ALL.len() + p.role as usize
}

fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.into_iter().map(move |role| Piece { color, role }))
}

impl Renderer {
    /// The square size of the shared renderer: an 800 × 800 board.
    pub const DEFAULT_SQUARE: u32 = 80;
    /// The smallest square size; smaller requests are raised to it.
    pub const MIN_SQUARE: u32 = 16;
    /// The largest square size; larger requests are lowered to it.
    pub const MAX_SQUARE: u32 = 200;

    /// A renderer drawing squares of `square` pixels (clamped to
    /// [`MIN_SQUARE`](Self::MIN_SQUARE)..=[`MAX_SQUARE`](Self::MAX_SQUARE)).
    ///
    /// # Errors
    /// [`RenderError::Font`] if the embedded font is broken.
    pub fn new(square: u32) -> Result<Renderer, RenderError> {
        let sq = square.clamp(Self::MIN_SQUARE, Self::MAX_SQUARE);
        let layout = Layout::new(sq);
        let fonts = Fonts::load()?;
        let bases = [Color::Black, Color::Orange].map(|o| base_image(&fonts, layout, o));
        let tokens = all_pieces()
            .map(|p| theme::token(&fonts, p.color, p.role, sq))
            .collect();
        let mini = (sq * 30 / 100).max(8);
        let minis = all_pieces()
            .map(|p| theme::mini_token(p.color, p.role, mini))
            .collect();
        let kill = (sq * 40 / 100).max(8);
        let killed = all_pieces()
            .map(|p| theme::mini_token(p.color, p.role, kill))
            .collect();
        let sw = (sq * 50 / 100).max(8);
        let swatches = [Color::Black, Color::Orange].map(|c| theme::swatch(c, sw));
        let s = sq as f32;
        let c = P(s / 2.0, s / 2.0);
        let mut dot = Sprite::new(sq, sq);
        dot.fill(&Shape::Circle { c, r: 0.15 * s }, theme::HINT, 0.8, 1.0);
        let mut ring = Sprite::new(sq, sq);
        ring.fill(
            &Shape::Ring {
                c,
                r: 0.455 * s,
                w: 0.075 * s,
            },
            theme::HINT,
            0.85,
            1.0,
        );
        let mut escape = Sprite::new(sq, sq);
        let diamond = |r: f32| {
            Shape::Poly(vec![
                P(c.0, c.1 - r),
                P(c.0 + r, c.1),
                P(c.0, c.1 + r),
                P(c.0 - r, c.1),
            ])
        };
        escape.fill(&diamond(0.22 * s), [255, 255, 255], 0.55, 1.0);
        escape.fill(&diamond(0.18 * s), theme::ESCAPE, 0.95, 1.0);
        escape.fill(&diamond(0.06 * s), [255, 255, 255], 0.9, 1.0);
        let mut danger = Sprite::new(sq, sq);
        let whole = Shape::Poly(vec![P(0.0, 0.0), P(s, 0.0), P(s, s), P(0.0, s)]);
        danger.fill(&whole, theme::DANGER, 0.3, 1.0);
        danger.fill(
            &Shape::Circle { c, r: 0.4 * s },
            theme::DANGER,
            0.95,
            0.3 * s,
        );
        Ok(Renderer {
            layout,
            fonts,
            bases,
            tokens,
            minis,
            killed,
            swatches,
            dot: dot.finish(),
            ring: ring.finish(),
            escape: escape.finish(),
            danger: danger.finish(),
        })
    }

    /// The side of a square in pixels.
    pub fn square_size(&self) -> u32 {
        self.layout.sq as u32
    }

    /// The width and height of every picture.
    pub fn size(&self) -> (u32, u32) {
        (self.layout.width as u32, self.layout.height as u32)
    }

    /// The board area of every picture: its top-left corner and its side (10 squares).
    pub fn board_area(&self) -> (u32, u32, u32) {
        (
            self.layout.board_x as u32,
            self.layout.board_y as u32,
            10 * self.layout.sq as u32,
        )
    }

    /// The top-left pixel of `sq` in a picture with `orientation` at the bottom.
    pub fn square_origin(&self, orientation: Color, sq: Square) -> (u32, u32) {
        let (x, y) = self.layout.square_xy(orientation, sq);
        (x as u32, y as u32)
    }

    /// The colour of an empty, unmarked square.
    pub fn square_color(sq: Square) -> [u8; 3] {
        if sq.is_black() {
            theme::SQUARE_DARK
        } else {
            theme::SQUARE_LIGHT
        }
    }

    /// Draws the picture of `pos` as `view` asks.
    pub fn image(&self, pos: &Position, view: &View) -> RgbImage {
        let l = self.layout;
        let o = view.orientation;
        let mut img = self.bases[o as usize].clone();
        let over = view.result.is_some();

        // Square highlights.
        if let Some(last) = view.last_move {
            for sq in [last.from, last.to] {
                let (x, y) = l.square_xy(o, sq);
                blend_rect(&mut img, x, y, l.sq, l.sq, theme::LAST_MOVE, 0.6);
            }
        }
        let selected_moves = match view.selected {
            Some(sq) => {
                let (x, y) = l.square_xy(o, sq);
                blend_rect(&mut img, x, y, l.sq, l.sq, theme::SELECTED, 0.55);
                if over {
                    None
                } else {
                    Some(pos.moves_from(sq))
                }
            }
            None => None,
        };
        let turn = pos.turn();
        let danger = !over && pos.princess_in_danger(turn);
        if danger {
            if let Some(sq) = pos.board().royal(turn, Role::Princess) {
                let (x, y) = l.square_xy(o, sq);
                self.danger.draw(&mut img, x, y);
            }
        }

        // Pieces.
        for (sq, piece) in pos.board().pieces() {
            let (x, y) = l.square_xy(o, sq);
            self.tokens[piece_index(piece)].draw(&mut img, x, y);
        }

        // Destinations of the selected piece.
        if let Some(moves) = &selected_moves {
            for m in moves.iter() {
                let (x, y) = l.square_xy(o, m.to);
                let mark = if m.escape {
                    &self.escape
                } else if m.capture.is_some() {
                    &self.ring
                } else {
                    &self.dot
                };
                mark.draw(&mut img, x, y);
            }
        }

        // The piece the last move killed, struck through in the end square's corner.
        if let Some(killed) = view.last_move.and_then(|m| m.killed.map(|k| (m.to, k))) {
            let (sq, piece) = killed;
            let (x, y) = l.square_xy(o, sq);
            let sprite = &self.killed[piece_index(piece)];
            let (kx, ky) = (x + l.sq - sprite.w as i32, y);
            sprite.draw(&mut img, kx, ky);
            let s = sprite.w as f32;
            let (cx, cy) = (kx as f32 + s / 2.0, ky as f32 + s / 2.0);
            let w = (s * 0.09).max(1.0);
            fill_shape(
                &mut img,
                &Shape::Ring {
                    c: P(cx, cy),
                    r: s * 0.5 - w,
                    w,
                },
                theme::DANGER,
                1.0,
            );
            let d = s * 0.33;
            fill_shape(
                &mut img,
                &Shape::Capsule {
                    a: P(cx - d, cy + d),
                    b: P(cx + d, cy - d),
                    r: w * 0.75,
                },
                theme::DANGER,
                1.0,
            );
        }

        // Player strips: the viewer's side at the bottom.
        let taken = captured(pos);
        for (color, top) in [(o.other(), 0), (o, l.height - l.strip)] {
            self.strip(&mut img, pos, view, color, top, &taken[color], danger);
        }

        if let Some(result) = &view.result {
            self.banner(&mut img, result, pos.ply());
        }
        img
    }

    /// Draws one player's strip at height `top`.
    #[allow(clippy::too_many_arguments)]
    fn strip(
        &self,
        img: &mut RgbImage,
        pos: &Position,
        view: &View,
        color: Color,
        top: i32,
        taken: &[Role],
        danger: bool,
    ) {
        let l = self.layout;
        let s = l.sq as f32;
        let h = l.strip as f32;
        let top_f = top as f32;
        let over = view.result.is_some();
        let active = !over && pos.turn() == color;
        if active {
            fill_rect(img, 0, top, l.width, l.strip, theme::STRIP_ACTIVE);
            fill_rect(img, 0, top, (l.sq / 12).max(2), l.strip, theme::LAST_MOVE);
        }
        let sw = &self.swatches[color as usize];
        sw.draw(img, l.margin, top + (l.strip - sw.h as i32) / 2);
        let text_x = (l.margin + sw.w as i32) as f32 + 0.2 * s;
        let right = (l.width - l.margin) as f32;
        let line1 = top_f + 0.46 * h;
        let line2 = top_f + 0.8 * h;

        // Line 1, right: the captured pieces and their value.
        let name_px = 0.3 * s;
        let small_px = 0.185 * s;
        let mut x = right;
        if !taken.is_empty() {
            let value: u32 = taken.iter().map(|r| r.value()).sum();
            let label = format!("+{value}");
            let w = self.fonts.width(&label, 0.24 * s);
            x -= w;
            self.fonts
                .draw(img, &label, 0.24 * s, x, line1, theme::TEXT);
            x -= 0.12 * s;
            let mini = self.minis[0].w as f32;
            // Pieces of one kind overlap; kinds are set apart.
            let (same, apart) = (mini * 0.42, mini * 1.08);
            let kinds = taken.windows(2).filter(|w| w[0] != w[1]).count() as f32;
            let n = taken.len() as f32;
            let row = mini + same * (n - 1.0 - kinds) + apart * kinds;
            let mut mx = x - row;
            let my = line1 - self.fonts.cap_height(0.24 * s) / 2.0 - mini / 2.0;
            for (i, role) in taken.iter().enumerate() {
                if i > 0 {
                    mx += if taken[i - 1] == *role { same } else { apart };
                }
                let p = Piece {
                    color: color.other(),
                    role: *role,
                };
                self.minis[piece_index(p)].draw(img, mx.round() as i32, my.round() as i32);
            }
            x -= row + 0.2 * s;
        }

        // Line 1, left: the name, shortened to the room left.
        let name = match view.names[color].trim() {
            "" => color.name(),
            n => n,
        };
        let fitted = self.fonts.fit(name, name_px, (x - text_x).max(0.0));
        self.fonts
            .draw(img, &fitted, name_px, text_x, line1, theme::TEXT);

        // Line 2, right: pills.
        let pill_h = 0.28 * s;
        let pill_px = 0.165 * s;
        let mut px = right;
        let mut pills: Vec<(String, Rgb, Rgb)> = Vec::new();
        if active {
            pills.push(("TO MOVE".into(), theme::LAST_MOVE, [30, 24, 10]));
            if danger {
                pills.push(("PRINCESS THREATENED".into(), theme::DANGER, [255, 255, 255]));
            }
            if let Some(n) = pos.countdown() {
                let text = format!("COUNTDOWN {n}");
                pills.push((text, theme::AMBER, [30, 24, 10]));
            }
        }
        for (text, bg, fg) in pills {
            let w = self.fonts.width(&text, pill_px) + 0.3 * s;
            px -= w;
            let y = line2 - pill_h * 0.5 - self.fonts.cap_height(pill_px) * 0.5;
            fill_shape(img, &pill(px, y, w, pill_h), bg, 1.0);
            self.fonts
                .draw_centered(img, &text, pill_px, px + w / 2.0, line2, fg);
            px -= 0.12 * s;
        }

        // Line 2, left: colour, escape and move number.
        let mut status = format!(
            "{} · escape {}",
            color.name(),
            if pos.escape_available(color) {
                "ready"
            } else {
                "used"
            }
        );
        if active {
            status.push_str(&format!(" · move {}", pos.ply() + 1));
        }
        let status = self.fonts.fit(&status, small_px, (px - text_x).max(0.0));
        self.fonts
            .draw(img, &status, small_px, text_x, line2, theme::TEXT_DIM);
    }

    /// The result banner across the middle of the board.
    fn banner(&self, img: &mut RgbImage, result: &str, plies: u32) {
        let l = self.layout;
        let s = l.sq as f32;
        let bh = (1.5 * s) as i32;
        let by = l.board_y + 5 * l.sq - bh / 2;
        blend_rect(img, l.board_x, by, 10 * l.sq, bh, [16, 13, 11], 0.9);
        fill_rect(
            img,
            l.board_x,
            by,
            10 * l.sq,
            (l.sq / 20).max(1),
            theme::LAST_MOVE,
        );
        fill_rect(
            img,
            l.board_x,
            by + bh - (l.sq / 20).max(1),
            10 * l.sq,
            (l.sq / 20).max(1),
            theme::LAST_MOVE,
        );
        let max_w = 9.4 * s;
        let result = self.fonts.fit(result, 0.36 * s, f32::MAX);
        let mut px = 0.36 * s;
        while px > 0.22 * s && self.fonts.width(&result, px) > max_w {
            px *= 0.92;
        }
        let text = self.fonts.fit(&result, px, max_w);
        let cx = l.board_x as f32 + 5.0 * s;
        let mid = by as f32 + bh as f32 * 0.47;
        self.fonts
            .draw_centered(img, &text, px, cx, mid, theme::TEXT);
        let sub = format!("after {plies} moves");
        self.fonts.draw_centered(
            img,
            &sub,
            0.2 * s,
            cx,
            by as f32 + bh as f32 * 0.8,
            theme::TEXT_DIM,
        );
    }

    /// The picture as PNG bytes.
    ///
    /// # Errors
    /// [`RenderError::Png`] if encoding fails.
    pub fn png(&self, pos: &Position, view: &View) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.image(pos, view))
    }
}

/// Encodes an RGB picture as PNG: deflate level 1 with the Paeth filter measured best for
/// these pictures (level 4 is 25% smaller and three times slower; the ultra-fast mode is
/// twice as big).
pub(crate) fn encode_png(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(128 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::Paeth)
        .write_image(img, img.width(), img.height(), ExtendedColorType::Rgb8)
        .map_err(|e| RenderError::Png(e.to_string()))?;
    Ok(out)
}

/// The empty board for one orientation: strips, frame, squares and coordinates.
fn base_image(fonts: &Fonts, l: Layout, o: Color) -> RgbImage {
    let mut img = RgbImage::from_pixel(l.width as u32, l.height as u32, image::Rgb(theme::STRIP));
    fill_rect(
        &mut img,
        0,
        l.strip,
        l.width,
        10 * l.sq + 2 * l.margin,
        theme::FRAME,
    );
    for sq in Square::all() {
        let (x, y) = l.square_xy(o, sq);
        fill_rect(&mut img, x, y, l.sq, l.sq, Renderer::square_color(sq));
    }
    let s = l.sq as f32;
    let px = (0.24 * s).max(7.0);
    let cap = fonts.cap_height(px);
    let m = l.margin as f32;
    for i in 0..10u8 {
        let (Some(file_sq), Some(rank_sq)) = (Square::new(i, 0), Square::new(0, i)) else {
            continue;
        };
        let (col, _) = Layout::cell(o, file_sq);
        let (_, row) = Layout::cell(o, rank_sq);
        let file = file_sq.file_char().to_string();
        let rank = (i + 1).to_string();
        let cx = l.board_x as f32 + (col as f32 + 0.5) * s;
        let cy = l.board_y as f32 + (row as f32 + 0.5) * s;
        let top = l.board_y as f32 - m / 2.0 + cap / 2.0;
        let bottom = l.board_y as f32 + 10.0 * s + m / 2.0 + cap / 2.0;
        for base in [top, bottom] {
            fonts.draw_centered(&mut img, &file, px, cx, base, theme::FRAME_TEXT);
        }
        for x in [m / 2.0, l.width as f32 - m / 2.0] {
            fonts.draw_centered(
                &mut img,
                &rank,
                px * 0.92,
                x,
                cy + cap / 2.0,
                theme::FRAME_TEXT,
            );
        }
    }
    img
}
