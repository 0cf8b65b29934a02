//! The [`Renderer`]: cached board backgrounds, square tiles and sprites, and the drawing of
//! one picture.
//!
//! The picture is close to square so a chat client's height-capped preview keeps the board
//! large: the top player's strip, then the board with rank numbers on its left and a side
//! panel on its right (whose turn it is or the result, and what the last move did), file
//! letters under the board, and the bottom player's strip.

use image::RgbImage;
use imageproc::drawing::{draw_filled_rect_mut, draw_hollow_rect_mut};
use imageproc::rect::Rect;
use jetan_rules::{Color, Piece, Position, Role, Square};

use std::f32::consts::PI;

use crate::paint::{blend_pixel, blend_rect, fill_rect, fill_shape, pill, Rgb, Shape, Sprite, P};
use crate::palette::Palette;
use crate::text::Fonts;
use crate::theme;
use crate::RenderError;

use super::pieces::{captured, duel_odds};
use super::sprites;
use super::view::{BoardShape, LastMove, TokenSpot, View};

/// Where things go in a picture, in pixels, for one square size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    /// The side of a square.
    pub(super) sq: i32,
    /// The frame left of the board (rank numbers) and under it (file letters).
    pub(super) margin: i32,
    /// The height of each player strip.
    pub(super) strip: i32,
    /// The gap between the board and the side panel, and right of the panel.
    pub(super) gap: i32,
    /// The side panel's width.
    pub(super) panel_w: i32,
    /// The whole picture.
    pub(super) width: i32,
    pub(super) height: i32,
    /// The top-left corner of square (0, 0) of the screen grid.
    pub(super) board_x: i32,
    pub(super) board_y: i32,
    /// The side panel's left edge (its top is the board's).
    pub(super) panel_x: i32,
}

impl Layout {
    fn new(sq: u32) -> Layout {
        let sq = sq as i32;
        let f = |k: f32| (sq as f32 * k).round() as i32;
        let margin = f(0.36).max(8);
        let strip = f(1.05).max(20);
        let gap = f(0.14).max(2);
        let panel_w = f(1.9);
        let board_x = margin;
        let board_y = strip;
        let panel_x = board_x + 10 * sq + gap;
        Layout {
            sq,
            margin,
            strip,
            gap,
            panel_w,
            width: panel_x + panel_w + gap,
            height: strip + 10 * sq + margin + strip,
            board_x,
            board_y,
            panel_x,
        }
    }

    /// The screen column and row (0..10, from the top-left) of a square.
    pub(super) fn cell(orientation: Color, sq: Square) -> (i32, i32) {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        match orientation {
            Color::Black => (f, 9 - r),
            Color::Orange => (9 - f, r),
        }
    }

    /// The top-left pixel of a square.
    pub(super) fn square_xy(&self, orientation: Color, sq: Square) -> (i32, i32) {
        let (c, r) = Layout::cell(orientation, sq);
        (self.board_x + c * self.sq, self.board_y + r * self.sq)
    }
}

/// Square tiles for one kind of highlight: index 0 an orange square, 1 a black one.
type Tiles = [RgbImage; 2];

/// Draws pictures at one size. Building one renders the two empty boards (one per
/// orientation), the highlighted square tiles, every piece sprite and the picture
/// palette once; each picture then starts from a copy and blits. Build one per size and
/// keep it ([`default_renderer`](super::default_renderer) is a shared one); it is
/// `Send + Sync`.
#[derive(Debug, Clone)]
pub struct Renderer {
    layout: Layout,
    fonts: Fonts,
    /// The empty board with frame, coordinates and strip backgrounds, Black's view then
    /// Orange's.
    bases: [RgbImage; 2],
    /// Tokens, highlight tiles and move marks for the flat board's squares.
    flat: Cells,
    /// Small lettered tokens for the captured rows.
    minis: Vec<Sprite>,
    /// Large tokens for the killed piece in the side panel.
    big: Vec<Sprite>,
    /// Medium tokens for the two pieces of a duel.
    duelists: Vec<Sprite>,
    /// Strip swatches, then the side panel's larger ones, by colour.
    swatches: [Sprite; 2],
    panel_swatches: [Sprite; 2],
    /// The circular board drawn unrolled ([`BoardShape::Round`]): its geometry, its
    /// cells' sprites, the empty boards before the echo columns are veiled (pictures are
    /// drawn on these) and after (what an empty board looks like).
    unrolled: Unrolled,
    unrolled_cells: Cells,
    unrolled_raw: [RgbImage; 2],
    unrolled_bases: [RgbImage; 2],
    /// The circular board drawn as rings ([`BoardShape::Rings`]): its geometry, empty
    /// boards, tokens sized to the rings, and move marks (dot, ring, escape) at that size.
    round: Round,
    round_bases: [RgbImage; 2],
    round_tokens: Vec<Sprite>,
    round_marks: [Sprite; 3],
    palette: Palette,
    /// The palette indices of `bases`, `unrolled_bases` and `round_bases`: most of a
    /// picture is still its base, and encoding reuses these there.
    base_indices: [[Vec<u8>; 2]; 3],
}

/// Move marks for a cell of `size` pixels: a dot for a quiet move, a ring for a capture,
/// a diamond for the Princess's escape — a saturated core inside a light edge, so they
/// read on both square colours and over tokens.
fn marks(size: u32) -> [Sprite; 3] {
    let s = size as f32;
    let c = P(s / 2.0, s / 2.0);
    let mut dot = Sprite::new(size, size);
    dot.fill(
        &Shape::Circle { c, r: 0.2 * s },
        theme::HINT_EDGE,
        0.95,
        1.0,
    );
    dot.fill(&Shape::Circle { c, r: 0.15 * s }, theme::HINT, 1.0, 1.0);
    let mut ring = Sprite::new(size, size);
    ring.fill(
        &Shape::Ring {
            c,
            r: 0.43 * s,
            w: 0.13 * s,
        },
        theme::HINT_EDGE,
        0.95,
        1.0,
    );
    ring.fill(
        &Shape::Ring {
            c,
            r: 0.43 * s,
            w: 0.08 * s,
        },
        theme::HINT,
        1.0,
        1.0,
    );
    let mut escape = Sprite::new(size, size);
    let diamond = |r: f32| {
        Shape::Poly(vec![
            P(c.0, c.1 - r),
            P(c.0 + r, c.1),
            P(c.0, c.1 + r),
            P(c.0 - r, c.1),
        ])
    };
    escape.fill(&diamond(0.27 * s), theme::HINT_EDGE, 0.95, 1.0);
    escape.fill(&diamond(0.21 * s), theme::ESCAPE, 1.0, 1.0);
    escape.fill(&diamond(0.07 * s), theme::HINT_EDGE, 0.95, 1.0);
    [dot.finish(), ring.finish(), escape.finish()]
}

/// Sprites for the square cells of one size: tokens (indexed by [`piece_index`]),
/// highlight tiles, move marks and the threatened Princess's glow.
#[derive(Debug, Clone)]
struct Cells {
    tokens: Vec<Sprite>,
    last_from: Tiles,
    last_to: Tiles,
    selected: Tiles,
    dot: Sprite,
    ring: Sprite,
    escape: Sprite,
    danger: Sprite,
}

impl Cells {
    fn new(fonts: &Fonts, size: u32) -> Cells {
        let s = size as f32;
        let si = size as i32;
        let bases_rgb = [theme::SQUARE_LIGHT, theme::SQUARE_DARK];
        let border = (s * 0.07).round().max(1.0) as i32;
        let [dot, ring, escape] = marks(size);
        Cells {
            tokens: all_pieces()
                .map(|p| sprites::token(fonts, p.color, p.role, size))
                .collect(),
            last_from: bases_rgb.map(|b| tile(si, b, theme::LAST_MOVE, 0.45, 0)),
            last_to: bases_rgb.map(|b| tile(si, b, theme::LAST_MOVE, 0.6, border)),
            selected: bases_rgb.map(|b| tile(si, b, theme::SELECTED, 0.6, border)),
            dot,
            ring,
            escape,
            danger: sprites::glow(size),
        }
    }
}

/// The circular board (RULES.md §11) unrolled into the square board's area: the ten
/// rings as ten rows (rank 1, the outer ring, on Black's side), the ten sectors as
/// columns, and the seam between `j` and `a` shown by an echo of the file across it on
/// each side — half a column of `j` left of `a`, half a column of `a` right of `j`
/// (reversed in Orange's view), veiled and cut off by a seam line — so a move across the
/// seam is seen landing on both sides. Cells are `10/11` of a flat square: the picture
/// keeps the flat board's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Unrolled {
    /// The side of a cell.
    u: i32,
    /// The width of the echo shown on each side.
    echo: i32,
    /// The top-left corner of screen column 0, row 0.
    x0: i32,
    y0: i32,
}

impl Unrolled {
    fn new(l: Layout) -> Unrolled {
        let side = 10 * l.sq;
        let u = side / 11;
        let echo = u / 2;
        Unrolled {
            u,
            echo,
            x0: l.board_x + (side - 10 * u - 2 * echo) / 2 + echo,
            y0: l.board_y + (side - 10 * u) / 2,
        }
    }

    /// The top-left pixel of screen column `col` (−1 and 10 are the echoes), row `row`.
    fn xy(&self, col: i32, row: i32) -> (i32, i32) {
        (self.x0 + col * self.u, self.y0 + row * self.u)
    }

    /// Where a square is drawn: its cell, and for a file next to the seam its echo
    /// across it.
    fn places(&self, o: Color, sq: Square) -> [Option<(i32, i32)>; 2] {
        let (c, r) = Layout::cell(o, sq);
        let echo = match c {
            0 => Some(self.xy(10, r)),
            9 => Some(self.xy(-1, r)),
            _ => None,
        };
        [Some(self.xy(c, r)), echo]
    }

    /// The two echo strips as they show: (x, y, width, height).
    fn echo_strips(&self) -> [(i32, i32, i32, i32); 2] {
        let h = 10 * self.u;
        [
            (self.x0 - self.echo, self.y0, self.echo, h),
            (self.x0 + 10 * self.u, self.y0, self.echo, h),
        ]
    }

    /// The parts of the echo columns cut off (drawn, then restored from the base).
    fn cut_off(&self) -> [(i32, i32, i32, i32); 2] {
        let (h, w) = (10 * self.u, self.u - self.echo);
        [
            (self.x0 - self.u, self.y0, w, h),
            (self.x0 + 10 * self.u + self.echo, self.y0, w, h),
        ]
    }

    /// The seam lines' width.
    fn seam_w(&self) -> i32 {
        (self.u / 12).max(2)
    }

    /// Turns a picture drawn on the raw base into the final one: restores what the echo
    /// columns drew beyond their strips, veils the echoes and draws the seam lines.
    fn finish(&self, img: &mut RgbImage, raw: &RgbImage) {
        for (x, y, w, h) in self.cut_off() {
            restore(img, raw, x, y, w, h);
        }
        let seam = self.seam_w();
        let reach = (self.u / 4).max(3);
        for (i, (x, y, w, h)) in self.echo_strips().into_iter().enumerate() {
            blend_rect(img, x, y, w, h, theme::FRAME, ECHO_VEIL);
            // The seam: a line on the echo's side of the boundary, a little longer than
            // the board.
            let sx = if i == 0 { x + w - seam } else { x };
            fill_rect(img, sx, y - reach, seam, h + 2 * reach, sprites::SEAM);
        }
    }
}

/// How much of the frame colour veils the echo columns of the unrolled board.
const ECHO_VEIL: f32 = 0.5;

/// Copies a rectangle of `from` onto `img` (clipped).
fn restore(img: &mut RgbImage, from: &RgbImage, x: i32, y: i32, w: i32, h: i32) {
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    let (x0, y0, x1, y1) = (x.max(0), y.max(0), (x + w).min(iw), (y + h).min(ih));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let (a, b) = ((x0 * 3) as usize, (x1 * 3) as usize);
    let stride = (iw * 3) as usize;
    let src: &[u8] = from;
    let dst: &mut [u8] = img;
    for yy in y0 as usize..y1 as usize {
        let row = yy * stride;
        dst[row + a..row + b].copy_from_slice(&src[row + a..row + b]);
    }
}

/// The geometry of the round board (RULES.md §11) drawn as rings inside the square
/// board's area: ten rings of one width around a hole, rank 1 the outermost, ten sectors
/// `a`…`j` clockwise. Every ring is as wide as the token it holds; the hole is just
/// large enough for a token of the innermost ring to fit between its sector's spokes
/// with room for the rank number on the seam spoke.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Round {
    pub(super) cx: f32,
    pub(super) cy: f32,
    pub(super) outer: f32,
    width: f32,
}

/// The hole's radius in ring widths: a token of the innermost ring (radius 0.47 ring
/// widths, centred 0.5 further out) keeps clear of the spokes by the half-width of a
/// rank number (`(0.47 + 0.3) / sin 18° − 0.5 ≈ 2`).
const HOLE_RINGS: f32 = 2.0;

impl Round {
    fn new(l: Layout) -> Round {
        let s = l.sq as f32;
        // Room outside the rim for the sector letters.
        let outer = 5.0 * s - 0.36 * s;
        Round {
            cx: l.board_x as f32 + 5.0 * s,
            cy: l.board_y as f32 + 5.0 * s,
            outer,
            width: outer / (10.0 + HOLE_RINGS),
        }
    }

    /// The side of a token's sprite: its disc (0.94 of the sprite) a pixel narrower
    /// than the ring.
    pub(super) fn token_size(&self) -> u32 {
        ((self.width - 1.0) / 0.94).floor() as u32
    }

    /// The top-left pixel of a token's sprite on `sq`.
    fn token_origin(&self, o: Color, sq: Square) -> (i32, i32) {
        let ts = self.token_size() as f32;
        let (x, y) = self.centre(o, sq);
        ((x - ts / 2.0).round() as i32, (y - ts / 2.0).round() as i32)
    }

    /// Whether a point lies in the cell of `sq`.
    fn contains(&self, o: Color, sq: Square, x: f32, y: f32) -> bool {
        let (dx, dy) = (x - self.cx, y - self.cy);
        let (r0, r1) = self.radii(sq.rank());
        let r = dx.hypot(dy);
        let a = dx.atan2(-dy);
        let d = (a - self.start(o, sq.file())).rem_euclid(2.0 * PI);
        r >= r0 && r <= r1 && d <= SECTOR
    }

    /// The inner and outer radius of a rank's ring.
    pub(super) fn radii(&self, rank: u8) -> (f32, f32) {
        let o = self.outer - f32::from(rank) * self.width;
        (o - self.width, o)
    }

    /// The first angle of a file's sector (radians clockwise from straight up): Black's
    /// view starts sector `a` at the bottom, Orange's is turned half a circle.
    pub(super) fn start(&self, o: Color, file: u8) -> f32 {
        let base = match o {
            Color::Black => PI,
            Color::Orange => 0.0,
        };
        base + f32::from(file) * SECTOR
    }

    /// The point at radius `r` and angle `a`.
    pub(super) fn at(&self, r: f32, a: f32) -> (f32, f32) {
        (self.cx + r * a.sin(), self.cy - r * a.cos())
    }

    /// The centre of a cell.
    pub(super) fn centre(&self, o: Color, sq: Square) -> (f32, f32) {
        let (r0, r1) = self.radii(sq.rank());
        self.at((r0 + r1) / 2.0, self.start(o, sq.file()) + SECTOR / 2.0)
    }

    /// Paints a cell (an annular sector) in `color` at opacity `alpha`, anti-aliased.
    /// Hand-written: imageproc fills polygons without coverage, and a cell's curved edges
    /// need it to look as smooth as the square board's.
    fn fill_cell(&self, img: &mut RgbImage, o: Color, sq: Square, color: Rgb, alpha: f32) {
        let (r0, r1) = self.radii(sq.rank());
        let a0 = self.start(o, sq.file());
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for i in 0..=8 {
            let a = a0 + SECTOR * i as f32 / 8.0;
            for r in [r0, r1] {
                let (x, y) = self.at(r, a);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
        let tau = 2.0 * PI;
        for y in (y0 - 2.0).floor() as i32..(y1 + 2.0).ceil() as i32 {
            for x in (x0 - 2.0).floor() as i32..(x1 + 2.0).ceil() as i32 {
                let (dx, dy) = (x as f32 + 0.5 - self.cx, y as f32 + 0.5 - self.cy);
                let r = dx.hypot(dy);
                let a = dx.atan2(-dy).rem_euclid(tau);
                let d = (a - a0).rem_euclid(tau);
                let across = if d <= SECTOR {
                    d.min(SECTOR - d)
                } else {
                    -(d - SECTOR).min(tau - d)
                };
                let cov_r = ((r - r0).min(r1 - r) + 0.5).clamp(0.0, 1.0);
                let cov_a = (r * across + 0.5).clamp(0.0, 1.0);
                blend_pixel(img, x, y, color, alpha * cov_r * cov_a);
            }
        }
    }
}

/// The angle of one sector.
pub(super) const SECTOR: f32 = 2.0 * PI / 10.0;

fn piece_index(p: Piece) -> usize {
    (p.color as usize) * Role::ALL.len() + p.role as usize
}

fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.into_iter().map(move |role| Piece { color, role }))
}

/// A square filled with `color` (over the square colour at `alpha`) and an inner border
/// `border` pixels wide, drawn with imageproc.
fn tile(sq: i32, base: Rgb, color: Rgb, alpha: f32, border: i32) -> RgbImage {
    let mix =
        |i: usize| (f32::from(color[i]) * alpha + f32::from(base[i]) * (1.0 - alpha)).round() as u8;
    let mut t = RgbImage::new(sq as u32, sq as u32);
    draw_filled_rect_mut(
        &mut t,
        Rect::at(0, 0).of_size(sq as u32, sq as u32),
        image::Rgb([mix(0), mix(1), mix(2)]),
    );
    for i in 0..border {
        let side = (sq - 2 * i) as u32;
        draw_hollow_rect_mut(
            &mut t,
            Rect::at(i, i).of_size(side, side),
            image::Rgb(color),
        );
    }
    t
}

/// Copies a tile onto the canvas (clipped).
fn blit(img: &mut RgbImage, t: &RgbImage, x: i32, y: i32) {
    image::imageops::replace(img, t, i64::from(x), i64::from(y));
}

impl Renderer {
    /// The square size of the shared renderer: a 500 × 500 board in a picture of
    /// 627 × 622, made to be read at the ~400 pixels a chat client shows.
    pub const DEFAULT_SQUARE: u32 = 50;
    /// The smallest square size; smaller requests are raised to it.
    pub const MIN_SQUARE: u32 = 16;
    /// The largest square size; larger requests are lowered to it.
    pub const MAX_SQUARE: u32 = 200;

    /// A renderer drawing squares of `square` pixels (clamped to
    /// [`MIN_SQUARE`](Self::MIN_SQUARE)..=[`MAX_SQUARE`](Self::MAX_SQUARE)).
    ///
    /// # Errors
    /// [`RenderError::Font`] if an embedded font is broken.
    pub fn new(square: u32) -> Result<Renderer, RenderError> {
        let sq = square.clamp(Self::MIN_SQUARE, Self::MAX_SQUARE);
        let layout = Layout::new(sq);
        let fonts = Fonts::load()?;
        let bases = [Color::Black, Color::Orange].map(|o| base_image(&fonts, layout, o));
        let sized = |k: f32| ((sq as f32 * k).round() as u32).max(8);
        let minis = all_pieces()
            .map(|p| sprites::mini_token(&fonts, p.color, p.role, sized(0.46)))
            .collect();
        let big = all_pieces()
            .map(|p| sprites::token(&fonts, p.color, p.role, sized(1.3)))
            .collect();
        let duelists = all_pieces()
            .map(|p| sprites::token(&fonts, p.color, p.role, sized(1.0)))
            .collect();
        let swatches = [Color::Black, Color::Orange].map(|c| sprites::swatch(c, sized(0.6)));
        let panel_swatches = [Color::Black, Color::Orange].map(|c| sprites::swatch(c, sized(0.8)));
        let flat = Cells::new(&fonts, sq);
        let unrolled = Unrolled::new(layout);
        let unrolled_cells = Cells::new(&fonts, unrolled.u as u32);
        let unrolled_raw =
            [Color::Black, Color::Orange].map(|o| unrolled_base(&fonts, layout, unrolled, o));
        let unrolled_bases = unrolled_raw.clone().map(|mut img| {
            let raw = img.clone();
            unrolled.finish(&mut img, &raw);
            img
        });
        let round = Round::new(layout);
        let ts = round.token_size();
        let round_bases =
            [Color::Black, Color::Orange].map(|o| round_base(&fonts, layout, round, o));
        let round_tokens = all_pieces()
            .map(|p| sprites::mini_token(&fonts, p.color, p.role, ts))
            .collect();
        let mut r = Renderer {
            layout,
            fonts,
            bases,
            flat,
            minis,
            big,
            duelists,
            swatches,
            panel_swatches,
            unrolled,
            unrolled_cells,
            unrolled_raw,
            unrolled_bases,
            round,
            round_bases,
            round_tokens,
            round_marks: marks(ts),
            palette: Palette::from_samples(&[]),
            base_indices: Default::default(),
        };
        let samples = r.samples();
        r.palette = Palette::from_samples(&samples.iter().collect::<Vec<_>>());
        r.base_indices = [&r.bases, &r.unrolled_bases, &r.round_bases]
            .map(|b| b.each_ref().map(|img| r.palette.indices(img)));
        Ok(r)
    }

    /// Pictures with every kind of mark, to choose the palette from.
    fn samples(&self) -> Vec<RgbImage> {
        let sq = |t: &str| t.parse::<Square>().ok();
        let mut out = Vec::new();
        let start = Position::start();
        let mut view = View::new(Color::Black).with_names("Dejah Thoris 漢字", "Tara 🐉");
        if let (Some(from), Some(to)) = (sq("e2"), sq("e3")) {
            view.last_move = Some(LastMove {
                from,
                to,
                killed: Some(Piece {
                    color: Color::Orange,
                    role: Role::Dwar,
                }),
            });
        }
        view.selected = sq("f1");
        out.push(self.image(&start, &view));
        view.selected = sq("a2");
        out.push(self.image(&start, &view.clone().with_shape(BoardShape::Round)));
        if let Ok(danger) = "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 7 80".parse::<Position>() {
            out.push(self.image(
                &danger,
                &View::new(Color::Orange).with_names("Vor Daj", "Ghek"),
            ));
            let over =
                View::new(Color::Black).with_result("Orange wins: the Princess was captured");
            out.push(self.image(&danger, &over));
        }
        out
    }

    /// The picture's layout.
    pub(super) fn layout(&self) -> Layout {
        self.layout
    }

    /// The geometry of the circular board drawn as rings.
    pub(super) fn rings(&self) -> Round {
        self.round
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

    /// Where the pieces' tokens of a picture of `pos` as `view` asks are drawn, one per
    /// piece (the echoes of the unrolled circular board's seam files, cut in half, are
    /// not counted): its square, the centre of its disc and the disc's diameter. With
    /// [`cell_contains`](Self::cell_contains), what tests check the geometry by.
    pub fn token_spots(&self, pos: &Position, view: &View) -> Vec<TokenSpot> {
        let o = view.orientation;
        pos.board()
            .pieces()
            .map(|(sq, _)| {
                let (x, y, size) = match view.shape {
                    BoardShape::Square => {
                        let (x, y) = self.layout.square_xy(o, sq);
                        (x as f32, y as f32, self.layout.sq as f32)
                    }
                    BoardShape::Round => {
                        let g = self.unrolled;
                        let (c, r) = Layout::cell(o, sq);
                        let (x, y) = g.xy(c, r);
                        (x as f32, y as f32, g.u as f32)
                    }
                    BoardShape::Rings => {
                        let (x, y) = self.round.token_origin(o, sq);
                        let ts = self.round.token_size() as f32;
                        (x as f32, y as f32, ts)
                    }
                };
                TokenSpot {
                    square: sq,
                    centre: (x + size / 2.0, y + size / 2.0),
                    diameter: 2.0 * sprites::TOKEN_RADIUS * size,
                }
            })
            .collect()
    }

    /// Whether the point (`x`, `y`) of a picture drawn as `view` asks lies in the cell
    /// of `sq` (a square, or an annular sector of the rings).
    pub fn cell_contains(&self, view: &View, sq: Square, x: f32, y: f32) -> bool {
        let o = view.orientation;
        let in_square = |(x0, y0): (i32, i32), side: i32| {
            let (x0, y0, side) = (x0 as f32, y0 as f32, side as f32);
            x >= x0 && x <= x0 + side && y >= y0 && y <= y0 + side
        };
        match view.shape {
            BoardShape::Square => in_square(self.layout.square_xy(o, sq), self.layout.sq),
            BoardShape::Round => {
                let g = self.unrolled;
                let (c, r) = Layout::cell(o, sq);
                in_square(g.xy(c, r), g.u)
            }
            BoardShape::Rings => self.round.contains(o, sq, x, y),
        }
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
        self.draw(pos, view, false)
    }

    /// Draws a picture; `for_replay` leaves the strip of the side to move without its
    /// lighter background (the accent bar and the pill still say whose turn it is), so
    /// consecutive GIF frames differ in few pixels.
    pub(crate) fn draw(&self, pos: &Position, view: &View, for_replay: bool) -> RgbImage {
        let o = view.orientation;
        let (mut img, danger) = match view.shape {
            BoardShape::Rings => return self.draw_round(pos, view, for_replay),
            BoardShape::Square => {
                let l = self.layout;
                let mut img = self.bases[o as usize].clone();
                let danger = self.draw_cells(&mut img, &self.flat, pos, view, |sq| {
                    [Some(l.square_xy(o, sq)), None]
                });
                (img, danger)
            }
            BoardShape::Round => {
                let g = self.unrolled;
                let raw = &self.unrolled_raw[o as usize];
                let mut img = raw.clone();
                let danger = self.draw_cells(&mut img, &self.unrolled_cells, pos, view, |sq| {
                    g.places(o, sq)
                });
                g.finish(&mut img, raw);
                (img, danger)
            }
        };
        self.frame_parts(&mut img, pos, view, danger, for_replay);
        img
    }

    /// Draws the square cells' highlights, pieces and move marks, each at every place
    /// `places` gives its square; returns whether the side to move's Princess is
    /// threatened (and so marked).
    fn draw_cells(
        &self,
        img: &mut RgbImage,
        cells: &Cells,
        pos: &Position,
        view: &View,
        places: impl Fn(Square) -> [Option<(i32, i32)>; 2],
    ) -> bool {
        let over = view.is_over();
        let tile_of = |sq: Square| usize::from(sq.is_black());
        let at = |sq: Square| places(sq).into_iter().flatten();

        // Square highlights: cached tiles.
        if let Some(last) = view.last_move {
            for (x, y) in at(last.from) {
                blit(img, &cells.last_from[tile_of(last.from)], x, y);
            }
            for (x, y) in at(last.to) {
                blit(img, &cells.last_to[tile_of(last.to)], x, y);
            }
        }
        let selected_moves = match view.selected {
            Some(sq) => {
                for (x, y) in at(sq) {
                    blit(img, &cells.selected[tile_of(sq)], x, y);
                }
                (!over).then(|| pos.moves_from(sq))
            }
            None => None,
        };
        let turn = pos.turn();
        let danger = !over && pos.princess_in_danger(turn);
        if danger {
            if let Some(sq) = pos.board().royal(turn, Role::Princess) {
                for (x, y) in at(sq) {
                    cells.danger.draw(img, x, y);
                }
            }
        }

        // Pieces.
        for (sq, piece) in pos.board().pieces() {
            for (x, y) in at(sq) {
                cells.tokens[piece_index(piece)].draw(img, x, y);
            }
        }

        // Destinations of the selected piece.
        if let Some(moves) = &selected_moves {
            for m in moves.iter() {
                let mark = if m.escape {
                    &cells.escape
                } else if m.capture.is_some() {
                    &cells.ring
                } else {
                    &cells.dot
                };
                for (x, y) in at(m.to) {
                    mark.draw(img, x, y);
                }
            }
        }
        danger
    }

    /// The round board drawn as rings: the same marks on annular cells.
    fn draw_round(&self, pos: &Position, view: &View, for_replay: bool) -> RgbImage {
        let g = self.round;
        let o = view.orientation;
        let mut img = self.round_bases[o as usize].clone();
        let over = view.is_over();
        if let Some(last) = view.last_move {
            g.fill_cell(&mut img, o, last.from, theme::LAST_MOVE, 0.45);
            g.fill_cell(&mut img, o, last.to, theme::LAST_MOVE, 0.7);
        }
        let selected_moves = view.selected.map(|sq| {
            g.fill_cell(&mut img, o, sq, theme::SELECTED, 0.6);
            pos.moves_from(sq)
        });
        let turn = pos.turn();
        let danger = !over && pos.princess_in_danger(turn);
        let mut seam_lit = [view.last_move.map(|m| [m.from, m.to]), None]
            .into_iter()
            .flatten()
            .flatten()
            .chain(view.selected)
            .any(|sq| sq.file() == 0 || sq.file() == 9);
        if danger {
            if let Some(sq) = pos.board().royal(turn, Role::Princess) {
                g.fill_cell(&mut img, o, sq, theme::DANGER, 0.6);
                seam_lit |= sq.file() == 0 || sq.file() == 9;
            }
        }
        // The highlights of cells on the seam covered its rank numbers.
        if seam_lit {
            round_ranks(&self.fonts, &mut img, self.layout, g, o);
        }
        let place = |sq: Square| g.token_origin(o, sq);
        for (sq, piece) in pos.board().pieces() {
            let (x, y) = place(sq);
            self.round_tokens[piece_index(piece)].draw(&mut img, x, y);
        }
        if let Some(moves) = selected_moves.filter(|_| !over) {
            let [dot, ring, escape] = &self.round_marks;
            for m in moves.iter() {
                let mark = if m.escape {
                    escape
                } else if m.capture.is_some() {
                    ring
                } else {
                    dot
                };
                let (x, y) = place(m.to);
                mark.draw(&mut img, x, y);
            }
        }
        self.frame_parts(&mut img, pos, view, danger, for_replay);
        img
    }

    /// The strips and the side panel, the same for both board shapes.
    fn frame_parts(
        &self,
        img: &mut RgbImage,
        pos: &Position,
        view: &View,
        danger: bool,
        for_replay: bool,
    ) {
        let l = self.layout;
        let o = view.orientation;
        let img = &mut *img;
        // Player strips: the viewer's side at the bottom.
        let taken = captured(pos);
        for (color, top) in [(o.other(), 0), (o, l.height - l.strip)] {
            self.strip(
                img,
                pos,
                view,
                color,
                top,
                &taken[color],
                danger,
                for_replay,
            );
        }
        self.panel(img, pos, view);
    }

    /// Draws one player's strip at height `top`: swatch, name, warnings; colour, escape,
    /// move number, and the pieces captured grouped by kind with their summed value.
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
        for_replay: bool,
    ) {
        let l = self.layout;
        let s = l.sq as f32;
        let h = l.strip as f32;
        let top_f = top as f32;
        let labels = &view.labels;
        let active = !view.is_over() && pos.turn() == color;
        if active {
            if !for_replay {
                fill_rect(img, 0, top, l.width, l.strip, theme::STRIP_ACTIVE);
            }
            fill_rect(img, 0, top, (l.sq / 9).max(2), l.strip, theme::LAST_MOVE);
        }
        let sw = &self.swatches[color as usize];
        let x0 = 0.25 * s;
        sw.draw(img, x0.round() as i32, top + (l.strip - sw.h as i32) / 2);
        let text_x = x0 + sw.w as f32 + 0.18 * s;
        let right = l.width as f32 - 0.25 * s;
        let line1 = top_f + 0.47 * h;
        let line2 = top_f + 0.86 * h;
        let name_em = 0.4 * s;
        let small_em = 0.27 * s;

        // Line 1, right: pills.
        let pill_em = 0.24 * s;
        let pill_h = 0.4 * s;
        let mut px = right;
        let mut pills: Vec<(String, Rgb, Rgb)> = Vec::new();
        if active {
            pills.push((labels.to_move.clone(), theme::LAST_MOVE, [30, 24, 10]));
            if danger {
                pills.push((
                    labels.princess_threatened.clone(),
                    theme::DANGER,
                    [255, 255, 255],
                ));
            }
            if let Some(n) = pos.countdown() {
                pills.push((labels.countdown_text(n), theme::AMBER, [30, 24, 10]));
            }
        }
        let pill_mid = line1 - self.fonts.cap_height(name_em) / 2.0;
        for (text, bg, fg) in pills {
            let text = self.fonts.fit(&text, pill_em, 4.0 * s);
            let w = self.fonts.width(&text, pill_em) + 0.36 * s;
            px -= w;
            fill_shape(img, &pill(px, pill_mid - pill_h / 2.0, w, pill_h), bg, 1.0);
            let base = pill_mid + self.fonts.cap_height(pill_em) / 2.0;
            self.fonts
                .draw_centered(img, &text, pill_em, px + w / 2.0, base, fg);
            px -= 0.14 * s;
        }

        // Line 1, left: the name, shortened to the room left; the colour's name if
        // nothing of it can be drawn.
        let name = match self.fonts.clean(&view.names[color]).as_str() {
            "" => labels.color(color).to_string(),
            n => n.to_string(),
        };
        let fitted = self
            .fonts
            .fit(&name, name_em, (px - 0.1 * s - text_x).max(0.0));
        self.fonts
            .draw(img, &fitted, name_em, text_x, line1, theme::TEXT);

        // Line 2, right: captured pieces grouped by kind, "×n", and the summed value.
        let mut x = right;
        if !taken.is_empty() {
            let value: u32 = taken.iter().map(|r| r.value()).sum();
            let label = format!("+{value}");
            x -= self
                .fonts
                .draw_right(img, &label, 0.28 * s, x, line2, theme::TEXT);
            x -= 0.12 * s;
            let mut groups: Vec<(Role, usize)> = Vec::new();
            for role in taken {
                match groups.last_mut() {
                    Some((r, n)) if r == role => *n += 1,
                    _ => groups.push((*role, 1)),
                }
            }
            let mid = line2 - self.fonts.cap_height(small_em) / 2.0;
            for (role, n) in groups.iter().rev() {
                if *n > 1 {
                    let count = format!("×{n}");
                    x -= self
                        .fonts
                        .draw_right(img, &count, small_em, x, line2, theme::TEXT);
                    x -= 0.03 * s;
                }
                let mini = &self.minis[piece_index(Piece {
                    color: color.other(),
                    role: *role,
                })];
                x -= mini.w as f32;
                mini.draw(
                    img,
                    x.round() as i32,
                    (mid - mini.h as f32 / 2.0).round() as i32,
                );
                x -= 0.14 * s;
            }
        }

        // Line 2, left: colour, escape and, on the side to move, the move number.
        let mut status = format!(
            "{} · {}",
            labels.color(color),
            if pos.escape_available(color) {
                &labels.escape_ready
            } else {
                &labels.escape_used
            }
        );
        let rules = pos.rules().side(color);
        if !rules.is_standard() {
            status.push_str(" · ");
            status.push_str(&labels.rules.replace("{rules}", &rules.to_string()));
        }
        if active {
            status.push_str(" · ");
            status.push_str(&labels.move_number(pos.ply()));
        }
        let status = self
            .fonts
            .fit(&status, small_em, (x - 0.1 * s - text_x).max(0.0));
        self.fonts
            .draw(img, &status, small_em, text_x, line2, theme::TEXT_DIM);
    }

    /// The side panel: whose turn it is (or the result), then what the last move did —
    /// the move, the piece it killed, or both pieces of a duel with their odds.
    fn panel(&self, img: &mut RgbImage, pos: &Position, view: &View) {
        let l = self.layout;
        let s = l.sq as f32;
        let labels = &view.labels;
        let x = l.panel_x as f32;
        let w = l.panel_w as f32;
        let cx = x + w / 2.0;
        let inner = w - 0.2 * s;
        let mut y = l.board_y as f32;

        // Card 1: the result, or whose turn it is.
        if let Some((head, reason)) = view.result_texts() {
            let head_em = 0.36 * s;
            let mut em = head_em;
            let mut lines = self.fonts.wrap(&head, em, inner);
            // Smaller type for a headline of more than two lines, or with a word wider
            // than the card ("Ganan Naranjas").
            let widest = |em: f32| {
                head.split_whitespace()
                    .map(|w| self.fonts.width(w, em))
                    .fold(0.0f32, f32::max)
            };
            while (lines.len() > 2 || widest(em) > inner) && em > 0.24 * s {
                em *= 0.9;
                lines = self.fonts.wrap(&head, em, inner);
            }
            let lines = self.fonts.wrap_lines(&head, em, inner, 4);
            let reason_em = 0.22 * s;
            let reason_lines = self.fonts.wrap_lines(&reason, reason_em, inner, 7);
            let head_lh = em * 1.15;
            let reason_lh = reason_em * 1.25;
            let card_h = 0.25 * s
                + head_lh * lines.len() as f32
                + 0.12 * s
                + reason_lh * reason_lines.len() as f32
                + 0.5 * s;
            fill_rect(
                img,
                x as i32,
                y as i32,
                w as i32,
                card_h as i32,
                theme::CARD,
            );
            fill_rect(
                img,
                x as i32,
                y as i32,
                w as i32,
                (0.08 * s) as i32,
                theme::LAST_MOVE,
            );
            let mut ty = y + 0.2 * s;
            for line in &lines {
                ty += head_lh;
                self.fonts
                    .draw_centered(img, line, em, cx, ty - 0.15 * em, theme::LAST_MOVE);
            }
            ty += 0.12 * s;
            for line in &reason_lines {
                ty += reason_lh;
                self.fonts
                    .draw_centered(img, line, reason_em, cx, ty, theme::TEXT);
            }
            ty += 0.32 * s;
            let (after, em) = self.fonts.shrink_to_fit(
                &labels.after_moves_text(pos.ply()),
                0.2 * s,
                0.14 * s,
                inner,
            );
            self.fonts
                .draw_centered(img, &after, em, cx, ty, theme::TEXT_DIM);
            y += card_h + 0.2 * s;
        } else {
            let turn = pos.turn();
            let sw = &self.panel_swatches[turn as usize];
            let card_h = 0.3 * s + sw.h as f32 + 0.9 * s;
            fill_rect(
                img,
                x as i32,
                y as i32,
                w as i32,
                card_h as i32,
                theme::CARD,
            );
            sw.draw(
                img,
                (cx - sw.w as f32 / 2.0).round() as i32,
                (y + 0.2 * s) as i32,
            );
            let mut ty = y + 0.2 * s + sw.h as f32 + 0.38 * s;
            let (to_move, em) =
                self.fonts
                    .shrink_to_fit(&labels.to_move, 0.26 * s, 0.16 * s, inner);
            self.fonts
                .draw_centered(img, &to_move, em, cx, ty, theme::LAST_MOVE);
            ty += 0.32 * s;
            let n = self
                .fonts
                .fit(&labels.move_number(pos.ply()), 0.22 * s, inner);
            self.fonts
                .draw_centered(img, &n, 0.22 * s, cx, ty, theme::TEXT_DIM);
            y += card_h + 0.2 * s;
        }

        // Card 2: the last move.
        let Some(last) = view.last_move else {
            return;
        };
        // Who moved: the duel's attacker when the report gave the duel; otherwise the
        // piece now on the end square, unless the piece the move killed is of the side
        // that moved (the turn has passed), which only a lost duel does.
        let moved = pos.turn().other();
        let mover = view.duel.map(|d| d.attacker).or_else(|| match last.killed {
            Some(k) if k.color == moved => Some(k),
            _ => pos.board().piece_at(last.to),
        });
        fill_rect(
            img,
            x as i32,
            y as i32,
            w as i32,
            10 * l.sq + l.board_y - y as i32,
            theme::CARD,
        );
        // Who moved (in their colour) and the move number, then the move.
        y += 0.4 * s;
        if let Some(p) = mover {
            let who = labels.color(p.color);
            let (who, em) = self.fonts.shrink_to_fit(who, 0.24 * s, 0.15 * s, inner);
            let c = sprites::token_colors(p.color);
            let ink = match p.color {
                Color::Black => c.ink,
                Color::Orange => c.body,
            };
            self.fonts.draw_centered(img, &who, em, cx, y, ink);
            y += 0.3 * s;
        }
        let ply = pos.ply().saturating_sub(1);
        let (head, em) =
            self.fonts
                .shrink_to_fit(&labels.move_number(ply), 0.22 * s, 0.15 * s, inner);
        self.fonts
            .draw_centered(img, &head, em, cx, y, theme::TEXT_DIM);
        y += 0.42 * s;
        let sep = if last.killed.is_some() || view.duel.is_some() {
            '×'
        } else {
            '-'
        };
        let text = format!(
            "{}{}{sep}{}",
            mover
                .map(|p| p.role.upper_char().to_string())
                .unwrap_or_default(),
            last.from,
            last.to
        );
        let (text, em) = self.fonts.shrink_to_fit(&text, 0.3 * s, 0.2 * s, inner);
        self.fonts.draw_centered(img, &text, em, cx, y, theme::TEXT);
        y += 0.3 * s;

        if let Some(duel) = view.duel {
            y += 0.3 * s;
            self.fonts
                .draw_centered(img, &labels.duel, 0.22 * s, cx, y, theme::AMBER);
            let (pa, pd) = duel_odds(duel.attacker.role, duel.defender.role);
            for (piece, odds, won) in [
                (duel.attacker, pa, duel.attacker_won),
                (duel.defender, pd, !duel.attacker_won),
            ] {
                y += 0.1 * s;
                let t = &self.duelists[piece_index(piece)];
                let tx = cx - t.w as f32 / 2.0;
                if won {
                    fill_shape(
                        img,
                        &Shape::Ring {
                            c: P(cx, y + t.h as f32 / 2.0),
                            r: t.w as f32 * 0.5,
                            w: 0.08 * s,
                        },
                        theme::LAST_MOVE,
                        1.0,
                    );
                }
                t.draw(img, tx.round() as i32, y.round() as i32);
                if !won {
                    strike(img, tx, y, t.w as f32);
                }
                y += t.h as f32 + 0.28 * s;
                let word = if won { &labels.won } else { &labels.lost };
                let text = format!("{odds}% · {word}");
                let (text, em) = self.fonts.shrink_to_fit(&text, 0.22 * s, 0.15 * s, inner);
                let color = if won {
                    theme::LAST_MOVE
                } else {
                    theme::DANGER_TEXT
                };
                self.fonts.draw_centered(img, &text, em, cx, y, color);
            }
        } else if let Some(killed) = last.killed {
            y += 0.36 * s;
            let (text, em) = self
                .fonts
                .shrink_to_fit(&labels.killed, 0.24 * s, 0.15 * s, inner);
            self.fonts
                .draw_centered(img, &text, em, cx, y, theme::DANGER_TEXT);
            y += 0.12 * s;
            let t = &self.big[piece_index(killed)];
            let tx = cx - t.w as f32 / 2.0;
            t.draw(img, tx.round() as i32, y.round() as i32);
            strike(img, tx, y, t.w as f32);
            y += t.h as f32 + 0.36 * s;
            let value = format!("−{}", killed.role.value());
            self.fonts
                .draw_centered(img, &value, 0.26 * s, cx, y, theme::DANGER_TEXT);
        }
    }

    /// The picture as PNG bytes: indexed colour with the renderer's palette.
    ///
    /// # Errors
    /// [`RenderError::Png`] if encoding fails.
    pub fn png(&self, pos: &Position, view: &View) -> Result<Vec<u8>, RenderError> {
        let o = view.orientation as usize;
        let (base, indices) = match view.shape {
            BoardShape::Square => (&self.bases[o], &self.base_indices[0][o]),
            BoardShape::Round => (&self.unrolled_bases[o], &self.base_indices[1][o]),
            BoardShape::Rings => (&self.round_bases[o], &self.base_indices[2][o]),
        };
        self.palette
            .encode_png_over(&self.image(pos, view), Some((base, indices)))
    }
}

/// Strikes a token through with a red cross. The strokes are thick anti-aliased capsules
/// (hand-written: imageproc's anti-aliased lines are one pixel wide).
fn strike(img: &mut RgbImage, x: f32, y: f32, size: f32) {
    let c = P(x + size / 2.0, y + size / 2.0);
    let d = size * 0.36;
    for (a, b) in [
        (P(c.0 - d, c.1 - d), P(c.0 + d, c.1 + d)),
        (P(c.0 - d, c.1 + d), P(c.0 + d, c.1 - d)),
    ] {
        fill_shape(
            img,
            &Shape::Capsule {
                a,
                b,
                r: size * 0.075,
            },
            [255, 255, 255],
            0.9,
        );
        fill_shape(
            img,
            &Shape::Capsule {
                a,
                b,
                r: size * 0.05,
            },
            theme::DANGER,
            1.0,
        );
    }
}

/// The empty board for one orientation: strips, frame, panel, squares and coordinates.
fn base_image(fonts: &Fonts, l: Layout, o: Color) -> RgbImage {
    let mut img = RgbImage::from_pixel(l.width as u32, l.height as u32, image::Rgb(theme::STRIP));
    draw_filled_rect_mut(
        &mut img,
        Rect::at(0, l.strip).of_size(l.width as u32, (10 * l.sq + l.margin) as u32),
        image::Rgb(theme::FRAME),
    );
    for sq in Square::all() {
        let (x, y) = l.square_xy(o, sq);
        draw_filled_rect_mut(
            &mut img,
            Rect::at(x, y).of_size(l.sq as u32, l.sq as u32),
            image::Rgb(Renderer::square_color(sq)),
        );
    }
    let s = l.sq as f32;
    let em = (0.27 * s).max(7.0);
    let cap = fonts.cap_height(em);
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
        let bottom = l.board_y as f32 + 10.0 * s + m / 2.0 + cap / 2.0;
        fonts.draw_centered(&mut img, &file, em, cx, bottom, theme::FRAME_TEXT);
        let rank_em = if i == 9 { em * 0.8 } else { em };
        fonts.draw_centered(
            &mut img,
            &rank,
            rank_em,
            m / 2.0,
            cy + fonts.cap_height(rank_em) / 2.0,
            theme::FRAME_TEXT,
        );
    }
    img
}

/// Paints over the square board's area (squares and coordinates) with the frame's colour,
/// for the boards drawn in its place.
fn clear_square_board(img: &mut RgbImage, l: Layout) {
    draw_filled_rect_mut(
        img,
        Rect::at(0, l.strip).of_size(
            (l.panel_x - l.gap / 2) as u32,
            (10 * l.sq + l.margin) as u32,
        ),
        image::Rgb(theme::FRAME),
    );
}

/// The empty unrolled circular board for one orientation, before its echo columns are
/// veiled: strips, frame, panel, the cells with the echo columns, rank numbers on the
/// left, and the file letters above and below — the echoed files' letters in the seam's
/// colour.
fn unrolled_base(fonts: &Fonts, l: Layout, g: Unrolled, o: Color) -> RgbImage {
    let mut img = base_image(fonts, l, o);
    clear_square_board(&mut img, l);
    for sq in Square::all() {
        for (x, y) in g.places(o, sq).into_iter().flatten() {
            draw_filled_rect_mut(
                &mut img,
                Rect::at(x, y).of_size(g.u as u32, g.u as u32),
                image::Rgb(Renderer::square_color(sq)),
            );
        }
    }
    // The echo columns show only their strips next to the seam.
    for (x, y, w, h) in g.cut_off() {
        fill_rect(&mut img, x, y, w, h, theme::FRAME);
    }
    let s = l.sq as f32;
    let u = g.u as f32;
    let em = (0.27 * s).max(7.0);
    let cap = fonts.cap_height(em);
    let top = g.y0 as f32;
    let bottom = top + 10.0 * u;
    // The file letters centred in the room above and below the cells.
    let above = (l.strip as f32 + top) / 2.0 + cap / 2.0;
    let below = (bottom + (l.board_y + 10 * l.sq + l.margin) as f32) / 2.0 + cap / 2.0;
    for col in -1..=10i32 {
        let file = match o {
            Color::Black => col.rem_euclid(10),
            Color::Orange => 9 - col.rem_euclid(10),
        };
        let Some(sq) = Square::new(file as u8, 0) else {
            continue;
        };
        let echo = !(0..10).contains(&col);
        let cx = if echo {
            let [left, right] = g.echo_strips();
            let (x, _, w, _) = if col < 0 { left } else { right };
            x as f32 + w as f32 / 2.0
        } else {
            g.xy(col, 0).0 as f32 + u / 2.0
        };
        let color = if echo {
            sprites::SEAM
        } else {
            theme::FRAME_TEXT
        };
        let letter = sq.file_char().to_string();
        for y in [above, below] {
            fonts.draw_centered(&mut img, &letter, em, cx, y, color);
        }
    }
    let rank_x = (g.x0 - g.echo) as f32 / 2.0;
    for rank in 0..10u8 {
        let Some(sq) = Square::new(0, rank) else {
            continue;
        };
        let (_, row) = Layout::cell(o, sq);
        let text = (rank + 1).to_string();
        let rank_em = if rank == 9 { em * 0.8 } else { em };
        let cy = top + (row as f32 + 0.5) * u;
        fonts.draw_centered(
            &mut img,
            &text,
            rank_em,
            rank_x,
            cy + fonts.cap_height(rank_em) / 2.0,
            theme::FRAME_TEXT,
        );
    }
    img
}

/// The empty round board for one orientation: strips, frame, panel, the rings of cells,
/// sector letters around the rim and rank numbers along the spoke between `j` and `a`.
fn round_base(fonts: &Fonts, l: Layout, g: Round, o: Color) -> RgbImage {
    let mut img = base_image(fonts, l, o);
    let s = l.sq as f32;
    clear_square_board(&mut img, l);
    for sq in Square::all() {
        g.fill_cell(&mut img, o, sq, Renderer::square_color(sq), 1.0);
    }
    let em = 0.24 * s;
    let cap = fonts.cap_height(em);
    for file in 0..10u8 {
        let Some(sq) = Square::new(file, 0) else {
            continue;
        };
        let (x, y) = g.at(g.outer + 0.2 * s, g.start(o, file) + SECTOR / 2.0);
        let letter = sq.file_char().to_string();
        fonts.draw_centered(&mut img, &letter, em, x, y + cap / 2.0, theme::FRAME_TEXT);
    }
    // The rim, so that the outer ring's tokens read as on the board.
    fill_shape(
        &mut img,
        &Shape::Ring {
            c: P(g.cx, g.cy),
            r: g.outer + 0.04 * s,
            w: 0.06 * s,
        },
        theme::FRAME_TEXT,
        0.8,
    );
    // The seam between `j` and `a`: a spoke in the seam's colour from the hole to past
    // the rim.
    let seam = g.start(o, 0);
    let (hole, _) = g.radii(9);
    let (ax, ay) = g.at(hole - 0.1 * s, seam);
    let (bx, by) = g.at(g.outer + 0.3 * s, seam);
    fill_shape(
        &mut img,
        &Shape::Capsule {
            a: P(ax, ay),
            b: P(bx, by),
            r: (0.05 * s).max(1.0),
        },
        sprites::SEAM,
        1.0,
    );
    round_ranks(fonts, &mut img, l, g, o);
    img
}

/// The rank numbers of the rings, on the seam spoke.
fn round_ranks(fonts: &Fonts, img: &mut RgbImage, l: Layout, g: Round, o: Color) {
    let s = l.sq as f32;
    let num_em = (0.42 * g.width).min(0.2 * s);
    for rank in 0..10u8 {
        let (r0, r1) = g.radii(rank);
        let (x, y) = g.at((r0 + r1) / 2.0, g.start(o, 0));
        let text = (rank + 1).to_string();
        let w = fonts.width(&text, num_em) + 0.1 * s;
        let h = g.width * 0.8;
        fill_shape(
            img,
            &pill(x - w / 2.0, y - h / 2.0, w, h),
            theme::FRAME,
            0.92,
        );
        fonts.draw_centered(
            img,
            &text,
            num_em,
            x,
            y + fonts.cap_height(num_em) / 2.0,
            theme::FRAME_TEXT,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture encoded over its cached base is byte for byte the picture encoded pixel
    /// by pixel: both board shapes, both orientations, marks, a result and long names.
    #[test]
    fn encoding_over_the_base_gives_the_same_png() {
        let r = Renderer::new(50).unwrap();
        let pos: Position = "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 7 80"
            .parse()
            .unwrap();
        for shape in [BoardShape::Square, BoardShape::Round, BoardShape::Rings] {
            for o in [Color::Black, Color::Orange] {
                let plain = View::new(o).with_shape(shape);
                let views = [
                    plain.clone(),
                    plain
                        .clone()
                        .with_names("Dejah Thoris, Princess of Helium", "Ghek")
                        .with_selected("e1".parse().unwrap()),
                    plain.with_result("Orange wins: the Princess was captured"),
                ];
                for view in views {
                    let direct = r.palette.encode_png(&r.image(&pos, &view)).unwrap();
                    assert!(r.png(&pos, &view).unwrap() == direct, "{shape:?} {o:?}");
                }
            }
        }
    }
}
