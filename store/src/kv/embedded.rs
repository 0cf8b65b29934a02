//! The sled backend: one sled tree per tree, in a data directory one process opens.

use std::path::Path;

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;

use super::{tree_name, Scan, TxError, TxView, TREE_COUNT};
use crate::schema::TREE_NAMES;
use crate::{Result, StoreError};

/// sled, its trees (in the order of [`crate::schema::t`], then `profiles`) and the flusher.
pub(crate) struct SledKv {
    trees: Vec<sled::Tree>,
    flusher: Option<Flusher>,
}

/// Why sled could not open `dir`: another process holding its lock gets its own error.
fn open_error(dir: &Path, e: sled::Error) -> StoreError {
    match &e {
        sled::Error::Io(io) if io.to_string().contains("could not acquire lock") => {
            StoreError::Locked(dir.display().to_string())
        }
        _ => e.into(),
    }
}

/// How long [`open_sled`] waits for a lock that is being released.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(1500);

/// Opens sled's database in `dir`. A lock still held for a moment by a handle that was
/// just dropped in this process (sled's background writes finish after `drop`) is waited
/// for, up to [`LOCK_WAIT`]; a lock held longer (another process) is [`StoreError::Locked`].
pub(crate) fn open_sled(dir: &Path) -> Result<sled::Db> {
    let started = std::time::Instant::now();
    loop {
        match sled::Config::new()
            .path(dir)
            .cache_capacity(64 * 1024 * 1024)
            .open()
            .map_err(|e| open_error(dir, e))
        {
            Err(StoreError::Locked(_)) if started.elapsed() < LOCK_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

impl SledKv {
    pub fn new(db: sled::Db) -> Result<SledKv> {
        let trees = (0..TREE_COUNT)
            .map(|i| db.open_tree(tree_name(i)))
            .collect::<Result<Vec<_>, _>>()?;
        let flusher = Some(Flusher::start(db.clone())?);
        Ok(SledKv { trees, flusher })
    }

    /// Whether the database has the store's meta tree (it held jetan data once).
    pub fn has_meta(db: &sled::Db) -> bool {
        db.tree_names()
            .iter()
            .any(|n| n.as_ref() == TREE_NAMES[crate::schema::t::META].as_bytes())
    }

    pub fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        Ok(self.trees[tree].get(key)?.map(|v| v.to_vec()))
    }

    pub fn scan(&self, tree: usize, prefix: &[u8], rev: bool) -> Scan<'_> {
        let it = self.trees[tree]
            .scan_prefix(prefix)
            .map(|r| r.map(|(k, v)| (k.to_vec(), v.to_vec())).map_err(Into::into));
        if rev {
            Box::new(it.rev())
        } else {
            Box::new(it)
        }
    }

    pub fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<()> {
        self.trees[tree].insert(key, value)?;
        Ok(())
    }

    pub fn remove(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        Ok(self.trees[tree].remove(key)?.map(|v| v.to_vec()))
    }

    pub fn transaction<T>(&self, body: impl Fn(&TxView<'_>) -> Result<T, TxError>) -> Result<T> {
        let trees: Vec<&sled::Tree> = self.trees[..TREE_NAMES.len()].iter().collect();
        let res = trees[..].transaction(|view| {
            body(&TxView::Sled(view)).map_err(|e| match e {
                TxError::Abort(e) | TxError::Storage(e) => ConflictableTransactionError::Abort(e),
                TxError::Sled(e) => e.into(),
                TxError::Retry => ConflictableTransactionError::Conflict,
            })
        });
        match res {
            Ok(v) => Ok(v),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// Waits until everything written so far is on disk: the flusher thread runs one
    /// blocking sled flush (`fsync`) for all the calls waiting at that moment.
    pub fn flush(&self) -> Result<()> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let flusher = self
            .flusher
            .as_ref()
            .expect("the flusher runs while the store lives");
        flusher
            .queue
            .send(tx)
            .map_err(|_| StoreError::Storage("the flusher thread has stopped".into()))?;
        match rx.recv() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Storage(e)),
            Err(_) => Err(StoreError::Storage("the flusher thread has stopped".into())),
        }
    }
}

/// The one thread that flushes: callers send it a waiter after their commit; it drains
/// every waiter queued, runs one blocking `flush` (which covers all their commits), and
/// answers them all (group commit).
///
/// Why not `sled::Tree::flush_async`: in sled 0.34 concurrent `flush_async` calls run on
/// sled's own small I/O thread pool and can fill it with flushes that wait for a log write
/// queued behind them, a deadlock (sled issue #1308, seen here with 1,000 concurrent
/// moves). One flushing thread of our own never starves that pool.
struct Flusher {
    queue: std::sync::mpsc::Sender<Waiter>,
    thread: std::thread::JoinHandle<()>,
}

type Waiter = std::sync::mpsc::SyncSender<Result<(), String>>;

impl Flusher {
    fn start(db: sled::Db) -> Result<Flusher> {
        let (queue, rx) = std::sync::mpsc::channel::<Waiter>();
        let thread = std::thread::Builder::new()
            .name("jetan-store-flush".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    batch.extend(rx.try_iter());
                    let result = db.flush().map(drop).map_err(|e| e.to_string());
                    for w in batch {
                        let _ = w.send(result.clone());
                    }
                }
            })?;
        Ok(Flusher { queue, thread })
    }
}

impl Drop for SledKv {
    /// Stops the flusher and waits for it, so that the directory is released when the
    /// last clone of the store is dropped.
    fn drop(&mut self) {
        if let Some(Flusher { queue, thread }) = self.flusher.take() {
            drop(queue);
            let _ = thread.join();
        }
    }
}
