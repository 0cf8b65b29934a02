//! Opening a data directory written in format 1 (every game record holding its whole
//! move list): the store migrates it on open, and everything reads back the same.

use jetan_rules::Variant;
use jetan_store::{Store, Terms, FORMAT_VERSION};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::common::*;

/// Rewrites a closed data directory as format 1 wrote it: games in progress and finished
/// games with their moves inline, no `moves` tree, no `format` mark, version byte 1.
fn downgrade_to_format_1(dir: &std::path::Path) {
    let db = crate::common::raw_sled(dir);
    let json = |v: &[u8]| -> Value {
        assert_eq!(v[0], FORMAT_VERSION);
        serde_json::from_slice(&v[1..]).unwrap()
    };
    let moves = db.open_tree("moves").unwrap();
    let moves_of = |id: u64, plies: u64| -> Value {
        let list: Vec<Value> = moves
            .scan_prefix(id.to_be_bytes())
            .map(|r| json(&r.unwrap().1))
            .collect();
        assert_eq!(list.len() as u64, plies);
        Value::Array(list)
    };
    let v1 = |value: &Value| {
        let mut out = vec![1u8];
        out.extend(serde_json::to_vec(value).unwrap());
        out
    };
    for name in db.tree_names() {
        let tree = db.open_tree(&name).unwrap();
        let name = String::from_utf8_lossy(&name).to_string();
        if name == "moves" || name == "meta" || name == "__sled__default" {
            continue;
        }
        for item in tree.iter() {
            let (k, v) = item.unwrap();
            if v.is_empty() {
                continue; // the history indexes
            }
            let new = match name.as_str() {
                "games" => {
                    let head = json(&v);
                    let mut game = head["game"].clone();
                    game["moves"] = moves_of(
                        game["id"].as_u64().unwrap(),
                        head["plies"].as_u64().unwrap(),
                    );
                    v1(&game)
                }
                "finished" => {
                    let head = json(&v);
                    let mut f = head["finished"].clone();
                    f["game"]["moves"] = moves_of(
                        f["game"]["id"].as_u64().unwrap(),
                        head["plies"].as_u64().unwrap(),
                    );
                    v1(&f)
                }
                _ => {
                    let mut v = v.to_vec();
                    v[0] = 1;
                    v
                }
            };
            tree.insert(k, new).unwrap();
        }
    }
    db.open_tree("meta").unwrap().remove("format").unwrap();
    drop(moves);
    db.drop_tree("moves").unwrap();
    db.flush().unwrap();
}

#[test]
fn a_format_1_directory_is_migrated_on_open_and_reads_the_same() {
    let t = TestStore::new();
    let s = &t.store;
    // A finished Manator game (with duels), then a Classic game in progress.
    t.start(Terms {
        stake: 20,
        piece_price: 1,
        ..Terms::friendly(Variant::Manator)
    });
    let played = t.play_out(7);
    assert!(
        played
            .iter()
            .any(|r| r.record.as_move().unwrap().duel.is_some()),
        "no duel fought"
    );
    let finished_id = played[0].game_id;
    t.start(Terms {
        stake: 10,
        ..Terms::friendly(Variant::Classic)
    });
    let mut rng = StdRng::seed_from_u64(3);
    for i in 0..20 {
        let g = s.game(CH).unwrap().unwrap();
        let pos = g.position().unwrap();
        let all = pos.legal_moves();
        let quiet: Vec<_> = all.iter().filter(|m| m.capture.is_none()).collect();
        let m = quiet[rng.gen_range(0..quiet.len())];
        s.play(
            t.req(g.to_move(), 100_000 + i),
            CH,
            (g.id, g.version),
            m.from,
            m.to,
        )
        .unwrap();
    }
    let game = s.game(CH).unwrap().unwrap();
    assert_eq!(game.moves().len(), 20);
    let finished = s.finished_game(finished_id).unwrap().unwrap();
    assert_eq!(finished.game.moves().len(), played.len());
    let wallets = s.wallets(GUILD).unwrap();
    let mut before = Vec::new();
    s.export(&mut before).unwrap();
    t.assert_clean();

    let place = t.close();
    let dir = place.dir();
    downgrade_to_format_1(dir);
    // Format 1 as it was: the new program's readers cannot read it before migrating.
    {
        let db = crate::common::raw_sled(dir);
        assert!(!db.tree_names().iter().any(|n| n.as_ref() == b"moves"));
        let games = db.open_tree("games").unwrap();
        let (_, v) = games.iter().next().unwrap().unwrap();
        assert_eq!(v[0], 1);
        let old: Value = serde_json::from_slice(&v[1..]).unwrap();
        assert_eq!(old["moves"].as_array().unwrap().len(), 20);
    }

    let s = Store::open(dir).unwrap();
    let r = s.verify().unwrap();
    assert!(r.is_clean(), "{r}");
    assert_eq!(s.game(CH).unwrap().unwrap(), game);
    assert_eq!(s.finished_game(finished_id).unwrap().unwrap(), finished);
    assert_eq!(s.last_finished(CH).unwrap().unwrap(), finished);
    assert_eq!(s.wallets(GUILD).unwrap(), wallets);
    let mut after = Vec::new();
    s.export(&mut after).unwrap();
    assert_eq!(
        String::from_utf8(after).unwrap(),
        String::from_utf8(before).unwrap()
    );
    // Play on after the migration: the move lands as its own record.
    let g = s.game(CH).unwrap().unwrap();
    let m = g.position().unwrap().legal_moves()[0];
    s.play(
        jetan_store::Stamp::new(1, g.to_move(), 200_000),
        CH,
        (g.id, g.version),
        m.from,
        m.to,
    )
    .unwrap();
    assert_eq!(s.game(CH).unwrap().unwrap().moves().len(), 21);
    assert!(s.verify().unwrap().is_clean());
    drop(s);
    // A second open finds nothing left to migrate, and the records are format 2.
    let s = Store::open(dir).unwrap();
    assert!(s.verify().unwrap().is_clean());
    drop(s);
    let db = crate::common::raw_sled(dir);
    for name in ["games", "finished", "wallets", "ledger", "moves"] {
        for item in db.open_tree(name).unwrap().iter() {
            assert_eq!(item.unwrap().1[0], FORMAT_VERSION, "a record of {name}");
        }
    }
}
