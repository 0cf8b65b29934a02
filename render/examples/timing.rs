//! Times one board picture (draw, then draw + PNG encode), a Martian Chess picture and
//! (with `--gif`) a 300-ply replay GIF: the
//! best of several runs, so a busy machine does not blur the figures.
//!
//!     cargo run --release -p jetan-render --example timing

#[path = "../tests/common/games.rs"]
mod games;
use games::long_game;
use std::time::{Duration, Instant};

use jetan_render::{
    default_renderer, martian_image, martian_png, replay_gif, MartianLabels, MartianScene, Replay,
    View,
};
use jetan_rules::{AttackerWins, Color, MoveText, Position};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (best, out.unwrap())
}

fn main() {
    let r = default_renderer().unwrap();
    let mut pos = Position::start();
    let mut view = View::new(Color::Orange).with_names("Dejah Thoris", "Tara of Helium");
    for t in ["e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7"] {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        pos = next;
        view = view.with_report(&report);
    }
    let view = view.with_selected("e8".parse().unwrap());
    let (draw, _) = best(40, || r.image(&pos, &view));
    let (both, png) = best(40, || r.png(&pos, &view).unwrap());
    let (w, h) = r.size();
    println!(
        "board {w}x{h}: draw {:.2} ms, draw + PNG {:.2} ms, {} bytes",
        draw.as_secs_f64() * 1e3,
        both.as_secs_f64() * 1e3,
        png.len()
    );
    // A Martian Chess picture, thirty actions into a game.
    let mut g = martian_chess::State::new(7);
    for n in 0..30 {
        let Some(p) = g.player_to_act() else { break };
        let a = martian_chess::ai::choose(&g.public_view(p), martian_chess::ai::Level::Greedy, n)
            .expect("an action");
        g = g.play(p, a).expect("legal");
    }
    let view = g.public_view(martian_chess::Color::White);
    let scene = MartianScene {
        view: &view,
        white: "Dejah Thoris".into(),
        black: "Tars Tarkas".into(),
        bottom: martian_chess::Color::White,
        result: None,
        labels: MartianLabels::default(),
    };
    let (draw, _) = best(20, || martian_image(&scene).unwrap());
    let (both, png) = best(20, || martian_png(&scene).unwrap());
    println!(
        "Martian Chess: draw {:.2} ms, draw + PNG {:.2} ms, {} bytes",
        draw.as_secs_f64() * 1e3,
        both.as_secs_f64() * 1e3,
        png.len()
    );
    if std::env::args().any(|a| a == "--gif") {
        let (positions, moves) = long_game(300, 2024);
        let t = Instant::now();
        let r48 = jetan_render::Renderer::new(Replay::default().square).unwrap();
        let build = t.elapsed();
        let t = Instant::now();
        for p in &positions {
            let _ = r48.image(p, &View::default());
        }
        println!(
            "(renderer for the replay built in {:.0} ms; its {} frames drawn in {:.0} ms)",
            build.as_secs_f64() * 1e3,
            positions.len(),
            t.elapsed().as_secs_f64() * 1e3
        );
        let (t, gif) = best(3, || {
            replay_gif(&positions, &moves, &Replay::default()).unwrap()
        });
        println!(
            "replay GIF of {} plies: {:.0} ms, {} bytes",
            moves.len(),
            t.as_secs_f64() * 1e3,
            gif.len()
        );
    }
}
