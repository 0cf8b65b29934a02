//! The developer tools as a user runs them: `jetan play`, `jetan moves`, named positions,
//! and a closed pipe.

use std::process::{Command, Output, Stdio};

fn jetan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(args)
        .output()
        .expect("the jetan binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn play_prints_each_position_and_the_outcome() {
    let o = jetan(&["play", "start", "e2-e3", "e9-e8"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        stdout(&o),
        "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/4N5/TNNN1NNNNT/WADFCPFDAW o Bo - 1\n-\n\
         wadfpcfdaw/tnnn1nnnnt/4n5/10/10/10/10/4N5/TNNN1NNNNT/WADFCPFDAW b Bo - 2\n-\n"
    );
    // A Dwar takes the Orange Princess: the game ends.
    let o = jetan(&["play", "c8p/10/10/9D/10/10/10/10/10/C8P b - - 0", "j7-j10"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).ends_with("\nblack wins: princess captured\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn play_stops_at_an_illegal_move_with_status_1() {
    let o = jetan(&["play", "circular-start", "a2-j4", "e3-e4"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.ends_with(" circular\n-\n"),
        "the first move was played: {out}"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("move 2 (e3-e4) is illegal: e3 is empty"),
        "{err}"
    );
}

#[test]
fn named_start_positions_include_the_circular_ones() {
    let o = jetan(&["perft", "circular-start", "2"]);
    assert_eq!(stdout(&o), "6674\n");
    let o = jetan(&["moves", "manator-circular-start"]);
    assert_eq!(stdout(&o).lines().count(), 82);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["divide", "start", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jetan binary runs");
    drop(child.stdout.take()); // as `| head -0` would
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// `--rules STRING` (RULES.md §12) for perft, divide, moves, play and render; a record's
/// `Rules` tag for `play --record`.
#[test]
fn the_tools_play_by_a_rules_string() {
    // §12's reference values.
    let o = jetan(&["perft", "start", "3", "--rules", "T:jump"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "447436\n");
    let o = jetan(&["perft", "start", "2"]);
    assert_eq!(stdout(&o), "6066\n", "standard by default");
    let o = jetan(&[
        "divide",
        "start",
        "1",
        "--rules",
        "W:mixed,A:mixed,D:mixed,F:mixed",
    ]);
    assert!(stdout(&o).ends_with("total: 98\n"), "{}", stdout(&o));
    // Without her escape the 26 escapes of the 78 first moves are gone.
    let o = jetan(&["moves", "start", "--rules", "P:noescape"]);
    assert_eq!(stdout(&o).lines().count(), 78 - 26);
    // A Warrior's single step is legal only with upto.
    let moves = ["a2-a3", "a9-a8", "a1-a2"];
    let o = jetan(&[&["play", "start", "--rules", "W:upto"][..], &moves].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = jetan(&[&["play", "start"][..], &moves].concat());
    assert_eq!(o.status.code(), Some(1));
    // A record replays by its Rules tag.
    let dir = std::env::temp_dir().join(format!("jetan-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("upto.pgn");
    std::fs::write(&file, "[Rules \"W:upto\"]\n\n1. a2-a3 a9-a8 2. a1-a2 *\n").unwrap();
    let o = jetan(&["play", "--record", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().count(), 6);
    // The picture of a selected piece's moves follows them too.
    let png = dir.join("upto.png");
    let o = jetan(&[
        "render",
        "start",
        png.to_str().unwrap(),
        "--select",
        "a1",
        "--rules",
        "W:upto",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
    // A malformed string exits non-zero and names the culprit.
    for tool in [
        &["perft", "start", "1"][..],
        &["divide", "start", "1"],
        &["moves", "start"],
        &["play", "start"],
        &["render", "start", png.to_str().unwrap()],
    ] {
        let o = jetan(&[tool, &["--rules", "N:upto"]].concat());
        assert!(!o.status.success(), "{tool:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("N:upto") && err.contains("Panthan"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
