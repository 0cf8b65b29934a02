//! Bringing a data directory written by an older version up to [`FORMAT_VERSION`], on
//! open.
//!
//! Format 1 kept every game's whole move list inline in its record, so every move
//! re-encoded the game. Format 2 moves each move into its own record of the `moves`
//! tree, keyed (game id, ply). The migration, per record of format 1:
//! - a game in progress becomes a [`GameHead`] (the game without its moves, with the
//!   move and duel counts) and its moves are written to the moves tree first;
//! - a finished game likewise becomes a [`FinishedHead`] and its moves move out;
//! - every other record keeps its JSON and gets the new version byte.
//!
//! Each record is converted on its own and the conversion is idempotent (moves are
//! written before the record that counts them), so a migration cut short is finished by
//! the next open. When every record is converted, the meta key `format` records the
//! version and later opens skip the scan.

use crate::codec::{decode_v1, encode, FORMAT_V1, FORMAT_VERSION};
use crate::games::stored_records;
use crate::kv::Kv;
use crate::model::{FinishedGame, FinishedHead, Game, GameHead, Records};
use crate::schema::{t, FORMAT_KEY, TREE_NAMES};
use crate::{GameId, Result, StoreError};

/// What [`migrate`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Migrated {
    pub records: u64,
    pub games: u64,
    pub moves: u64,
}

/// Migrates every format-1 record (only sled directories ever held any); records the
/// format in the meta tree. A new, empty store is just marked.
pub(crate) fn migrate(kv: &Kv) -> Result<Migrated> {
    let mut done = Migrated::default();
    match kv.get(t::META, FORMAT_KEY)? {
        Some(v) if v[..] == [FORMAT_VERSION] => return Ok(done),
        Some(v) if v.first().is_some_and(|&f| f > FORMAT_VERSION) => {
            return Err(StoreError::Corrupt {
                what: "the data directory".into(),
                detail: format!(
                    "written in format {} by a newer program (this one reads {FORMAT_VERSION})",
                    v[0]
                ),
            })
        }
        _ => {}
    }
    for (i, name) in TREE_NAMES.iter().enumerate() {
        if i == t::META || i == t::MOVES {
            continue;
        }
        for item in kv.scan(i, &[]) {
            let (k, v) = item?;
            if v.first() != Some(&FORMAT_V1) {
                continue;
            }
            let what = || format!("{name} record {k:?} (format 1)");
            let converted = match i {
                t::GAMES => decode_v1::<Game>(&v, what).and_then(|g| {
                    let (head, records) = GameHead::split(g);
                    put_records(kv, head.game.id, &records)?;
                    done.games += 1;
                    done.moves += records.len() as u64;
                    Ok(encode(&head))
                }),
                t::FINISHED => decode_v1::<FinishedGame>(&v, what).and_then(|mut f| {
                    let (head, records) = GameHead::split(f.game);
                    put_records(kv, head.game.id, &records)?;
                    f.game = head.game;
                    done.games += 1;
                    done.moves += records.len() as u64;
                    Ok(encode(&FinishedHead {
                        finished: f,
                        plies: head.plies,
                    }))
                }),
                _ => {
                    let mut v = v;
                    v[0] = FORMAT_VERSION;
                    Ok(v)
                }
            };
            match converted {
                Ok(new) => {
                    kv.insert(i, &k, &new)?;
                    done.records += 1;
                }
                // Left as it is: `verify` reports it, `export` keeps it as damaged.
                Err(e) => tracing::error!("cannot migrate: {e}"),
            }
        }
    }
    kv.flush()?;
    kv.insert(t::META, FORMAT_KEY, &[FORMAT_VERSION])?;
    kv.flush()?;
    if done.records > 0 {
        tracing::info!(
            "migrated {} records to format {FORMAT_VERSION} ({} games, {} moves moved out)",
            done.records,
            done.games,
            done.moves
        );
    }
    Ok(done)
}

fn put_records(kv: &Kv, id: GameId, records: &Records) -> Result<()> {
    for (tree, key, record) in stored_records(id, records) {
        kv.insert(tree, &key, &record)?;
    }
    Ok(())
}
