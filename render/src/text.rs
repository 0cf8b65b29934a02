//! Text: the embedded DejaVu Sans Bold for Latin, Greek and Cyrillic (accents included),
//! with two embedded fallbacks for what it lacks — Droid Sans Fallback (CJK, kana, Hangul
//! and more) and a subset of Symbola (emoji and symbols). Measuring, shortening with an
//! ellipsis, wrapping, and drawing with imageproc's `draw_text_mut`. A character no font
//! has is left out (never drawn as `?`); control and joiner characters are dropped: no
//! text can make drawing fail.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{GrayImage, Luma, RgbImage, Rgba};
use imageproc::drawing::{draw_text_mut, Canvas};

use crate::paint::Sprite;

/// DejaVu Sans Bold (Bitstream Vera licence, see `assets/DejaVu-LICENSE.txt`).
const MAIN_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");
/// Droid Sans Fallback (Apache 2.0, see `assets/DroidSansFallback-LICENSE.txt`).
const CJK_BYTES: &[u8] = include_bytes!("../assets/DroidSansFallback.ttf");
/// Symbola's symbol and emoji blocks (free for any use, see `assets/Symbola-LICENSE.txt`).
const EMOJI_BYTES: &[u8] = include_bytes!("../assets/Symbola-emoji.ttf");

/// Texts are cut to this many characters before anything else: a name is not a book.
pub(crate) const MAX_CHARS: usize = 200;

/// One font and the factor from an em size in pixels to ab_glyph's [`PxScale`] (which
/// scales the font's ascent-to-descent height, not its em).
#[derive(Debug, Clone)]
struct Face {
    font: FontRef<'static>,
    em_to_scale: f32,
}

impl Face {
    fn load(bytes: &'static [u8]) -> Result<Face, crate::RenderError> {
        let font = FontRef::try_from_slice(bytes).map_err(|_| crate::RenderError::Font)?;
        let em = font.units_per_em().unwrap_or(1000.0);
        let em_to_scale = font.height_unscaled() / em;
        Ok(Face { font, em_to_scale })
    }

    fn scale(&self, em: f32) -> PxScale {
        PxScale::from(em * self.em_to_scale)
    }
}

/// A run of characters drawn with one font.
struct Run {
    face: usize,
    text: String,
}

/// A text drawn once as coverage (0–255), to blend in any colour: names, labels and
/// coordinates repeat from picture to picture, and outlining glyphs is most of the cost
/// of drawing text.
#[derive(Debug)]
struct Mask {
    /// Coverage, drawn by imageproc.
    cov: GrayImage,
    /// The mask's top-left corner relative to the pen start on the baseline.
    dx: i32,
    dy: i32,
    width: f32,
}

/// Cached masks by text and size; cleared when it grows past [`CACHE_LIMIT`].
type MaskCache = Mutex<HashMap<(String, u32), Arc<Mask>>>;
const CACHE_LIMIT: usize = 2048;

/// The embedded fonts, parsed.
#[derive(Debug)]
pub(crate) struct Fonts {
    faces: Vec<Face>,
    /// Cap height of the main font per em.
    cap: f32,
    masks: MaskCache,
}

impl Clone for Fonts {
    fn clone(&self) -> Fonts {
        Fonts {
            faces: self.faces.clone(),
            cap: self.cap,
            masks: Mutex::new(HashMap::new()),
        }
    }
}

/// Characters that only join or modify others and are not drawn on their own.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}'
            | '\u{1F3FB}'..='\u{1F3FF}')
}

static FONTS: LazyLock<Result<Fonts, crate::RenderError>> = LazyLock::new(Fonts::load);

/// The embedded fonts, parsed once, shared by the pictures that keep no fonts of their
/// own (Martian Chess, the profile card).
pub(crate) fn fonts() -> Result<&'static Fonts, crate::RenderError> {
    FONTS.as_ref().map_err(Clone::clone)
}

impl Fonts {
    /// Parses the embedded fonts.
    pub fn load() -> Result<Fonts, crate::RenderError> {
        let faces = vec![
            Face::load(MAIN_BYTES)?,
            Face::load(CJK_BYTES)?,
            Face::load(EMOJI_BYTES)?,
        ];
        let main = &faces[0];
        let id = main.font.glyph_id('H');
        let cap = main
            .font
            .outline_glyph(id.with_scale(main.scale(100.0)))
            .map_or(0.73, |g| g.px_bounds().height() / 100.0);
        Ok(Fonts {
            faces,
            cap,
            masks: Mutex::new(HashMap::new()),
        })
    }

    /// The first font that has `c`, if any.
    fn face_of(&self, c: char) -> Option<usize> {
        self.faces.iter().position(|f| f.font.glyph_id(c).0 != 0)
    }

    /// Splits `text` into runs of one font each, leaving out what no font can draw.
    fn runs(&self, text: &str) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        for c in text.chars() {
            if invisible(c) {
                continue;
            }
            let face = if c == ' ' { Some(0) } else { self.face_of(c) };
            let Some(face) = face else { continue };
            match runs.last_mut() {
                Some(r) if r.face == face || c == ' ' => r.text.push(c),
                _ => runs.push(Run {
                    face,
                    text: c.to_string(),
                }),
            }
        }
        runs
    }

    /// The advance of one run, as imageproc lays it out.
    fn run_width(&self, run: &Run, em: f32) -> f32 {
        let face = &self.faces[run.face];
        let scaled = face.font.as_scaled(face.scale(em));
        let mut w = 0.0;
        let mut last = None;
        for c in run.text.chars() {
            let id = scaled.glyph_id(c);
            w += scaled.h_advance(id);
            if let Some(l) = last {
                w += scaled.kern(id, l);
            }
            last = Some(id);
        }
        w
    }

    /// The text as it would be drawn: control characters and characters no font has
    /// removed, trimmed.
    pub fn clean(&self, text: &str) -> String {
        let limited: String = text.chars().filter(|c| !invisible(*c)).collect();
        self.runs(limited.trim())
            .into_iter()
            .map(|r| r.text)
            .collect::<String>()
            .trim()
            .to_string()
    }

    /// The width of `text` at em size `em`.
    pub fn width(&self, text: &str, em: f32) -> f32 {
        self.runs(text).iter().map(|r| self.run_width(r, em)).sum()
    }

    /// `text` as it fits in `max_width` pixels at size `em`: whole, or cut with `…`.
    /// Characters no font has are left out and only the first [`MAX_CHARS`] count.
    pub fn fit(&self, text: &str, em: f32, max_width: f32) -> String {
        let limited: String = text
            .chars()
            .filter(|c| !invisible(*c))
            .take(MAX_CHARS)
            .collect();
        let clean = self.clean(&limited);
        let cut = text.chars().filter(|c| !invisible(*c)).count() > MAX_CHARS;
        if !cut && self.width(&clean, em) <= max_width {
            return clean;
        }
        let chars: Vec<char> = clean.chars().collect();
        // Binary search for the longest prefix that fits with the ellipsis.
        let fits = |n: usize| {
            let mut s: String = chars[..n].iter().collect::<String>().trim_end().to_string();
            s.push('…');
            (self.width(&s, em) <= max_width).then_some(s)
        };
        let (mut lo, mut hi) = (0, chars.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid).is_some() {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if lo == 0 {
            return String::new();
        }
        fits(lo).unwrap_or_default()
    }

    /// The largest size from `em` down to `min_em` at which `text` fits in `max_width`,
    /// and the text fitted at that size.
    pub fn shrink_to_fit(&self, text: &str, em: f32, min_em: f32, max_width: f32) -> (String, f32) {
        let clean = self.clean(text);
        let w = self.width(&clean, em);
        if w <= max_width {
            return (clean, em);
        }
        let em = (em * max_width / w).max(min_em);
        (self.fit(&clean, em, max_width), em)
    }

    /// Breaks `text` into lines no wider than `max_width` at size `em` (a word too long
    /// for a line is cut with `…`).
    pub fn wrap(&self, text: &str, em: f32, max_width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in self.clean(text).split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, em) <= max_width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = self.fit(word, em, max_width);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// Wraps `text` into at most `max_lines` lines: words are taken out of its middle
    /// (marked `…`) until it fits, so both its start (a name) and its end ("wins") stay.
    pub fn wrap_lines(&self, text: &str, em: f32, max_width: f32, max_lines: usize) -> Vec<String> {
        let mut words: Vec<String> = self
            .clean(text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        loop {
            let lines = self.wrap(&words.join(" "), em, max_width);
            if lines.len() <= max_lines || words.len() <= 2 {
                let mut lines = lines;
                lines.truncate(max_lines);
                return lines;
            }
            let mid = words.len() / 2;
            if words[mid] == "…" {
                words.remove(mid - 1);
            } else if words.get(mid - 1).is_some_and(|w| w == "…")
                || words[mid + 1..].first().is_some_and(|w| w == "…")
            {
                words.remove(mid);
            } else {
                words[mid] = "…".to_string();
            }
        }
    }

    /// Draws `text` (already [`fit`](Self::fit) or clean) onto any imageproc canvas with
    /// the pen at `x` and the baseline at `baseline`; returns its width.
    fn draw_on<C>(
        &self,
        canvas: &mut C,
        text: &str,
        em: f32,
        x: f32,
        baseline: f32,
        color: C::Pixel,
    ) -> f32
    where
        C: Canvas,
        <C::Pixel as image::Pixel>::Subpixel: Into<f32> + imageproc::definitions::Clamp<f32>,
    {
        let mut pen = x;
        for run in self.runs(text) {
            let face = &self.faces[run.face];
            let scale = face.scale(em);
            // imageproc puts the baseline at `y + ascent`.
            let top = baseline - face.font.as_scaled(scale).ascent();
            draw_text_mut(
                canvas,
                color,
                pen.round() as i32,
                top.round() as i32,
                scale,
                &face.font,
                &run.text,
            );
            pen += self.run_width(&run, em);
        }
        pen - x
    }

    /// Draws `text` onto `img`; returns its width.
    pub fn draw(
        &self,
        img: &mut RgbImage,
        text: &str,
        em: f32,
        x: f32,
        baseline: f32,
        color: [u8; 3],
    ) -> f32 {
        let mask = self.mask(text, em);
        let (ox, oy) = (
            x.round() as i32 + mask.dx,
            baseline.round() as i32 + mask.dy,
        );
        let (iw, ih) = (img.width() as i32, img.height() as i32);
        for (mx, my, c) in mask.cov.enumerate_pixels() {
            let a = u32::from(c.0[0]);
            if a == 0 {
                continue;
            }
            let (px, py) = (ox + mx as i32, oy + my as i32);
            if px < 0 || py < 0 || px >= iw || py >= ih {
                continue;
            }
            let p = img.get_pixel_mut(px as u32, py as u32);
            for (d, s) in p.0.iter_mut().zip(color) {
                *d = ((u32::from(s) * a + u32::from(*d) * (255 - a) + 127) / 255) as u8;
            }
        }
        mask.width
    }

    /// The coverage mask of `text` at size `em`, drawn with imageproc on first use.
    fn mask(&self, text: &str, em: f32) -> Arc<Mask> {
        let key = (text.to_string(), em.to_bits());
        if let Some(m) = self.masks.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return m;
        }
        let width = self.width(text, em);
        let pad = (em * 0.4).ceil() as i32 + 2;
        let above = (em * 1.3).ceil() as i32 + 2;
        let below = (em * 0.5).ceil() as i32 + 2;
        let (w, h) = ((width.ceil() as i32 + 2 * pad).max(1), above + below);
        let mut cov = GrayImage::new(w as u32, h as u32);
        self.draw_on(&mut cov, text, em, pad as f32, above as f32, Luma([255]));
        let mask = Arc::new(Mask {
            cov,
            dx: -pad,
            dy: -above,
            width,
        });
        if let Ok(mut cache) = self.masks.lock() {
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(key, Arc::clone(&mask));
        }
        mask
    }

    /// Draws `text` centred on `cx`.
    pub fn draw_centered(
        &self,
        img: &mut RgbImage,
        text: &str,
        em: f32,
        cx: f32,
        baseline: f32,
        color: [u8; 3],
    ) {
        let w = self.width(text, em);
        self.draw(img, text, em, cx - w / 2.0, baseline, color);
    }

    /// Draws `text` right-aligned on `right`; returns its width.
    pub fn draw_right(
        &self,
        img: &mut RgbImage,
        text: &str,
        em: f32,
        right: f32,
        baseline: f32,
        color: [u8; 3],
    ) -> f32 {
        let w = self.width(text, em);
        self.draw(img, text, em, right - w, baseline, color);
        w
    }

    /// Draws `text` centred on (`cx`, `cy`) (by cap height) into a sprite.
    pub fn draw_in_sprite(
        &self,
        s: &mut Sprite,
        text: &str,
        em: f32,
        cx: f32,
        cy: f32,
        color: [u8; 3],
    ) {
        let w = self.width(text, em);
        let cap = self.cap_height(em);
        let mut canvas = SpriteCanvas(s);
        self.draw_on(
            &mut canvas,
            text,
            em,
            cx - w / 2.0,
            cy + cap / 2.0,
            Rgba([color[0], color[1], color[2], 255]),
        );
    }

    /// The height of a capital letter of the main font at size `em`.
    pub fn cap_height(&self, em: f32) -> f32 {
        em * self.cap
    }
}

/// Lets imageproc draw text into a [`Sprite`]: it reads and writes straight
/// (non-premultiplied) RGBA, the sprite stores premultiplied colour.
struct SpriteCanvas<'a>(&'a mut Sprite);

impl Canvas for SpriteCanvas<'_> {
    type Pixel = Rgba<u8>;

    fn dimensions(&self) -> (u32, u32) {
        (self.0.w, self.0.h)
    }

    fn get_pixel(&self, x: u32, y: u32) -> Rgba<u8> {
        Rgba(self.0.straight(x, y))
    }

    fn draw_pixel(&mut self, x: u32, y: u32, color: Rgba<u8>) {
        self.0.set_straight(x, y, color.0);
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
    fn fallback_fonts_cover_emoji_cjk_and_spanish() {
        let f = Fonts::load().unwrap();
        for c in [
            'ñ', 'á', '¿', '¡', 'Θ', 'Ж', '漢', 'か', '한', '🐉', '😀', '♞',
        ] {
            assert!(f.face_of(c).is_some(), "{c}");
        }
        assert_eq!(f.face_of('á'), Some(0));
        assert_eq!(f.clean("Θουβία 🐉\u{FE0F}"), "Θουβία 🐉");
        // Nothing any font has: nothing at all.
        assert_eq!(f.clean("\u{10FFFF}\u{E000}"), "");
    }

    #[test]
    fn missing_glyphs_and_controls_do_not_panic() {
        let f = Fonts::load().unwrap();
        let mut img = RgbImage::new(200, 40);
        let text = "Θοὔρη 🐉 \u{202e}مرحبا\u{0007}\u{200d}漢字 \u{10ffff}";
        let fitted = f.fit(text, 18.0, 190.0);
        let w = f.draw(&mut img, &fitted, 18.0, 2.0, 30.0, [255, 255, 255]);
        assert!(w > 0.0);
        assert!(img.pixels().any(|p| p.0[0] > 128));
    }

    #[test]
    fn a_long_headline_keeps_its_start_and_end() {
        let f = Fonts::load().unwrap();
        let text = "Tars Tarkas, Jeddak of Thark and Warlord of the Green Men wins";
        let lines = f.wrap_lines(text, 20.0, 120.0, 3);
        assert!(lines.len() <= 3, "{lines:?}");
        let joined = lines.join(" ");
        assert!(
            joined.starts_with("Tars") && joined.ends_with("wins"),
            "{joined}"
        );
        assert!(joined.contains('…'), "{joined}");
    }

    #[test]
    fn wrapping_keeps_every_line_in_the_width() {
        let f = Fonts::load().unwrap();
        let lines = f.wrap("Orange wins: the Princess was captured", 20.0, 120.0);
        assert!(lines.len() >= 3, "{lines:?}");
        for l in &lines {
            assert!(f.width(l, 20.0) <= 120.0, "{l}");
        }
    }
}

#[cfg(test)]
mod sprite_tests {
    use super::*;

    #[test]
    fn text_draws_into_sprites() {
        let f = Fonts::load().unwrap();
        let mut s = Sprite::new(40, 40);
        s.fill(
            &crate::paint::Shape::Circle {
                c: crate::paint::P(20.0, 20.0),
                r: 19.0,
            },
            [0, 0, 0],
            1.0,
            1.0,
        );
        f.draw_in_sprite(&mut s, "N", 20.0, 20.0, 20.0, [255, 255, 255]);
        let lit = (0..40)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .filter(|&(x, y)| s.straight(x, y)[0] > 128)
            .count();
        assert!(lit > 30, "{lit} pixels of the letter");
        let cap = f.cap_height(1.0);
        assert!((0.7..0.76).contains(&cap), "cap height {cap} em");
    }
}
