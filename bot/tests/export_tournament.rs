//! `jetan export-tournament` as a user runs it: a small Swiss with an entry fee played
//! to its end through the console (each game a move and a resignation in its thread),
//! then the report read back from the binary — settings, every round, the final
//! standings with their tie-breaks, the prizes, each game's record — and a missing
//! tournament refused with status 2.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use jetan::console::{bot_user, id_of, Console, CONSOLE_GUILD};
use jetan_core::{ChannelId, Core, UserId};
use jetan_store::{Store, TournamentState};

fn run(console: &mut Console<'_>, l: &str) -> String {
    let mut out = Vec::new();
    console.run_line(l, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn jetan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(args)
        .stdin(Stdio::null())
        .env_remove("JETAN_DATABASE_URL")
        .env_remove("JETAN_DATA_DIR")
        .output()
        .expect("the jetan binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout: {}\nstderr: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const PLAYERS: [&str; 3] = ["ann", "ben", "cat"];

fn name_of(id: UserId) -> &'static str {
    PLAYERS
        .iter()
        .find(|n| id_of::<UserId>(n) == id)
        .expect("a player")
}

/// Plays the game of each thread the output opened: the player to move makes a legal
/// move, then the other resigns (the confirmation button). Returns the moves played and
/// the games' ids.
fn play_threads(core: &Core, console: &mut Console<'_>, out: &str) -> Vec<(String, u64)> {
    let threads: Vec<String> = out
        .lines()
        .filter_map(|l| l.strip_prefix("--- thread #"))
        .filter_map(|l| l.split_once(" opened: ").map(|(name, _)| name))
        .map(str::to_string)
        .collect();
    let mut moves = Vec::new();
    for thread in threads {
        let g = core
            .store()
            .game(id_of::<ChannelId>(&thread))
            .unwrap()
            .unwrap_or_else(|| panic!("a game in {thread}: {out}"));
        let m = g.position().unwrap().legal_moves()[0];
        let mover = name_of(g.to_move());
        let played = run(
            console,
            &format!("#{thread} @{mover} move from:{} to:{}", m.from, m.to),
        );
        assert!(!played.contains("[ephemeral]"), "{played}");
        moves.push((format!("{}-{}", m.from, m.to), g.id.get()));
        let other = name_of(g.opponent_of(g.to_move()).unwrap());
        let ask = run(console, &format!("#{thread} @{other} resign"));
        let confirm = ask
            .lines()
            .find_map(|l| l.split(" → click ").nth(1))
            .unwrap_or_else(|| panic!("a confirm button: {ask}"))
            .to_string();
        let after = run(console, &format!("#{thread} @{other} click {confirm}"));
        assert!(!after.contains("[ephemeral]"), "{after}");
        let next = play_threads(core, console, &after);
        moves.extend(next);
    }
    moves
}

/// Plays a 3-player Swiss of 2 rounds with an entry fee of 10 in `data`; returns the
/// tournament's id, the moves played with their games' ids, and the report as the core
/// writes it.
fn play_event(data: &Path, out_dir: &Path) -> (u64, Vec<(String, u64)>, String) {
    let store = Store::open(data).unwrap();
    let core = Core::new(store, bot_user(), 11);
    let mut console = Console::new(&core, out_dir);
    let created = run(
        &mut console,
        "#events @org tournament create name:\"Pipe Swiss\" format:swiss rounds:2 entry:10 prizes:70,30 move_time:30",
    );
    assert!(created.contains("Pipe Swiss"), "{created}");
    for p in PLAYERS {
        let joined = run(&mut console, &format!("#events @{p} tournament join"));
        assert!(joined.contains("joined"), "{joined}");
    }
    let started = run(&mut console, "#events @org tournament start");
    assert!(started.contains("has started"), "{started}");
    let moves = play_threads(&core, &mut console, &started);
    let tm = core.store().tournaments(CONSOLE_GUILD).unwrap()[0].clone();
    assert_eq!(tm.state, TournamentState::Finished, "{tm:?}");
    assert_eq!(moves.len(), 2, "one game a round");
    let report = core.tournament_report(tm.id).unwrap().unwrap();
    core.flush().unwrap();
    (tm.id.get(), moves, report)
}

#[test]
fn export_tournament_writes_the_events_report_and_refuses_a_missing_id() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let (id, moves, in_process) = play_event(&data, &root.path().join("pics"));
    let data_arg = data.to_str().unwrap();

    let o = jetan(&["export-tournament", &id.to_string(), "--data", data_arg]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let report = String::from_utf8(o.stdout).unwrap();
    assert_eq!(report, in_process, "the binary writes the core's report");
    for needle in [
        &format!("# Pipe Swiss (tournament {id})"),
        "| Format | Swiss, 2 rounds |",
        "| Entry fee | 10 coins |",
        "| Prizes (share of the pot by place) | 1. 70%, 2. 30% |",
        "| Move time | 30 min |",
        "| Rated | yes |",
        "| State | finished |",
        "### Round 1",
        "### Round 2",
        "(bye)",
        "## Final standings",
        "| Place | Player | Points | Buchholz cut-1 | Sonneborn-Berger | Direct encounter | Wins | |",
        "## Prizes paid",
        "| Entry fees paid in | 30 coins |",
        "| Paid out in prizes | 30 coins |",
        "## Games",
        "[Result ",
    ] {
        assert!(report.contains(needle), "{needle:?} not in\n{report}");
    }
    // Each round's game is there with its record: its moves.
    assert_eq!(report.matches("```\n[").count(), 2, "{report}");
    for (m, game) in &moves {
        assert!(report.contains(m.as_str()), "{m} not in\n{report}");
        assert!(
            report.contains(&format!("(game {game})")),
            "game {game} not in\n{report}"
        );
    }
    // The standings rows: three players, each with points and tie-breaks.
    let rows: Vec<&str> = report
        .split("## Final standings")
        .nth(1)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(" ("))
        .take_while(|l| !l.contains("coins"))
        .collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows[0].starts_with("| 1 | "), "{rows:?}");

    // --out writes the same to a file.
    let file = root.path().join("report.md");
    let o = jetan(&[
        "export-tournament",
        &id.to_string(),
        "--data",
        data_arg,
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), report);

    // No such tournament: status 2 and a clear message; a game's id is no tournament's.
    for missing in [id + 1_000_000, moves[0].1] {
        let o = jetan(&[
            "export-tournament",
            &missing.to_string(),
            "--data",
            data_arg,
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(
            text(&o).contains(&format!("there is no tournament {missing}")),
            "{}",
            text(&o)
        );
        assert!(o.stdout.is_empty());
    }
    // Not a number: clap's usage error.
    let o = jetan(&["export-tournament", "spring", "--data", data_arg]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("invalid value"), "{}", text(&o));
}
