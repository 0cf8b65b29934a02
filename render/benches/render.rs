//! How long one picture takes: an 800 × 800 board with frame and strips, drawn and
//! PNG-encoded, on one core.
//!
//!     cargo bench -p jetan-render

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use jetan_render::{default_renderer, LastMove, View};
use jetan_rules::{AttackerWins, Color, MoveText, Position};

fn midgame() -> (Position, LastMove) {
    let mut pos = Position::start();
    let mut last = None;
    for t in ["e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7"] {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        pos = next;
        last = Some(LastMove::from(&report));
    }
    (pos, last.unwrap())
}

fn bench(c: &mut Criterion) {
    let renderer = default_renderer().unwrap();
    let (pos, last) = midgame();
    let view = View::new(Color::Orange)
        .with_names("Dejah Thoris", "Tara of Helium")
        .with_last_move(last)
        .with_selected("e8".parse().unwrap());
    let png = renderer.png(&pos, &view).unwrap();
    eprintln!("PNG: {} KB", png.len() / 1024);
    c.bench_function("board_image_800", |b| {
        b.iter(|| renderer.image(black_box(&pos), black_box(&view)))
    });
    c.bench_function("board_png_800", |b| {
        b.iter(|| renderer.png(black_box(&pos), black_box(&view)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
