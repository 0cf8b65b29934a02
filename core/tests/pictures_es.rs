//! The pictures with the words the bot really draws in Spanish (from `core/locales/es.ftl`):
//! golden images, so that a longer Spanish word that overflows or is cut shows up as a
//! changed picture.
//!
//! Goldens live in `tests/goldens/`; regenerate them on purpose with
//! `JETAN_REGENERATE_GOLDENS=1 cargo test -p jetan-core --test pictures_es` (a copy of
//! each, scaled to 400 pixels as Discord shows it, goes to `$TMPDIR/jetan-goldens-es-400`),
//! then look at them before committing.

use std::path::PathBuf;

use image::RgbImage;
use jetan_core::{martian_picture_labels, picture_labels, Lang};
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

fn cases() -> Vec<(&'static str, RgbImage)> {
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

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/goldens")
        .join(format!("{name}.png"))
}

/// Mean absolute channel difference, and the share of pixels with a channel off by more
/// than 24.
fn difference(a: &RgbImage, b: &RgbImage) -> (f64, f64) {
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
        far as f64 / f64::from(a.width() * a.height()),
    )
}

#[test]
fn spanish_pictures_match_the_goldens() {
    let regenerate = std::env::var_os("JETAN_REGENERATE_GOLDENS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (name, img) in cases() {
        let path = golden_path(name);
        if regenerate {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            img.save(&path).unwrap();
            let dir = std::env::temp_dir().join("jetan-goldens-es-400");
            std::fs::create_dir_all(&dir).unwrap();
            let h = img.height() * 400 / img.width();
            image::imageops::resize(&img, 400, h, image::imageops::FilterType::Triangle)
                .save(dir.join(format!("{name}.png")))
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

#[test]
fn the_spanish_labels_are_the_message_files_words() {
    let es = picture_labels(Lang::Es);
    assert_eq!(es.to_move, "LE TOCA");
    assert_eq!(es.countdown_text(7), "CUENTA ATRÁS 7");
    let mc = martian_picture_labels(Lang::Es);
    assert_eq!(mc.cards_text(1), "1 carta");
    assert_eq!(mc.cards_text(13), "13 cartas");
    assert_eq!(mc.color(martian_chess::Color::Black), "Negras");
    assert_eq!(mc.turn.replace("{color}", "Blancas"), "Juegan Blancas");
    assert_eq!(
        martian_picture_labels(Lang::En),
        jetan_render::MartianLabels::default()
    );
}
