//! The one boundary between the store's operations and a storage engine: an ordered
//! key-value interface (named trees of byte keys and values, prefix scans in key order,
//! one atomic transaction over every tree, retried on conflicts), with two
//! implementations: [`sled`](self::embedded) (embedded, one process per directory) and
//! [PostgreSQL](self::pg) (one table, shared by several processes).
//!
//! Every operation of the store is written once, against [`Kv`] and the transaction view
//! [`TxView`]; the backends only move bytes. So the guarantees (one transaction per
//! operation, request receipts, versions checked inside the transaction) cannot differ
//! between them.

pub(crate) mod embedded;
pub(crate) mod pg;

use crate::{Result, StoreError};

pub(crate) use crate::schema::{tree_name, PROFILES, TREE_COUNT};

/// A key and its value.
pub(crate) type Pair = (Vec<u8>, Vec<u8>);

/// A scan's rows in key order (or reverse order), read lazily.
pub(crate) type Scan<'a> = Box<dyn Iterator<Item = Result<Pair>> + 'a>;

/// Why a transaction body stopped.
#[derive(Debug)]
pub(crate) enum TxError {
    /// The operation refused (or found a damaged record): nothing is written, the error
    /// is the operation's answer.
    Abort(StoreError),
    /// sled's own conflict or storage error: sled retries or reports it.
    Sled(::sled::transaction::UnabortableTransactionError),
    /// PostgreSQL found a conflict with a concurrent transaction (`40001`, `40P01`): it is run
    /// again from the start.
    Retry,
    /// The database failed.
    Storage(StoreError),
}

impl From<::sled::transaction::UnabortableTransactionError> for TxError {
    fn from(e: ::sled::transaction::UnabortableTransactionError) -> TxError {
        TxError::Sled(e)
    }
}

/// A storage engine.
pub(crate) enum Kv {
    /// sled in a data directory.
    Sled(embedded::SledKv),
    /// A PostgreSQL database (boxed: the pool is larger than sled's handles).
    Pg(Box<pg::PgKv>),
}

/// One transaction's view of every tree.
pub(crate) enum TxView<'a> {
    /// sled's transactional trees, in the order of [`TREE_NAMES`](crate::schema::TREE_NAMES).
    Sled(&'a [::sled::transaction::TransactionalTree]),
    /// A PostgreSQL transaction.
    Pg(&'a pg::PgTx<'a>),
}

impl TxView<'_> {
    pub fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, TxError> {
        match self {
            TxView::Sled(trees) => Ok(trees[tree].get(key)?.map(|v| v.to_vec())),
            TxView::Pg(tx) => tx.get(tree, key),
        }
    }

    pub fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), TxError> {
        match self {
            TxView::Sled(trees) => {
                trees[tree].insert(key, value)?;
                Ok(())
            }
            TxView::Pg(tx) => {
                tx.write(tree, key, Some(value));
                Ok(())
            }
        }
    }

    pub fn remove(&self, tree: usize, key: &[u8]) -> Result<(), TxError> {
        match self {
            TxView::Sled(trees) => {
                trees[tree].remove(key)?;
                Ok(())
            }
            TxView::Pg(tx) => {
                tx.write(tree, key, None);
                Ok(())
            }
        }
    }

    /// A fresh number from the database's generator: increasing, never reused (a
    /// transaction that aborts leaves a gap).
    pub fn generate_id(&self) -> Result<u64, TxError> {
        match self {
            TxView::Sled(trees) => trees[crate::schema::t::META]
                .generate_id()
                .map_err(|e| TxError::Storage(e.into())),
            TxView::Pg(tx) => tx.generate_id(),
        }
    }
}

impl Kv {
    /// Which backend, for messages ("sled", "postgres").
    pub fn kind(&self) -> &'static str {
        match self {
            Kv::Sled(_) => "sled",
            Kv::Pg(_) => "postgres",
        }
    }

    pub fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        match self {
            Kv::Sled(s) => s.get(tree, key),
            Kv::Pg(p) => p.get(tree, key),
        }
    }

    pub fn contains(&self, tree: usize, key: &[u8]) -> Result<bool> {
        Ok(self.get(tree, key)?.is_some())
    }

    /// The rows whose key starts with `prefix`, in key order.
    pub fn scan(&self, tree: usize, prefix: &[u8]) -> Scan<'_> {
        match self {
            Kv::Sled(s) => s.scan(tree, prefix, false),
            Kv::Pg(p) => p.scan(tree, prefix, false),
        }
    }

    /// The rows whose key starts with `prefix`, in reverse key order.
    pub fn scan_rev(&self, tree: usize, prefix: &[u8]) -> Scan<'_> {
        match self {
            Kv::Sled(s) => s.scan(tree, prefix, true),
            Kv::Pg(p) => p.scan(tree, prefix, true),
        }
    }

    /// Writes one row outside any transaction (profiles, upkeep, migrations).
    pub fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<()> {
        match self {
            Kv::Sled(s) => s.insert(tree, key, value),
            Kv::Pg(p) => p.insert(tree, key, value),
        }
    }

    /// Removes one row outside any transaction; returns its value.
    pub fn remove(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        match self {
            Kv::Sled(s) => s.remove(tree, key),
            Kv::Pg(p) => p.remove(tree, key),
        }
    }

    pub fn is_empty(&self, tree: usize) -> Result<bool> {
        Ok(self.scan(tree, &[]).next().transpose()?.is_none())
    }

    /// Writes many rows (an import). PostgreSQL writes them in one transaction; sled
    /// writes them into a directory that is published by a rename when complete.
    pub fn write_all(&self, rows: Vec<(usize, Vec<u8>, Vec<u8>)>) -> Result<()> {
        match self {
            Kv::Sled(s) => {
                for (tree, k, v) in rows {
                    s.insert(tree, &k, &v)?;
                }
                Ok(())
            }
            Kv::Pg(p) => p.write_all(rows),
        }
    }

    /// Waits until every write made so far is durable (sled: a grouped flush;
    /// PostgreSQL: commits are durable already).
    pub fn flush(&self) -> Result<()> {
        match self {
            Kv::Sled(s) => s.flush(),
            Kv::Pg(_) => Ok(()),
        }
    }

    /// Runs `body` in one transaction over every tree of [`TREE_NAMES`](crate::schema::TREE_NAMES), again from the
    /// start on a conflict; nothing is written if it returns an error.
    pub fn transaction<T>(&self, body: impl Fn(&TxView<'_>) -> Result<T, TxError>) -> Result<T> {
        match self {
            Kv::Sled(s) => s.transaction(body),
            Kv::Pg(p) => p.transaction(body),
        }
    }
}

/// The smallest key greater than every key that starts with `prefix` (`None`: no such
/// key, the prefix is empty or all `0xff`).
pub(crate) fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::prefix_end;

    #[test]
    fn prefix_ends() {
        assert_eq!(prefix_end(&[]), None);
        assert_eq!(prefix_end(&[1, 2]), Some(vec![1, 3]));
        assert_eq!(prefix_end(&[1, 0xff]), Some(vec![2]));
        assert_eq!(prefix_end(&[0xff, 0xff]), None);
    }
}
