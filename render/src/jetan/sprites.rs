//! Jetan's piece tokens and their emblems (RULES.md §2), drawn in the shared theme's
//! colours.

use std::f32::consts::PI;

use jetan_rules::{Color, Role};

use image::{GrayImage, Luma};
use imageproc::drawing::draw_filled_circle_mut;
use imageproc::filter::gaussian_blur_f32;

use crate::paint::{Rgb, Shape, Sprite, P};
use crate::text::Fonts;
use crate::theme::{TokenColors, DANGER, DARK_TOKEN, JEWEL, LIGHT_TOKEN};

/// The seam of the circular board (between files `j` and `a`) and the letters of the
/// files echoed across it: the jewels' turquoise, a colour no move mark uses.
pub(crate) const SEAM: Rgb = JEWEL;

/// The token colours of a side: Black is a near-black disc with a cream rim, Orange a
/// bright orange disc with a dark brown rim.
pub(crate) const fn token_colors(color: Color) -> TokenColors {
    match color {
        Color::Black => DARK_TOKEN,
        Color::Orange => LIGHT_TOKEN,
    }
}

/// Maps emblem coordinates (a box from −1 to 1, y down) to sprite pixels.
#[derive(Debug, Clone, Copy)]
struct Frame {
    cx: f32,
    cy: f32,
    k: f32,
}

impl Frame {
    fn p(self, x: f32, y: f32) -> P {
        P(self.cx + x * self.k, self.cy + y * self.k)
    }
    fn poly(self, pts: &[(f32, f32)]) -> Shape {
        Shape::Poly(pts.iter().map(|&(x, y)| self.p(x, y)).collect())
    }
    fn circle(self, x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle {
            c: self.p(x, y),
            r: r * self.k,
        }
    }
}

/// Draws one emblem feather: a vane on a short stem, from `base` pointing at `angle`
/// (radians, 0 = up, clockwise), `len` long and `width` wide, with the quill cut out.
#[allow(clippy::too_many_arguments)]
fn feather(
    s: &mut Sprite,
    f: Frame,
    base: (f32, f32),
    angle: f32,
    len: f32,
    width: f32,
    tc: TokenColors,
) {
    let d = (angle.sin(), -angle.cos());
    let n = (angle.cos(), angle.sin());
    let at = |t: f32, v: f32| (base.0 + d.0 * t + n.0 * v, base.1 + d.1 * t + n.1 * v);
    let v0 = 0.16 * len;
    let steps = 14;
    let mut pts = Vec::with_capacity(2 * steps + 2);
    for i in 0..=steps {
        let u = i as f32 / steps as f32;
        let hw = width / 2.0 * (PI * u).sin().max(0.0).powf(0.65) * (1.0 - 0.2 * u);
        pts.push(at(v0 + u * (len - v0), hw));
    }
    for i in (0..=steps).rev() {
        let u = i as f32 / steps as f32;
        let hw = width / 2.0 * (PI * u).sin().max(0.0).powf(0.65) * (1.0 - 0.2 * u);
        pts.push(at(v0 + u * (len - v0), -hw));
    }
    let stem_r = (0.055 * f.k).max(0.7);
    let a = at(0.0, 0.0);
    let b = at(v0 + 0.1 * len, 0.0);
    s.fill(
        &Shape::Capsule {
            a: f.p(a.0, a.1),
            b: f.p(b.0, b.1),
            r: stem_r,
        },
        tc.ink,
        1.0,
        1.0,
    );
    s.fill(&f.poly(&pts), tc.ink, 1.0, 1.0);
    let q0 = at(v0 + 0.08 * len, 0.0);
    let q1 = at(len * 0.82, 0.0);
    s.fill(
        &Shape::Capsule {
            a: f.p(q0.0, q0.1),
            b: f.p(q1.0, q1.1),
            r: (0.03 * f.k).max(0.45),
        },
        tc.body,
        0.9,
        1.0,
    );
}

/// A fan of `n` feathers from one base point, `spread` radians between neighbours.
fn fan(s: &mut Sprite, f: Frame, n: usize, spread: f32, len: f32, width: f32, tc: TokenColors) {
    let mid = (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        let angle = (i as f32 - mid) * spread;
        feather(s, f, (0.0, 0.95), angle, len, width, tc);
    }
}

/// A jewel: a turquoise disc with an ink setting.
fn jewel(s: &mut Sprite, f: Frame, x: f32, y: f32, r: f32, tc: TokenColors) {
    s.fill(&f.circle(x, y, r * 1.45), tc.ink, 1.0, 1.0);
    s.fill(&f.circle(x, y, r), JEWEL, 1.0, 1.0);
}

/// Draws the emblem of `role` (RULES.md §2) into the box `f`.
fn emblem(s: &mut Sprite, f: Frame, role: Role, tc: TokenColors) {
    match role {
        Role::Panthan => feather(s, f, (0.0, 0.95), 0.0, 1.9, 0.72, tc),
        Role::Warrior => {
            // Two feathers side by side, upright: the Warrior steps orthogonally.
            feather(s, f, (-0.3, 0.95), -0.06, 1.85, 0.58, tc);
            feather(s, f, (0.3, 0.95), 0.06, 1.85, 0.58, tc);
        }
        // Two feathers fanned wide: the Padwar steps diagonally.
        Role::Padwar => fan(s, f, 2, 0.95, 1.85, 0.58, tc),
        Role::Dwar => fan(s, f, 3, 0.52, 1.85, 0.52, tc),
        Role::Odwar => fan(s, f, 5, 0.4, 1.8, 0.42, tc),
        Role::Thoat => thoat(s, f, tc),
        Role::Flier => propeller(s, f, tc),
        Role::Chief => crown(s, f, tc),
        Role::Princess => tiara(s, f, tc),
    }
}

/// The Thoat: a mount's head with the rider's two feathers.
fn thoat(s: &mut Sprite, f: Frame, tc: TokenColors) {
    feather(s, f, (0.25, -0.3), 0.35, 0.95, 0.34, tc);
    feather(s, f, (0.38, -0.2), 0.85, 0.9, 0.34, tc);
    let head = [
        (0.62, 0.98),
        (-0.52, 0.98),
        (-0.52, 0.8),
        (-0.14, 0.32),
        (-0.32, 0.18),
        (-0.8, 0.14),
        (-0.95, -0.02),
        (-0.88, -0.22),
        (-0.42, -0.54),
        (-0.3, -0.88),
        (-0.1, -0.64),
        (0.32, -0.5),
        (0.62, -0.05),
        (0.7, 0.5),
    ];
    s.fill(&f.poly(&head), tc.ink, 1.0, 1.0);
    s.fill(&f.circle(-0.42, -0.24, 0.09), tc.body, 1.0, 1.0);
    // The mane's edge.
    s.fill(
        &Shape::Capsule {
            a: f.p(-0.05, -0.5),
            b: f.p(0.38, 0.2),
            r: (0.035 * f.k).max(0.5),
        },
        tc.body,
        0.9,
        1.0,
    );
}

/// The Flier: a three-bladed propeller.
fn propeller(s: &mut Sprite, f: Frame, tc: TokenColors) {
    for i in 0..3 {
        let a = i as f32 * 2.0 * PI / 3.0;
        let (d, n) = ((a.sin(), -a.cos()), (a.cos(), a.sin()));
        let steps = 12;
        let mut pts = Vec::new();
        for j in 0..=steps {
            let u = j as f32 / steps as f32;
            let t = 0.12 + u * 0.86;
            let w = 0.34 * (PI * u).sin().max(0.0).powf(0.7) + 0.07;
            pts.push((d.0 * t + n.0 * w, d.1 * t + n.1 * w));
        }
        for j in (0..=steps).rev() {
            let u = j as f32 / steps as f32;
            let t = 0.12 + u * 0.86;
            let w = 0.14 * (PI * u).sin().max(0.0).powf(0.7) + 0.07;
            pts.push((d.0 * t - n.0 * w, d.1 * t - n.1 * w));
        }
        s.fill(&f.poly(&pts), tc.ink, 1.0, 1.0);
    }
    s.fill(&f.circle(0.0, 0.0, 0.27), tc.ink, 1.0, 1.0);
    s.fill(&f.circle(0.0, 0.0, 0.11), tc.body, 1.0, 1.0);
}

/// The Chief: a diadem with ten jewels (five on the points, five on the band).
fn crown(s: &mut Sprite, f: Frame, tc: TokenColors) {
    let tips = [
        (-0.84, -0.3),
        (-0.42, -0.5),
        (0.0, -0.68),
        (0.42, -0.5),
        (0.84, -0.3),
    ];
    let outline = [
        (-0.86, 0.72),
        tips[0],
        (-0.62, 0.1),
        tips[1],
        (-0.21, 0.06),
        tips[2],
        (0.21, 0.06),
        tips[3],
        (0.62, 0.1),
        tips[4],
        (0.86, 0.72),
    ];
    s.fill(&f.poly(&outline), tc.ink, 1.0, 1.0);
    s.fill(
        &Shape::Capsule {
            a: f.p(-0.8, 0.28),
            b: f.p(0.8, 0.28),
            r: (0.035 * f.k).max(0.5),
        },
        tc.body,
        0.9,
        1.0,
    );
    for (x, y) in tips {
        jewel(s, f, x, y - 0.06, 0.1, tc);
    }
    for i in 0..5 {
        let x = -0.6 + 0.3 * i as f32;
        s.fill(&f.circle(x, 0.5, 0.085), JEWEL, 1.0, 1.0);
    }
}

/// The Princess: a slender diadem with one large jewel.
fn tiara(s: &mut Sprite, f: Frame, tc: TokenColors) {
    // The band: a thin arc, lower at the ends.
    let (cy, r_out, r_in) = (1.75, 1.32, 1.08);
    let span = 0.62_f32;
    let steps = 16;
    let mut pts = Vec::new();
    for i in 0..=steps {
        let a = -span + 2.0 * span * i as f32 / steps as f32;
        pts.push((r_out * a.sin(), cy - r_out * a.cos()));
    }
    for i in (0..=steps).rev() {
        let a = -span + 2.0 * span * i as f32 / steps as f32;
        pts.push((r_in * a.sin(), cy - r_in * a.cos()));
    }
    s.fill(&f.poly(&pts), tc.ink, 1.0, 1.0);
    // Two small points, and the raised centre holding the jewel.
    for side in [-1.0, 1.0] {
        let pts = [
            (0.72 * side, 0.52),
            (0.6 * side, -0.02),
            (0.44 * side, 0.46),
        ];
        s.fill(&f.poly(&pts), tc.ink, 1.0, 1.0);
        s.fill(&f.circle(0.6 * side, -0.04, 0.08), tc.ink, 1.0, 1.0);
    }
    let neck = [(-0.32, 0.5), (-0.2, 0.1), (0.2, 0.1), (0.32, 0.5)];
    s.fill(&f.poly(&neck), tc.ink, 1.0, 1.0);
    let spike = [(-0.17, -0.42), (0.0, -0.9), (0.17, -0.42)];
    s.fill(&f.poly(&spike), tc.ink, 1.0, 1.0);
    s.fill(&f.circle(0.0, -0.1, 0.42), tc.ink, 1.0, 1.0);
    s.fill(&f.circle(0.0, -0.1, 0.29), JEWEL, 1.0, 1.0);
    s.fill(&f.circle(-0.09, -0.19, 0.08), [220, 252, 252], 0.9, 1.0);
}

/// A token's disc radius as a share of its sprite's side.
pub(crate) const TOKEN_RADIUS: f32 = 0.47;

/// A full-size token: a shadowed disc in the side's colour with a contrasting rim, the
/// role's emblem in its upper half and its letter, large, in the lower half — sized so
/// both still read when the picture is scaled to 400 pixels. `size` is the sprite's side.
pub(crate) fn token(fonts: &Fonts, color: Color, role: Role, size: u32) -> Sprite {
    let tc = token_colors(color);
    let mut s = Sprite::new(size, size);
    let c = size as f32 / 2.0;
    let r = size as f32 * TOKEN_RADIUS;
    disc(&mut s, c, c, r, tc);
    let f = Frame {
        cx: c,
        cy: c - 0.33 * r,
        k: 0.4 * r,
    };
    emblem(&mut s, f, role, tc);
    let cap = 0.5 * r;
    let em = cap / fonts.cap_height(1.0);
    let label = role.upper_char().to_string();
    fonts.draw_in_sprite(&mut s, &label, em, c, c + 0.42 * r, tc.ink);
    shadow(&mut s, c, c + 0.06 * r, r, 0.09 * r);
    s.finish()
}

/// A small token for the captured-piece rows: disc and letter (an emblem would be a blot
/// at this size).
pub(crate) fn mini_token(fonts: &Fonts, color: Color, role: Role, size: u32) -> Sprite {
    let tc = token_colors(color);
    let mut s = Sprite::new(size, size);
    let c = size as f32 / 2.0;
    let r = size as f32 * TOKEN_RADIUS;
    disc(&mut s, c, c, r, tc);
    let em = 1.0 * r / fonts.cap_height(1.0);
    let label = role.upper_char().to_string();
    fonts.draw_in_sprite(&mut s, &label, em, c, c, tc.ink);
    s.finish()
}

/// A plain disc of a side's colour, for the player strips.
pub(crate) fn swatch(color: Color, size: u32) -> Sprite {
    let tc = token_colors(color);
    let mut s = Sprite::new(size, size);
    let c = size as f32 / 2.0;
    disc(&mut s, c, c, size as f32 * 0.46, tc);
    s.finish()
}

/// The token disc: rim, body and a faint inner groove.
fn disc(s: &mut Sprite, cx: f32, cy: f32, r: f32, tc: TokenColors) {
    let rim = (0.09 * r).max(1.5);
    s.fill(&Shape::Circle { c: P(cx, cy), r }, tc.ink, 1.0, 1.0);
    s.fill(
        &Shape::Circle {
            c: P(cx, cy),
            r: r - rim,
        },
        tc.body,
        1.0,
        1.0,
    );
    if r > 20.0 {
        s.fill(
            &Shape::Ring {
                c: P(cx, cy),
                r: r - rim - 0.08 * r,
                w: (0.03 * r).max(1.0),
            },
            tc.ink,
            0.22,
            1.0,
        );
    }
}

/// A soft drop shadow under what the sprite holds: a disc drawn with imageproc and
/// blurred with its Gaussian filter.
fn shadow(s: &mut Sprite, cx: f32, cy: f32, r: f32, sigma: f32) {
    let mut mask = GrayImage::new(s.w, s.h);
    draw_filled_circle_mut(
        &mut mask,
        (cx.round() as i32, cy.round() as i32),
        r.round() as i32,
        Luma([255]),
    );
    let mask = gaussian_blur_f32(&mask, sigma.max(0.6));
    s.under(&mask, [0, 0, 0], 0.5);
}

/// A soft red glow filling a square, brighter towards a ring: the threatened Princess.
pub(crate) fn glow(size: u32) -> Sprite {
    let mut mask = GrayImage::new(size, size);
    let c = (size / 2) as i32;
    let r = (size as f32 * 0.42) as i32;
    draw_filled_circle_mut(&mut mask, (c, c), r, Luma([255]));
    draw_filled_circle_mut(&mut mask, (c, c), (r * 3 / 4).max(1), Luma([150]));
    let mask = gaussian_blur_f32(&mask, size as f32 * 0.07);
    let mut s = Sprite::new(size, size);
    s.under(&mask, DANGER, 1.0);
    let mut tint = Sprite::new(size, size);
    tint.fill(
        &Shape::Poly(vec![
            P(0.0, 0.0),
            P(size as f32, 0.0),
            P(size as f32, size as f32),
            P(0.0, size as f32),
        ]),
        DANGER,
        0.4,
        1.0,
    );
    for y in 0..size {
        for x in 0..size {
            let t = tint.straight(x, y);
            let g = s.straight(x, y);
            if g[3] < t[3] {
                s.set_straight(x, y, t);
            }
        }
    }
    s.finish()
}
