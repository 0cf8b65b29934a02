//! Game records round trip: every finished game of a long console session — Classic and
//! Manator (with its duels), on the flat and the circular board, and Martian Chess — is
//! written as a record (`/jetan record`, the same text `jetan export-game` writes), read
//! back, and replays to the stored final position; `jetan play --record` replays the
//! file.

use jetan::console::{bot_user, id_of, Console};
use jetan_core::Core;
use jetan_rules::GameRecord;
use jetan_store::Store;

fn run(console: &mut Console<'_>, l: &str) -> String {
    let mut out = Vec::new();
    console.run_line(l, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Starts a game of `terms` in `#g`, `@alice` first.
fn start(console: &mut Console<'_>, terms: &str) {
    let out = run(
        console,
        &format!("#g @alice challenge opponent:@bob {terms} first:me"),
    );
    let accept = out
        .lines()
        .find_map(|l| l.strip_prefix("[button] Accept → click "))
        .unwrap_or_else(|| panic!("an Accept button: {out}"))
        .to_string();
    run(console, &format!("#g @bob click {accept}"));
}

/// Plays the Jetan game in `#g` to its end through the console: the most valuable
/// capture, else a move chosen by `seed`.
fn play_out(core: &Core, console: &mut Console<'_>, seed: u64) {
    let mut n = seed;
    for _ in 0..600 {
        let Some(g) = core.store().game(id_of("g")).unwrap() else {
            return;
        };
        let pos = g.position().unwrap();
        let moves = pos.legal_moves();
        let m = moves
            .iter()
            .filter(|m| m.is_capture())
            .max_by_key(|m| pos.board().piece_at(m.to).map(|p| p.role.value()))
            .copied()
            .unwrap_or_else(|| {
                n = n.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                moves[(n >> 33) as usize % moves.len()]
            });
        let who = if g.to_move() == id_of("alice") {
            "alice"
        } else {
            "bob"
        };
        let out = run(
            console,
            &format!("#g @{who} move from:{} to:{}", m.from, m.to),
        );
        assert!(!out.contains("[ephemeral]"), "{out}");
    }
    panic!("the game does not end");
}

/// How many moves a record file holds.
fn first_moves(file: &std::path::Path) -> usize {
    let record: GameRecord = std::fs::read_to_string(file).unwrap().parse().unwrap();
    record.moves.len()
}

/// The record `/jetan record` posts, read from its attachment.
fn posted_record(console: &mut Console<'_>) -> String {
    let out = run(console, "#g @carol record");
    assert!(!out.contains("[ephemeral]"), "{out}");
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("[attachment] "))
        .unwrap_or_else(|| panic!("an attachment: {out}"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn every_finished_game_of_a_session_round_trips_through_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("data")).unwrap();
    let core = Core::new(store, bot_user(), 7);
    let pics = dir.path().join("pics");
    let mut console = Console::new(&core, &pics);
    let mut files = Vec::new();
    let mut duels = 0;
    for (i, terms) in [
        "variant:classic",
        "variant:manator stake:20 piece_price:1",
        "variant:classic board:circular",
        "variant:manator board:circular",
        "variant:manator rating:casual",
    ]
    .iter()
    .enumerate()
    {
        start(&mut console, terms);
        play_out(&core, &mut console, i as u64);
        let last = core.store().last_finished(id_of("g")).unwrap().unwrap();
        let text = posted_record(&mut console);
        assert_eq!(text, core.game_record(&last), "the post is the export");
        let record: GameRecord = text.parse().unwrap();
        assert_eq!(record.moves.len(), last.game.moves().len());
        duels += record.moves.iter().filter(|m| m.duel.is_some()).count();
        let game = record.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(game.last().to_string(), last.game.position, "{text}");
        assert_eq!(record.tag("Termination"), Some(last.reason.name().as_str()));
        // Rated, but for the casual one and the fourth between the same two players
        // in a day (the farming guard).
        let rated = !terms.contains("casual") && i < jetan_store::ratings::PAIR_LIMIT;
        assert_eq!(
            record.tag("Rated"),
            Some(if rated { "yes" } else { "no" }),
            "game {i}"
        );
        let file = dir.path().join(format!("game-{i}.txt"));
        std::fs::write(&file, &text).unwrap();
        files.push((file, game.last().to_string()));
    }
    assert!(duels > 0, "the Manator games fought duels");

    // A Martian Chess game: its record holds the actions, none of the hands.
    start(&mut console, "game:martian-chess");
    run(&mut console, "#g @alice move from:e2 to:e4");
    run(&mut console, "#g @alice end");
    let ask = run(&mut console, "#g @bob resign");
    let confirm = ask
        .lines()
        .find_map(|l| l.split(" → click ").nth(1))
        .expect("a confirm button")
        .to_string();
    run(&mut console, &format!("#g @bob click {confirm}"));
    let last = core.store().last_finished(id_of("g")).unwrap().unwrap();
    let text = posted_record(&mut console);
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let actions: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(". W ") || l.contains(". B "))
        .collect();
    assert_eq!(actions.len(), last.game.actions().len(), "{text}");
    assert!(!text.to_lowercase().contains("hand"), "{text}");
    assert!(core.store().verify().unwrap().is_clean());
    // The engine analyses Jetan only, and says so.
    let out = run(&mut console, "#g @carol analyse");
    assert!(
        out.contains("[ephemeral]") && out.contains("Jetan games only"),
        "{out}"
    );

    // `jetan analyse --record` judges every move of a recorded game.
    let (first, _) = &files[0];
    let plies = first_moves(first);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["analyse", "--time-ms", "5", "--record"])
        .arg(first)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let judged = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(judged, plies, "a line per move: {stdout}");
    assert!(
        stdout.contains("mistake 1: ") || stdout.contains("no mistake"),
        "{stdout}"
    );

    // `jetan play --record` replays each file to the same final position.
    for (file, end) in files {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_jetan"))
            .args(["play", "--record"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines[lines.len() - 2], end);
        assert_ne!(lines[lines.len() - 1], "-", "the game ended");
    }
}
