//! Golden pictures, shared by the picture tests of `jetan-render` and `jetan-core`: each
//! case is compared with its committed golden within anti-aliasing noise; with
//! `JETAN_REGENERATE_GOLDENS=1` the goldens are written instead, with a copy of each
//! scaled to 400 pixels (as Discord shows it) to look at before committing.

use std::path::Path;

use image::RgbImage;

/// Checks every `(name, picture)` against `dir/name.png` (or writes them, see above; the
/// 400-pixel copies go to `$TMPDIR/look`). Panics listing every picture that differs.
pub fn check(dir: &Path, look: &str, cases: impl IntoIterator<Item = (&'static str, RgbImage)>) {
    let regenerate = std::env::var_os("JETAN_REGENERATE_GOLDENS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (name, img) in cases {
        let path = dir.join(format!("{name}.png"));
        if regenerate {
            std::fs::create_dir_all(dir).unwrap();
            save_small_png(&img, &path);
            let small = std::env::temp_dir().join(look);
            std::fs::create_dir_all(&small).unwrap();
            let k = 400.0 / f64::from(img.width().max(img.height()));
            let (w, h) = (
                (f64::from(img.width()) * k) as u32,
                (f64::from(img.height()) * k) as u32,
            );
            image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle)
                .save(small.join(format!("{name}.png")))
                .unwrap();
            continue;
        }
        let golden = image::open(&path)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (regenerate with JETAN_REGENERATE_GOLDENS=1)",
                    path.display()
                )
            })
            .to_rgb8();
        if golden.dimensions() != img.dimensions() {
            failures.push(format!(
                "{name}: size {:?}, golden {:?}",
                img.dimensions(),
                golden.dimensions()
            ));
            continue;
        }
        let (mean, far) = difference(&img, &golden);
        if mean > 0.5 || far > 0.002 {
            let actual = std::env::temp_dir().join(format!("jetan-golden-{name}-actual.png"));
            let _ = img.save(&actual);
            failures.push(format!(
                "{name}: mean difference {mean:.3}, {:.3}% of pixels far off; actual picture in {}",
                far * 100.0,
                actual.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How two pictures differ: mean absolute channel difference, and the share of pixels
/// with a channel off by more than 24.
pub fn difference(a: &RgbImage, b: &RgbImage) -> (f64, f64) {
    let total: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    let far = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(x, y)| x.abs_diff(y) > 24))
        .count();
    (
        total as f64 / a.as_raw().len() as f64,
        far as f64 / (f64::from(a.width()) * f64::from(a.height())),
    )
}

/// Saves with the best compression: goldens are committed.
fn save_small_png(img: &RgbImage, path: &Path) {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let file = std::fs::File::create(path).unwrap();
    PngEncoder::new_with_quality(file, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            img,
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
}
