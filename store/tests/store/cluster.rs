//! A throwaway PostgreSQL server for tests, started once per test process: `initdb` in
//! a temporary directory (as the `postgres` user when the tests run as root, since
//! PostgreSQL refuses to run as root), `postgres` on a free local port, and a watchdog
//! that stops it and removes its directory when the test process ends.
//!
//! - `JETAN_TEST_DATABASE_URL=postgres://…`: use that server instead (a database the
//!   tests may create schemas in); nothing is started.
//! - `JETAN_TEST_PG_BIN=/usr/lib/postgresql/15/bin`: where `initdb` and `postgres` are
//!   (default: the newest `/usr/lib/postgresql/*/bin`, else `pg_config --bindir`, else
//!   `PATH`). If they cannot be found, every PostgreSQL test fails saying so.
//!
//! There is no switch that skips these tests: a machine without PostgreSQL fails them,
//! saying how to fix it (or run only the sled tests: `cargo test -p jetan-store --test
//! store`).
//!
//! Each test gets a fresh schema of its own (`CREATE SCHEMA`), named in the URL's
//! `search_path`, so tests run in parallel on one server.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// The server: a base URL (without a search path).
pub struct Cluster {
    pub base_url: String,
}

/// The server, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(|| match std::env::var("JETAN_TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Cluster { base_url: url },
        _ => start().unwrap_or_else(|e| {
            panic!(
                "cannot start a throwaway PostgreSQL server for the tests: {e}\n\
                 This is a PostgreSQL test: it fails rather than pass without running. \
                 Install PostgreSQL (Debian: apt-get install postgresql), or point \
                 JETAN_TEST_PG_BIN at its bin directory, or JETAN_TEST_DATABASE_URL at a \
                 server. To run only the sled tests: cargo test -p jetan-store --test store."
            )
        }),
    })
}

/// A URL for a new, empty schema of its own.
pub fn fresh_url() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let c = cluster();
    let name = format!(
        "t{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = postgres::Client::connect(&c.base_url, postgres::NoTls)
        .unwrap_or_else(|e| panic!("connecting to the test server: {e}"));
    admin
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"
        ))
        .unwrap();
    with_search_path(&c.base_url, &name)
}

/// `url` with `options=-c search_path=schema` added.
pub fn with_search_path(url: &str, schema: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20search_path%3D{schema}")
}

fn bin_dir() -> Result<PathBuf, String> {
    if let Ok(dir) = std::env::var("JETAN_TEST_PG_BIN") {
        return Ok(dir.into());
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            Some((v, e.path().join("bin")))
        })
        .filter(|(_, p)| p.join("initdb").is_file())
        .collect();
    versions.sort();
    if let Some((_, dir)) = versions.pop() {
        return Ok(dir);
    }
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        if out.status.success() {
            let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
            if dir.join("initdb").is_file() {
                return Ok(dir);
            }
        }
    }
    for dir in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
        if dir.join("initdb").is_file() && dir.join("postgres").is_file() {
            return Ok(dir);
        }
    }
    Err("no initdb found (looked in /usr/lib/postgresql/*/bin, pg_config --bindir, PATH)".into())
}

/// The uid and gid to run PostgreSQL as: ours, or `postgres`'s when we are root.
fn run_as() -> Result<Option<(u32, u32)>, String> {
    let uid = id(&["-u"], None)?;
    if uid != 0 {
        return Ok(None);
    }
    let user = "postgres";
    Ok(Some((
        id(&["-u"], Some(user)).map_err(|e| {
            format!("the tests run as root and PostgreSQL refuses root: need a `{user}` user ({e})")
        })?,
        id(&["-g"], Some(user))?,
    )))
}

fn id(args: &[&str], user: Option<&str>) -> Result<u32, String> {
    let out = Command::new("id")
        .args(args)
        .args(user)
        .output()
        .map_err(|e| format!("id: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .map_err(|e| format!("id: {e}"))
}

fn command(bin: &Path, name: &str, user: Option<(u32, u32)>) -> Command {
    let mut c = Command::new(bin.join(name));
    if let Some((uid, gid)) = user {
        use std::os::unix::process::CommandExt;
        c.uid(uid).gid(gid);
    }
    c
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn start() -> Result<Cluster, String> {
    let bin = bin_dir()?;
    let user = run_as()?;
    let root = tempfile::Builder::new()
        .prefix("jetan-pg-")
        .tempdir()
        .map_err(|e| e.to_string())?
        .keep();
    let data = root.join("data");
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&root, Some(uid), Some(gid)).map_err(|e| e.to_string())?;
    }
    let out = command(&bin, "initdb", user)
        .args(["-D"])
        .arg(&data)
        .args(["-U", "jetan", "--auth=trust", "-E", "UTF8", "--no-sync"])
        .output()
        .map_err(|e| format!("running {}: {e}", bin.join("initdb").display()))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let port = free_port()?;
    // fsync off: a throwaway server for tests (the benchmark keeps it on).
    let server = command(&bin, "postgres", user)
        .arg("-D")
        .arg(&data)
        .args(["-p", &port.to_string(), "-k"])
        .arg(&root)
        .args([
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "max_connections=400",
            "-c",
            "fsync=off",
            "-c",
            "shared_buffers=32MB",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(root.join("log")).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("starting postgres: {e}"))?;
    // The watchdog: when this process is gone, stop the server and remove its files.
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "while [ -d /proc/{me} ]; do sleep 1; done; kill -INT {pg} 2>/dev/null; \
             while [ -d /proc/{pg} ]; do sleep 0.2; done; rm -rf '{root}'",
            me = std::process::id(),
            pg = server.id(),
            root = root.display()
        ))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting the watchdog: {e}"))?;
    let base_url = format!("postgres://jetan@127.0.0.1:{port}/postgres");
    let started = std::time::Instant::now();
    loop {
        match postgres::Client::connect(&base_url, postgres::NoTls) {
            Ok(_) => return Ok(Cluster { base_url }),
            Err(e) if started.elapsed() > std::time::Duration::from_secs(60) => {
                let log = std::fs::read_to_string(root.join("log")).unwrap_or_default();
                return Err(format!("postgres did not come up: {e}\n{log}"));
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(100)),
        }
    }
}
