//! Writing the golden pictures, for the `regenerate-goldens` examples of `jetan-render` and
//! `jetan-core` (shared by path): never run by a test, so that a test can only compare.

use std::path::Path;

use image::RgbImage;

/// Writes every `(name, picture)` as `dir/name.png`, and a copy of each scaled to 400
/// pixels (as Discord shows it) to `$TMPDIR/look` to look at before committing; prints
/// what it wrote.
pub fn write(dir: &Path, look: &str, cases: impl IntoIterator<Item = (&'static str, RgbImage)>) {
    std::fs::create_dir_all(dir).unwrap();
    let small = std::env::temp_dir().join(look);
    std::fs::create_dir_all(&small).unwrap();
    let mut n = 0;
    for (name, img) in cases {
        let path = dir.join(format!("{name}.png"));
        save_small_png(&img, &path);
        let k = 400.0 / f64::from(img.width().max(img.height()));
        let (w, h) = (
            (f64::from(img.width()) * k) as u32,
            (f64::from(img.height()) * k) as u32,
        );
        image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle)
            .save(small.join(format!("{name}.png")))
            .unwrap();
        println!("wrote {}", path.display());
        n += 1;
    }
    println!(
        "{n} goldens written; look at them in {} (400 pixels, as Discord shows them), \
         and `git diff --stat` for the ones that changed, before committing",
        small.display()
    );
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
