//! The golden comparison (`common/goldens.rs`) held to what it is for: one erased label,
//! even a single digit, fails it; anti-aliasing noise does not. (`pictures.rs` checks
//! that a number drawn otherwise fails it too.)
//!
//! The erasures are planted in the committed goldens: each label's box is painted over
//! with the colour around it, as if the label had not been drawn.

#[path = "common/goldens.rs"]
mod goldens;

use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage};

fn goldens_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/goldens")
}

fn golden(name: &str) -> RgbImage {
    let path = goldens_dir().join(format!("{name}.png"));
    image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgb8()
}

/// A box: `(x, y, width, height)`.
type Rect = (u32, u32, u32, u32);

/// Labels in the goldens: picture, label, and the box `(x, y, width, height)` that holds
/// its ink with a pixel of margin where there is room. The first ones are issue 42's
/// (danger-countdown's countdown digit, move number, piece balance and escape), in both
/// players' strips where shown twice; the last is the smallest: an accent of 4 pixels.
const LABELS: &[(&str, &str, Rect)] = &[
    ("danger-countdown", "countdown 7", (261, 465, 8, 9)),
    ("danger-countdown", "move 41", (172, 483, 53, 10)),
    ("danger-countdown", "+30", (467, 483, 26, 11)),
    ("danger-countdown", "escape used", (85, 483, 76, 13)),
    ("danger-countdown", "escape used (Orange)", (89, 26, 84, 14)),
    ("danger-countdown", "+30 (Orange)", (467, 27, 26, 11)),
    ("danger-countdown", "move 41 (panel)", (436, 102, 44, 10)),
    ("danger-countdown", "rank 1", (3, 417, 8, 10)),
    ("danger-countdown", "file i", (390, 443, 6, 14)),
    ("martian-battle", "11 (cards)", (399, 13, 20, 13)),
    ("martian-battle", "18 (deck)", (536, 484, 17, 12)),
    ("martian-battle", "BATTLE d4×c5", (496, 229, 94, 13)),
    ("over-ten-move-rule", "after 41 moves", (423, 110, 70, 9)),
    ("over-ten-move-rule", "Wh1-h3", (431, 169, 53, 12)),
    ("full-round-start-400", "move 1", (142, 385, 36, 9)),
    ("full-round-start-400", "the 1 of move 1", (172, 385, 6, 9)),
    ("spanish-danger", "the accent of ATRÁS", (246, 464, 4, 2)),
];

fn overlaps(t: &goldens::Tile, (x, y, w, h): Rect) -> bool {
    t.x < x + w && x < t.x + t.width && t.y < y + h && y < t.y + t.height
}

fn far_apart(a: Rgb<u8>, b: Rgb<u8>) -> bool {
    a.0.iter()
        .zip(b.0)
        .any(|(x, y)| x.abs_diff(y) > goldens::FAR)
}

/// `img` with the box painted in the colour most of the ring of pixels around it has.
/// Checks that the ring is mostly that colour (the box sits on a plain background, so it
/// holds the whole label) and that the label's ink is there to erase.
fn erase(img: &RgbImage, label: &str, (x, y, w, h): Rect) -> RgbImage {
    let (x0, y0, x1, y1) = (x, y, x + w - 1, y + h - 1); // inclusive
    let ring: Vec<Rgb<u8>> = (x0 - 1..=x1 + 1)
        .flat_map(|xx| [(xx, y0 - 1), (xx, y1 + 1)])
        .chain((y0..=y1).flat_map(|yy| [(x0 - 1, yy), (x1 + 1, yy)]))
        .map(|(xx, yy)| *img.get_pixel(xx, yy))
        .collect();
    let mut counts = std::collections::HashMap::new();
    for p in &ring {
        *counts.entry(p.0).or_insert(0usize) += 1;
    }
    let (background, n) = counts.into_iter().max_by_key(|&(_, n)| n).unwrap();
    assert!(
        n * 10 >= ring.len() * 7,
        "{label}: the ring around its box is not plain ({n} of {} pixels alike): has the \
         picture moved?",
        ring.len()
    );
    let mut out = img.clone();
    let mut ink = 0;
    for yy in y0..=y1 {
        for xx in x0..=x1 {
            ink += usize::from(far_apart(*img.get_pixel(xx, yy), Rgb(background)));
            out.put_pixel(xx, yy, Rgb(background));
        }
    }
    assert!(
        ink >= 4,
        "{label}: only {ink} pixels of ink in its box: has the picture moved?"
    );
    out
}

#[test]
fn erasing_any_one_label_fails_the_comparison() {
    let mut missed = Vec::new();
    for &(name, label, bbox) in LABELS {
        let g = golden(name);
        let erased = erase(&g, label, bbox);
        let failing = goldens::compare(&erased, &g);
        match failing.first() {
            None => missed.push(format!("{name}: {label} erased, and the comparison passes")),
            Some(worst) if !overlaps(worst, bbox) => missed.push(format!(
                "{name}: {label} erased at {bbox:?}, but the worst tile is elsewhere: {worst}"
            )),
            Some(worst) => eprintln!("{name}: {label} erased: {worst}"),
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

/// What a failed check says and leaves: the failing tile's place in the message, the
/// picture drawn and a picture of the differences under `target/`.
#[test]
fn a_failed_check_names_the_tile_and_writes_a_diff_image() {
    let g = golden("danger-countdown");
    let (_, _, bbox) = LABELS[0];
    let erased = erase(&g, "countdown 7", bbox);
    // The golden copied under a name of its own, so this planted failure's pictures do
    // not overwrite a real one's.
    let dir = goldens::out_dir().join("planted");
    std::fs::create_dir_all(&dir).unwrap();
    g.save(dir.join("planted-erasure.png")).unwrap();
    let diff = goldens::out_dir().join("planted-erasure-diff.png");
    let _ = std::fs::remove_file(&diff);
    let message = std::panic::catch_unwind(|| {
        goldens::check(&dir, [("planted-erasure", erased.clone())]);
    })
    .expect_err("the check passes with the countdown's digit erased");
    let message = message
        .downcast_ref::<String>()
        .expect("a formatted message");
    let worst = goldens::compare(&erased, &g)[0];
    assert!(overlaps(&worst, bbox), "{worst}");
    assert!(
        message.contains(&format!("tile at ({}, {})", worst.x, worst.y)),
        "{message}"
    );
    assert!(message.contains("regenerate-goldens"), "{message}");
    assert!(diff.starts_with(env!("CARGO_TARGET_TMPDIR")));
    let diff_img = image::open(&diff)
        .unwrap_or_else(|e| panic!("{}: {e}", diff.display()))
        .to_rgb8();
    assert_eq!(diff_img.dimensions(), g.dimensions());
    // The erased digit's ink shows red in it.
    let (x, y, w, h) = bbox;
    let red = (y..y + h)
        .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| diff_img.get_pixel(xx, yy).0 == [255, 0, 0])
        .count();
    assert!(
        red > goldens::MAX_FAR,
        "{red} red pixels in the digit's box"
    );
}

/// A faint change of colour over a region, below the far-off threshold everywhere, fails
/// by the tiles' mean.
#[test]
fn a_faint_change_over_a_region_fails_the_comparison() {
    let g = golden("danger-countdown");
    let mut tinted = g.clone();
    let region = (200, 200, 24, 24);
    for y in 200..224 {
        for x in 200..224 {
            let p = tinted.get_pixel_mut(x, y);
            p.0 = p.0.map(|c| c.saturating_sub(16));
        }
    }
    let failing = goldens::compare(&tinted, &g);
    let worst = failing.first().expect("a region 16 levels darker passes");
    assert!(overlaps(worst, region), "{worst}");
    assert_eq!(worst.far, 0, "{worst}");
    assert!(worst.mean > goldens::MAX_MEAN, "{worst}");
}

/// A small deterministic generator for the noise.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
    /// A value in `-k..=k`.
    fn within(&mut self, k: i32) -> i32 {
        (self.next() % (2 * k as u32 + 1)) as i32 - k
    }
}

fn add(c: u8, d: i32) -> u8 {
    (i32::from(c) + d).clamp(0, 255) as u8
}

/// Pixels with a 4-neighbour more than [`goldens::FAR`] levels apart: the edges of glyphs
/// and shapes.
fn is_edge(img: &RgbImage, x: u32, y: u32) -> bool {
    let p = *img.get_pixel(x, y);
    [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)]
        .iter()
        .any(|&(dx, dy)| {
            let (xx, yy) = (x as i32 + dx, y as i32 + dy);
            xx >= 0
                && yy >= 0
                && (xx as u32) < img.width()
                && (yy as u32) < img.height()
                && far_apart(p, *img.get_pixel(xx as u32, yy as u32))
        })
}

/// The kinds of noise a rebuilt font rasteriser, another anti-aliasing or a rounding
/// change brings, each applied to a golden.
fn noisy(g: &RgbImage, seed: u64) -> Vec<(&'static str, RgbImage)> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    let mut n = g.clone();
    for p in n.pixels_mut() {
        p.0 = p.0.map(|c| add(c, rng.within(2)));
    }
    out.push(("±2 levels on every channel", n));
    for (what, d) in [("1 level lighter everywhere", 1), ("1 level darker", -1)] {
        let mut n = g.clone();
        for p in n.pixels_mut() {
            p.0 = p.0.map(|c| add(c, d));
        }
        out.push((what, n));
    }
    let edges = RgbImage::from_fn(g.width(), g.height(), |x, y| {
        if is_edge(g, x, y) {
            Rgb([255, 255, 255])
        } else {
            Rgb([0, 0, 0])
        }
    });
    let mut n = g.clone();
    for (x, y, p) in n.enumerate_pixels_mut() {
        if edges.get_pixel(x, y).0[0] == 255 {
            p.0 = p.0.map(|c| add(c, rng.within(10)));
        }
    }
    out.push(("edges re-rasterised, ±10 levels", n));
    // Each edge drawn one pixel to the right (or down): a pixel across a vertical edge
    // takes its left neighbour's colour.
    let shift = |dx: u32, dy: u32| {
        RgbImage::from_fn(g.width(), g.height(), |x, y| {
            if x >= dx && y >= dy && far_apart(*g.get_pixel(x, y), *g.get_pixel(x - dx, y - dy)) {
                *g.get_pixel(x - dx, y - dy)
            } else {
                *g.get_pixel(x, y)
            }
        })
    };
    out.push(("edges one pixel to the right", shift(1, 0)));
    out.push(("edges one pixel down", shift(0, 1)));
    let whole = RgbImage::from_fn(g.width(), g.height(), |x, y| {
        *g.get_pixel(x.saturating_sub(1), y.saturating_sub(1))
    });
    out.push(("the whole picture one pixel down and right", whole));
    out
}

#[test]
fn anti_aliasing_noise_passes_the_comparison_on_every_golden() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(goldens_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    names.sort();
    assert!(names.len() >= 30, "{} goldens", names.len());
    let mut failed = Vec::new();
    let (mut most_far, mut highest_mean) = (0, 0.0f64);
    for (i, path) in names.iter().enumerate() {
        let g = image::open(path).unwrap().to_rgb8();
        for (what, n) in noisy(&g, i as u64) {
            for t in goldens::tiles(&n, &g) {
                if t.fails() {
                    failed.push(format!("{}: {what}: {t}", file_name(path)));
                }
                most_far = most_far.max(t.far);
                highest_mean = highest_mean.max(t.mean);
            }
        }
    }
    eprintln!(
        "{} goldens, noisy: at most {most_far} far-off pixels in a tile (a tile fails above \
         {}), the highest tile mean {highest_mean:.2} levels (fails above {})",
        names.len(),
        goldens::MAX_FAR,
        goldens::MAX_MEAN
    );
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}
