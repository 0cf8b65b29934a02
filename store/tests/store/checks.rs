//! What `verify` checks beyond the money (finished games replayed, W/L/D and net won
//! against the archive, move records), opening only existing data directories, and the
//! import's checks before it writes anything.
use jetan_store::GameId;

use jetan_rules::Variant;
use jetan_store::{StoreError, Terms, FORMAT_VERSION};
use serde_json::Value;

use crate::common::*;

/// Rewrites one record's JSON in a closed store.
fn edit(place: &Place, tree: &str, key: &[u8], f: impl FnOnce(&mut Value)) {
    let v = place.raw_get(tree, key).expect("the record");
    assert_eq!(v[0], FORMAT_VERSION);
    let mut json: Value = serde_json::from_slice(&v[1..]).unwrap();
    f(&mut json);
    let mut out = vec![FORMAT_VERSION];
    out.extend(serde_json::to_vec(&json).unwrap());
    place.raw_put(tree, key, &out);
}

/// A store with one game won by play (Alice, Black, wins), closed; its place and the
/// finished game's id.
fn one_finished_game() -> (Place, u64) {
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
    (t.close(), id.get())
}

fn problems(place: &Place) -> String {
    let r = place.open().verify().unwrap();
    assert!(!r.is_clean(), "verify found nothing wrong");
    r.problems.join("\n")
}

#[test]
fn verify_replays_finished_games_to_their_recorded_result() {
    let (place, id) = one_finished_game();
    edit(&place, "finished", &id.to_be_bytes(), |f| {
        f["finished"]["result"] = serde_json::json!({"result": "draw"});
    });
    let p = problems(&place);
    assert!(
        p.contains(&format!("finished game {id}: its moves end it")),
        "{p}"
    );
}

#[test]
fn verify_recomputes_wins_losses_draws_and_net_won() {
    let (place, _) = one_finished_game();
    let key = [GUILD.get().to_be_bytes(), ALICE.get().to_be_bytes()].concat();
    edit(&place, "wallets", &key, |w| {
        w["wins"] = Value::from(w["wins"].as_u64().unwrap() + 1);
    });
    let p = problems(&place);
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
    let (place, id) = one_finished_game();
    let plies = place
        .open()
        .finished_game(GameId(id))
        .unwrap()
        .unwrap()
        .game
        .moves()
        .len() as u64;
    let last = [id.to_be_bytes(), (plies - 1).to_be_bytes()].concat();
    let first = [id.to_be_bytes(), 0u64.to_be_bytes()].concat();
    let any = place.raw_get("moves", &first).unwrap();
    place.raw_remove("moves", &last);
    let stray = [777u64.to_be_bytes(), 0u64.to_be_bytes()].concat();
    place.raw_put("moves", &stray, &any);
    let p = problems(&place);
    assert!(
        p.contains(&format!("finished game {id}")) && p.contains("is missing"),
        "{p}"
    );
    assert!(
        p.contains("belong to game 777, which is neither in progress nor archived"),
        "{p}"
    );
    // The archive read reports the damage instead of a shortened game.
    let s = place.open();
    assert!(matches!(
        s.finished_game(GameId(id)),
        Err(StoreError::Corrupt { .. })
    ));
}

#[test]
fn import_checks_every_line_before_writing_anything() {
    let (place, _) = one_finished_game();
    let s = place.open();
    let mut out = Vec::new();
    s.export(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let target = Place::new();
    let refused = |export: String, want: &str| {
        let err = target.import(export.as_bytes()).unwrap_err();
        assert!(matches!(err, StoreError::BadExport { .. }), "{err}");
        assert!(err.to_string().contains(want), "{err}");
        // Nothing at all was written.
        assert!(target.holds_no_records());
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
    target.import(text.as_bytes()).unwrap();
    assert!(target.open().verify().unwrap().is_clean());
    assert!(matches!(
        target.import(text.as_bytes()),
        Err(StoreError::NotEmpty(_))
    ));
}
