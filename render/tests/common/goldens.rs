//! Golden pictures, shared by path (`#[path]`) by the picture tests of `jetan-render` and
//! `jetan-core`: each picture is compared with its committed golden tile by tile, so that
//! one changed or missing label — a single digit — fails the test while anti-aliasing
//! noise does not.
//!
//! The picture is read in [`TILE`]-pixel tiles, one every [`STRIDE`] pixels so that a label
//! across a tile border still lies whole in one tile. Each tile is matched against the
//! golden where it lies and moved by up to [`SHIFT`] pixel each way (something drawn one
//! pixel off costs nothing; the tile moves as a whole, so a digit turned into another is
//! not forgiven pixel by pixel), and keeps its best match: a pixel's difference is its
//! channels' largest, in levels. A tile fails with more than [`MAX_FAR`] pixels off by
//! more than [`FAR`] levels (an erased digit makes about 20, one digit turned into another
//! 10 or more, a dropped accent 3 or 4; anti-aliasing noise none), or a mean difference
//! above [`MAX_MEAN`] levels (a faint change of colour
//! over a region). `golden_comparison.rs` plants erased labels and noise to hold these
//! bounds to that; `pictures.rs` draws changed numbers.
//!
//! The goldens are never written by a test: `cargo run -p jetan-render --example
//! regenerate-goldens` (and `-p jetan-core`) writes them, see docs/TESTING.md.

use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage};

/// A tile's side in pixels.
pub const TILE: u32 = 16;
/// Tiles start every `STRIDE` pixels (they overlap by half).
pub const STRIDE: u32 = 8;
/// How far, in pixels each way, a tile may move to match.
pub const SHIFT: i32 = 1;
/// A pixel is far off when a channel differs by more than this many levels.
pub const FAR: u8 = 24;
/// A tile fails with more far-off pixels than this.
pub const MAX_FAR: usize = 2;
/// A tile fails when its mean difference is above this many levels.
pub const MAX_MEAN: f64 = 10.0;

/// A tile of a picture compared with its golden, at its best match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tile {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
    /// How far the golden was moved for the best match.
    pub shift: (i32, i32),
    /// Its pixels off by more than [`FAR`] levels.
    pub far: usize,
    /// Its mean difference in levels.
    pub mean: f64,
}

impl Tile {
    /// Whether the tile is beyond the bounds.
    pub fn fails(&self) -> bool {
        self.far > MAX_FAR || self.mean > MAX_MEAN
    }
}

impl std::fmt::Display for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {}×{} tile at ({}, {}): {} pixels off by more than {FAR} levels (at most \
             {MAX_FAR}), mean {:.2} levels (at most {MAX_MEAN}), at its best match (the \
             golden moved by {:?})",
            self.width, self.height, self.x, self.y, self.far, self.mean, self.shift
        )
    }
}

/// Each pixel's difference from the golden's pixel `(dx, dy)` away (clamped to the
/// golden's edges): the largest of its channels' differences.
fn differences(actual: &RgbImage, golden: &RgbImage, (dx, dy): (i32, i32)) -> Vec<u8> {
    let (w, h) = golden.dimensions();
    actual
        .enumerate_pixels()
        .map(|(x, y, p)| {
            let gx = (x as i32 + dx).clamp(0, w as i32 - 1) as u32;
            let gy = (y as i32 + dy).clamp(0, h as i32 - 1) as u32;
            let q = golden.get_pixel(gx, gy);
            (0..3).map(|c| p.0[c].abs_diff(q.0[c])).max().unwrap()
        })
        .collect()
}

/// Where tiles start along a side of `len` pixels, and their length: every [`STRIDE`]
/// pixels, the last one flush with the edge.
fn tile_starts(len: u32) -> (Vec<u32>, u32) {
    let size = TILE.min(len);
    let mut starts: Vec<u32> = (0..=len - size).step_by(STRIDE as usize).collect();
    if starts.last() != Some(&(len - size)) {
        starts.push(len - size);
    }
    (starts, size)
}

/// The shifts a tile may take.
fn shifts() -> impl Iterator<Item = (i32, i32)> {
    (-SHIFT..=SHIFT).flat_map(|dy| (-SHIFT..=SHIFT).map(move |dx| (dx, dy)))
}

/// Every tile of two pictures of the same size, each at its best match: fewest far-off
/// pixels, then lowest mean.
pub fn tiles(actual: &RgbImage, golden: &RgbImage) -> Vec<Tile> {
    assert_eq!(actual.dimensions(), golden.dimensions());
    let (w, h) = actual.dimensions();
    let (xs, tw) = tile_starts(w);
    let (ys, th) = tile_starts(h);
    let mut best: Vec<Option<Tile>> = vec![None; xs.len() * ys.len()];
    let stride = w as usize + 1;
    for shift in shifts() {
        // Summed-area tables of the far-off pixels and of the differences: a tile's
        // figures in four reads.
        let d = differences(actual, golden, shift);
        let mut far = vec![0u32; stride * (h as usize + 1)];
        let mut sum = vec![0u64; stride * (h as usize + 1)];
        for y in 0..h as usize {
            let (mut row_far, mut row_sum) = (0u32, 0u64);
            for x in 0..w as usize {
                let v = d[y * w as usize + x];
                row_far += u32::from(v > FAR);
                row_sum += u64::from(v);
                far[(y + 1) * stride + x + 1] = far[y * stride + x + 1] + row_far;
                sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + row_sum;
            }
        }
        let mut i = 0;
        for &y in &ys {
            for &x in &xs {
                let (x0, y0) = (x as usize, y as usize);
                let (x1, y1) = (x0 + tw as usize, y0 + th as usize);
                let tile = Tile {
                    x,
                    y,
                    width: tw,
                    height: th,
                    shift,
                    far: (far[y1 * stride + x1] + far[y0 * stride + x0]
                        - far[y0 * stride + x1]
                        - far[y1 * stride + x0]) as usize,
                    mean: (sum[y1 * stride + x1] + sum[y0 * stride + x0]
                        - sum[y0 * stride + x1]
                        - sum[y1 * stride + x0]) as f64
                        / f64::from(tw * th),
                };
                if best[i].is_none_or(|b| (tile.far, tile.mean) < (b.far, b.mean)) {
                    best[i] = Some(tile);
                }
                i += 1;
            }
        }
    }
    best.into_iter().map(Option::unwrap).collect()
}

/// The tiles where `actual` differs from `golden` beyond the bounds, the worst (most
/// far-off pixels, then highest mean) first; empty when they match. The pictures must
/// have the same size.
pub fn compare(actual: &RgbImage, golden: &RgbImage) -> Vec<Tile> {
    let mut failing: Vec<Tile> = tiles(actual, golden)
        .into_iter()
        .filter(Tile::fails)
        .collect();
    failing.sort_by(|a, b| b.far.cmp(&a.far).then(b.mean.total_cmp(&a.mean)));
    failing
}

/// Where a failed comparison leaves its pictures: `target/tmp/goldens` for the tests.
pub fn out_dir() -> PathBuf {
    option_env!("CARGO_TARGET_TMPDIR")
        .map_or_else(std::env::temp_dir, PathBuf::from)
        .join("goldens")
}

/// A picture of the differences: the golden faded to grey, each pixel that differs at
/// its tile's best match shaded yellow (far-off ones red), the failing tiles framed in
/// magenta.
pub fn diff_image(actual: &RgbImage, golden: &RgbImage) -> RgbImage {
    let tiles = tiles(actual, golden);
    let differences: Vec<((i32, i32), Vec<u8>)> = shifts()
        .map(|s| (s, differences(actual, golden, s)))
        .collect();
    let (w, h) = golden.dimensions();
    let (xs, tw) = tile_starts(w);
    let (ys, th) = tile_starts(h);
    let stride = STRIDE as usize;
    let mut out = RgbImage::from_fn(w, h, |x, y| {
        // The tile starting at or just before the pixel holds it.
        let t = tiles[(y as usize / stride).min(ys.len() - 1) * xs.len()
            + (x as usize / stride).min(xs.len() - 1)];
        let (_, d) = differences.iter().find(|(s, _)| *s == t.shift).unwrap();
        let v = d[(y * w + x) as usize];
        let [r, g, b] = golden.get_pixel(x, y).0;
        let grey = (160 + (u32::from(r) + u32::from(g) + u32::from(b)) / 12) as u8;
        if v > FAR {
            Rgb([255, 0, 0])
        } else if v > 0 {
            Rgb([255, 255 - v.saturating_mul(8).min(200), 0])
        } else {
            Rgb([grey, grey, grey])
        }
    });
    for t in tiles.iter().filter(|t| t.fails()) {
        for x in t.x..t.x + tw {
            out.put_pixel(x, t.y, Rgb([255, 0, 255]));
            out.put_pixel(x, t.y + th - 1, Rgb([255, 0, 255]));
        }
        for y in t.y..t.y + th {
            out.put_pixel(t.x, y, Rgb([255, 0, 255]));
            out.put_pixel(t.x + tw - 1, y, Rgb([255, 0, 255]));
        }
    }
    out
}

/// Checks every `(name, picture)` against `dir/name.png`. Panics listing every picture
/// that differs, with its worst tile; the picture drawn and a picture of the differences
/// go to [`out_dir`].
pub fn check(dir: &Path, cases: impl IntoIterator<Item = (&'static str, RgbImage)>) {
    let regenerate = format!(
        "cargo run -p {} --example regenerate-goldens",
        env!("CARGO_PKG_NAME")
    );
    let out = out_dir();
    let mut failures = Vec::new();
    for (name, img) in cases {
        let path = dir.join(format!("{name}.png"));
        let golden = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (write it with `{regenerate}`)", path.display()))
            .to_rgb8();
        if golden.dimensions() != img.dimensions() {
            failures.push(format!(
                "{name}: size {:?}, golden {:?}",
                img.dimensions(),
                golden.dimensions()
            ));
            continue;
        }
        let failing = compare(&img, &golden);
        if let Some(worst) = failing.first() {
            std::fs::create_dir_all(&out).unwrap();
            let actual = out.join(format!("{name}-actual.png"));
            let diff = out.join(format!("{name}-diff.png"));
            img.save(&actual).unwrap();
            diff_image(&img, &golden).save(&diff).unwrap();
            failures.push(format!(
                "{name}: {} tiles differ, the worst is {worst}; drawn: {}, differences: {}",
                failing.len(),
                actual.display(),
                diff.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(a change meant: `{regenerate}`, look at the pictures, commit them)",
        failures.join("\n")
    );
}
