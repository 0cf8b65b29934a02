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

use crate::codec::{decode, decode_v1, encode, key2, FORMAT_V1, FORMAT_VERSION};
use crate::games::stored_records;
use crate::kv::Kv;
use crate::model::{Challenge, FinishedGame, FinishedHead, Game, GameHead, Records};
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

/// Moves each open challenge kept under its channel alone (one challenge per channel,
/// before a channel could hold several) to its key of channel and challenger. Run at
/// every open; idempotent (the record is written under its new key before the old key
/// is removed), so a run cut short is finished by the next open.
pub(crate) fn rekey_challenges(kv: &Kv) -> Result<u64> {
    let mut moved = 0;
    let old: Vec<(Vec<u8>, Vec<u8>)> = kv
        .scan(t::CHALLENGES, &[])
        .filter_map(|item| item.ok())
        .filter(|(k, _)| k.len() == 8)
        .collect();
    for (k, v) in old {
        match decode::<Challenge>(&v, || format!("challenge record {k:?}")) {
            Ok(c) => {
                kv.insert(t::CHALLENGES, &key2(c.channel, c.challenger), &v)?;
                kv.remove(t::CHALLENGES, &k)?;
                moved += 1;
            }
            // Left as it is: `verify` reports it, `export` keeps it as damaged.
            Err(e) => tracing::error!("cannot move a challenge to its new key: {e}"),
        }
    }
    if moved > 0 {
        kv.flush()?;
        tracing::info!("moved {moved} open challenges to their keys by challenger");
    }
    Ok(moved)
}

#[cfg(test)]
mod tests {
    use crate::codec::{encode, key1};
    use crate::model::Terms;
    use crate::schema::t;
    use crate::{ChannelId, Stamp, Store, UserId};

    /// A challenge kept under its channel alone (before a channel held several) is
    /// found, accepted and verified after the next open, under its challenger's key.
    #[test]
    fn a_challenge_under_its_old_key_moves_to_its_challengers_at_open() {
        let dir = tempfile::tempdir().unwrap();
        let (channel, alice, bob) = (ChannelId(40), UserId(1), UserId(2));
        let c = {
            let store = Store::open(dir.path()).unwrap();
            let terms = Terms::friendly(crate::GameOptions::default());
            let c = store
                .challenge(
                    Stamp::new(1, alice, 0),
                    crate::GuildId(9),
                    channel,
                    bob,
                    terms,
                )
                .unwrap();
            // Written back as the older program kept it.
            let kv = store.kv();
            kv.remove(t::CHALLENGES, &super::key2(channel, alice))
                .unwrap();
            kv.insert(t::CHALLENGES, &key1(channel), &encode(&c))
                .unwrap();
            kv.flush().unwrap();
            c
        };
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.open_challenges_in(channel).unwrap(), vec![c.clone()]);
        assert!(store.verify().unwrap().is_clean());
        assert_eq!(super::rekey_challenges(store.kv()).unwrap(), 0, "once");
        let game = store
            .accept(Stamp::new(2, bob, 1), channel, None, 0, 7)
            .unwrap();
        assert_eq!(game.id, c.id);
        assert!(store.open_challenges_in(channel).unwrap().is_empty());
        assert!(store.verify().unwrap().is_clean());
    }
}
