//! How long one picture takes: the default picture (a 500 × 500 board with strips and
//! side panel), drawn and PNG-encoded, on one core. Prints the PNG's size.
//!
//!     cargo bench -p jetan-render

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use jetan_render::{default_renderer, View};
use jetan_rules::{AttackerWins, Color, MoveText, Position, Report};

fn midgame() -> (Position, Report) {
    let mut pos = Position::start();
    let mut last = None;
    for t in ["e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7"] {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        pos = next;
        last = Some(report);
    }
    (pos, last.unwrap())
}

fn bench(c: &mut Criterion) {
    let renderer = default_renderer().unwrap();
    let (pos, last) = midgame();
    let view = View::new(Color::Orange)
        .with_names("Dejah Thoris", "Tara of Helium")
        .with_report(&last)
        .with_selected("e8".parse().unwrap());
    let png = renderer.png(&pos, &view).unwrap();
    eprintln!("PNG: {} bytes", png.len());
    c.bench_function("board_image", |b| {
        b.iter(|| renderer.image(black_box(&pos), black_box(&view)))
    });
    c.bench_function("board_png", |b| {
        b.iter(|| renderer.png(black_box(&pos), black_box(&view)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
