//! Low-level drawing: anti-aliased shapes as signed distance functions, premultiplied
//! RGBA sprites, and blending onto an opaque RGB canvas.
//!
//! Kept by hand where imageproc cannot reach the quality: the piece emblems, move marks and
//! strike-throughs need exact anti-aliased coverage of filled curves and thick strokes, and
//! sprites need it as an alpha channel so one cached token can be stamped on any square.
//! imageproc's filled polygons and circles have no anti-aliasing, its anti-aliased lines are
//! one pixel wide, and its anti-aliased polygons blend onto an opaque image rather than
//! produce coverage. Everything else — text, rectangles, tiles, shadows and glows (Gaussian
//! blur) — is drawn with imageproc.

use image::RgbImage;

/// An RGB colour.
pub(crate) type Rgb = [u8; 3];

/// A point in pixels (x right, y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct P(pub f32, pub f32);

impl P {
    fn sub(self, o: P) -> P {
        P(self.0 - o.0, self.1 - o.1)
    }
    fn dot(self, o: P) -> f32 {
        self.0 * o.0 + self.1 * o.1
    }
    fn len(self) -> f32 {
        self.dot(self).sqrt()
    }
}

/// A filled shape, in pixels.
#[derive(Debug, Clone)]
pub(crate) enum Shape {
    /// A disc.
    Circle { c: P, r: f32 },
    /// A ring of radius `r` (centre of the stroke) and width `w`.
    Ring { c: P, r: f32, w: f32 },
    /// A line segment with round ends, radius `r`.
    Capsule { a: P, b: P, r: f32 },
    /// A simple polygon (either winding).
    Poly(Vec<P>),
}

impl Shape {
    /// Signed distance from `p` to the shape's edge: negative inside.
    fn sd(&self, p: P) -> f32 {
        match self {
            Shape::Circle { c, r } => p.sub(*c).len() - r,
            Shape::Ring { c, r, w } => (p.sub(*c).len() - r).abs() - w / 2.0,
            Shape::Capsule { a, b, r } => {
                let pa = p.sub(*a);
                let ba = b.sub(*a);
                let denom = ba.dot(ba);
                let h = if denom > 0.0 {
                    (pa.dot(ba) / denom).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                P(pa.0 - ba.0 * h, pa.1 - ba.1 * h).len() - r
            }
            Shape::Poly(v) => poly_sd(v, p),
        }
    }

    /// The bounding box (x0, y0, x1, y1) in pixels.
    fn bounds(&self) -> (f32, f32, f32, f32) {
        match self {
            Shape::Circle { c, r } => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
            Shape::Ring { c, r, w } => {
                let r = r + w / 2.0;
                (c.0 - r, c.1 - r, c.0 + r, c.1 + r)
            }
            Shape::Capsule { a, b, r } => (
                a.0.min(b.0) - r,
                a.1.min(b.1) - r,
                a.0.max(b.0) + r,
                a.1.max(b.1) + r,
            ),
            Shape::Poly(v) => v.iter().fold(
                (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
                |(x0, y0, x1, y1), p| (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1)),
            ),
        }
    }
}

/// Exact signed distance to a polygon (Inigo Quilez's formulation).
fn poly_sd(v: &[P], p: P) -> f32 {
    let Some(&first) = v.first() else {
        return f32::MAX;
    };
    let mut d = p.sub(first).dot(p.sub(first));
    let mut s = 1.0;
    let n = v.len();
    let mut j = n - 1;
    for i in 0..n {
        let e = v[j].sub(v[i]);
        let w = p.sub(v[i]);
        let ee = e.dot(e);
        let t = if ee > 0.0 {
            (w.dot(e) / ee).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let b = P(w.0 - e.0 * t, w.1 - e.1 * t);
        d = d.min(b.dot(b));
        let c1 = p.1 >= v[i].1;
        let c2 = p.1 < v[j].1;
        let c3 = e.0 * w.1 > e.1 * w.0;
        if (c1 && c2 && c3) || (!c1 && !c2 && !c3) {
            s = -s;
        }
        j = i;
    }
    s * d.sqrt()
}

/// A picture with transparency, stored premultiplied, to stamp onto a canvas.
#[derive(Debug, Clone)]
pub(crate) struct Sprite {
    pub w: u32,
    pub h: u32,
    /// Premultiplied RGBA, 0.0–1.0, row by row.
    px: Vec<[f32; 4]>,
    /// The same as bytes, for fast stamping.
    bytes: Vec<[u8; 4]>,
}

impl Sprite {
    /// A transparent sprite.
    pub fn new(w: u32, h: u32) -> Sprite {
        Sprite {
            w,
            h,
            px: vec![[0.0; 4]; (w * h) as usize],
            bytes: Vec::new(),
        }
    }

    /// Paints `shape` over the sprite in `color` with opacity `alpha`; `soft` is the width
    /// of the anti-aliased edge in pixels (1 for crisp, more for shadows and glows).
    pub fn fill(&mut self, shape: &Shape, color: Rgb, alpha: f32, soft: f32) {
        let (x0, y0, x1, y1) = shape.bounds();
        let pad = soft + 1.0;
        let xa = ((x0 - pad).floor().max(0.0)) as u32;
        let ya = ((y0 - pad).floor().max(0.0)) as u32;
        let xb = ((x1 + pad).ceil().max(0.0) as u32).min(self.w);
        let yb = ((y1 + pad).ceil().max(0.0) as u32).min(self.h);
        let soft = soft.max(0.5);
        for y in ya..yb {
            for x in xa..xb {
                let d = shape.sd(P(x as f32 + 0.5, y as f32 + 0.5));
                let cov = (0.5 - d / soft).clamp(0.0, 1.0);
                self.over(x, y, color, cov * alpha);
            }
        }
    }

    /// Paints `color` over pixel (x, y) with opacity `a`.
    pub fn over(&mut self, x: u32, y: u32, color: Rgb, a: f32) {
        if a <= 0.0 || x >= self.w || y >= self.h {
            return;
        }
        let a = a.min(1.0);
        let p = &mut self.px[(y * self.w + x) as usize];
        let k = 1.0 - a;
        for (i, c) in color.iter().enumerate() {
            p[i] = f32::from(*c) / 255.0 * a + p[i] * k;
        }
        p[3] = a + p[3] * k;
    }

    /// The straight (not premultiplied) colour and opacity of pixel (x, y).
    pub fn straight(&self, x: u32, y: u32) -> [u8; 4] {
        if x >= self.w || y >= self.h {
            return [0; 4];
        }
        let p = self.px[(y * self.w + x) as usize];
        if p[3] <= 0.0 {
            return [0; 4];
        }
        let c = |v: f32| (v / p[3] * 255.0).round().clamp(0.0, 255.0) as u8;
        [c(p[0]), c(p[1]), c(p[2]), (p[3] * 255.0).round() as u8]
    }

    /// Sets pixel (x, y) from a straight colour and opacity.
    pub fn set_straight(&mut self, x: u32, y: u32, c: [u8; 4]) {
        if x >= self.w || y >= self.h {
            return;
        }
        let a = f32::from(c[3]) / 255.0;
        self.px[(y * self.w + x) as usize] = [
            f32::from(c[0]) / 255.0 * a,
            f32::from(c[1]) / 255.0 * a,
            f32::from(c[2]) / 255.0 * a,
            a,
        ];
    }

    /// Paints a soft shadow or glow: `mask` (0–255 coverage, the sprite's size, already
    /// blurred) in `color` at opacity `alpha`, under what the sprite holds so far.
    pub fn under(&mut self, mask: &image::GrayImage, color: Rgb, alpha: f32) {
        for (x, y, m) in mask.enumerate_pixels() {
            if x >= self.w || y >= self.h {
                continue;
            }
            let a = f32::from(m.0[0]) / 255.0 * alpha;
            let p = &mut self.px[(y * self.w + x) as usize];
            let k = 1.0 - p[3];
            for (i, c) in color.iter().enumerate() {
                p[i] += f32::from(*c) / 255.0 * a * k;
            }
            p[3] += a * k;
        }
    }

    /// Freezes the sprite for stamping.
    pub fn finish(mut self) -> Sprite {
        self.bytes = self
            .px
            .iter()
            .map(|p| p.map(|v| (v * 255.0).round().clamp(0.0, 255.0) as u8))
            .collect();
        self
    }

    /// Stamps the sprite onto `img` with its top-left corner at (x, y), clipped.
    pub fn draw(&self, img: &mut RgbImage, x: i32, y: i32) {
        let (iw, ih) = (img.width() as i32, img.height() as i32);
        let sx0 = (-x).max(0);
        let sy0 = (-y).max(0);
        let sx1 = (self.w as i32).min(iw - x);
        let sy1 = (self.h as i32).min(ih - y);
        if sx0 >= sx1 || sy0 >= sy1 || self.bytes.is_empty() {
            return;
        }
        let buf: &mut [u8] = img;
        for sy in sy0..sy1 {
            let src = &self.bytes[(sy as u32 * self.w) as usize..][sx0 as usize..sx1 as usize];
            let start = (((y + sy) * iw + x + sx0) * 3) as usize;
            let dst = &mut buf[start..start + src.len() * 3];
            for (s, d) in src.iter().zip(dst.chunks_exact_mut(3)) {
                match s[3] {
                    0 => {}
                    255 => d.copy_from_slice(&s[..3]),
                    a => {
                        let k = u16::from(255 - a);
                        for i in 0..3 {
                            d[i] = (u16::from(s[i]) + (u16::from(d[i]) * k + 127) / 255) as u8;
                        }
                    }
                }
            }
        }
    }
}

/// Fills a rectangle with a solid colour, clipped.
pub(crate) fn fill_rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, color: Rgb) {
    blend_rect(img, x, y, w, h, color, 1.0);
}

/// Blends a colour over a rectangle with opacity `alpha`, clipped.
pub(crate) fn blend_rect(
    img: &mut RgbImage,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    color: Rgb,
    alpha: f32,
) {
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    let (x0, y0) = (x.max(0), y.max(0));
    let (x1, y1) = ((x + w).min(iw), (y + h).min(ih));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let a = (alpha.clamp(0.0, 1.0) * 256.0) as u32;
    let buf: &mut [u8] = img;
    for yy in y0..y1 {
        let start = ((yy * iw + x0) * 3) as usize;
        let row = &mut buf[start..start + ((x1 - x0) * 3) as usize];
        if a >= 256 {
            for d in row.chunks_exact_mut(3) {
                d.copy_from_slice(&color);
            }
        } else {
            for d in row.chunks_exact_mut(3) {
                for i in 0..3 {
                    d[i] = ((u32::from(color[i]) * a + u32::from(d[i]) * (256 - a)) >> 8) as u8;
                }
            }
        }
    }
}

/// Blends `color` over pixel (x, y) of `img` with opacity `a`, if it is inside.
pub(crate) fn blend_pixel(img: &mut RgbImage, x: i32, y: i32, color: Rgb, a: f32) {
    if a <= 0.0 || x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    let a = a.min(1.0);
    for (d, c) in p.0.iter_mut().zip(color) {
        *d = (f32::from(c) * a + f32::from(*d) * (1.0 - a)).round() as u8;
    }
}

/// Paints a shape straight onto `img` (for one-off shapes such as pills).
pub(crate) fn fill_shape(img: &mut RgbImage, shape: &Shape, color: Rgb, alpha: f32) {
    let (x0, y0, x1, y1) = shape.bounds();
    let xa = (x0 - 1.0).floor().max(0.0) as i32;
    let ya = (y0 - 1.0).floor().max(0.0) as i32;
    let xb = ((x1 + 1.0).ceil() as i32).min(img.width() as i32);
    let yb = ((y1 + 1.0).ceil() as i32).min(img.height() as i32);
    for y in ya..yb {
        for x in xa..xb {
            let d = shape.sd(P(x as f32 + 0.5, y as f32 + 0.5));
            let cov = (0.5 - d).clamp(0.0, 1.0);
            blend_pixel(img, x, y, color, cov * alpha);
        }
    }
}

/// A rounded rectangle ("pill") as a capsule-like polygon-free shape: a capsule whose
/// radius is half the height.
pub(crate) fn pill(x: f32, y: f32, w: f32, h: f32) -> Shape {
    let r = h / 2.0;
    Shape::Capsule {
        a: P(x + r, y + r),
        b: P(x + w - r, y + r),
        r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_distance_has_the_right_sign() {
        let square = vec![P(0.0, 0.0), P(10.0, 0.0), P(10.0, 10.0), P(0.0, 10.0)];
        assert!(poly_sd(&square, P(5.0, 5.0)) < -4.9);
        assert!((poly_sd(&square, P(15.0, 5.0)) - 5.0).abs() < 1e-4);
        let reversed: Vec<P> = square.iter().rev().copied().collect();
        assert!(poly_sd(&reversed, P(5.0, 5.0)) < -4.9);
    }

    #[test]
    fn sprites_clip_at_the_canvas_edges() {
        let mut s = Sprite::new(10, 10);
        s.fill(
            &Shape::Circle {
                c: P(5.0, 5.0),
                r: 5.0,
            },
            [255, 0, 0],
            1.0,
            1.0,
        );
        let s = s.finish();
        let mut img = RgbImage::new(8, 8);
        for (x, y) in [(-20, -20), (-5, -5), (3, 3), (7, -3), (100, 100)] {
            s.draw(&mut img, x, y);
        }
        assert_eq!(img.get_pixel(5, 5).0, [255, 0, 0]);
    }
}
