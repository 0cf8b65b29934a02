//! `export` (every record as a JSON line) and `import` (into an empty data directory).

use std::io::{BufRead, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::codec::{decode, encode, key1, key2, key_part, FORMAT_VERSION};
use crate::model::{Challenge, FinishedGame, Game, LedgerEntry, Settings, StoredReceipt, Wallet};
use crate::store::{ID_BASE_KEY, TREE_NAMES};
use crate::tx::t;
use crate::{GuildId, RequestId, Result, Store, StoreError, UserId};

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
    /// and stored request results). The history indexes are not written; `import`
    /// rebuilds them. A record that does not decode is written as a `damaged` line
    /// with its bytes in hex, and counted.
    ///
    /// # Errors
    /// Storage and write failures.
    pub fn export(&self, out: &mut impl Write) -> Result<ExportSummary> {
        let mut s = ExportSummary::default();
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
        ] {
            for item in self.tree(tree).iter() {
                let (k, v) = item?;
                let part = |i| key_part(&k, i).unwrap_or_default();
                let what = || format!("{} record {}", TREE_NAMES[tree], hex(&k));
                let line = match tree {
                    t::SETTINGS => decode(&v, what).map(|settings| Line::Settings {
                        guild: part(0),
                        settings,
                    }),
                    t::WALLETS => decode(&v, what).map(|wallet| Line::Wallet {
                        guild: part(0),
                        user: part(1),
                        wallet,
                    }),
                    t::CHALLENGES => decode(&v, what).map(Line::Challenge),
                    t::GAMES => decode(&v, what).map(Line::Game),
                    t::FINISHED => decode(&v, what).map(Line::Finished),
                    t::LEDGER => decode(&v, what).map(Line::Ledger),
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

    /// Restores an export into `dir`, which must hold no records (a new or empty data
    /// directory). Every line is read and checked before anything is written; the
    /// history indexes are rebuilt; ids continue after the largest one imported.
    ///
    /// # Errors
    /// [`StoreError::NotEmpty`], [`StoreError::BadExport`] with the line, storage and
    /// read failures.
    pub fn import(dir: impl AsRef<Path>, input: impl BufRead) -> Result<ImportSummary> {
        let store = Store::open(dir.as_ref())?;
        if !store.inner.trees.iter().all(sled::Tree::is_empty) {
            return Err(StoreError::NotEmpty(dir.as_ref().display().to_string()));
        }
        let mut lines = Vec::new();
        for (i, text) in input.lines().enumerate() {
            let text = text?;
            let n = i as u64 + 1;
            if text.trim().is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(&text).map_err(|e| StoreError::BadExport {
                line: n,
                detail: e.to_string(),
            })?;
            if let Line::Header { format, .. } = &line {
                if *format > FORMAT_VERSION {
                    return Err(StoreError::BadExport {
                        line: n,
                        detail: format!(
                            "format {format} is newer than this program's {FORMAT_VERSION}"
                        ),
                    });
                }
            }
            lines.push((n, line));
        }
        let mut max_id = 0u64;
        let mut summary = ImportSummary::default();
        for (n, line) in lines {
            let tree = |i: usize| &store.inner.trees[i];
            match line {
                Line::Header { .. } => continue,
                Line::Settings { guild, settings } => {
                    tree(t::SETTINGS).insert(key1(guild), encode(&settings))?;
                }
                Line::Wallet {
                    guild,
                    user,
                    wallet,
                } => {
                    tree(t::WALLETS).insert(key2(guild, user), encode(&wallet))?;
                }
                Line::Challenge(c) => {
                    max_id = max_id.max(c.id);
                    tree(t::CHALLENGES).insert(key1(c.channel), encode(&c))?;
                }
                Line::Game(g) => {
                    max_id = max_id.max(g.id);
                    tree(t::GAMES).insert(key1(g.channel), encode(&g))?;
                }
                Line::Finished(f) => {
                    let g = &f.game;
                    max_id = max_id.max(g.id);
                    tree(t::BY_CHANNEL).insert(key2(g.channel, !g.id), &[])?;
                    for p in [g.black, g.orange] {
                        tree(t::BY_PLAYER).insert(crate::codec::key3(g.guild, p, !g.id), &[])?;
                    }
                    tree(t::FINISHED).insert(key1(g.id), encode(&f))?;
                }
                Line::Ledger(e) => {
                    max_id = max_id.max(e.seq);
                    tree(t::LEDGER).insert(key1(e.seq), encode(&e))?;
                }
                Line::Request { id, stored } => {
                    tree(t::REQUESTS).insert(key1(id), encode(&stored))?;
                }
                Line::Damaged {
                    tree: name,
                    key,
                    value,
                } => {
                    let bad = |detail: &str| StoreError::BadExport {
                        line: n,
                        detail: detail.into(),
                    };
                    let i = TREE_NAMES
                        .iter()
                        .position(|&x| x == name)
                        .ok_or_else(|| bad("unknown tree"))?;
                    let (k, v) = (
                        unhex(&key).ok_or_else(|| bad("bad hex"))?,
                        unhex(&value).ok_or_else(|| bad("bad hex"))?,
                    );
                    tree(i).insert(k, v)?;
                }
            }
            summary.records += 1;
        }
        let base = max_id
            .checked_add(1)
            .ok_or_else(|| StoreError::Overflow("the id base".into()))?;
        store.inner.trees[t::META].insert(ID_BASE_KEY, &key1(base))?;
        store.inner.db.flush()?;
        Ok(summary)
    }
}

fn write_line(out: &mut impl Write, line: &Line) -> Result<()> {
    serde_json::to_writer(&mut *out, line).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}
