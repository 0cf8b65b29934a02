//! Pictures of the circular board (Ninth-Ray Jetan, RULES.md §11) in both of its
//! drawings, at full size and scaled to 400 pixels wide as Discord shows them, with the
//! measured size of the smallest token:
//!
//!     cargo run --release -p jetan-render --example circular -- DIR
//!
//! writes `DIR/{round,rings}-{start,selected,orange}.png` and their `-400` copies.

use std::path::PathBuf;
use std::time::Instant;

use jetan_render::{default_renderer, BoardShape, LastMove, View};
use jetan_rules::{Color, Position, Topology, Variant};

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let r = default_renderer().unwrap();
    let start = Position::start_on(Variant::Classic, Topology::Circular);
    let danger: Position = "4pc4/10/10/10/3n6/2n7/4T5/3a6/10/4CP4 b - - 20 circular"
        .parse()
        .unwrap();
    let sq = |t: &str| t.parse().unwrap();
    for shape in [BoardShape::Round, BoardShape::Rings] {
        let name = match shape {
            BoardShape::Rings => "rings",
            _ => "round",
        };
        let names = |v: View| v.with_names("Dejah Thoris", "Tara of Helium");
        let cases = [
            ("start", start.clone(), names(View::new(Color::Black))),
            (
                "selected",
                danger.clone(),
                names(View::new(Color::Black))
                    .with_selected(sq("e4"))
                    .with_last_move(LastMove::new(sq("j2"), sq("a4"))),
            ),
            (
                "orange",
                start.clone(),
                names(View::new(Color::Orange)).with_selected(sq("a9")),
            ),
        ];
        for (case, pos, view) in cases {
            let view = view.with_shape(shape);
            let t = Instant::now();
            let png = r.png(&pos, &view).unwrap();
            let took = t.elapsed();
            let img = r.image(&pos, &view);
            let (w, h) = img.dimensions();
            let k = 400.0 / w as f32;
            let smallest = r
                .token_spots(&pos, &view)
                .iter()
                .map(|s| s.diameter)
                .fold(f32::MAX, f32::min);
            println!(
                "{name}-{case}: {w} × {h}, {} KB in {:.2} ms, smallest token {smallest:.1} px, {:.1} px at 400 wide",
                png.len() / 1024,
                took.as_secs_f64() * 1000.0,
                smallest * k
            );
            std::fs::write(dir.join(format!("{name}-{case}.png")), &png).unwrap();
            let small = image::imageops::resize(
                &img,
                400,
                (h as f32 * k).round() as u32,
                image::imageops::FilterType::Triangle,
            );
            small
                .save(dir.join(format!("{name}-{case}-400.png")))
                .unwrap();
        }
    }
}
