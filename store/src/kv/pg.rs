//! The PostgreSQL backend: every tree in one table,
//! `kv (tree text, key bytea, value bytea, primary key (tree, key))`.
//!
//! **One table, not one per tree.** The store only ever asks for a key, or for the keys
//! of one tree in a range (a prefix) in order; the primary key's B-tree answers both
//! with an index scan (`bytea` compares byte by byte, the order sled uses), so a
//! history page or a player's wallet reads a few index pages whatever the size of the
//! data. One table keeps the backend as small as the interface and lets a tree added
//! by a later version need no schema change.
//!
//! **Transactions: row locks under `REPEATABLE READ`.** Each operation is one
//! `REPEATABLE READ` transaction whose every read locks the row it reads
//! (`SELECT … FOR UPDATE`) until the commit, and whose writes lock what they write: two
//! transactions touching one record run one after the other (strict two-phase locking
//! on rows). A transaction that finds a row changed since its snapshot, or that meets a
//! key inserted by a concurrent one, fails with SQLSTATE `40001`; a deadlock (locks
//! taken in opposite orders) with `40P01`; the store runs it again from the start, like
//! sled does on a conflict. So the version checks, the request receipts and the money
//! checks made inside a transaction hold across processes. A key read while missing is
//! not locked (PostgreSQL cannot lock a row that does not exist): the operations write
//! every missing key whose absence they rely on (a request's receipt, a new wallet, a
//! new challenge), and a concurrent insert of the same key is then a `40001`.
//!
//! Why not `SERIALIZABLE`: its predicate locks are taken per index page, and every
//! operation inserts its receipt and ledger entries at the right edge of one index
//! (increasing ids), so unrelated operations on different channels were aborted as
//! "pivots" — measured here, more rollbacks than commits and 29 moves/s over 1,000
//! channels. Row locks conflict only on the records really shared.
//!
//! Writes are buffered in the transaction and sent with its `COMMIT` (two statements
//! for any number of rows); reads see the transaction's own writes. Ids come from a
//! sequence (`jetan_ids`): increasing, never reused, with gaps where a transaction was
//! rolled back.
//!
//! **Durability.** Every session runs with `synchronous_commit = on`: a `COMMIT`
//! returns once its WAL is flushed, so an operation acknowledged is on disk; PostgreSQL
//! groups concurrent commits' flushes itself.
//!
//! **Threads.** The sync `postgres` client drives its own small tokio runtime and must
//! not be called from a thread that runs async tasks. So each connection lives on a
//! thread of its own; callers (async tasks, blocking workers, tests) send it closures
//! and wait for the answer. A transaction holds one connection from the pool (at most
//! [`POOL_SIZE`]) until it commits or rolls back.
//!
//! **Schema migrations.** [`MIGRATIONS`] are applied at start-up, in order, each
//! recorded in `jetan_schema`, under an advisory lock so that processes starting
//! together apply each one once.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

use postgres::error::SqlState;
use postgres::{Client, NoTls, Statement};

use super::{prefix_end, tree_name, Pair, Scan, TxError, TxView};
use crate::{Result, StoreError};

/// Connections a store opens at most.
pub(crate) const POOL_SIZE: usize = 16;

/// Serialization failures after which a transaction gives up.
const MAX_ATTEMPTS: u32 = 200;

/// The advisory lock key held while migrating the schema ("jetan" in ASCII).
const SCHEMA_LOCK: i64 = 0x6a_6574_616e;

/// The schema, one version after the other: `(version, SQL)`. Never edit a released
/// one; add the next.
pub(crate) const MIGRATIONS: &[(i32, &str)] = &[(
    1,
    "CREATE TABLE kv (
         tree text NOT NULL,
         key bytea NOT NULL,
         value bytea NOT NULL,
         PRIMARY KEY (tree, key)
     );
     CREATE SEQUENCE jetan_ids AS bigint MINVALUE 0 START 0;",
)];

/// A transaction's buffered writes: `None` removes the key.
type Writes = BTreeMap<(usize, Vec<u8>), Option<Vec<u8>>>;

/// A PostgreSQL database holding the store's trees.
pub(crate) struct PgKv {
    config: postgres::Config,
    pool: Mutex<PoolState>,
    returned: Condvar,
}

struct PoolState {
    idle: Vec<Conn>,
    /// Connections open (idle or in use).
    open: usize,
}

/// Runs on a connection's own thread.
type Job = Box<dyn FnOnce(&mut Session) + Send>;

/// A connection: its thread, and the queue of jobs it runs.
struct Conn {
    jobs: mpsc::Sender<Job>,
    closed: Arc<std::sync::atomic::AtomicBool>,
}

/// What a connection's thread owns.
struct Session {
    client: Client,
    statements: std::collections::HashMap<&'static str, Statement>,
}

impl Session {
    fn prepared(&mut self, sql: &'static str) -> Result<Statement, postgres::Error> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql)?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }
}

/// A PostgreSQL error as a store error, with the server's message.
pub(crate) fn pg_error(e: &postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => StoreError::Storage(format!(
            "PostgreSQL: {} ({})",
            db.message(),
            db.code().code()
        )),
        None => StoreError::Storage(format!("PostgreSQL: {e}")),
    }
}

/// Whether PostgreSQL asks for the transaction to be run again.
fn is_retryable(e: &postgres::Error) -> bool {
    matches!(
        e.code(),
        Some(c) if *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED
    )
}

/// Whether the server closed the connection (a restart, an administrator, a timeout):
/// the statement never ran; another connection may be tried.
fn connection_gone(e: &postgres::Error) -> bool {
    e.is_closed()
        || matches!(
            e.code(),
            Some(c) if *c == SqlState::ADMIN_SHUTDOWN || *c == SqlState::CRASH_SHUTDOWN
        )
}

fn tx_error(e: &postgres::Error) -> TxError {
    if is_retryable(e) {
        TxError::Retry
    } else {
        TxError::Storage(pg_error(e))
    }
}

impl Conn {
    /// Opens a connection on a new thread.
    fn open(config: &postgres::Config) -> Result<Conn> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (ready_tx, ready) = mpsc::sync_channel(1);
        let closed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let config = config.clone();
        let flag = closed.clone();
        std::thread::Builder::new()
            .name("jetan-store-pg".into())
            .spawn(move || {
                let client = match config.connect(NoTls) {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = ready_tx.send(Err(pg_error(&e)));
                        return;
                    }
                };
                let mut session = Session {
                    client,
                    statements: std::collections::HashMap::new(),
                };
                if let Err(e) = session.client.batch_execute("SET synchronous_commit = on") {
                    let _ = ready_tx.send(Err(pg_error(&e)));
                    return;
                }
                let _ = ready_tx.send(Ok(()));
                while let Ok(job) = rx.recv() {
                    job(&mut session);
                    if session.client.is_closed() {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            })?;
        match ready.recv() {
            Ok(Ok(())) => Ok(Conn { jobs, closed }),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(StoreError::Storage(
                "the PostgreSQL connection thread stopped".into(),
            )),
        }
    }

    /// Runs `f` on the connection's thread and waits for its result.
    fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Session) -> R + Send + 'static,
    ) -> Result<R> {
        let (tx, rx) = mpsc::sync_channel(1);
        let stopped = || {
            self.discard();
            StoreError::Storage("the PostgreSQL connection thread stopped".into())
        };
        self.jobs
            .send(Box::new(move |s| {
                let _ = tx.send(f(s));
            }))
            .map_err(|_| stopped())?;
        rx.recv().map_err(|_| stopped())
    }

    /// Marks the connection unusable: it is closed instead of going back to the pool.
    fn discard(&self) {
        self.closed
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A connection taken from the pool, given back when dropped (unless it broke).
struct Lease<'a> {
    kv: &'a PgKv,
    conn: Option<Conn>,
}

impl std::ops::Deref for Lease<'_> {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        self.conn.as_ref().expect("a lease holds its connection")
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        let Some(conn) = self.conn.take() else { return };
        let mut pool = self.kv.pool.lock().unwrap_or_else(|p| p.into_inner());
        if conn.closed.load(std::sync::atomic::Ordering::Relaxed) {
            pool.open -= 1;
        } else {
            pool.idle.push(conn);
        }
        drop(pool);
        self.kv.returned.notify_one();
    }
}

impl PgKv {
    /// Connects to the database at `url` and brings its schema up to date.
    ///
    /// # Errors
    /// [`StoreError::Storage`] if the URL does not parse, the database cannot be
    /// reached, or its schema is newer than this program's.
    pub fn connect(url: &str) -> Result<PgKv> {
        PgKv::connect_if(url, false)
    }

    /// [`connect`](Self::connect), but only to a database the store has used
    /// ([`StoreError::NoData`] otherwise, and nothing is created).
    pub fn connect_existing(url: &str) -> Result<PgKv> {
        PgKv::connect_if(url, true)
    }

    fn connect_if(url: &str, existing: bool) -> Result<PgKv> {
        let config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| StoreError::Storage(format!("bad database URL: {e}")))?;
        let first = Conn::open(&config)?;
        if existing {
            let used = first
                .call(|s| {
                    let table: Option<String> = s
                        .client
                        .query_one("SELECT to_regclass('kv')::text", &[])?
                        .get(0);
                    if table.is_none() {
                        return Ok(false);
                    }
                    let meta = s.client.query_opt(
                        "SELECT 1 FROM kv WHERE tree = 'meta' AND key = $1",
                        &[&crate::schema::FORMAT_KEY],
                    )?;
                    Ok::<bool, postgres::Error>(meta.is_some())
                })?
                .map_err(|e| pg_error(&e))?;
            if !used {
                return Err(StoreError::NoData(redact(url)));
            }
        }
        first
            .call(migrate_schema)?
            .map_err(|e| e.unwrap_or_else(|e| pg_error(&e)))?;
        Ok(PgKv {
            config,
            pool: Mutex::new(PoolState {
                idle: vec![first],
                open: 1,
            }),
            returned: Condvar::new(),
        })
    }

    /// A connection: an idle one, a new one while fewer than [`POOL_SIZE`] are open, or
    /// the next one given back.
    fn lease(&self) -> Result<Lease<'_>> {
        let mut pool = self.pool.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(conn) = pool.idle.pop() {
                return Ok(Lease {
                    kv: self,
                    conn: Some(conn),
                });
            }
            if pool.open < POOL_SIZE {
                pool.open += 1;
                drop(pool);
                return match Conn::open(&self.config) {
                    Ok(conn) => Ok(Lease {
                        kv: self,
                        conn: Some(conn),
                    }),
                    Err(e) => {
                        self.pool.lock().unwrap_or_else(|p| p.into_inner()).open -= 1;
                        Err(e)
                    }
                };
            }
            pool = self.returned.wait(pool).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Runs one statement-level job outside a transaction.
    /// A connection the server closed (a restart, an idle timeout) is dropped from the
    /// pool and the statement tried on another one.
    fn run<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Session) -> Result<R, postgres::Error> + Send + Clone + 'static,
    ) -> Result<R> {
        let mut tries = 0;
        loop {
            tries += 1;
            let conn = self.lease()?;
            match conn.call(f.clone())? {
                Ok(v) => return Ok(v),
                Err(e) if connection_gone(&e) && tries <= POOL_SIZE => conn.discard(),
                Err(e) => return Err(pg_error(&e)),
            }
        }
    }

    pub fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let key = key.to_vec();
        self.run(move |s| get(s, tree, &key))
    }

    pub fn scan(&self, tree: usize, prefix: &[u8], rev: bool) -> Scan<'_> {
        Box::new(PgScan {
            kv: self,
            tree,
            start: prefix.to_vec(),
            end: prefix_end(prefix),
            rev,
            after: None,
            page: 32,
            rows: VecDeque::new(),
            done: false,
        })
    }

    pub fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<()> {
        let (key, value) = (key.to_vec(), value.to_vec());
        self.run(move |s| {
            let st = s.prepared(UPSERT_ONE)?;
            s.client.execute(&st, &[&tree_name(tree), &key, &value])?;
            Ok(())
        })
    }

    pub fn remove(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let key = key.to_vec();
        self.run(move |s| {
            let st = s.prepared("DELETE FROM kv WHERE tree = $1 AND key = $2 RETURNING value")?;
            Ok(s.client
                .query_opt(&st, &[&tree_name(tree), &key])?
                .map(|r| r.get(0)))
        })
    }

    /// Writes every row in one transaction.
    pub fn write_all(&self, rows: Vec<(usize, Vec<u8>, Vec<u8>)>) -> Result<()> {
        self.run(move |s| {
            let mut tx = s.client.transaction()?;
            for chunk in rows.chunks(1000) {
                let trees: Vec<&str> = chunk.iter().map(|r| tree_name(r.0)).collect();
                let keys: Vec<&[u8]> = chunk.iter().map(|r| &r.1[..]).collect();
                let values: Vec<&[u8]> = chunk.iter().map(|r| &r.2[..]).collect();
                tx.execute(UPSERT_MANY, &[&trees, &keys, &values])?;
            }
            tx.commit()
        })
    }

    pub fn transaction<T>(&self, body: impl Fn(&TxView<'_>) -> Result<T, TxError>) -> Result<T> {
        let mut attempt = 0;
        let mut closed = 0;
        loop {
            attempt += 1;
            let conn = self.lease()?;
            match conn.call(|s| {
                s.client
                    .batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
            })? {
                Ok(()) => {}
                // A connection the server closed: dropped from the pool, another one tried.
                Err(e) if connection_gone(&e) && closed < POOL_SIZE => {
                    conn.discard();
                    closed += 1;
                    attempt -= 1;
                    continue;
                }
                Err(e) => return Err(pg_error(&e)),
            }
            let tx = PgTx {
                conn: &conn,
                writes: RefCell::new(BTreeMap::new()),
            };
            let out = body(&TxView::Pg(&tx));
            let failed = match out {
                Ok(value) => {
                    let writes = tx.writes.into_inner();
                    match conn.call(move |s| commit(s, writes))? {
                        Ok(()) => return Ok(value),
                        Err(e) if is_retryable(&e) => TxError::Retry,
                        Err(e) => {
                            conn.discard();
                            TxError::Storage(pg_error(&e))
                        }
                    }
                }
                Err(e) => {
                    // A connection that cannot roll back is not given back to the pool.
                    if !matches!(
                        conn.call(|s| s.client.batch_execute("ROLLBACK")),
                        Ok(Ok(()))
                    ) {
                        conn.discard();
                    }
                    e
                }
            };
            match failed {
                TxError::Abort(e) | TxError::Storage(e) => return Err(e),
                TxError::Sled(e) => return Err(StoreError::Storage(e.to_string())),
                TxError::Retry if attempt >= MAX_ATTEMPTS => {
                    return Err(StoreError::Storage(format!(
                        "PostgreSQL could not serialize the transaction in {MAX_ATTEMPTS} attempts"
                    )))
                }
                TxError::Retry => {
                    drop(conn);
                    // A little jitter, so that the same two do not collide again.
                    let spread = u64::from(attempt.min(20)) * 200;
                    let nanos = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| u64::from(d.subsec_nanos()));
                    std::thread::sleep(std::time::Duration::from_micros(nanos % (spread + 1)));
                }
            }
        }
    }
}

const UPSERT_ONE: &str = "INSERT INTO kv (tree, key, value) VALUES ($1, $2, $3) \
     ON CONFLICT (tree, key) DO UPDATE SET value = excluded.value";

const UPSERT_MANY: &str = "INSERT INTO kv (tree, key, value) \
     SELECT * FROM unnest($1::text[], $2::bytea[], $3::bytea[]) \
     ON CONFLICT (tree, key) DO UPDATE SET value = excluded.value";

const DELETE_MANY: &str = "DELETE FROM kv WHERE (tree, key) IN \
     (SELECT * FROM unnest($1::text[], $2::bytea[]))";

fn get(s: &mut Session, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, postgres::Error> {
    let st = s.prepared("SELECT value FROM kv WHERE tree = $1 AND key = $2")?;
    Ok(s.client
        .query_opt(&st, &[&tree_name(tree), &key])?
        .map(|r| r.get(0)))
}

/// A read inside a transaction: the row (if any) is locked until the commit.
fn get_locked(
    s: &mut Session,
    tree: usize,
    key: &[u8],
) -> Result<Option<Vec<u8>>, postgres::Error> {
    let st = s.prepared("SELECT value FROM kv WHERE tree = $1 AND key = $2 FOR UPDATE")?;
    Ok(s.client
        .query_opt(&st, &[&tree_name(tree), &key])?
        .map(|r| r.get(0)))
}

/// Sends a transaction's writes and commits it; on any failure rolls back.
fn commit(s: &mut Session, writes: Writes) -> Result<(), postgres::Error> {
    let result = (|| {
        let (mut trees, mut keys, mut values) = (Vec::new(), Vec::new(), Vec::new());
        let (mut del_trees, mut del_keys) = (Vec::new(), Vec::new());
        for ((tree, key), value) in &writes {
            match value {
                Some(v) => {
                    trees.push(tree_name(*tree));
                    keys.push(&key[..]);
                    values.push(&v[..]);
                }
                None => {
                    del_trees.push(tree_name(*tree));
                    del_keys.push(&key[..]);
                }
            }
        }
        if !trees.is_empty() {
            let st = s.prepared(UPSERT_MANY)?;
            s.client.execute(&st, &[&trees, &keys, &values])?;
        }
        if !del_trees.is_empty() {
            let st = s.prepared(DELETE_MANY)?;
            s.client.execute(&st, &[&del_trees, &del_keys])?;
        }
        s.client.batch_execute("COMMIT")
    })();
    if result.is_err() {
        let _ = s.client.batch_execute("ROLLBACK");
    }
    result
}

/// Applies the missing [`MIGRATIONS`] in one transaction. The outer error is a store
/// error (a newer schema), the inner one PostgreSQL's.
fn migrate_schema(s: &mut Session) -> Result<(), Result<StoreError, postgres::Error>> {
    let run = |s: &mut Session| -> Result<Option<StoreError>, postgres::Error> {
        let mut tx = s.client.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS jetan_schema (
                 version integer PRIMARY KEY,
                 applied_at timestamptz NOT NULL DEFAULT now()
             )",
        )?;
        let current: i32 = tx
            .query_one("SELECT coalesce(max(version), 0) FROM jetan_schema", &[])?
            .get(0);
        let newest = MIGRATIONS.last().map_or(0, |m| m.0);
        if current > newest {
            return Ok(Some(StoreError::Storage(format!(
                "the database's schema is at version {current}, newer than this program's \
                 {newest}: upgrade the program"
            ))));
        }
        for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
            tx.batch_execute(sql)?;
            tx.execute("INSERT INTO jetan_schema (version) VALUES ($1)", &[version])?;
            tracing::info!("PostgreSQL schema migrated to version {version}");
        }
        tx.commit()?;
        Ok(None)
    };
    match run(s) {
        Ok(None) => Ok(()),
        Ok(Some(e)) => Err(Ok(e)),
        Err(e) => Err(Err(e)),
    }
}

/// One open transaction: reads go to the database, locking the row (or to this
/// transaction's own buffered writes), writes wait for the commit.
pub(crate) struct PgTx<'a> {
    conn: &'a Conn,
    writes: RefCell<Writes>,
}

impl PgTx<'_> {
    pub fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, TxError> {
        if let Some(w) = self.writes.borrow().get(&(tree, key.to_vec())) {
            return Ok(w.clone());
        }
        let key = key.to_vec();
        self.conn
            .call(move |s| get_locked(s, tree, &key))
            .map_err(TxError::Storage)?
            .map_err(|e| tx_error(&e))
    }

    pub fn write(&self, tree: usize, key: &[u8], value: Option<&[u8]>) {
        self.writes
            .borrow_mut()
            .insert((tree, key.to_vec()), value.map(<[u8]>::to_vec));
    }

    pub fn generate_id(&self) -> Result<u64, TxError> {
        let id: i64 = self
            .conn
            .call(|s| {
                let st = s.prepared("SELECT nextval('jetan_ids')")?;
                Ok::<i64, postgres::Error>(s.client.query_one(&st, &[])?.get(0))
            })
            .map_err(TxError::Storage)?
            .map_err(|e| tx_error(&e))?;
        u64::try_from(id).map_err(|_| {
            TxError::Storage(StoreError::Storage(format!("the id sequence gave {id}")))
        })
    }
}

/// A scan read page by page (keyset pagination on the primary key), each page a
/// statement of its own: like sled's iterators, not one snapshot.
struct PgScan<'a> {
    kv: &'a PgKv,
    tree: usize,
    start: Vec<u8>,
    end: Option<Vec<u8>>,
    rev: bool,
    /// The last key returned.
    after: Option<Vec<u8>>,
    /// The next page's size (doubling, up to 1024).
    page: i64,
    rows: VecDeque<Pair>,
    done: bool,
}

impl PgScan<'_> {
    fn fetch(&mut self) -> Result<()> {
        let (tree, start, end, after, rev, page) = (
            tree_name(self.tree),
            self.start.clone(),
            self.end.clone(),
            self.after.clone(),
            self.rev,
            self.page,
        );
        let rows: Vec<Pair> = self.kv.run(move |s| {
            // Ascending: key >= start, below end, after the last key; descending:
            // key >= start, below end and below the last key.
            let sql: &'static str = match (rev, end.is_some(), after.is_some()) {
                (false, false, false) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 ORDER BY key LIMIT $3",
                (false, true, false) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 AND key < $4 ORDER BY key LIMIT $3",
                (false, false, true) => "SELECT key, value FROM kv WHERE tree = $1 AND key > $2 ORDER BY key LIMIT $3",
                (false, true, true) => "SELECT key, value FROM kv WHERE tree = $1 AND key > $2 AND key < $4 ORDER BY key LIMIT $3",
                (true, false, false) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 ORDER BY key DESC LIMIT $3",
                (true, true, false) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 AND key < $4 ORDER BY key DESC LIMIT $3",
                (true, false, true) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 AND key < $4 ORDER BY key DESC LIMIT $3",
                (true, true, true) => "SELECT key, value FROM kv WHERE tree = $1 AND key >= $2 AND key < $4 ORDER BY key DESC LIMIT $3",
            };
            let st = s.prepared(sql)?;
            // Descending after a key: that key is the upper bound.
            let lower = match (&after, rev) {
                (Some(a), false) => a.clone(),
                _ => start,
            };
            let upper = match (&after, rev) {
                (Some(a), true) => Some(a.clone()),
                _ => end,
            };
            let rows = match upper {
                Some(upper) => s.client.query(&st, &[&tree, &lower, &page, &upper])?,
                None => s.client.query(&st, &[&tree, &lower, &page])?,
            };
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })?;
        if (rows.len() as i64) < self.page {
            self.done = true;
        }
        self.page = (self.page * 2).min(1024);
        self.rows.extend(rows);
        Ok(())
    }
}

impl Iterator for PgScan<'_> {
    type Item = Result<Pair>;

    fn next(&mut self) -> Option<Result<Pair>> {
        if self.rows.is_empty() && !self.done {
            if let Err(e) = self.fetch() {
                self.done = true;
                return Some(Err(e));
            }
        }
        let row = self.rows.pop_front()?;
        self.after = Some(row.0.clone());
        Some(Ok(row))
    }
}

/// A database URL without its password.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((auth, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}
