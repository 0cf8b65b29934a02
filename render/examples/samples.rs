//! Writes sample pictures to a directory (default `/tmp/jetan-samples`) to look at, or
//! with `--docs FILE` the README's picture.
//!
//!     cargo run -p jetan-render --example samples [DIR]
//!     cargo run -p jetan-render --example samples -- --docs docs/board.png

use jetan_render::{board_png, LastMove, View};
use jetan_rules::{AttackerWins, Color, MoveText, Position};

fn play(pos: Position, moves: &[&str]) -> (Position, Option<LastMove>) {
    let mut pos = pos;
    let mut last = None;
    for t in moves {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        pos = next;
        last = Some(LastMove::from(&report));
    }
    (pos, last)
}

/// The README's picture: a Classic middle game just after a capture, Orange to move
/// with its Princess threatened.
fn docs(path: &str) {
    let mut pos = Position::start();
    let mut view = View::new(Color::Orange).with_names("Tara of Helium", "Gahan of Gathol");
    for t in [
        "e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7", "b9-b8", "c2-c3", "h9-h8",
    ] {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        pos = next;
        view = view.with_report(&report);
    }
    let m = "d7xe8".parse::<MoveText>().unwrap().resolve(&pos).unwrap();
    let (pos, report) = pos.play(m, &mut AttackerWins).unwrap();
    let view = view
        .with_report(&report)
        .with_selected("f10".parse().unwrap());
    let png = board_png(&pos, &view).unwrap();
    std::fs::write(path, &png).unwrap();
    println!("{path}: {} bytes", png.len());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--docs") {
        docs(args.get(2).map_or("docs/board.png", String::as_str));
        return;
    }
    let dir = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "/tmp/jetan-samples".into());
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, pos: &Position, view: &View| {
        let t = std::time::Instant::now();
        let png = board_png(pos, view).unwrap();
        let path = format!("{dir}/{name}.png");
        std::fs::write(&path, &png).unwrap();
        println!("{path}: {} KB, {:?}", png.len() / 1024, t.elapsed());
    };
    let start = Position::start();
    if std::env::var("COMPARE").is_ok() {
        compare_compression(&start, &View::new(Color::Black));
        return;
    }
    write(
        "start",
        &start,
        &View::new(Color::Black).with_names("Dejah Thoris", "Tara of Helium"),
    );
    // Close-ups of the tokens at a large size.
    let big = jetan_render::Renderer::new(150).unwrap();
    let img = big.image(&start, &View::new(Color::Black));
    let (bx, by, _) = big.board_area();
    for (name, row) in [("tokens-orange", 0), ("tokens-black", 8)] {
        let crop = image::imageops::crop_imm(&img, bx, by + row * 150, 1500, 300).to_image();
        crop.save(format!("{dir}/{name}.png")).unwrap();
    }
    let (pos, last) = play(
        start.clone(),
        &["e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7"],
    );
    write(
        "midgame-orange",
        &pos,
        &View::new(Color::Orange)
            .with_names(
                "Ghek the Kaldane, who thinks with his head and nothing else",
                "Tara",
            )
            .with_last_move(last.unwrap()),
    );
    write(
        "select-princess",
        &start,
        &View::new(Color::Black).with_selected("f1".parse().unwrap()),
    );
    let danger: Position = "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 7 80"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    write(
        "danger-countdown",
        &danger,
        &View::new(Color::Black).with_names("Vor Daj", "Ghek"),
    );
    let over = View::new(Color::Black)
        .with_names("Vor Daj", "Ghek")
        .with_result("Orange wins: the Princess was captured");
    write("result", &danger, &over);
    let manator = Position::start_of(jetan_rules::Variant::Manator);
    write(
        "manator",
        &manator,
        &View::new(Color::Black).with_names("U-Dor", "O-Tar, Jeddak of Manator"),
    );
    profile(&dir);
}

/// A profile card with two rated pools, a wallet and a record table.
fn profile(dir: &str) {
    use jetan_render::{profile_png, Chart, Point, ProfileCard, Series};
    let walk = |seed: u64, n: usize, start: f64, step: f64, spread: f64| -> Vec<Point> {
        let mut x = seed;
        let mut y = start;
        (0..n)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                y += ((x >> 33) % 100) as f64 / 50.0 * step - step;
                Point {
                    x: i as f64,
                    y,
                    spread: (spread - i as f64 * 4.0).max(60.0),
                }
            })
            .collect()
    };
    let card = ProfileCard {
        name: "Tara of Helium".into(),
        subtitle: "Helium · 58 games since 3 Oct 2026".into(),
        charts: vec![
            Chart {
                title: "Rating".into(),
                series: vec![
                    Series {
                        name: "Classic Jetan".into(),
                        points: walk(1, 40, 1500.0, 30.0, 350.0),
                    },
                    Series {
                        name: "Martian Chess".into(),
                        points: walk(7, 18, 1500.0, 25.0, 350.0),
                    },
                ],
                from: "3 Oct 2026".into(),
                to: "2 Dec 2026".into(),
                empty: "No rated game yet".into(),
            },
            Chart {
                title: "Wallet".into(),
                series: vec![Series {
                    name: "Total".into(),
                    points: walk(3, 60, 1000.0, 80.0, 0.0)
                        .into_iter()
                        .map(|p| Point { spread: 0.0, ..p })
                        .collect(),
                }],
                from: "3 Oct 2026".into(),
                to: "2 Dec 2026".into(),
                empty: "No movement yet".into(),
            },
        ],
        table: vec![
            vec![
                "Game".into(),
                "Seat".into(),
                "Won".into(),
                "Drawn".into(),
                "Lost".into(),
            ],
            vec![
                "Classic Jetan".into(),
                "Orange".into(),
                "12".into(),
                "2".into(),
                "7".into(),
            ],
            vec![
                "Classic Jetan".into(),
                "Black".into(),
                "9".into(),
                "1".into(),
                "9".into(),
            ],
            vec![
                "Martian Chess".into(),
                "North".into(),
                "6".into(),
                "0".into(),
                "3".into(),
            ],
        ],
        facts: vec![
            ("Streak".into(), "3 wins".into()),
            ("Favourite opening".into(), "e2-e3 (14 games)".into()),
            ("Biggest win".into(), "+420 against Gahan of Gathol".into()),
        ],
    };
    let t = std::time::Instant::now();
    let png = profile_png(&card).unwrap();
    let took = t.elapsed();
    let path = format!("{dir}/profile.png");
    std::fs::write(&path, &png).unwrap();
    println!("{path}: {} KB, {took:?}", png.len() / 1024);
    // As a Discord chat shows it.
    let img = image::load_from_memory(&png).unwrap();
    let small = img.resize(400, 2000, image::imageops::FilterType::Lanczos3);
    small.save(format!("{dir}/profile-400.png")).unwrap();
}

#[allow(dead_code)]
fn compare_compression(pos: &Position, view: &View) {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let img = jetan_render::board_image(pos, view).unwrap();
    for (c, cn) in [
        (CompressionType::Fast, "fast"),
        (CompressionType::Default, "default"),
        (CompressionType::Level(4), "l4"),
        (CompressionType::Best, "best"),
    ] {
        for (f, fname) in [
            (FilterType::Adaptive, "adaptive"),
            (FilterType::Sub, "sub"),
            (FilterType::Up, "up"),
            (FilterType::Paeth, "paeth"),
            (FilterType::NoFilter, "none"),
        ] {
            let t = std::time::Instant::now();
            let mut out = Vec::new();
            PngEncoder::new_with_quality(&mut out, c, f)
                .write_image(
                    &img,
                    img.width(),
                    img.height(),
                    image::ExtendedColorType::Rgb8,
                )
                .unwrap();
            println!("{cn} {fname}: {} KB {:?}", out.len() / 1024, t.elapsed());
        }
    }
}
