//! The Martian Chess board picture (MARTIAN_CHESS.md), in the Jetan board's visual family:
//! the same frame, square colours, strips and side panel, on an 8 × 8 board.
//!
//! It is drawn from a [`PublicView`] and never reads the view's own hand: only hand
//! sizes, the discard pile's top and the battle's played cards (all public) appear, so
//! the same picture can be posted for everyone.

use std::sync::LazyLock;

use image::RgbImage;
use martian_chess::{Card, Color, Piece, PublicView, Role, Square, Suit};

use crate::paint::{blend_rect, fill_rect, fill_shape, pill, Shape, P};
use crate::palette::Palette;
use crate::text::{fonts, Fonts};
use crate::theme::{
    AMBER, CARD, DANGER, FRAME, FRAME_TEXT, LAST_MOVE, SQUARE_DARK, SQUARE_LIGHT, STRIP,
    STRIP_ACTIVE, TEXT, TEXT_DIM,
};
use crate::RenderError;

pub(crate) mod web;

/// One square's side in pixels.
const SQ: i32 = 56;
/// The board's left edge (rank numbers to its left).
const BX: i32 = 26;
/// The board's top edge (a player's strip above it).
const BY: i32 = 58;
/// A player's strip height.
const STRIP_H: i32 = 54;
/// The side panel's left edge and width.
const PX: i32 = BX + 8 * SQ + 12;
const PW: i32 = 150;
/// The picture's size.
const W: i32 = PX + PW + 8;
const H: i32 = BY + 8 * SQ + 24 + STRIP_H + 4;

const WHITE_FILL: [u8; 3] = [246, 238, 224];
const WHITE_RIM: [u8; 3] = [70, 58, 50];
const BLACK_FILL: [u8; 3] = [30, 26, 24];
const BLACK_RIM: [u8; 3] = [233, 206, 160];
const CARD_FACE: [u8; 3] = [250, 246, 236];
const CARD_RED: [u8; 3] = [200, 30, 36];
const CARD_BLACK: [u8; 3] = [24, 22, 22];

/// What the Martian Chess picture shows besides the view.
#[derive(Debug, Clone)]
pub struct MartianScene<'a> {
    /// The public game (the view's own hand is never drawn).
    pub view: &'a PublicView,
    /// White's player's name.
    pub white: String,
    /// Black's player's name.
    pub black: String,
    /// The colour at the bottom.
    pub bottom: Color,
    /// A finished game's result, shown in the side panel.
    pub result: Option<String>,
    /// The words drawn, in the players' language.
    pub labels: MartianLabels,
}

/// Every word the Martian Chess picture draws; [`Default`] is English. Texts with `{n}`,
/// `{color}`, `{left}`, `{die}` have the value put in its place.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MartianLabels {
    /// White's name (also for a player without a drawable display name).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// A hand's size, `{n}` cards (2 and more, and 0).
    pub cards: String,
    /// A hand of one card.
    pub one_card: String,
    /// The pill of the player to act.
    pub to_act: String,
    /// The pill of the player whose battle card is awaited.
    pub card_due: String,
    /// Before the prisoners a player holds.
    pub prison: String,
    /// Before a player's own pieces back in reserve.
    pub reserve: String,
    /// The panel's title.
    pub title: String,
    /// Whose turn it is, `{color}` the colour's name.
    pub turn: String,
    /// The actions left, `{left}` of `{die}`.
    pub actions_left: String,
    /// Before the battle's squares.
    pub battle: String,
    /// A battle with no card played yet.
    pub attacker_leads: String,
    /// Before the deck's size.
    pub deck: String,
    /// Before the discard pile's size.
    pub discard: String,
}

impl Default for MartianLabels {
    fn default() -> MartianLabels {
        MartianLabels {
            white: "White".into(),
            black: "Black".into(),
            cards: "{n} cards".into(),
            one_card: "1 card".into(),
            to_act: "TO ACT".into(),
            card_due: "CARD DUE".into(),
            prison: "PRISON".into(),
            reserve: "RESERVE".into(),
            title: "MARTIAN CHESS".into(),
            turn: "{color} to act".into(),
            actions_left: "{left} of {die} left".into(),
            battle: "BATTLE".into(),
            attacker_leads: "attacker leads".into(),
            deck: "DECK".into(),
            discard: "DISCARD".into(),
        }
    }
}

impl MartianLabels {
    /// A colour's name.
    pub fn color(&self, c: Color) -> &str {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// A hand's size.
    pub fn cards_text(&self, n: usize) -> String {
        if n == 1 {
            self.one_card.clone()
        } else {
            self.cards.replace("{n}", &n.to_string())
        }
    }
}

/// The picture as an RGB image.
///
/// # Errors
/// [`RenderError::Font`] if the embedded fonts do not load.
pub fn martian_image(scene: &MartianScene<'_>) -> Result<RgbImage, RenderError> {
    let f = fonts()?;
    let mut img = RgbImage::from_pixel(W as u32, H as u32, image::Rgb(FRAME));
    board(f, &mut img, scene);
    let top = scene.bottom.other();
    strip(f, &mut img, scene, top, 2);
    strip(f, &mut img, scene, scene.bottom, BY + 8 * SQ + 24);
    panel(f, &mut img, scene);
    Ok(img)
}

/// The picture as an indexed-colour PNG.
///
/// # Errors
/// [`RenderError::Font`], [`RenderError::Png`].
pub fn martian_png(scene: &MartianScene<'_>) -> Result<Vec<u8>, RenderError> {
    let img = martian_image(scene)?;
    palette()?.encode_png(&img)
}

/// The palette of every Martian Chess picture, chosen once from sample pictures (the
/// start, a battle, a finished game): a palette chosen per picture cost 65 ms of the
/// picture's 69 (counting its colours, then a nearest-colour search for each one met).
/// Fixed samples, so a picture is the same bytes whatever the process drew before.
static PALETTE: LazyLock<Result<Palette, RenderError>> = LazyLock::new(|| {
    fn sample(
        g: &martian_chess::State,
        bottom: Color,
        result: Option<&str>,
    ) -> Result<RgbImage, RenderError> {
        martian_image(&MartianScene {
            view: &g.public_view(bottom),
            white: "Dejah Thoris".into(),
            black: "Tars Tarkas".into(),
            bottom,
            result: result.map(str::to_owned),
            labels: MartianLabels::default(),
        })
    }
    let mut g = martian_chess::State::new(7);
    let start = sample(&g, Color::White, None)?;
    let mut battle = None;
    for n in 0..2000u64 {
        let Some(p) = g.player_to_act() else { break };
        if battle.is_none() && n > 40 && g.battle().is_some_and(|b| b.cards().len() >= 2) {
            battle = Some(sample(&g, Color::Black, None)?);
        }
        let Some(a) =
            martian_chess::ai::choose(&g.public_view(p), martian_chess::ai::Level::Greedy, n)
        else {
            break;
        };
        match g.clone().play(p, a) {
            Ok(next) => g = next,
            Err(_) => break,
        }
    }
    let end = sample(&g, Color::White, Some("White wins"))?;
    let mut samples = vec![&start, &end];
    samples.extend(battle.as_ref());
    Ok(Palette::from_samples(&samples))
});

fn palette() -> Result<&'static Palette, RenderError> {
    PALETTE.as_ref().map_err(Clone::clone)
}

/// The top-left corner of a square for a picture with `bottom` at the bottom (White's
/// view: a1 bottom-left; Black's: rotated 180°).
fn square_xy(bottom: Color, s: Square) -> (i32, i32) {
    let (file, rank) = (i32::from(s.file()), i32::from(s.rank()));
    match bottom {
        Color::White => (BX + file * SQ, BY + (7 - rank) * SQ),
        Color::Black => (BX + (7 - file) * SQ, BY + rank * SQ),
    }
}

fn board(f: &Fonts, img: &mut RgbImage, scene: &MartianScene<'_>) {
    let view = scene.view;
    let battle = view.battle().map(|b| (b.from(), b.to()));
    for s in Square::all() {
        let (x, y) = square_xy(scene.bottom, s);
        let dark = (s.file() + s.rank()) % 2 == 0;
        fill_rect(
            img,
            x,
            y,
            SQ,
            SQ,
            if dark { SQUARE_DARK } else { SQUARE_LIGHT },
        );
        if battle.is_some_and(|(a, b)| a == s || b == s) {
            blend_rect(img, x, y, SQ, SQ, DANGER, 0.55);
        } else if view.is_spent(s) {
            blend_rect(img, x, y, SQ, SQ, LAST_MOVE, 0.5);
        }
        if let Some(p) = view.board().get(s) {
            token(
                f,
                img,
                p,
                x as f32 + SQ as f32 / 2.0,
                y as f32 + SQ as f32 / 2.0,
                SQ as f32 * 0.43,
            );
        }
    }
    // Coordinates: ranks on the left, files below.
    for i in 0..8u8 {
        let s = Square::new(i, i).unwrap_or_else(|| unreachable!("a1..h8"));
        let (x, y) = square_xy(scene.bottom, s);
        let file = char::from(b'a' + i).to_string();
        let rank = (i + 1).to_string();
        f.draw_centered(
            img,
            &file,
            15.0,
            x as f32 + SQ as f32 / 2.0,
            (BY + 8 * SQ + 18) as f32,
            FRAME_TEXT,
        );
        f.draw_centered(
            img,
            &rank,
            15.0,
            (BX / 2) as f32,
            y as f32 + SQ as f32 / 2.0 + 6.0,
            FRAME_TEXT,
        );
    }
}

/// The chess glyph of a kind (the solid forms, drawn in the token's contrast colour).
fn glyph(role: Role) -> &'static str {
    match role {
        Role::King => "♚",
        Role::Queen => "♛",
        Role::Rook => "♜",
        Role::Bishop => "♝",
        Role::Knight => "♞",
        Role::Pawn => "♟",
    }
}

/// A piece as a token: a disc with a rim and the piece's glyph; a promoted piece has a
/// small amber dot.
fn token(f: &Fonts, img: &mut RgbImage, p: Piece, cx: f32, cy: f32, r: f32) {
    let (fill, rim) = match p.color {
        Color::White => (WHITE_FILL, WHITE_RIM),
        Color::Black => (BLACK_FILL, BLACK_RIM),
    };
    fill_shape(
        img,
        &Shape::Circle {
            c: P(cx + 1.5, cy + 2.5),
            r,
        },
        [0, 0, 0],
        0.35,
    );
    fill_shape(img, &Shape::Circle { c: P(cx, cy), r }, rim, 1.0);
    fill_shape(
        img,
        &Shape::Circle {
            c: P(cx, cy),
            r: r - r * 0.14,
        },
        fill,
        1.0,
    );
    let em = r * 1.35;
    let g = glyph(p.role);
    if f.width(g, em) > 0.0 {
        f.draw_centered(img, g, em, cx, cy + em * 0.36, rim);
    } else {
        let letter = p.role.char().to_ascii_uppercase().to_string();
        f.draw_centered(img, &letter, em * 0.8, cx, cy + em * 0.28, rim);
    }
    if p.promoted {
        fill_shape(
            img,
            &Shape::Circle {
                c: P(cx + r * 0.62, cy - r * 0.62),
                r: r * 0.2,
            },
            AMBER,
            1.0,
        );
    }
}

/// A player's strip: name and colour, hand size, prison and reserve.
fn strip(f: &Fonts, img: &mut RgbImage, scene: &MartianScene<'_>, c: Color, y: i32) {
    let view = scene.view;
    let acting = view.outcome().is_none() && view.to_act().player() == Some(c);
    fill_rect(
        img,
        BX,
        y,
        8 * SQ,
        STRIP_H,
        if acting { STRIP_ACTIVE } else { STRIP },
    );
    let r = 12.0;
    token(
        f,
        img,
        Piece::new(c, Role::King),
        (BX + 18) as f32,
        (y + 17) as f32,
        r,
    );
    let name = match c {
        Color::White => &scene.white,
        Color::Black => &scene.black,
    };
    let labels = &scene.labels;
    let color_name = labels.color(c);
    // Right to left: the hand size, the pill of the player to act, then the name gets
    // what room is left (cut with an ellipsis).
    let cards = labels.cards_text(view.hand_len(c));
    let right = (BX + 8 * SQ - 8) as f32;
    f.draw_right(img, &cards, 14.0, right, (y + 23) as f32, TEXT);
    let mut name_end = right - f.width(&cards, 14.0) - 12.0;
    if acting {
        let label = if matches!(view.to_act(), martian_chess::ToAct::Battle { .. }) {
            &labels.card_due
        } else {
            &labels.to_act
        };
        let lw = f.width(label, 12.0) + 14.0;
        let lx = name_end - lw;
        fill_shape(img, &pill(lx, (y + 9) as f32, lw, 18.0), AMBER, 1.0);
        f.draw_centered(img, label, 12.0, lx + lw / 2.0, (y + 23) as f32, FRAME);
        name_end = lx - 10.0;
    }
    let room = name_end - (BX + 44) as f32 - f.width(color_name, 12.0);
    let shown = f.fit(name, 16.0, room.clamp(40.0, 200.0));
    let shown = if shown.is_empty() {
        color_name.to_string()
    } else {
        shown
    };
    let w = f.draw(img, &shown, 16.0, (BX + 36) as f32, (y + 23) as f32, TEXT);
    f.draw(
        img,
        color_name,
        12.0,
        (BX + 44) as f32 + w,
        (y + 23) as f32,
        TEXT_DIM,
    );
    // Prison (enemy pieces this player holds) and reserve (own pieces back).
    let mut x = (BX + 8) as f32;
    for (label, pool, owner) in [
        (&labels.prison, view.prison(c), c.other()),
        (&labels.reserve, view.reserve(c), c),
    ] {
        x += f.draw(img, label, 11.0, x, (y + 46) as f32, TEXT_DIM) + 6.0;
        if pool.is_empty() {
            x += f.draw(img, "—", 12.0, x, (y + 46) as f32, TEXT_DIM) + 14.0;
            continue;
        }
        for role in Role::ALL {
            let n = pool.count(role);
            if n == 0 {
                continue;
            }
            token(
                f,
                img,
                Piece::new(owner, role),
                x + 8.0,
                (y + 42) as f32,
                8.0,
            );
            x += 18.0;
            if n > 1 {
                x += f.draw(img, &format!("×{n}"), 11.0, x, (y + 46) as f32, TEXT) + 2.0;
            }
            x += 4.0;
        }
        x += 12.0;
    }
}

/// A card face: rank and suit, red or black.
fn card(f: &Fonts, img: &mut RgbImage, c: Card, x: i32, y: i32, w: i32, h: i32) {
    fill_rect(img, x, y, w, h, CARD_FACE);
    blend_rect(img, x, y, w, 2, [200, 190, 170], 1.0);
    let color = match c.suit() {
        Suit::Hearts | Suit::Diamonds => CARD_RED,
        Suit::Clubs | Suit::Spades => CARD_BLACK,
    };
    let rank = match c.rank().char() {
        'T' => "10".to_string(),
        r => r.to_string(),
    };
    let suit = match c.suit() {
        Suit::Spades => "♠",
        Suit::Hearts => "♥",
        Suit::Diamonds => "♦",
        Suit::Clubs => "♣",
    };
    let cx = (x + w / 2) as f32;
    f.draw_centered(
        img,
        &rank,
        h as f32 * 0.36,
        cx,
        y as f32 + h as f32 * 0.45,
        color,
    );
    f.draw_centered(
        img,
        suit,
        h as f32 * 0.38,
        cx,
        y as f32 + h as f32 * 0.88,
        color,
    );
}

/// The die showing `value`, with pips.
fn die(img: &mut RgbImage, value: u8, x: f32, y: f32, size: f32) {
    let r = size * 0.16;
    for (cx, cy) in [
        (x + r, y + r),
        (x + size - r, y + r),
        (x + r, y + size - r),
        (x + size - r, y + size - r),
    ] {
        fill_shape(img, &Shape::Circle { c: P(cx, cy), r }, CARD_FACE, 1.0);
    }
    fill_rect(
        img,
        (x + r) as i32,
        y as i32,
        (size - 2.0 * r) as i32 + 1,
        size as i32,
        CARD_FACE,
    );
    fill_rect(
        img,
        x as i32,
        (y + r) as i32,
        size as i32,
        (size - 2.0 * r) as i32 + 1,
        CARD_FACE,
    );
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.5, 0.5)],
        2 => &[(0.27, 0.27), (0.73, 0.73)],
        3 => &[(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4 => &[(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5 => &[
            (0.27, 0.27),
            (0.73, 0.27),
            (0.5, 0.5),
            (0.27, 0.73),
            (0.73, 0.73),
        ],
        _ => &[
            (0.27, 0.25),
            (0.73, 0.25),
            (0.27, 0.5),
            (0.73, 0.5),
            (0.27, 0.75),
            (0.73, 0.75),
        ],
    };
    for (px, py) in pips {
        fill_shape(
            img,
            &Shape::Circle {
                c: P(x + px * size, y + py * size),
                r: size * 0.09,
            },
            CARD_BLACK,
            1.0,
        );
    }
}

fn panel(f: &Fonts, img: &mut RgbImage, scene: &MartianScene<'_>) {
    let view = scene.view;
    fill_rect(img, PX, BY, PW, 8 * SQ, CARD);
    let (x, cx) = ((PX + 10) as f32, (PX + PW / 2) as f32);
    let mut y = (BY + 24) as f32;
    let labels = &scene.labels;
    f.draw_centered(img, &labels.title, 12.0, cx, y, TEXT_DIM);
    y += 24.0;
    if let Some(result) = &scene.result {
        for line in f.wrap_lines(result, 15.0, (PW - 16) as f32, 4) {
            f.draw_centered(img, &line, 15.0, cx, y, AMBER);
            y += 20.0;
        }
        y += 6.0;
    } else {
        let turn = labels.turn.replace("{color}", labels.color(view.turn()));
        let turn = f.fit(&turn, 16.0, (PW - 12) as f32);
        f.draw_centered(img, &turn, 16.0, cx, y, TEXT);
        y += 14.0;
    }
    // The die and the actions used / left.
    die(img, view.die(), cx - 28.0, y, 56.0);
    y += 76.0;
    let (die_n, left) = (view.die(), view.actions_left());
    let used = die_n.saturating_sub(left);
    let actions = labels
        .actions_left
        .replace("{left}", &left.to_string())
        .replace("{die}", &die_n.to_string());
    f.draw_centered(img, &actions, 13.0, cx, y, TEXT);
    y += 10.0;
    let step = 20.0;
    let x0 = cx - step * f32::from(die_n) / 2.0;
    for i in 0..die_n {
        let color = if i < used { TEXT_DIM } else { AMBER };
        let alpha = if i < used { 0.6 } else { 1.0 };
        fill_shape(
            img,
            &pill(x0 + f32::from(i) * step + 2.0, y, step - 4.0, 10.0),
            color,
            alpha,
        );
    }
    y += 34.0;
    // The battle in progress.
    if let Some(b) = view.battle() {
        f.draw(
            img,
            &format!("{} {}×{}", labels.battle, b.from(), b.to()),
            13.0,
            x,
            y,
            [255, 140, 120],
        );
        y += 8.0;
        for (i, c) in b.cards().iter().enumerate() {
            let (col, row) = ((i % 2) as i32, (i / 2) as i32);
            card(f, img, *c, PX + 14 + col * 64, y as i32 + row * 62, 54, 56);
        }
        if b.cards().is_empty() {
            f.draw(img, &labels.attacker_leads, 12.0, x, y + 18.0, TEXT_DIM);
        }
    }
    // The discard pile's top and the deck.
    let pile = view.discard_pile();
    let bottom_y = (BY + 8 * SQ - 12) as f32;
    f.draw(
        img,
        &format!("{} {}", labels.deck, view.deck_len()),
        12.0,
        x,
        bottom_y,
        TEXT_DIM,
    );
    if let Some(top) = pile.last() {
        f.draw(
            img,
            &format!("{} {}", labels.discard, pile.len()),
            12.0,
            x,
            bottom_y - 70.0,
            TEXT_DIM,
        );
        card(f, img, *top, PX + 14, bottom_y as i32 - 62, 40, 44);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_chess::State;

    #[test]
    fn pictures_are_pngs_of_the_expected_size() {
        let s = State::new(1);
        let view = s.public_view(Color::White);
        let scene = MartianScene {
            view: &view,
            white: "Alice".into(),
            black: "Bob".into(),
            bottom: Color::White,
            result: None,
            labels: MartianLabels::default(),
        };
        let img = martian_image(&scene).unwrap();
        assert_eq!((img.width(), img.height()), (W as u32, H as u32));
        let png = martian_png(&scene).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}

#[cfg(test)]
mod palette_tests {
    use super::*;

    /// The shared palette, chosen from sample pictures, draws another game's picture
    /// faithfully: the PNG decodes to the drawn image within anti-aliasing noise.
    #[test]
    fn the_shared_palette_fits_other_games_pictures() {
        let mut g = martian_chess::State::new(99);
        for n in 0..25 {
            let Some(p) = g.player_to_act() else { break };
            let a =
                martian_chess::ai::choose(&g.public_view(p), martian_chess::ai::Level::Random, n)
                    .expect("an action");
            g = g.play(p, a).expect("legal");
        }
        let view = g.public_view(Color::Black);
        let scene = MartianScene {
            view: &view,
            white: "Ewa Tarkas ✦ 火星".into(),
            black: "Kantos Kan".into(),
            bottom: Color::Black,
            result: None,
            labels: MartianLabels::default(),
        };
        let drawn = martian_image(&scene).unwrap();
        let png = martian_png(&scene).unwrap();
        let decoded = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(decoded.dimensions(), drawn.dimensions());
        let (mut sum, mut far) = (0u64, 0usize);
        for (a, b) in decoded.pixels().zip(drawn.pixels()) {
            let d =
                a.0.iter()
                    .zip(b.0)
                    .map(|(x, y)| x.abs_diff(y))
                    .max()
                    .unwrap_or(0);
            sum += u64::from(d);
            far += usize::from(d > 24);
        }
        let n = drawn.pixels().len();
        let mean = sum as f64 / n as f64;
        assert!(mean < 1.5, "mean difference {mean:.2}");
        assert!(far * 1000 < n, "{far} of {n} pixels far off");
    }
}
