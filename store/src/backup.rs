//! `export` (every record as a JSON line) and `import` (into an empty data directory).

use std::io::{BufRead, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::codec::{decode, encode, key1, key2, key_part, FORMAT_VERSION};
use crate::games::stored_records;
use crate::model::{
    Challenge, FinishedGame, FinishedHead, Game, GameHead, LedgerEntry, Settings, StoredReceipt,
    Wallet,
};
use crate::store::ID_BASE_KEY;
use crate::tournament::model::{StoredUpdate, Tournament, TournamentGame};
use crate::tx::{t, TREE_NAMES};
use crate::{GameId, GuildId, RequestId, Result, Seat, Store, StoreError, UserId};

/// One line of an export.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
enum Line {
    /// First line: what wrote the file.
    Header {
        program: String,
        format: u8,
    },
    Settings {
        guild: GuildId,
        settings: Settings,
    },
    Wallet {
        guild: GuildId,
        user: UserId,
        wallet: Wallet,
    },
    Challenge(Challenge),
    Game(Game),
    Finished(FinishedGame),
    Ledger(LedgerEntry),
    Request {
        id: RequestId,
        stored: StoredReceipt,
    },
    /// A tournament (its games' index is rebuilt from it).
    Tournament(Tournament),
    /// A tournament operation's stored result.
    TournamentRequest {
        id: RequestId,
        stored: StoredUpdate,
    },
    /// A record that did not decode, kept byte for byte (hex) so nothing is lost.
    Damaged {
        tree: String,
        key: String,
        value: String,
    },
}

const PROGRAM: &str = "jetan-store";

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportSummary {
    /// Records written (the header line not counted).
    pub records: u64,
    /// Records that did not decode, written as `damaged` lines.
    pub damaged: u64,
}

/// What an import restored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Records restored.
    pub records: u64,
}

impl Store {
    /// Writes every record as one JSON object per line (`"type"` says which kind: a
    /// header, then settings, wallets, challenges, games, finished games, ledger entries
    /// and stored request results, tournaments and their stored results). The history
    /// indexes (and the index of tournament games) are not written; `import`
    /// rebuilds them. A record that does not decode is written as a `damaged` line
    /// with its bytes in hex, and counted.
    ///
    /// # Errors
    /// Storage and write failures.
    pub fn export(&self, out: &mut impl Write) -> Result<ExportSummary> {
        let mut s = ExportSummary::default();
        // The games whose moves went out in their line.
        let mut exported = std::collections::BTreeSet::new();
        write_line(
            out,
            &Line::Header {
                program: PROGRAM.into(),
                format: FORMAT_VERSION,
            },
        )?;
        for tree in [
            t::SETTINGS,
            t::WALLETS,
            t::CHALLENGES,
            t::GAMES,
            t::FINISHED,
            t::LEDGER,
            t::REQUESTS,
            t::MOVES,
            t::ACTIONS,
            t::TOURNAMENTS,
            t::TOURNAMENT_REQUESTS,
        ] {
            for item in self.kv().scan(tree, &[]) {
                let (k, v) = item?;
                if (tree == t::MOVES || tree == t::ACTIONS)
                    && exported.contains(&GameId(key_part(&k, 0).unwrap_or_default()))
                {
                    // In its game's line.
                    continue;
                }
                let part = |i| key_part(&k, i).unwrap_or_default();
                let what = || format!("{} record {}", TREE_NAMES[tree], hex(&k));
                let line = match tree {
                    t::SETTINGS => decode(&v, what).map(|settings| Line::Settings {
                        guild: GuildId(part(0)),
                        settings,
                    }),
                    t::WALLETS => decode(&v, what).map(|wallet| Line::Wallet {
                        guild: GuildId(part(0)),
                        user: UserId(part(1)),
                        wallet,
                    }),
                    t::CHALLENGES => decode(&v, what).map(Line::Challenge),
                    t::GAMES => decode::<GameHead>(&v, what)
                        .and_then(|h| self.load_head(h))
                        .map(|g| {
                            exported.insert(g.id);
                            Line::Game(g)
                        }),
                    t::FINISHED => decode::<FinishedHead>(&v, what)
                        .and_then(|h| self.load_finished(h))
                        .map(|f| {
                            exported.insert(f.game.id);
                            Line::Finished(f)
                        }),
                    // A move record whose game did not export: kept as it is.
                    t::MOVES | t::ACTIONS => Err(StoreError::Corrupt {
                        what: what(),
                        detail: "its game could not be exported".into(),
                    }),
                    t::LEDGER => decode(&v, what).map(Line::Ledger),
                    t::TOURNAMENTS => decode(&v, what).map(Line::Tournament),
                    t::TOURNAMENT_REQUESTS => {
                        decode(&v, what).map(|stored| Line::TournamentRequest {
                            id: part(0),
                            stored,
                        })
                    }
                    _ => decode(&v, what).map(|stored| Line::Request {
                        id: part(0),
                        stored,
                    }),
                };
                let line = line.unwrap_or_else(|e| {
                    tracing::warn!("{e}");
                    s.damaged += 1;
                    Line::Damaged {
                        tree: TREE_NAMES[tree].into(),
                        key: hex(&k),
                        value: hex(&v),
                    }
                });
                write_line(out, &line)?;
                s.records += 1;
            }
        }
        out.flush()?;
        Ok(s)
    }

    /// Restores an export into the data directory `dir`, all or nothing. `dir` must not
    /// exist, or be an empty directory, or a data directory without records.
    ///
    /// Every line is read and checked first (the header, each record, unique keys and
    /// ids, ids below the maximum, the wallets that ledger entries, challenges and games
    /// name); then the records are written into a new sibling directory
    /// (`DIR.importing`, removed first if an earlier import left it), flushed to disk,
    /// and that directory is renamed to `dir` (and the parent directory synced). A kill
    /// at any moment leaves either no `dir` (or the one that was there) or a complete
    /// one. The history indexes are rebuilt; ids continue after the largest one
    /// imported.
    ///
    /// # Errors
    /// [`StoreError::NotEmpty`], [`StoreError::Locked`], [`StoreError::BadExport`] with
    /// the line, storage and read failures.
    pub fn import(dir: impl AsRef<Path>, input: impl BufRead) -> Result<ImportSummary> {
        let dir = dir.as_ref();
        let replace = check_target(dir)?;
        let lines = read_checked(input)?;
        let tmp = sibling(dir, "importing")?;
        if tmp.exists() {
            std::fs::remove_dir_all(&tmp)?;
        }
        let summary = {
            let store = Store::open(&tmp)?;
            let summary = store.write_import(lines)?;
            store.flush()?;
            summary
            // The store is dropped (and its directory closed) here.
        };
        sync_tree(&tmp)?;
        if replace {
            std::fs::remove_dir_all(dir)?;
        }
        std::fs::rename(&tmp, dir)?;
        sync_parent(dir)?;
        Ok(summary)
    }

    /// Restores an export into the PostgreSQL database at `url`, all or nothing: every
    /// line is checked first (as [`import`](Self::import) does), then every record is
    /// written in one transaction. The database must hold no records (a new one, or one
    /// whose schema was just created).
    ///
    /// # Errors
    /// [`StoreError::NotEmpty`], [`StoreError::BadExport`] with the line, storage and
    /// read failures.
    pub fn import_postgres(url: &str, input: impl BufRead) -> Result<ImportSummary> {
        let store = Store::open_postgres(url)?;
        if !store.is_empty()? {
            return Err(StoreError::NotEmpty(
                crate::Location::Postgres(url.into()).to_string(),
            ));
        }
        let lines = read_checked(input)?;
        store.write_import(lines)
    }

    /// Restores an export at `location`: [`import`](Self::import) for a directory,
    /// [`import_postgres`](Self::import_postgres) for a database.
    ///
    /// # Errors
    /// As those.
    pub fn import_at(location: &crate::Location, input: impl BufRead) -> Result<ImportSummary> {
        match location {
            crate::Location::Dir(d) => Store::import(d, input),
            crate::Location::Postgres(url) => Store::import_postgres(url, input),
        }
    }

    fn write_import(&self, lines: Vec<(u64, Line)>) -> Result<ImportSummary> {
        let mut max_id = 0u64;
        let mut summary = ImportSummary::default();
        let mut rows: Vec<(usize, Vec<u8>, Vec<u8>)> = Vec::new();
        let mut put = |i: usize, k: &[u8], v: Vec<u8>| rows.push((i, k.to_vec(), v));
        for (_, line) in lines {
            match line {
                Line::Header { .. } => continue,
                Line::Settings { guild, settings } => {
                    put(t::SETTINGS, &key1(guild), encode(&settings));
                }
                Line::Wallet {
                    guild,
                    user,
                    wallet,
                } => {
                    put(t::WALLETS, &key2(guild, user), encode(&wallet));
                }
                Line::Challenge(c) => {
                    max_id = max_id.max(c.id.get());
                    put(
                        t::CHALLENGES,
                        &crate::codec::challenge_key(c.channel, c.challenger),
                        encode(&c),
                    );
                }
                Line::Game(g) => {
                    max_id = max_id.max(g.id.get());
                    let (head, records) = GameHead::split(g);
                    for (tree, key, record) in stored_records(head.game.id, &records) {
                        put(tree, &key, record);
                    }
                    put(t::GAMES, &key1(head.game.channel), encode(&head));
                }
                Line::Finished(mut f) => {
                    let g = &f.game;
                    max_id = max_id.max(g.id.get());
                    put(t::BY_CHANNEL, &key2(g.channel, !g.id.get()), Vec::new());
                    for p in g.players.into_array() {
                        put(
                            t::BY_PLAYER,
                            &crate::codec::key3(g.guild, p, !g.id.get()),
                            Vec::new(),
                        );
                    }
                    let (head, records) = GameHead::split(f.game);
                    for (tree, key, record) in stored_records(head.game.id, &records) {
                        put(tree, &key, record);
                    }
                    f.game = head.game;
                    put(
                        t::FINISHED,
                        &key1(f.game.id),
                        encode(&FinishedHead {
                            finished: f,
                            plies: head.plies,
                        }),
                    );
                }
                Line::Ledger(e) => {
                    max_id = max_id.max(e.seq);
                    put(t::LEDGER, &key1(e.seq), encode(&e));
                }
                Line::Request { id, stored } => {
                    put(t::REQUESTS, &key1(id), encode(&stored));
                }
                Line::Tournament(tm) => {
                    max_id = max_id.max(tm.id.get());
                    for (r, boards) in tm.rounds.iter().enumerate() {
                        for (b, board) in boards.iter().enumerate() {
                            let link = TournamentGame {
                                tournament: tm.id,
                                round: r + 1,
                                board: b + 1,
                            };
                            for g in board.game.iter().chain(&board.aborted) {
                                put(t::TOURNAMENT_GAMES, &key1(*g), encode(&link));
                            }
                        }
                    }
                    put(t::TOURNAMENTS, &key1(tm.id), encode(&tm));
                }
                Line::TournamentRequest { id, stored } => {
                    put(t::TOURNAMENT_REQUESTS, &key1(id), encode(&stored));
                }
                Line::Damaged {
                    tree: name,
                    key,
                    value,
                } => {
                    // Checked by `read_checked`.
                    let i = tree_index(&name).unwrap_or(t::META);
                    if let (Some(k), Some(v)) = (unhex(&key), unhex(&value)) {
                        put(i, &k, v);
                    }
                }
            }
            summary.records += 1;
        }
        let base = max_id
            .checked_add(1)
            .ok_or_else(|| StoreError::Overflow("the id base".into()))?;
        put(t::META, ID_BASE_KEY, key1(base).to_vec());
        self.kv().write_all(rows)?;
        Ok(summary)
    }
}

fn tree_index(name: &str) -> Option<usize> {
    TREE_NAMES.iter().position(|&x| x == name)
}

/// Whether `dir` can take an import: `Ok(false)` if it does not exist, `Ok(true)` if it
/// is an empty directory or a data directory without records (replaced by the import).
fn check_target(dir: &Path) -> Result<bool> {
    let not_empty = || StoreError::NotEmpty(dir.display().to_string());
    if !dir.exists() {
        return Ok(false);
    }
    if !dir.is_dir() {
        return Err(not_empty());
    }
    if std::fs::read_dir(dir)?.next().is_none() {
        return Ok(true);
    }
    let store = match Store::open_existing(dir) {
        Ok(s) => s,
        Err(StoreError::NoData(_)) => return Err(not_empty()),
        Err(e) => return Err(e),
    };
    if !store.is_empty()? {
        return Err(not_empty());
    }
    Ok(true)
}

/// Reads every line and checks it, and the whole, before anything is written.
fn read_checked(input: impl BufRead) -> Result<Vec<(u64, Line)>> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut lines = Vec::new();
    let mut ids: BTreeMap<u64, u64> = BTreeMap::new();
    // A channel holds one game, and one open challenge per challenger (beside its game,
    // when the game stayed in the channel: no thread).
    let mut games_in: BTreeMap<u64, u64> = BTreeMap::new();
    let mut challenges_in: BTreeMap<(u64, UserId), u64> = BTreeMap::new();
    let mut settings = BTreeSet::new();
    let mut wallets: BTreeSet<(GuildId, UserId)> = BTreeSet::new();
    let mut requests = BTreeSet::new();
    // (line, guild, user, what): wallets that must exist.
    let mut needs_wallet: Vec<(u64, GuildId, UserId, &'static str)> = Vec::new();
    for (i, text) in input.lines().enumerate() {
        let text = text?;
        let n = i as u64 + 1;
        let bad = |detail: String| StoreError::BadExport { line: n, detail };
        if text.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        let is_header = matches!(line, Line::Header { .. });
        if lines.is_empty() != is_header {
            return Err(bad(if is_header {
                "a second header".into()
            } else {
                "the first line is not a jetan-store export header".into()
            }));
        }
        let mut id = |id: u64, what: &str| -> Result<()> {
            if id == u64::MAX {
                return Err(bad(format!("{what} id {id} is out of range")));
            }
            if let Some(first) = ids.insert(id, n) {
                return Err(bad(format!(
                    "{what} id {id} is already used on line {first}"
                )));
            }
            Ok(())
        };
        match &line {
            Line::Header { program, format } => {
                if program != PROGRAM {
                    return Err(bad(format!("written by {program}, not {PROGRAM}")));
                }
                if *format > FORMAT_VERSION {
                    return Err(bad(format!(
                        "format {format} is newer than this program's {FORMAT_VERSION}"
                    )));
                }
            }
            Line::Settings { guild, settings: s } => {
                if !settings.insert(*guild) {
                    return Err(bad(format!("a second settings record for server {guild}")));
                }
                s.validate().map_err(|e| bad(e.to_string()))?;
            }
            Line::Wallet { guild, user, .. } => {
                if !wallets.insert((*guild, *user)) {
                    return Err(bad(format!("a second wallet for {user} in server {guild}")));
                }
            }
            Line::Challenge(c) => {
                id(c.id.get(), "challenge")?;
                if let Some(first) = challenges_in.insert((c.channel.get(), c.challenger), n) {
                    return Err(bad(format!(
                        "channel {} already has a challenge by {} (line {first})",
                        c.channel, c.challenger
                    )));
                }
                if c.held > 0 {
                    needs_wallet.push((n, c.guild, c.challenger, "the challenger"));
                }
            }
            Line::Game(g) => {
                id(g.id.get(), "game")?;
                if let Some(first) = games_in.insert(g.channel.get(), n) {
                    return Err(bad(format!(
                        "channel {} already has a game (line {first})",
                        g.channel
                    )));
                }
                check_game(g).map_err(&bad)?;
                for s in Seat::ALL {
                    let (p, e) = (g.player(s), g.escrow[s]);
                    if e > 0 {
                        needs_wallet.push((n, g.guild, p, "a player"));
                    }
                }
            }
            Line::Finished(f) => {
                id(f.game.id.get(), "finished game")?;
                check_game(&f.game).map_err(&bad)?;
                if !f.game.terms.practice && f.result != crate::GameResult::Aborted {
                    for p in f.game.players.into_array() {
                        needs_wallet.push((n, f.game.guild, p, "a player"));
                    }
                }
            }
            Line::Ledger(e) => {
                id(e.seq, "ledger entry")?;
                needs_wallet.push((n, e.guild, e.user, "the ledger entry"));
            }
            Line::Request { id, .. } | Line::TournamentRequest { id, .. } => {
                if !requests.insert(*id) {
                    return Err(bad(format!("request {id} appears twice")));
                }
            }
            Line::Tournament(tm) => {
                id(tm.id.get(), "tournament")?;
                for e in &tm.players {
                    if e.held > 0 {
                        needs_wallet.push((n, tm.guild, e.user, "a tournament's player"));
                    }
                }
            }
            Line::Damaged { tree, key, value } => {
                if tree_index(tree).is_none_or(|i| i == t::META) {
                    return Err(bad(format!("unknown tree {tree}")));
                }
                if unhex(key).is_none() || unhex(value).is_none() {
                    return Err(bad("bad hex".into()));
                }
            }
        }
        lines.push((n, line));
    }
    if lines.is_empty() {
        return Err(StoreError::BadExport {
            line: 0,
            detail: "empty: no header".into(),
        });
    }
    for (n, guild, user, what) in needs_wallet {
        if !wallets.contains(&(guild, user)) {
            return Err(StoreError::BadExport {
                line: n,
                detail: format!("{what} {user} in server {guild} has no wallet in the export"),
            });
        }
    }
    Ok(lines)
}

/// What an import can check of a game by itself.
fn check_game(g: &Game) -> std::result::Result<(), String> {
    if u32::try_from(g.records.len()).is_err() {
        return Err(format!("game {} has too many moves", g.id));
    }
    if g.players.first == g.players.second {
        return Err(format!("game {} has the same player on both sides", g.id));
    }
    Ok(())
}

/// `DIR.suffix` beside `dir`.
fn sibling(dir: &Path, suffix: &str) -> Result<std::path::PathBuf> {
    let name = dir.file_name().ok_or_else(|| {
        StoreError::Io(std::io::Error::other(format!(
            "{} has no directory name",
            dir.display()
        )))
    })?;
    let mut name = name.to_os_string();
    name.push(".");
    name.push(suffix);
    Ok(dir.with_file_name(name))
}

/// fsyncs every file and directory under `dir` (sled's flush covers its log; this
/// covers the directory entries too, before the rename publishes them).
fn sync_tree(dir: &Path) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            sync_tree(&entry.path())?;
        } else {
            std::fs::File::open(entry.path())?.sync_all()?;
        }
    }
    std::fs::File::open(dir)?.sync_all()?;
    Ok(())
}

/// fsyncs the directory holding `dir`, so its rename is on disk.
fn sync_parent(dir: &Path) -> Result<()> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::File::open(parent)?.sync_all()?;
    Ok(())
}

fn write_line(out: &mut impl Write, line: &Line) -> Result<()> {
    serde_json::to_writer(&mut *out, line).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    hex::decode(s).ok()
}
