//! The golden pictures of `jetan-render`, shared by path (`#[path]`) by the picture tests
//! (`pictures.rs`), which compare them, and the `regenerate-goldens` example, which writes
//! them.

use std::sync::LazyLock;

use image::RgbImage;
use jetan_render::{default_renderer, BoardShape, Labels, LastMove, Renderer, View};
use jetan_rules::{
    AttackerWins, Color, DrawReason, MoveText, Outcome, Position, Report, Role, Square, Topology,
    Variant,
};

/// Goldens are drawn small to keep them light; the drawing code is the same at any size.
pub static SMALL: LazyLock<Renderer> = LazyLock::new(|| Renderer::new(40).unwrap());

pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

pub fn play(pos: Position, moves: &[&str]) -> (Position, Option<LastMove>) {
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

/// Black's Princess on f1 threatened by the Padwar on d3, the countdown at 7.
pub fn danger_position() -> Position {
    "4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 7 80"
        .parse()
        .unwrap()
}

/// A capture: Black's Flier took Orange's on d7.
pub fn capture_position() -> (Position, LastMove) {
    let (pos, last) = play(
        Position::start(),
        &["e2-e3", "e9-e8", "d1-g4", "g10-d7", "g4-d7"],
    );
    (pos, last.unwrap())
}

/// Plays `moves` and returns the position and the last move's report.
fn play_report(pos: Position, moves: &[&str], attacker_wins: bool) -> (Position, Report) {
    let mut pos = pos;
    let mut last = None;
    for t in moves {
        let m = t.parse::<MoveText>().unwrap().resolve(&pos).unwrap();
        let (next, report) = pos.play(m, &mut |_: Role, _: Role| attacker_wins).unwrap();
        pos = next;
        last = Some(report);
    }
    (pos, last.unwrap())
}

pub fn parse(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A Manator duel: Black's Thoat attacks Orange's Panthan, which the attacker wins or loses.
pub fn duel(attacker_wins: bool) -> (Position, Report) {
    let (pos, report) = play_report(
        Position::start_of(Variant::Manator),
        &["a2-b4", "b9-b8", "b4-c6", "e9-e8", "c6xb8"],
        attacker_wins,
    );
    assert!(report.duel.is_some(), "{report:?}");
    (pos, report)
}

/// Spanish words, accents and inverted marks included.
fn spanish() -> Labels {
    Labels {
        black: "Negras".into(),
        orange: "Naranjas".into(),
        to_move: "JUEGAN".into(),
        princess_threatened: "¡PRINCESA AMENAZADA!".into(),
        countdown: "CUENTA ATRÁS {n}".into(),
        escape_ready: "fuga lista".into(),
        escape_used: "fuga usada".into(),
        move_n: "jugada {n}".into(),
        killed: "CAPTURADA".into(),
        duel: "DUELO".into(),
        won: "GANÓ".into(),
        lost: "PERDIÓ".into(),
        wins: "Ganan {color}".into(),
        draw: "Tablas".into(),
        after_moves: "tras {n} jugadas".into(),
        princess_captured: "¿la Princesa? capturada".into(),
        ..Labels::default()
    }
}

/// The small goldens: name, position, view.
pub fn golden_cases() -> Vec<(&'static str, Position, View)> {
    let (capture, last) = capture_position();
    let names = |v: View| v.with_names("Vor Daj", "Ghek");
    let mut cases = vec![
        (
            "start",
            Position::start(),
            View::new(Color::Black).with_names("Dejah Thoris", "Tara of Helium"),
        ),
        (
            "capture-orange-view",
            capture.clone(),
            View::new(Color::Orange)
                .with_names(
                    "Ghek the Kaldane, who thinks with his head and nothing else",
                    "Θουβία 🐉",
                )
                .with_last_move(last),
        ),
        (
            "names-emoji-cjk",
            capture,
            View::new(Color::Black)
                .with_names("🐉🔥 Drache 👑", "漢字かな 한국어")
                .with_last_move(last),
        ),
        (
            "princess-selected",
            Position::start(),
            View::new(Color::Black).with_selected(sq("f1")),
        ),
        (
            "danger-countdown",
            danger_position(),
            names(View::new(Color::Black)),
        ),
        (
            "spanish-danger",
            danger_position(),
            names(View::new(Color::Black)).with_labels(spanish()),
        ),
        (
            "captured-many",
            parse("wadfpcfdaw/t8t/10/10/10/10/10/10/2NNNNNN2/W1DFCPFDAW b Bo - 30"),
            names(View::new(Color::Black)),
        ),
        (
            "selected-captures",
            parse("4pc4/10/10/10/3n6/2n7/4T5/10/10/4CP4 b - - 20"),
            names(View::new(Color::Black)).with_selected(sq("e4")),
        ),
        (
            "manator-start",
            Position::start_of(Variant::Manator),
            View::new(Color::Black).with_names("U-Dor", "O-Tar"),
        ),
        (
            "result-text-long-names",
            danger_position(),
            View::new(Color::Black)
                .with_names(
                    "Ghek the Kaldane, who thinks with his head and nothing else",
                    "Tars Tarkas, Jeddak of Thark and Warlord of the Green Men",
                )
                .with_result(
                    "Tars Tarkas, Jeddak of Thark and Warlord of the Green Men wins by resignation",
                ),
        ),
    ];
    for (name, won) in [("duel-won", true), ("duel-lost", false)] {
        let (pos, report) = duel(won);
        cases.push((
            name,
            pos,
            View::new(Color::Black)
                .with_names("U-Dor", "O-Tar")
                .with_report(&report),
        ));
    }
    for (name, pos, moves) in [
        (
            "over-princess-captured",
            danger_position(),
            &["h1-h3", "d3xf1"][..],
        ),
        (
            "over-chief-takes-chief",
            parse("4p5/10/10/10/10/10/4c5/10/10/4CP4 b - - 40"),
            &["e1xe4"][..],
        ),
        (
            "over-chief-captured",
            parse("4p5/10/10/10/10/10/4c5/10/4W5/C4P4 b - - 40"),
            &["e2xe4"][..],
        ),
        (
            "over-ten-move-rule",
            parse("4pc4/10/10/10/10/10/10/3a6/10/4CP1W2 b - 1 80"),
            &["h1-h3"][..],
        ),
    ] {
        let (pos, report) = play_report(pos, moves, true);
        assert!(report.outcome.is_some(), "{name}: {report:?}");
        cases.push((
            name,
            pos,
            names(View::new(Color::Black)).with_report(&report),
        ));
    }
    let round = |v: View| v.with_shape(BoardShape::Round);
    let rings = |v: View| v.with_shape(BoardShape::Rings);
    let (capture, last) = capture_position();
    cases.extend([
        (
            "round-start",
            Position::start(),
            round(View::new(Color::Black).with_names("Dejah Thoris", "Tara of Helium")),
        ),
        (
            "round-capture-orange-view",
            capture,
            round(View::new(Color::Orange).with_names("Ghek", "Tara")).with_last_move(last),
        ),
        (
            "round-princess-selected",
            Position::start(),
            round(View::new(Color::Black)).with_selected(sq("f1")),
        ),
        (
            "round-selected-captures-danger",
            parse("4pc4/10/10/10/3n6/2n7/4T5/3a6/10/4CP4 b - - 20 circular"),
            round(names(View::new(Color::Black))).with_selected(sq("e4")),
        ),
        (
            "round-across-the-seam",
            parse("4pc4/10/10/10/10/10/10/3a6/9T/4CP4 b - - 20 circular"),
            round(names(View::new(Color::Black)))
                .with_selected(sq("j2"))
                .with_last_move(LastMove::new(sq("a4"), sq("j2"))),
        ),
        (
            "rings-start",
            Position::start_on(Variant::Classic, Topology::Circular),
            rings(View::new(Color::Black).with_names("Dejah Thoris", "Tara of Helium")),
        ),
        (
            "rings-selected-captures-danger",
            parse("4pc4/10/10/10/3n6/2n7/4T5/3a6/10/4CP4 b - - 20 circular"),
            rings(names(View::new(Color::Orange)))
                .with_selected(sq("e4"))
                .with_last_move(LastMove::new(sq("j4"), sq("a4"))),
        ),
    ]);
    cases.push((
        "over-no-legal-moves",
        danger_position(),
        names(View::new(Color::Orange)).with_outcome(Outcome::Draw {
            reason: DrawReason::NoLegalMoves,
        }),
    ));
    cases
}

/// The small goldens, drawn.
pub fn small() -> Vec<(&'static str, RgbImage)> {
    golden_cases()
        .into_iter()
        .map(|(name, pos, view)| (name, SMALL.image(&pos, &view)))
        .collect()
}

/// Pictures of the circular board at the size the bot posts (the shared renderer) and
/// scaled to 400 pixels wide as Discord shows them (`-400`): the picture players read is
/// the 400-pixel one.
pub fn circular_full_size() -> Vec<(&'static str, RgbImage)> {
    let r = default_renderer().unwrap();
    let danger = parse("4pc4/10/10/10/3n6/2n7/4T5/3a6/10/4CP4 b - - 20 circular");
    let names = |v: View| v.with_names("Dejah Thoris", "Tara of Helium");
    let mut cases = Vec::new();
    for (name, pos, view) in [
        (
            "full-round-start",
            Position::start_on(Variant::Classic, Topology::Circular),
            names(View::new(Color::Black)).with_shape(BoardShape::Round),
        ),
        (
            "full-round-selected-captures-danger",
            danger.clone(),
            names(View::new(Color::Black))
                .with_shape(BoardShape::Round)
                .with_selected(sq("e4"))
                .with_last_move(LastMove::new(sq("j4"), sq("a4"))),
        ),
        (
            "full-rings-start",
            Position::start_on(Variant::Classic, Topology::Circular),
            names(View::new(Color::Black)).with_shape(BoardShape::Rings),
        ),
    ] {
        let img = r.image(&pos, &view);
        let (w, h) = img.dimensions();
        let small = image::imageops::resize(
            &img,
            400,
            (f64::from(h) * 400.0 / f64::from(w)).round() as u32,
            image::imageops::FilterType::Triangle,
        );
        cases.push((name, img));
        let small_name: &'static str = Box::leak(format!("{name}-400").into_boxed_str());
        cases.push((small_name, small));
    }
    cases
}

/// A Martian Chess game played by the computer from seed 7, in the middle of a battle and
/// at its end, in English (the Spanish ones are core's `es-martian-*` goldens).
pub fn martian() -> Vec<(&'static str, RgbImage)> {
    use martian_chess::{ai, State, ToAct};
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
    let battle = battle.expect("a battle");
    let picture = |state: &State, bottom, result: Option<&str>| {
        let view = state.public_view(bottom);
        jetan_render::martian_image(&jetan_render::MartianScene {
            view: &view,
            white: "Dejah Thoris".into(),
            black: "Tars Tarkas, Jeddak of Thark".into(),
            bottom,
            result: result.map(Into::into),
            labels: jetan_render::MartianLabels::default(),
        })
        .unwrap()
    };
    vec![
        (
            "martian-battle",
            picture(&battle, battle.player_to_act().unwrap(), None),
        ),
        (
            "martian-end",
            picture(
                &g,
                martian_chess::Color::White,
                Some("Tars Tarkas captures the enemy King! Black wins."),
            ),
        ),
    ]
}
