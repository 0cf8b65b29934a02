//! A fixed palette of at most 255 colours for a renderer's pictures, and the indexed
//! PNG encoding that uses it: a picture is a few flat colours and the anti-aliased edges
//! between them, so one byte a pixel loses nothing visible, and it compresses three
//! times better and faster than RGB.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};

use image::RgbImage;

use crate::theme;
use crate::RenderError;

/// A palette and a lookup table from colours (6 bits per channel) to palette indices,
/// filled as colours are met; lock-free, so one can be shared between threads.
#[derive(Debug)]
pub(crate) struct Palette {
    colors: Vec<[u8; 3]>,
    lut: Vec<AtomicU16>,
}

const UNKNOWN: u16 = u16::MAX;

impl Clone for Palette {
    fn clone(&self) -> Palette {
        Palette {
            colors: self.colors.clone(),
            lut: self
                .lut
                .iter()
                .map(|v| AtomicU16::new(v.load(Ordering::Relaxed)))
                .collect(),
        }
    }
}

impl Palette {
    /// The theme's colours, then the most common others of `samples`.
    pub fn from_samples(samples: &[&RgbImage]) -> Palette {
        let mut colors: Vec<[u8; 3]> = Vec::with_capacity(255);
        let push = |colors: &mut Vec<[u8; 3]>, c: [u8; 3], min_dist: u32| {
            if colors.len() < 255 && colors.iter().all(|p| dist(*p, c) > min_dist) {
                colors.push(c);
            }
        };
        for c in theme::KEY_COLORS {
            push(&mut colors, c, 0);
        }
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for img in samples {
            for p in img.as_raw().chunks_exact(3).step_by(3) {
                *counts.entry([p[0], p[1], p[2]]).or_insert(0) += 1;
            }
        }
        let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for min_dist in [300, 48, 12, 0] {
            for (c, _) in &by_count {
                push(&mut colors, *c, min_dist);
            }
        }
        Palette {
            colors,
            lut: (0..1 << 18).map(|_| AtomicU16::new(UNKNOWN)).collect(),
        }
    }

    /// The palette as 256 RGB triples (the last ones unused; GIF marks index 255
    /// transparent).
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colors.iter().flatten().copied().collect();
        bytes.resize(256 * 3, 0);
        bytes
    }

    /// The lookup key of a colour: 6 bits a channel.
    #[inline]
    fn key(p: &[u8]) -> usize {
        (usize::from(p[0] >> 2) << 12) | (usize::from(p[1] >> 2) << 6) | usize::from(p[2] >> 2)
    }

    /// The palette index of a colour with lookup key `key`: the palette colour nearest
    /// to the centre of the key's bucket. It depends on the key alone, never on which
    /// colour of the bucket happened to be looked up first, so a picture is the same
    /// whatever the process drew before (a restarted bot draws the same board).
    fn index(&self, key: usize, p: &[u8]) -> u8 {
        let idx = self.lut[key].load(Ordering::Relaxed);
        if idx != UNKNOWN {
            return idx as u8;
        }
        let c = [(p[0] & !3) | 2, (p[1] & !3) | 2, (p[2] & !3) | 2];
        let idx = self
            .colors
            .iter()
            .enumerate()
            .min_by_key(|(_, q)| dist(**q, c))
            .map_or(0, |(i, _)| i as u16);
        self.lut[key].store(idx, Ordering::Relaxed);
        idx as u8
    }

    /// Maps RGB bytes to palette indices. A picture is mostly runs of one colour: each
    /// run is looked up once and found by comparing the bytes with themselves shifted by
    /// one pixel, eight at a time.
    pub fn map(&self, rgb: &[u8], out: &mut [u8]) {
        let n = out.len().min(rgb.len() / 3);
        let rgb = &rgb[..3 * n];
        let mut i = 0;
        while i < n {
            let p = &rgb[3 * i..3 * i + 3];
            let idx = self.index(Self::key(p), p);
            let run = 1 + same_as_shifted(&rgb[3 * i..]) / 3;
            out[i..i + run].fill(idx);
            i += run;
        }
    }

    /// Encodes `img` as an indexed-colour PNG with this palette: no filter (indexed
    /// pictures gain little from one) and deflate level 1.
    pub fn encode_png(&self, img: &RgbImage) -> Result<Vec<u8>, RenderError> {
        let png_err = |e: png::EncodingError| RenderError::Png(e.to_string());
        let width = img.width() as usize;
        // PNG's image data: each row is a filter byte (0, none) and the row's indices.
        let mut rows = vec![0u8; (width + 1) * img.height() as usize];
        for (row, rgb) in rows
            .chunks_exact_mut(width + 1)
            .zip(img.as_raw().chunks_exact(width * 3))
        {
            self.map(rgb, &mut row[1..]);
        }
        // Measured on the default picture: deflate level 1 without a filter is 3–4 times
        // smaller than fdeflate's ultra-fast mode (whose fixed codes suit filtered RGB,
        // not palette indices) for about 1 ms more; level 2 saves 20% for 30% more time.
        // Compressed in one call: the png crate's own level-1 path feeds flate2 two small
        // writes a row, and each write clears a 32 KiB buffer (40 MB of memset a picture).
        let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&rows, 1);
        let mut out = Vec::with_capacity(zlib.len() + 1024);
        let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(self.colors.iter().flatten().copied().collect::<Vec<u8>>());
        let mut writer = enc.write_header().map_err(png_err)?;
        writer
            .write_chunk(png::chunk::IDAT, &zlib)
            .map_err(png_err)?;
        writer.finish().map_err(png_err)?;
        Ok(out)
    }
}

/// How many bytes of `bytes[3..]` equal `bytes` at the same offset: `k` means the pixels
/// from the first one on repeat it for `k / 3` more pixels.
fn same_as_shifted(bytes: &[u8]) -> usize {
    let Some(next) = bytes.get(3..) else {
        return 0;
    };
    let word = |s: &[u8], k: usize| {
        u64::from_le_bytes(s[k..k + 8].try_into().expect("eight bytes"))
    };
    let mut k = 0;
    while k + 8 <= next.len() {
        let diff = word(bytes, k) ^ word(next, k);
        if diff != 0 {
            return k + (diff.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    k + bytes[k..]
        .iter()
        .zip(&next[k..])
        .take_while(|(a, b)| a == b)
        .count()
}

fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3)
        .map(|i| {
            let d = i32::from(a[i]) - i32::from(b[i]);
            (d * d) as u32
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run-finding `map` gives every pixel the index of its own colour, as a lookup
    /// pixel by pixel does: runs of every length, runs ending at the row's end and at
    /// every offset of the eight-byte comparison, and colours that differ in one channel.
    #[test]
    fn mapping_by_runs_matches_mapping_each_pixel() {
        let colors = [[0, 0, 0], [255, 255, 255], [255, 254, 255], [12, 200, 7], [12, 200, 8]];
        let img = RgbImage::from_fn(61, 3, |_, _| image::Rgb([0, 0, 0]));
        let palette = Palette::from_samples(&[&img]);
        let mut seed = 7u32;
        let mut rgb = Vec::new();
        while rgb.len() < 3 * 2000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let color = colors[(seed >> 16) as usize % colors.len()];
            let run = 1 + (seed >> 8) as usize % 23;
            for _ in 0..run {
                rgb.extend_from_slice(&color);
            }
        }
        for len in [0, 1, 2, 7, 8, 9, 100, rgb.len() / 3 - 1] {
            let rgb = &rgb[..3 * len];
            let mut out = vec![0xAA; len];
            palette.map(rgb, &mut out);
            let each: Vec<u8> = rgb
                .chunks_exact(3)
                .map(|p| palette.index(Palette::key(p), p))
                .collect();
            assert_eq!(out, each, "{len} pixels");
        }
    }
}
