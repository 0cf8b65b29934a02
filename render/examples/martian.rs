//! Writes sample Martian Chess pictures: `cargo run -p jetan-render --example martian --
//! OUT_DIR`: the start, a position in the middle of a battle, and a finished game, each
//! also scaled to 400 pixels wide (`-400.png`) as Discord shows it.

use jetan_render::{martian_image, martian_png, MartianScene};
use martian_chess::{ai, Color, State, ToAct};

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let write = |name: &str, state: &State, bottom: Color, result: Option<String>| {
        let view = state.public_view(bottom);
        let scene = MartianScene {
            view: &view,
            white: "Dejah Thoris".into(),
            black: "Tars Tarkas".into(),
            bottom,
            result,
            labels: jetan_render::MartianLabels::default(),
        };
        let png = martian_png(&scene).expect("a picture");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("written");
        println!("{path} ({} bytes)", png.len());
        let img = martian_image(&scene).expect("a picture");
        let h = img.height() * 400 / img.width();
        let small = image::imageops::resize(&img, 400, h, image::imageops::FilterType::Triangle);
        let path = format!("{out}/{name}-400.png");
        small.save(&path).expect("written");
        println!("{path}");
    };
    let mut g = State::new(7);
    write("martian-start", &g, Color::White, None);
    let mut n = 0u64;
    let mut battle_written = false;
    while let Some(p) = g.player_to_act() {
        let a = ai::choose(&g.public_view(p), ai::Level::Greedy, n).expect("an action");
        g = g.play(p, a).expect("legal");
        n += 1;
        if !battle_written && n > 60 {
            if let ToAct::Battle { .. } = g.to_act() {
                if g.battle().is_some_and(|b| b.cards().len() >= 2) {
                    write("martian-battle", &g, Color::Black, None);
                    battle_written = true;
                }
            }
        }
    }
    let result = g.outcome().map(|o| format!("{o}"));
    write("martian-end", &g, Color::White, result);
}
