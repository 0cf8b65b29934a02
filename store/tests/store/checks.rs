//! What `verify` checks beyond the money (finished games replayed, W/L/D and net won
//! against the archive, move records), opening only existing data directories, and the
//! import's checks before it writes anything.

use jetan_rules::Variant;
use jetan_store::{Store, StoreError, Terms, FORMAT_VERSION};
use serde_json::Value;

use crate::common::*;

/// Rewrites one record's JSON in a closed data directory.
fn edit(dir: &std::path::Path, tree: &str, key: &[u8], f: impl FnOnce(&mut Value)) {
    let db = crate::common::raw_sled(dir);
    let tree = db.open_tree(tree).unwrap();
    let v = tree.get(key).unwrap().expect("the record");
    assert_eq!(v[0], FORMAT_VERSION);
    let mut json: Value = serde_json::from_slice(&v[1..]).unwrap();
    f(&mut json);
    let mut out = vec![FORMAT_VERSION];
    out.extend(serde_json::to_vec(&json).unwrap());
    tree.insert(key, out).unwrap();
    db.flush().unwrap();
}

/// A store with one game won by play (Alice, Black, wins), closed; its directory and
/// the finished game's id.
fn one_finished_game() -> (tempfile::TempDir, u64) {
    let seed = (0..200)
        .find(|&s| simulate(s).winner() == Some(jetan_rules::Color::Black))
        .expect("a seed where Black wins");
    let t = TestStore::new();
    t.start(Terms {
        stake: 10,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    });
    let played = t.play_out(seed);
    t.assert_clean();
    let id = played[0].game_id;
    let TestStore { store, dir, .. } = t;
    drop(store);
    (dir, id)
}

fn problems(dir: &std::path::Path) -> String {
    let r = Store::open(dir).unwrap().verify().unwrap();
    assert!(!r.is_clean(), "verify found nothing wrong");
    r.problems.join("\n")
}

#[test]
fn verify_replays_finished_games_to_their_recorded_result() {
    let (dir, id) = one_finished_game();
    edit(dir.path(), "finished", &id.to_be_bytes(), |f| {
        f["finished"]["result"] = serde_json::json!({"result": "draw"});
    });
    let p = problems(dir.path());
    assert!(
        p.contains(&format!("finished game {id}: its moves end it")),
        "{p}"
    );
}

#[test]
fn verify_recomputes_wins_losses_draws_and_net_won() {
    let (dir, _) = one_finished_game();
    let key = [GUILD.to_be_bytes(), ALICE.to_be_bytes()].concat();
    edit(dir.path(), "wallets", &key, |w| {
        w["wins"] = Value::from(w["wins"].as_u64().unwrap() + 1);
    });
    let p = problems(dir.path());
    assert!(
        p.contains(&format!(
            "the wallet of {ALICE} in server {GUILD} shows 2 wins"
        )),
        "{p}"
    );
    assert!(p.contains("its finished games say 1 wins"), "{p}");
}

#[test]
fn verify_finds_missing_and_stray_move_records() {
    let (dir, id) = one_finished_game();
    {
        let db = crate::common::raw_sled(dir.path());
        let moves = db.open_tree("moves").unwrap();
        let (last, _) = moves.scan_prefix(id.to_be_bytes()).last().unwrap().unwrap();
        moves.remove(last).unwrap();
        let stray = [777u64.to_be_bytes(), 0u64.to_be_bytes()].concat();
        let (_, any) = moves.iter().next().unwrap().unwrap();
        moves.insert(stray, any).unwrap();
        db.flush().unwrap();
    }
    let p = problems(dir.path());
    assert!(
        p.contains(&format!("finished game {id}")) && p.contains("is missing"),
        "{p}"
    );
    assert!(
        p.contains("belong to game 777, which is neither in progress nor archived"),
        "{p}"
    );
    // The archive read reports the damage instead of a shortened game.
    let s = Store::open(dir.path()).unwrap();
    assert!(matches!(
        s.finished_game(id),
        Err(StoreError::Corrupt { .. })
    ));
}

#[test]
fn open_existing_refuses_what_is_not_a_data_directory_and_creates_nothing() {
    let root = tempfile::tempdir().unwrap();
    let missing = root.path().join("typo");
    let err = Store::open_existing(&missing).unwrap_err();
    assert!(matches!(err, StoreError::NoData(_)), "{err}");
    assert_eq!(
        err.to_string(),
        format!("no jetan data in {}", missing.display())
    );
    assert!(!missing.exists());
    std::fs::create_dir(&missing).unwrap();
    assert!(matches!(
        Store::open_existing(&missing),
        Err(StoreError::NoData(_))
    ));
    assert_eq!(
        std::fs::read_dir(&missing).unwrap().count(),
        0,
        "it wrote into it"
    );

    let data = root.path().join("data");
    drop(Store::open(&data).unwrap());
    // Another test's child process may still hold the lock for a moment (its fork
    // inherits the lock file until it execs).
    let mut tries = 0;
    let store = loop {
        match Store::open_existing(&data) {
            Err(StoreError::Locked(_)) if tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => break other.unwrap(),
        }
    };
    assert!(store.verify().unwrap().is_clean());
}

#[test]
fn import_checks_every_line_before_writing_anything() {
    let (dir, _) = one_finished_game();
    let s = Store::open(dir.path()).unwrap();
    let mut out = Vec::new();
    s.export(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let root = tempfile::tempdir().unwrap();
    let target = root.path().join("data");
    let refused = |export: String, want: &str| {
        let err = Store::import(&target, export.as_bytes()).unwrap_err();
        assert!(matches!(err, StoreError::BadExport { .. }), "{err}");
        assert!(err.to_string().contains(want), "{err}");
        // Nothing at all was written: no directory, no half-built sibling.
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 0);
    };
    // A bad last line.
    refused(format!("{text}{{\"type\":\"wallet\"}}\n"), "line");
    // A ledger entry whose wallet is not in the export.
    let no_wallet: String = text
        .lines()
        .filter(|l| {
            !l.contains(&format!(
                "\"type\":\"wallet\",\"guild\":{GUILD},\"user\":{BOB}"
            ))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(no_wallet, text);
    refused(no_wallet, "has no wallet in the export");
    // An id used twice.
    let ledger = text
        .lines()
        .find(|l| l.contains("\"type\":\"ledger\""))
        .unwrap();
    refused(format!("{text}{ledger}\n"), "is already used on line");
    // No header.
    let headless: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    refused(headless, "header");
    // The real thing goes in, and a second import into it is refused.
    Store::import(&target, text.as_bytes()).unwrap();
    assert!(Store::open(&target).unwrap().verify().unwrap().is_clean());
    assert!(matches!(
        Store::import(&target, text.as_bytes()),
        Err(StoreError::NotEmpty(_))
    ));
}
