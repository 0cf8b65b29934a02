//! Data directory tools: `verify`, `export`, `import`.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Subcommand;
use jetan_store::Store;

/// Data directory tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Checks a data directory: every wallet against the ledger, the conservation of
    /// money, escrow against open challenges and games, and every game in progress
    /// replayed from its moves. Prints the findings; exits non-zero if any problem.
    Verify {
        /// The data directory (the bot must not be running on it).
        #[arg(long)]
        data: PathBuf,
    },
    /// Writes every record of a data directory as JSON lines (a readable backup).
    Export {
        /// The data directory (the bot must not be running on it).
        #[arg(long)]
        data: PathBuf,
        /// Where to write; standard output if not given.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Restores an export into an empty data directory (refuses one that holds data).
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
                    Store::import(&data, BufReader::new(f))?
                }
                _ => Store::import(&data, io::stdin().lock())?,
            };
            eprintln!(
                "imported {} records into {}",
                summary.records,
                data.display()
            );
        }
    }
    Ok(())
}

/// Opens a data directory that must already exist (so a typo does not create one).
fn open_existing(data: &std::path::Path) -> anyhow::Result<Store> {
    if !data.is_dir() {
        bail!("{} is not a data directory", data.display());
    }
    Store::open(data).with_context(|| format!("cannot open the data directory {}", data.display()))
}
