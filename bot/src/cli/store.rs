//! Store tools: `verify`, `export`, `export-game`, `export-ledger`, `export-tournament`,
//! `import`, `migrate`. Each takes a data directory or a PostgreSQL URL (`postgres://…`)
//! where it says DATA.
use jetan_core::{GameId, GuildId};
use jetan_store::TournamentId;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Subcommand;
use jetan_store::{Location, Store, StoreError};

/// Store tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Checks a data directory: every wallet against the ledger, the conservation of
    /// money, escrow against open challenges and games, every game (in progress and
    /// finished) replayed from its moves, and wins, losses, draws and net won against the
    /// finished games. Prints the findings. Exit status: 0 clean, 1 problems found,
    /// 2 the directory is in use by another process, 3 no jetan data there.
    Verify {
        /// The data directory (the bot must not be running on it), or a PostgreSQL URL.
        #[arg(long)]
        data: PathBuf,
    },
    /// Writes every record of a data directory as JSON lines (a readable backup). Exit
    /// status 2 if the directory is in use by another process, 3 if it holds no jetan
    /// data.
    Export {
        /// The data directory (the bot must not be running on it), or a PostgreSQL URL
        /// (stop the bots first: the export reads record by record, not one snapshot).
        #[arg(long)]
        data: PathBuf,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Writes the text record of one finished game (the README's record format: tags,
    /// then the moves or actions, then the result), as `/jetan record` posts it.
    ExportGame {
        /// The data directory (the bot must not be running on it), or a PostgreSQL URL.
        #[arg(long)]
        data: PathBuf,
        /// The game's id, as `/jetan history` lists it.
        #[arg(long)]
        game: GameId,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Writes a tournament's report as Markdown: its settings (format, rounds, entry fee,
    /// prizes, game and rule options, move time, rated), its money, every round's
    /// pairings and results, the standings with their tie-breaks (final, or as they stand),
    /// the prizes paid and each game's record. Exit status 2 if there is no such
    /// tournament.
    ExportTournament {
        /// The tournament's id, as `/jetan tournament list` shows it.
        tournament: TournamentId,
        /// The data directory (the bot must not be running on it), or a PostgreSQL URL
        /// (default: $JETAN_DATABASE_URL, else $JETAN_DATA_DIR, else ./jetan-data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Writes one server's ledger — every money movement, oldest first: who, what kind,
    /// the changes to balance and escrow, the game, the request, the reason — as JSON
    /// lines, or with `--csv` as CSV for a spreadsheet.
    ExportLedger {
        /// The data directory (the bot must not be running on it), or a PostgreSQL URL.
        #[arg(long)]
        data: PathBuf,
        /// The server's id.
        #[arg(long)]
        server: u64,
        /// CSV (a header line, then one line per entry) instead of JSON lines.
        #[arg(long)]
        csv: bool,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Restores an export into a new data directory, all or nothing: every line is
    /// checked first, the data is written to `DATA.importing` beside it and renamed to
    /// DATA when complete. Into a PostgreSQL URL: every line checked, then one
    /// transaction. Refuses a store that holds data.
    Import {
        /// The data directory to fill, or a PostgreSQL URL.
        #[arg(long)]
        data: PathBuf,
        /// The export to read; `-` or nothing for standard input.
        file: Option<PathBuf>,
    },
    /// Moves a server's data between backends (a data directory and a PostgreSQL
    /// database, either way) through the export format: exports FROM, imports into TO
    /// (which must hold no data), exports TO again and checks that both exports are the
    /// same, and runs `verify` on both. Stop the bot first. Exit status as `verify`.
    Migrate {
        /// Where the data is now: a data directory or a PostgreSQL URL.
        #[arg(long)]
        from: PathBuf,
        /// Where it goes: a PostgreSQL URL or a new data directory.
        #[arg(long)]
        to: PathBuf,
    },
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Verify { data } => {
            let data = location(&data);
            let store = open_existing(&data)?;
            let report = store.verify().context("verify failed")?;
            println!("{report}");
            if !report.is_clean() {
                bail!("{} problems found in {data}", report.problems.len());
            }
        }
        Command::ExportGame { data, game, out } => {
            let data = location(&data);
            let store = open_existing(&data)?;
            let Some(finished) = store.finished_game(game)? else {
                bail!("there is no finished game {game} in {data}");
            };
            let core = jetan_core::Core::new(store, jetan::console::bot_user(), 0);
            let text = core.game_record(&finished);
            match out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => io::stdout().write_all(text.as_bytes())?,
            }
        }
        Command::ExportTournament {
            tournament,
            data,
            out,
        } => {
            let data = match data {
                Some(d) => location(&d),
                None => default_location(),
            };
            let store = open_existing(&data)?;
            let core = jetan_core::Core::new(store, jetan::console::bot_user(), 0);
            let Some(text) = core.tournament_report(tournament)? else {
                eprintln!("error: there is no tournament {tournament} in {data} (its id is in `/jetan tournament list`)");
                std::process::exit(EXIT_NO_TOURNAMENT);
            };
            match out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => io::stdout().write_all(text.as_bytes())?,
            }
        }
        Command::ExportLedger {
            data,
            server,
            csv,
            out,
        } => {
            let data = location(&data);
            let store = open_existing(&data)?;
            let entries = store.server_ledger(GuildId(server))?;
            let text = if csv {
                jetan_core::ledger_csv(&entries)
            } else {
                let mut t = String::new();
                for e in &entries {
                    t.push_str(&serde_json::to_string(e)?);
                    t.push('\n');
                }
                t
            };
            match out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => io::stdout().write_all(text.as_bytes())?,
            }
            eprintln!("{} ledger entries of server {server}", entries.len());
        }
        Command::Export { data, out } => {
            let data = location(&data);
            let store = open_existing(&data)?;
            let summary = match out {
                Some(path) => {
                    let file = File::create(&path)
                        .with_context(|| format!("cannot create {}", path.display()))?;
                    let mut w = BufWriter::new(file);
                    let s = store.export(&mut w)?;
                    w.into_inner()
                        .map_err(|e| e.into_error())?
                        .sync_all()
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    s
                }
                None => {
                    let mut w = BufWriter::new(io::stdout().lock());
                    let s = store.export(&mut w)?;
                    w.flush()?;
                    s
                }
            };
            eprintln!("exported {} records", summary.records);
            if summary.damaged > 0 {
                eprintln!(
                    "warning: {} records did not decode; they are kept as `damaged` lines",
                    summary.damaged
                );
            }
        }
        Command::Import { data, file } => {
            let data = location(&data);
            let summary = match file {
                Some(path) if path.as_os_str() != "-" => {
                    let f = File::open(&path)
                        .with_context(|| format!("cannot open {}", path.display()))?;
                    Store::import_at(&data, BufReader::new(f))
                }
                _ => Store::import_at(&data, io::stdin().lock()),
            };
            let summary = summary.map_err(|e| refuse(&data, e))?;
            eprintln!("imported {} records into {data}", summary.records);
        }
        Command::Migrate { from, to } => migrate(&location(&from), &location(&to))?,
    }
    Ok(())
}

/// `jetan migrate`: export, import, compare, verify both.
fn migrate(from: &Location, to: &Location) -> anyhow::Result<()> {
    if from == to {
        bail!("--from and --to are the same store");
    }
    let source = open_existing(from)?;
    let mut export = Vec::new();
    let summary = source
        .export(&mut export)
        .with_context(|| format!("cannot export {from}"))?;
    let before = source.verify().context("verify failed")?;
    drop(source);
    eprintln!("exported {} records from {from}", summary.records);
    let imported = Store::import_at(to, &export[..]).map_err(|e| refuse(to, e))?;
    eprintln!("imported {} records into {to}", imported.records);
    let target = open_existing(to)?;
    let mut again = Vec::new();
    target
        .export(&mut again)
        .with_context(|| format!("cannot export {to} again"))?;
    if again != export {
        bail!("{to} does not export the same records as {from}: the migration is not faithful");
    }
    let after = target.verify().context("verify failed")?;
    println!("{from}: {before}");
    println!("{to}: {after}");
    if !before.is_clean() || !after.is_clean() {
        bail!(
            "verify found problems ({} in {from}, {} in {to}); the data was copied as it was",
            before.problems.len(),
            after.problems.len()
        );
    }
    eprintln!(
        "migrated: {} records, the same on both sides, verify clean",
        summary.records
    );
    Ok(())
}

/// A `--data` argument: a PostgreSQL URL or a directory.
fn location(data: &Path) -> Location {
    match data.to_str() {
        Some(s) if s.starts_with("postgres://") || s.starts_with("postgresql://") => {
            Location::Postgres(s.to_owned())
        }
        _ => Location::Dir(data.to_owned()),
    }
}

/// Where the store is when `--data` is not given: `$JETAN_DATABASE_URL`, else
/// `$JETAN_DATA_DIR`, else `./jetan-data` (as `jetan console`).
fn default_location() -> Location {
    match std::env::var("JETAN_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Location::Postgres(url.trim().into()),
        _ => Location::Dir(std::env::var_os("JETAN_DATA_DIR").map_or_else(
            || PathBuf::from(jetan::config::DEFAULT_DATA_DIR),
            PathBuf::from,
        )),
    }
}

/// Exit status of `export-tournament` when there is no such tournament.
pub const EXIT_NO_TOURNAMENT: i32 = 2;
/// Exit status when the data directory is open in another process.
pub const EXIT_LOCKED: i32 = 2;
/// Exit status when the directory holds no jetan data.
pub const EXIT_NO_DATA: i32 = 3;

/// Opens a store that must already exist and hold jetan data (so a typo does not create
/// one).
fn open_existing(data: &Location) -> anyhow::Result<Store> {
    Store::open_existing_at(data).map_err(|e| refuse(data, e))
}

/// A store error as the command's failure: a locked directory or a store without jetan
/// data ends the process at once with its own status and message.
fn refuse(data: &Location, e: StoreError) -> anyhow::Error {
    match e {
        StoreError::Locked(_) => {
            eprintln!(
                "error: {data} is in use by another process (is the bot running on it?); stop it and try again"
            );
            std::process::exit(EXIT_LOCKED);
        }
        StoreError::NoData(_) => {
            eprintln!("error: no jetan data in {data}");
            std::process::exit(EXIT_NO_DATA);
        }
        e => anyhow::Error::new(e).context(format!("cannot use the store at {data}")),
    }
}
