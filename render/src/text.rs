//! Text with the embedded DejaVu Sans Bold: measuring, shortening with an ellipsis, and
//! drawing. Characters the font lacks are drawn as `?`, control characters are dropped:
//! no text can make drawing fail.

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::RgbImage;

use crate::paint::{blend_pixel, Rgb, Sprite};

/// DejaVu Sans Bold (Bitstream Vera licence, see `assets/DejaVu-LICENSE.txt`).
const FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// Texts are cut to this many characters before anything else: a name is not a book.
pub(crate) const MAX_CHARS: usize = 200;

/// The embedded font, parsed.
#[derive(Debug, Clone)]
pub(crate) struct Fonts {
    font: FontRef<'static>,
}

impl Fonts {
    /// Parses the embedded font.
    pub fn load() -> Result<Fonts, crate::RenderError> {
        let font = FontRef::try_from_slice(FONT_BYTES).map_err(|_| crate::RenderError::Font)?;
        Ok(Fonts { font })
    }

    /// The glyphs of `text` at size `px` with their x offsets from the pen start, and the
    /// total advance.
    fn layout(&self, text: &str, px: f32) -> (Vec<(GlyphId, f32)>, f32) {
        let scaled = self.font.as_scaled(PxScale::from(px));
        let question = scaled.glyph_id('?');
        let mut out = Vec::with_capacity(text.len());
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            if c.is_control() {
                continue;
            }
            let mut id = scaled.glyph_id(c);
            if id.0 == 0 {
                id = question;
            }
            if let Some(p) = prev {
                x += scaled.kern(p, id);
            }
            out.push((id, x));
            x += scaled.h_advance(id);
            prev = Some(id);
        }
        (out, x)
    }

    /// The width of `text` at size `px`.
    pub fn width(&self, text: &str, px: f32) -> f32 {
        self.layout(text, px).1
    }

    /// `text` as it fits in `max_width` pixels at size `px`: whole, or cut with `…`.
    /// Control characters are dropped and only the first [`MAX_CHARS`] characters count.
    pub fn fit(&self, text: &str, px: f32, max_width: f32) -> String {
        let limited: String = text
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_CHARS)
            .collect();
        let clean = limited.trim();
        let (glyphs, total) = self.layout(clean, px);
        if total <= max_width && limited.chars().count() < MAX_CHARS {
            return clean.to_string();
        }
        let ellipsis = self.width("…", px);
        let chars: Vec<char> = clean.chars().collect();
        // The glyph offsets are the widths of the prefixes.
        let mut n = glyphs
            .iter()
            .take_while(|(_, x)| *x + ellipsis <= max_width)
            .count();
        while n > 0 {
            let mut s: String = chars[..n].iter().collect::<String>().trim_end().to_string();
            s.push('…');
            if self.width(&s, px) <= max_width {
                return s;
            }
            n -= 1;
        }
        String::new()
    }

    /// Calls `f(x, y, coverage)` for every pixel of `text` drawn at size `px` with the pen
    /// starting at `x` and the baseline at `baseline`.
    fn raster(&self, text: &str, px: f32, x: f32, baseline: f32, mut f: impl FnMut(i32, i32, f32)) {
        let (glyphs, _) = self.layout(text, px);
        for (id, gx) in glyphs {
            let glyph = id.with_scale_and_position(PxScale::from(px), point(x + gx, baseline));
            if let Some(outlined) = self.font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                let (bx, by) = (b.min.x as i32, b.min.y as i32);
                outlined.draw(|dx, dy, c| f(bx + dx as i32, by + dy as i32, c));
            }
        }
    }

    /// Draws `text` onto `img`; returns its width.
    pub fn draw(
        &self,
        img: &mut RgbImage,
        text: &str,
        px: f32,
        x: f32,
        baseline: f32,
        color: Rgb,
    ) -> f32 {
        self.raster(text, px, x, baseline, |x, y, c| {
            blend_pixel(img, x, y, color, c);
        });
        self.width(text, px)
    }

    /// Draws `text` centred on `cx`.
    pub fn draw_centered(
        &self,
        img: &mut RgbImage,
        text: &str,
        px: f32,
        cx: f32,
        baseline: f32,
        color: Rgb,
    ) {
        let w = self.width(text, px);
        self.draw(img, text, px, cx - w / 2.0, baseline, color);
    }

    /// Draws `text` centred on (`cx`, `cy`) (by cap height) into a sprite.
    pub fn draw_in_sprite(
        &self,
        s: &mut Sprite,
        text: &str,
        px: f32,
        cx: f32,
        cy: f32,
        color: Rgb,
    ) {
        let w = self.width(text, px);
        let cap = self.cap_height(px);
        self.raster(text, px, cx - w / 2.0, cy + cap / 2.0, |x, y, c| {
            if x >= 0 && y >= 0 {
                s.over(x as u32, y as u32, color, c);
            }
        });
    }

    /// The height of a capital letter at size `px` (about 0.73 px for DejaVu Sans).
    pub fn cap_height(&self, px: f32) -> f32 {
        px * 0.729
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let f = Fonts::load().unwrap();
        let long = "Tars Tarkas, Jeddak of Thark and Warlord of the Green Men";
        let fitted = f.fit(long, 20.0, 150.0);
        assert!(fitted.ends_with('…'), "{fitted}");
        assert!(f.width(&fitted, 20.0) <= 150.0);
        assert_eq!(f.fit("Dejah", 20.0, 150.0), "Dejah");
        assert_eq!(f.fit("anything", 20.0, 1.0), "");
    }

    #[test]
    fn missing_glyphs_and_controls_do_not_panic() {
        let f = Fonts::load().unwrap();
        let mut img = RgbImage::new(200, 40);
        let text = "Θοὔρη 🐉 \u{202e}مرحبا\u{0007}\u{200d}漢字 \u{10ffff}";
        let fitted = f.fit(text, 18.0, 190.0);
        let w = f.draw(&mut img, &fitted, 18.0, 2.0, 30.0, [255, 255, 255]);
        assert!(w > 0.0);
    }
}
