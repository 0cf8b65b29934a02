//! Data directory tools: `verify`, `export`, `import`.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Subcommand;
use jetan_store::{Store, StoreError};

/// Data directory tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Checks a data directory: every wallet against the ledger, the conservation of
    /// money, escrow against open challenges and games, every game (in progress and
    /// finished) replayed from its moves, and wins, losses, draws and net won against the
    /// finished games. Prints the findings. Exit status: 0 clean, 1 problems found,
    /// 2 the directory is in use by another process, 3 no jetan data there.
    Verify {
        /// The data directory (the bot must not be running on it).
        #[arg(long)]
        data: PathBuf,
    },
    /// Writes every record of a data directory as JSON lines (a readable backup). Exit
    /// status 2 if the directory is in use by another process, 3 if it holds no jetan
    /// data.
    Export {
        /// The data directory (the bot must not be running on it).
        #[arg(long)]
        data: PathBuf,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Restores an export into a new data directory, all or nothing: every line is
    /// checked first, the data is written to `DATA.importing` beside it and renamed to
    /// DATA when complete. Refuses a directory that holds data.
    Import {
        /// The data directory to fill.
        #[arg(long)]
        data: PathBuf,
        /// The export to read; `-` or nothing for standard input.
        file: Option<PathBuf>,
    },
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Verify { data } => {
            let store = open_existing(&data)?;
            let report = store.verify().context("verify failed")?;
            println!("{report}");
            if !report.is_clean() {
                bail!(
                    "{} problems found in {}",
                    report.problems.len(),
                    data.display()
                );
            }
        }
        Command::Export { data, out } => {
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
            let summary = match file {
                Some(path) if path.as_os_str() != "-" => {
                    let f = File::open(&path)
                        .with_context(|| format!("cannot open {}", path.display()))?;
                    Store::import(&data, BufReader::new(f))
                }
                _ => Store::import(&data, io::stdin().lock()),
            };
            let summary = summary.map_err(|e| refuse(&data, e))?;
            eprintln!(
                "imported {} records into {}",
                summary.records,
                data.display()
            );
        }
    }
    Ok(())
}

/// Exit status when the data directory is open in another process.
pub const EXIT_LOCKED: i32 = 2;
/// Exit status when the directory holds no jetan data.
pub const EXIT_NO_DATA: i32 = 3;

/// Opens a data directory that must already exist and hold jetan data (so a typo does
/// not create one).
fn open_existing(data: &Path) -> anyhow::Result<Store> {
    Store::open_existing(data).map_err(|e| refuse(data, e))
}

/// A store error as the command's failure: a locked directory or one without jetan data
/// ends the process at once with its own status and message.
fn refuse(data: &Path, e: StoreError) -> anyhow::Error {
    match e {
        StoreError::Locked(_) => {
            eprintln!(
                "error: {} is in use by another process (is the bot running on it?); stop it and try again",
                data.display()
            );
            std::process::exit(EXIT_LOCKED);
        }
        StoreError::NoData(_) => {
            eprintln!("error: no jetan data in {}", data.display());
            std::process::exit(EXIT_NO_DATA);
        }
        e => anyhow::Error::new(e)
            .context(format!("cannot use the data directory {}", data.display())),
    }
}
