//! A fixed palette of at most 255 colours for a renderer's pictures, and the indexed
//! PNG encoding that uses it: a picture is a few flat colours and the anti-aliased edges
//! between them, so one byte a pixel loses nothing visible, and it compresses three
//! times better and faster than RGB.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Mutex, PoisonError};

use image::RgbImage;

use crate::theme;
use crate::RenderError;

/// A palette and a lookup table from colours (6 bits per channel) to palette indices,
/// filled as colours are met; lock-free, so one can be shared between threads.
#[derive(Debug)]
pub(crate) struct Palette {
    colors: Vec<[u8; 3]>,
    lut: Vec<AtomicU16>,
    /// Compressors kept between pictures (one per picture being encoded at once): a new
    /// one allocates about 300 KB of tables, and that churn on many threads left the
    /// bot's allocator holding 200–300 MB under load.
    compressors: Mutex<Vec<flate2::Compress>>,
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
            compressors: Mutex::new(Vec::new()),
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
            compressors: Mutex::new(Vec::new()),
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

    /// Maps RGB bytes to palette indices (runs of one colour are looked up once).
    pub fn map(&self, rgb: &[u8], out: &mut [u8]) {
        let mut last_key = usize::MAX;
        let mut last_idx = 0;
        for (p, o) in rgb.chunks_exact(3).zip(out.iter_mut()) {
            let key = Self::key(p);
            if key != last_key {
                last_key = key;
                last_idx = self.index(key, p);
            }
            *o = last_idx;
        }
    }

    /// The palette indices of `img`, row after row: what a picture drawn over `img`
    /// reuses where it left `img` unchanged (see [`Palette::encode_png_over`]).
    pub fn indices(&self, img: &RgbImage) -> Vec<u8> {
        let mut out = vec![0u8; img.width() as usize * img.height() as usize];
        self.map(img.as_raw(), &mut out);
        out
    }

    /// Maps one row drawn over a base row: runs of sixteen pixels equal to the base's
    /// take the base's indices.
    fn map_over(&self, rgb: &[u8], base_rgb: &[u8], base_idx: &[u8], out: &mut [u8]) {
        const RUN: usize = 16;
        let mut i = 0;
        while i + RUN <= out.len() {
            let (here, there) = (3 * i, 3 * (i + RUN));
            if rgb[here..there] == base_rgb[here..there] {
                out[i..i + RUN].copy_from_slice(&base_idx[i..i + RUN]);
            } else {
                self.map(&rgb[here..there], &mut out[i..i + RUN]);
            }
            i += RUN;
        }
        self.map(&rgb[3 * i..], &mut out[i..]);
    }

    /// Encodes `img` as an indexed-colour PNG with this palette: no filter (indexed
    /// pictures gain little from one) and deflate level 1.
    pub fn encode_png(&self, img: &RgbImage) -> Result<Vec<u8>, RenderError> {
        self.encode_png_over(img, None)
    }

    /// [`Palette::encode_png`] for a picture drawn over `base` (an image of the same size,
    /// with its [`Palette::indices`]): the pixels still as in `base` take its indices,
    /// found sixteen pixels at a time by comparing bytes, and only the others are looked
    /// up. The same bytes as without a base; a fifth of the bot's CPU per move was this
    /// mapping of every pixel.
    pub fn encode_png_over(
        &self,
        img: &RgbImage,
        base: Option<(&RgbImage, &[u8])>,
    ) -> Result<Vec<u8>, RenderError> {
        let png_err = |e: png::EncodingError| RenderError::Png(e.to_string());
        let width = img.width() as usize;
        let base = base.filter(|(b, idx)| {
            b.dimensions() == img.dimensions() && idx.len() == b.as_raw().len() / 3
        });
        // PNG's image data: each row is a filter byte (0, none) and the row's indices.
        let mut rows = vec![0u8; (width + 1) * img.height() as usize];
        for (y, (row, rgb)) in rows
            .chunks_exact_mut(width + 1)
            .zip(img.as_raw().chunks_exact(width * 3))
            .enumerate()
        {
            match base {
                Some((b, idx)) => self.map_over(
                    rgb,
                    &b.as_raw()[y * width * 3..(y + 1) * width * 3],
                    &idx[y * width..(y + 1) * width],
                    &mut row[1..],
                ),
                None => self.map(rgb, &mut row[1..]),
            }
        }
        // Measured on the default picture (627 × 622): deflate level 1 without a filter
        // is 3–4 times smaller than fdeflate's ultra-fast mode (whose fixed codes suit
        // filtered RGB, not palette indices). zlib-rs at level 1 takes 0.6 ms for 46 KB,
        // miniz_oxide 1.4 ms for 44 KB (zlib-rs level 2: 1.0 ms, 34 KB). Compressed in one
        // call: the png crate's own level-1 path feeds its compressor two small writes a
        // row, and each write cleared a 32 KiB buffer (40 MB of memset a picture).
        let zlib = self.deflate(&rows)?;
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

impl Palette {
    /// `data` as a zlib stream, deflate level 1, in one call (more only if the first
    /// guess of the output's size was short), with a compressor from the pool.
    fn deflate(&self, data: &[u8]) -> Result<Vec<u8>, RenderError> {
        let pool = || {
            self.compressors
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        let mut z = pool()
            .pop()
            .unwrap_or_else(|| flate2::Compress::new(flate2::Compression::fast(), true));
        z.reset();
        let zlib = deflate_with(&mut z, data);
        if zlib.is_ok() {
            pool().push(z);
        }
        zlib
    }
}

/// `data` as a zlib stream by `z` (fresh or reset).
fn deflate_with(z: &mut flate2::Compress, data: &[u8]) -> Result<Vec<u8>, RenderError> {
    // Board pictures compress about ninefold.
    let mut out = Vec::with_capacity(data.len() / 6 + 1024);
    loop {
        let read = usize::try_from(z.total_in()).unwrap_or(data.len());
        match z.compress_vec(&data[read..], &mut out, flate2::FlushCompress::Finish) {
            Ok(flate2::Status::StreamEnd) => return Ok(out),
            Ok(_) => out.reserve(out.capacity()),
            Err(e) => return Err(RenderError::Png(e.to_string())),
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

#[cfg(test)]
mod tests {
    /// The zlib stream inflates back to the data, including data that does not compress
    /// (the output buffer must grow past its first guess), and a pooled compressor
    /// starts afresh.
    #[test]
    fn deflate_round_trips_compressible_and_incompressible_data() {
        let mut noise = Vec::with_capacity(300_000);
        let mut x = 0x9E37_79B9u32;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            noise.push(x as u8);
        }
        let palette = super::Palette::from_samples(&[]);
        // Twice: the second time with a compressor from the pool.
        for data in [
            vec![],
            vec![7u8; 100_000],
            noise.clone(),
            noise,
            vec![1, 2, 3],
        ] {
            let z = palette.deflate(&data).unwrap();
            let mut back = Vec::new();
            let mut d = flate2::Decompress::new(true);
            back.reserve(data.len() + 16);
            d.decompress_vec(&z, &mut back, flate2::FlushDecompress::Finish)
                .unwrap();
            assert_eq!(back, data);
        }
    }
}
