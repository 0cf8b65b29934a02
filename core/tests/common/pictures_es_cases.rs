//! The Spanish golden pictures of `jetan-core`, shared by path (`#[path]`) by the test
//! that compares them (`pictures_es.rs`) and the `regenerate-goldens` example that writes
//! them.

use image::RgbImage;
use jetan_core::games::martian::picture_labels as martian_picture_labels;
use jetan_core::{picture_labels, Lang};
use jetan_render::{martian_image, MartianScene, Renderer, View};
use jetan_rules::{Color, MoveText, Position, Report, Role};
use martian_chess::{ai, State, ToAct};

/// Black's Princess on f1 threatened by the Padwar on d3, the countdown at 7.
fn danger_position() -> Position {
    "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 7 80"
        .parse()
        .unwrap()
}

fn play(pos: Position, moves: &[&str]) -> (Position, Report) {
    let mut pos = pos;
    let mut last = None;
    for t in moves {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut |_: Role, _: Role| true).unwrap();
        pos = next;
        last = Some(report);
    }
    (pos, last.unwrap())
}

fn jetan(view: View) -> View {
    view.with_names("Vor Daj", "Ghek")
        .with_labels(picture_labels(Lang::Es))
}

/// A Martian Chess game played by the computer from seed 7: the first battle with two
/// cards played after the 60th action, and the end.
fn martian_states() -> (State, State) {
    let mut g = State::new(7);
    let mut battle = None;
    let mut n = 0u64;
    while let Some(p) = g.player_to_act() {
        let a = ai::choose(&g.public_view(p), ai::Level::Greedy, n).unwrap();
        g = g.play(p, a).unwrap();
        n += 1;
        if battle.is_none()
            && n > 60
            && matches!(g.to_act(), ToAct::Battle { .. })
            && g.battle().is_some_and(|b| b.cards().len() >= 2)
        {
            battle = Some(g.clone());
        }
    }
    (battle.expect("a battle"), g)
}

fn martian(state: &State, bottom: martian_chess::Color, result: Option<&str>) -> RgbImage {
    let view = state.public_view(bottom);
    martian_image(&MartianScene {
        view: &view,
        white: "Dejah Thoris".into(),
        black: "Tars Tarkas, Jeddak de Thark".into(),
        bottom,
        result: result.map(Into::into),
        labels: martian_picture_labels(Lang::Es),
    })
    .unwrap()
}

pub fn cases() -> Vec<(&'static str, RgbImage)> {
    let r = Renderer::new(40).unwrap();
    // The longest strip: the escape still ready, the countdown, the threatened Princess.
    let ready: Position = "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b Bo 7 80"
        .parse()
        .unwrap();
    let mut out = vec![(
        "es-danger-countdown",
        r.image(&ready, &jetan(View::new(Color::Black))),
    )];
    let (pos, report) = play(danger_position(), &["h1-h3", "d3xf1"]);
    out.push((
        "es-over-princess-captured",
        r.image(&pos, &jetan(View::new(Color::Black)).with_report(&report)),
    ));
    let ten: Position = "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 1 80"
        .parse()
        .unwrap();
    let (pos, report) = play(ten, &["h1-h3"]);
    out.push((
        "es-over-ten-move-rule",
        r.image(&pos, &jetan(View::new(Color::Black)).with_report(&report)),
    ));
    let (battle, end) = martian_states();
    let to_act = battle.player_to_act().unwrap();
    out.push(("es-martian-battle", martian(&battle, to_act, None)));
    out.push((
        "es-martian-end",
        martian(
            &end,
            martian_chess::Color::White,
            Some("¡Tars Tarkas captura al Rey enemigo! Ganan Negras."),
        ),
    ));
    out
}
