//! Seats keep the stored names: every record of the upgrade fixture that names seats
//! (games in progress, finished games, receipts) reads into the seat types and writes
//! back byte for byte as the binary that made the fixture wrote it (`"black"` and
//! `"orange"` for seat 1 and seat 2, in the same places), so no migration is needed.
use jetan_store::UserId;

use std::path::Path;

use jetan_store::{FinishedGame, Game, Receipt, Seat};
use serde_json::Value;

/// The (tree, value) rows of the fixture's PostgreSQL dump, values without their
/// format byte (checked to be 2).
fn rows() -> Vec<(String, Vec<u8>)> {
    let dump = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format2/postgres.sql"),
    )
    .unwrap();
    let mut out = Vec::new();
    for line in dump.lines() {
        let Some(row) = line.trim().strip_prefix("('") else {
            continue;
        };
        let parts: Vec<&str> = row.split("', '").collect();
        if parts.len() != 3 {
            continue;
        }
        let hex = parts[2].trim_start_matches("\\x");
        let hex = &hex[..hex.find('\'').unwrap()];
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        // The records that name seats (indexes, profiles and the rest do not).
        if !["games", "finished", "requests"].contains(&parts[0]) {
            continue;
        }
        assert_eq!(bytes[0], 2, "{} record of format {}", parts[0], bytes[0]);
        out.push((parts[0].to_string(), bytes[1..].to_vec()));
    }
    out
}

/// `value` (a part of `record`) read as `T` and written again, found as it stands in
/// the stored record.
fn writes_back<T: serde::de::DeserializeOwned + serde::Serialize>(
    record: &str,
    value: &Value,
) -> T {
    let read: T = serde_json::from_value(value.clone()).unwrap();
    let written = serde_json::to_string(&read).unwrap();
    assert!(
        record.contains(&written),
        "written again:\n{written}\nis not in the stored record:\n{record}"
    );
    read
}

#[test]
fn seat_records_write_back_byte_for_byte() {
    let (mut games, mut finished, mut receipts) = (0, 0, 0);
    for (tree, bytes) in rows() {
        let record = std::str::from_utf8(&bytes).unwrap();
        let v: Value = serde_json::from_str(record).unwrap();
        match tree.as_str() {
            "games" => {
                let g: Game = writes_back(record, &v["game"]);
                // Seat 1 is the stored `black`, for every game.
                assert_eq!(
                    g.player(Seat::First),
                    UserId(v["game"]["black"].as_u64().unwrap())
                );
                assert_eq!(
                    g.player(Seat::Second),
                    UserId(v["game"]["orange"].as_u64().unwrap())
                );
                assert_eq!(g.escrow[Seat::First], v["game"]["escrow"]["black"]);
                games += 1;
            }
            "finished" => {
                let f: FinishedGame = writes_back(record, &v["finished"]);
                assert_eq!(f.net[Seat::Second], v["finished"]["net"]["orange"]);
                finished += 1;
            }
            "requests" if record.contains("\"black\"") => {
                writes_back::<Receipt>(record, &v["receipt"]);
                receipts += 1;
            }
            _ => {}
        }
    }
    // The fixture's nine games in progress (Martian Chess among them), eight finished
    // games, and the receipts that hold a game or a settlement.
    assert_eq!((games, finished), (9, 8));
    assert!(receipts >= 5, "{receipts} receipts name seats");
}
