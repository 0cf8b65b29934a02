//! The real bot under test: the `jetan` binary run as `jetan serve` against a fake, with a
//! fresh data directory per test (zero-to-production's `spawn_app`).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, LazyLock, OnceLock};
use std::time::Duration;

use anyhow::{bail, Context as _};
use tempfile::TempDir;

use crate::fake::{Config, FakeDiscord};

/// The `jetan` binary: `$JETAN_BIN` if set, else `target/debug/jetan` of this workspace
/// (honouring `CARGO_TARGET_DIR`), built once per test process with `cargo build --workspace
/// --bin jetan` (as `.ci/run` does) if it is missing, older than a file it is built from
/// (see `older_than_sources`), or `JETAN_E2E_BUILD` is set.
///
/// # Errors
/// If the build fails.
pub fn jetan_binary() -> anyhow::Result<PathBuf> {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BIN.get_or_init(|| locate_or_build().map_err(|e| format!("{e:#}")))
        .clone()
        .map_err(anyhow::Error::msg)
}

fn locate_or_build() -> anyhow::Result<PathBuf> {
    if let Some(bin) = std::env::var_os("JETAN_BIN") {
        return Ok(PathBuf::from(bin));
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|t| {
            if t.is_relative() {
                workspace.join(t)
            } else {
                t
            }
        })
        .unwrap_or_else(|| workspace.join("target"));
    let bin = target
        .join("debug")
        .join(format!("jetan{}", std::env::consts::EXE_SUFFIX));
    let forced = std::env::var_os("JETAN_E2E_BUILD").is_some();
    if forced || !bin.exists() || older_than_sources(&bin, &workspace) {
        // `cargo test --workspace` builds the binary itself (the bot has integration tests);
        // this covers `cargo test -p jetan-tests` after an edit of the bot.
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = std::process::Command::new(cargo);
        build
            .args(["build", "--workspace", "--bin", "jetan"])
            .current_dir(&workspace);
        // What cargo set for running this test (`CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`,
        // ...) is not the environment of a build from the shell: build scripts that
        // watch these variables (ring's) would run again, and every crate above them
        // would be rebuilt here and once more by the next `cargo test`.
        for (key, _) in std::env::vars_os() {
            let k = key.to_string_lossy();
            if k.starts_with("CARGO_PKG_")
                || k.starts_with("CARGO_MANIFEST_")
                || k.starts_with("CARGO_BIN_")
                || matches!(
                    &*k,
                    "CARGO_CRATE_NAME"
                        | "CARGO_PRIMARY_PACKAGE"
                        | "CARGO_TARGET_TMPDIR"
                        | "CARGO_RUSTC_CURRENT_DIR"
                        | "OUT_DIR"
                )
            {
                build.env_remove(&key);
            }
        }
        let status = build
            .status()
            .context("running cargo build --workspace --bin jetan")?;
        if !status.success() || !bin.exists() {
            bail!(
                "cargo build --workspace --bin jetan failed ({status}); {} is missing",
                bin.display()
            );
        }
    }
    Ok(bin)
}

/// The crates the binary is built from: the workspace's members but the end-to-end tests
/// (read from the workspace's `Cargo.toml`, so a new crate is watched without an edit
/// here).
fn binary_crates(workspace: &Path) -> Vec<String> {
    const KNOWN: [&str; 7] = [
        "rules", "martian", "render", "store", "engine", "core", "bot",
    ];
    let manifest = std::fs::read_to_string(workspace.join("Cargo.toml")).unwrap_or_default();
    let members: Vec<String> = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("members"))
        .and_then(|rest| rest.split_once('[')?.1.split_once(']').map(|(m, _)| m))
        .map(|list| {
            list.split(',')
                .map(|m| m.trim().trim_matches('"').to_owned())
                .filter(|m| !m.is_empty() && m != "tests")
                .collect()
        })
        .unwrap_or_default();
    if members.is_empty() {
        KNOWN.iter().map(|c| (*c).to_owned()).collect()
    } else {
        members
    }
}

/// Whether a file the binary is built from — anything in its crates' directories but
/// their tests, benches and examples (sources, locales, fonts, manifests), or the
/// workspace's `Cargo.toml` and `Cargo.lock` — is newer than `bin`.
fn older_than_sources(bin: &Path, workspace: &Path) -> bool {
    fn newest(dir: &Path, top: bool) -> Option<std::time::SystemTime> {
        let mut best = None;
        for entry in std::fs::read_dir(dir).ok()?.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.')
                || (top && matches!(&*name, "tests" | "benches" | "examples" | "target"))
            {
                continue;
            }
            let t = if path.is_dir() {
                newest(&path, false)
            } else {
                entry.metadata().ok()?.modified().ok()
            };
            best = best.max(t);
        }
        best
    }
    let Some(built) = std::fs::metadata(bin).and_then(|m| m.modified()).ok() else {
        return true;
    };
    let mut sources: Vec<Option<std::time::SystemTime>> = binary_crates(workspace)
        .iter()
        .map(|c| newest(&workspace.join(c), true))
        .collect();
    for file in ["Cargo.toml", "Cargo.lock"] {
        sources.push(
            std::fs::metadata(workspace.join(file))
                .and_then(|m| m.modified())
                .ok(),
        );
    }
    sources.into_iter().flatten().any(|t| t > built)
}

/// A running `jetan serve` process. Killed when dropped.
pub struct BotProcess {
    child: tokio::process::Child,
    pid: u32,
    log: PathBuf,
    /// The log's length when this process started (the file is shared across restarts).
    log_start: usize,
}

impl BotProcess {
    /// Starts `jetan serve` against `fake` with `data_dir`, logging to `log`. With `client`,
    /// the bot talks to [`FakeDiscord::client_url`] so that the fake knows its requests and
    /// sockets apart from another process's.
    ///
    /// # Errors
    /// If the binary cannot be found, built or started.
    pub fn spawn(
        fake: &FakeDiscord,
        client: Option<&str>,
        data_dir: &Path,
        log: &Path,
        guild: bool,
        env: &[(String, String)],
    ) -> anyhow::Result<Self> {
        let bin = jetan_binary()?;
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)?;
        let mut cmd = tokio::process::Command::new(&bin);
        cmd.arg("serve")
            .env_remove("DISCORD_GUILD_ID")
            .env("DISCORD_TOKEN", "fake-token")
            .env(
                "DISCORD_PROXY_URL",
                client.map_or_else(|| fake.base_url(), |c| fake.client_url(c)),
            )
            .env("JETAN_DATA_DIR", data_dir)
            .env(
                "RUST_LOG",
                std::env::var("JETAN_E2E_RUST_LOG").unwrap_or_else(|_| "info".into()),
            )
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(out.try_clone()?)
            .stderr(out)
            .kill_on_drop(true);
        if guild {
            cmd.env("DISCORD_GUILD_ID", fake.guild_id().to_string());
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let log_start = std::fs::metadata(log).map_or(0, |m| m.len() as usize);
        let child = cmd
            .spawn()
            .with_context(|| format!("starting {} serve", bin.display()))?;
        let pid = child.id().context("the bot exited at once")?;
        Ok(Self {
            child,
            pid,
            log: log.to_owned(),
            log_start,
        })
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Kills the process with SIGKILL and reaps it (nothing to do if it has exited).
    ///
    /// # Errors
    /// If the process cannot be signalled.
    pub async fn kill(&mut self) -> anyhow::Result<()> {
        if self.child.try_wait()?.is_some() {
            return Ok(());
        }
        self.child.start_kill().context("SIGKILL")?;
        self.child.wait().await?;
        Ok(())
    }

    /// Asks the process to stop (SIGTERM) and waits up to `limit` for it to exit: the
    /// bot finishes its commands in flight first. Returns its exit status.
    ///
    /// # Errors
    /// If the signal cannot be sent or the process does not exit within `limit`.
    pub async fn terminate(&mut self, limit: Duration) -> anyhow::Result<std::process::ExitStatus> {
        if let Some(status) = self.child.try_wait()? {
            return Ok(status);
        }
        let sent = tokio::process::Command::new("kill")
            .args(["-TERM", &self.pid.to_string()])
            .status()
            .await
            .context("running kill -TERM")?;
        if !sent.success() {
            bail!("kill -TERM {} failed: {sent}", self.pid);
        }
        match tokio::time::timeout(limit, self.child.wait()).await {
            Ok(status) => Ok(status?),
            Err(_) => bail!(
                "bot process {} did not exit within {limit:?} of SIGTERM",
                self.pid
            ),
        }
    }

    /// `Some(status)` once the process has exited.
    ///
    /// # Errors
    /// If the status cannot be read.
    pub fn exited(&mut self) -> anyhow::Result<Option<std::process::ExitStatus>> {
        Ok(self.child.try_wait()?)
    }

    /// A `/proc/<pid>/status` value in kB, e.g. `VmHWM` (peak resident set) or `VmRSS`.
    #[must_use]
    pub fn proc_status_kb(&self, key: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).ok()?;
        status.lines().find_map(|l| {
            let rest = l.strip_prefix(key)?.strip_prefix(':')?;
            rest.split_whitespace().next()?.parse().ok()
        })
    }

    /// The bot's log so far (stdout and stderr), earlier runs on the same data included.
    #[must_use]
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// What this process logged (its part of [`BotProcess::log`]).
    #[must_use]
    pub fn own_log(&self) -> String {
        let all = std::fs::read(&self.log).unwrap_or_default();
        String::from_utf8_lossy(all.get(self.log_start..).unwrap_or_default()).into_owned()
    }
}

/// Scenarios share the machine; a load scenario runs alone so that it does not make the
/// others miss Discord's 3-second window (and they do not disturb its measurements).
static TURNS: LazyLock<Arc<tokio::sync::RwLock<()>>> = LazyLock::new(Arc::default);

/// A scenario's right to run: shared with other scenarios, or alone.
enum Turn {
    Shared(#[allow(dead_code)] tokio::sync::OwnedRwLockReadGuard<()>),
    Alone(#[allow(dead_code)] tokio::sync::OwnedRwLockWriteGuard<()>),
}

/// A fake Discord, a fresh data directory, and the real bot connected to both: one process,
/// or (with [`TestApp::spawn_sharded`]) one process per gateway shard sharing a database.
pub struct TestApp {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// The bot process (replaced by [`TestApp::restart`]); in a sharded app, the one
    /// running shard 0.
    pub bot: BotProcess,
    /// In a sharded app, the processes running shards 1, 2, ... (`others[k - 1]` runs
    /// shard k); empty otherwise.
    pub others: Vec<BotProcess>,
    /// The bot's data directory.
    pub data_dir: PathBuf,
    dir: TempDir,
    guild: bool,
    env: Vec<(String, String)>,
    /// Shard count of a sharded app (one process per shard); `None`: one plain process.
    shards: Option<u32>,
    finished: bool,
    stopped: bool,
    /// Violations the scenario provokes on purpose: (what they contain, how many).
    expected: Vec<(String, usize)>,
    _turn: Turn,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if !self.finished {
            for (k, bot) in std::iter::once(&self.bot).chain(&self.others).enumerate() {
                let log = bot.log();
                let tail: Vec<&str> = log.lines().rev().take(80).collect();
                eprintln!("---- bot {k} log (last {} lines) ----", tail.len());
                for line in tail.iter().rev() {
                    eprintln!("{line}");
                }
            }
            let failed = self.fake.failed_requests();
            for r in failed.iter().take(20) {
                eprintln!("failed request: {} {}", r.line(), r.response);
            }
            for v in self.fake.violations().iter().take(20) {
                eprintln!("violation: {v}");
            }
            if std::env::var_os("JETAN_E2E_KEEP").is_some() {
                if let Ok(empty) = TempDir::new() {
                    let kept = std::mem::replace(&mut self.dir, empty).keep();
                    eprintln!("kept {}", kept.display());
                }
            }
        }
    }
}

impl TestApp {
    /// Starts a fake and the bot (commands registered globally), and waits until the bot has
    /// connected and registered its commands.
    ///
    /// # Errors
    /// If the bot does not come up.
    pub async fn spawn() -> anyhow::Result<Self> {
        Self::spawn_with(Config::default(), false).await
    }

    /// Same as [`TestApp::spawn`] with fake settings, and `guild` to set `DISCORD_GUILD_ID`.
    ///
    /// # Errors
    /// If the bot does not come up.
    pub async fn spawn_with(config: Config, guild: bool) -> anyhow::Result<Self> {
        let turn = Turn::Shared(Arc::clone(&TURNS).read_owned().await);
        Self::start(config, guild, Vec::new(), turn, None).await
    }

    /// Same as [`TestApp::spawn`], with extra environment variables for the bot (e.g.
    /// `JETAN_DEFER_AFTER_MS`, `JETAN_WORKERS`); they are kept across restarts.
    ///
    /// # Errors
    /// If the bot does not come up.
    pub async fn spawn_env(env: &[(&str, &str)]) -> anyhow::Result<Self> {
        let turn = Turn::Shared(Arc::clone(&TURNS).read_owned().await);
        let env = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Self::start(Config::default(), false, env, turn, None).await
    }

    /// Same as [`TestApp::spawn_with`], once no other scenario of this process runs, and
    /// keeping the others waiting until this one is dropped.
    ///
    /// # Errors
    /// If the bot does not come up.
    pub async fn spawn_alone(config: Config, env: &[(&str, &str)]) -> anyhow::Result<Self> {
        let turn = Turn::Alone(Arc::clone(&TURNS).write_owned().await);
        let env = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Self::start(config, false, env, turn, None).await
    }

    /// A sharded bot: a fake expecting `shards` gateway shards and one `jetan serve` per
    /// shard (`JETAN_SHARDS=k/shards`, told apart by the fake as client `shard{k}`), all with
    /// the same `env` — which must give them one shared database (`JETAN_DATABASE_URL`).
    /// Waits until every shard is live and commands are registered. With `alone`, no other
    /// scenario of this test process runs meanwhile (see [`TestApp::spawn_alone`]).
    ///
    /// # Errors
    /// If a process does not come up.
    pub async fn spawn_sharded(
        config: Config,
        shards: u32,
        env: &[(&str, &str)],
        alone: bool,
    ) -> anyhow::Result<Self> {
        let turn = if alone {
            Turn::Alone(Arc::clone(&TURNS).write_owned().await)
        } else {
            Turn::Shared(Arc::clone(&TURNS).read_owned().await)
        };
        let env = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let config = Config {
            shards: shards.max(1),
            ..config
        };
        Self::start(config, false, env, turn, Some(shards.max(1))).await
    }

    async fn start(
        config: Config,
        guild: bool,
        env: Vec<(String, String)>,
        turn: Turn,
        shards: Option<u32>,
    ) -> anyhow::Result<Self> {
        let fake = FakeDiscord::start_with(config).await?;
        let dir = tempfile::Builder::new().prefix("jetan-e2e-").tempdir()?;
        let data_dir = dir.path().join("data");
        std::fs::create_dir_all(&data_dir)?;
        let launch = Launch {
            fake: &fake,
            dir: dir.path(),
            data_dir: &data_dir,
            guild,
            env: &env,
            shards,
        };
        let bot = launch.spawn(0)?;
        let others = (1..shards.unwrap_or(1))
            .map(|k| launch.spawn(k))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut app = Self {
            fake,
            bot,
            others,
            data_dir,
            dir,
            guild,
            env,
            shards,
            finished: false,
            stopped: false,
            expected: Vec::new(),
            _turn: turn,
        };
        app.wait_up(shards.unwrap_or(1)).await?;
        Ok(app)
    }

    async fn wait_up(&mut self, identifies: u32) -> anyhow::Result<()> {
        let up = async {
            self.fake.wait_for_identifies(identifies).await?;
            self.fake.wait_for_commands().await?;
            anyhow::Ok(())
        };
        if let Err(e) = up.await {
            let mut report = String::new();
            for k in 0..self.processes() {
                let bot = self.process(k);
                let status = bot.exited()?;
                report.push_str(&format!(
                    "\nprocess {k}: exit status {status:?}; log:\n{}",
                    bot.log()
                ));
            }
            bail!("the bot did not come up ({e:#}){report}");
        }
        Ok(())
    }

    /// How many bot processes this app runs.
    #[must_use]
    pub fn processes(&self) -> u32 {
        1 + u32::try_from(self.others.len()).unwrap_or(u32::MAX)
    }

    /// Bot process `k` (in a sharded app, the one running shard `k`).
    ///
    /// # Panics
    /// If there is no process `k`.
    pub fn process(&mut self, k: u32) -> &mut BotProcess {
        match k {
            0 => &mut self.bot,
            k => &mut self.others[k as usize - 1],
        }
    }

    /// The fake's name for process `k` ([`crate::Recorded::client`]): `shard{k}` in a
    /// sharded app, `None` for a plain one.
    #[must_use]
    pub fn client_of(&self, k: u32) -> Option<String> {
        self.shards.map(|_| format!("shard{k}"))
    }

    /// Kills the bot with SIGKILL and starts it again on the same data directory and fake;
    /// waits until it has identified again and registered its commands.
    ///
    /// # Errors
    /// If the bot does not come back.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.restart_process(0).await
    }

    /// [`TestApp::restart`] for process `k` of a sharded app; the others keep running.
    ///
    /// # Errors
    /// If the process does not come back.
    pub async fn restart_process(&mut self, k: u32) -> anyhow::Result<()> {
        let (identifies, _, _) = self.fake.gateway_counts();
        self.process(k).kill().await?;
        // Wait until the fake has noticed the dead sockets.
        let client = self.client_of(k);
        self.fake.wait_for_disconnect(client.as_deref()).await?;
        let inner = std::sync::Arc::clone(&self.fake.inner);
        let registrations_before = self.registrations();
        let launch = Launch {
            fake: &self.fake,
            dir: self.dir.path(),
            data_dir: &self.data_dir,
            guild: self.guild,
            env: &self.env,
            shards: self.shards,
        };
        let bot = launch.spawn(k)?;
        *self.process(k) = bot;
        self.wait_up(identifies + 1).await?;
        let mut all_running = true;
        for j in 0..self.processes() {
            all_running &= self.process(j).exited()?.is_none();
        }
        if all_running {
            self.stopped = false;
        }
        // Commands are registered again by the new process.
        inner
            .wait_for(
                inner.config.wait,
                "command registration after restart",
                |s| {
                    let n = s
                        .requests
                        .iter()
                        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                        .count();
                    (n > registrations_before).then_some(())
                },
            )
            .await?;
        Ok(())
    }

    fn registrations(&self) -> usize {
        self.fake
            .requests()
            .iter()
            .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
            .count()
    }

    /// Runs `jetan verify --data <data>` (a directory or a `postgres://` URL) and returns its
    /// report.
    ///
    /// # Errors
    /// If verify finds problems or cannot run.
    pub async fn verify_at(&self, data: &str) -> anyhow::Result<String> {
        let out = self.cli(&["verify", "--data", data]).await?;
        let report = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if !out.status.success() {
            bail!("jetan verify failed ({}):\n{report}", out.status);
        }
        Ok(report)
    }

    /// Runs `jetan <args>` (a CLI tool, not `serve`) on this app's data directory.
    ///
    /// # Errors
    /// If it cannot be started.
    pub async fn cli(&self, args: &[&str]) -> anyhow::Result<std::process::Output> {
        let bin = jetan_binary()?;
        Ok(tokio::process::Command::new(bin)
            .args(args)
            .env("JETAN_DATA_DIR", &self.data_dir)
            .env_remove("DISCORD_TOKEN")
            .output()
            .await?)
    }

    /// Declares `times` violations containing `needle` the scenario's own doing (a fault
    /// it injected, such as a callback held past Discord's window): [`TestApp::finish`]
    /// then requires exactly that many, and still fails on any other.
    pub fn expect_violations(&mut self, needle: impl Into<String>, times: usize) {
        self.expected.push((needle.into(), times));
    }

    /// Checks that nothing went wrong behind the scenes — no Discord rule broken (late or
    /// double callbacks, unknown routes) but exactly the violations declared with
    /// [`TestApp::expect_violations`], the bot still running (unless the scenario
    /// stopped it) — then stops the bot.
    ///
    /// # Errors
    /// Lists what went wrong.
    pub async fn finish(mut self) -> anyhow::Result<()> {
        let violations = self.fake.violations();
        let mut problems = Vec::new();
        for (needle, times) in &self.expected {
            let n = violations
                .iter()
                .filter(|v| v.contains(needle.as_str()))
                .count();
            if n != *times {
                problems.push(format!(
                    "expected {times} violation(s) containing {needle:?}, found {n}"
                ));
            }
        }
        let unexpected: Vec<&String> = violations
            .iter()
            .filter(|v| {
                !self
                    .expected
                    .iter()
                    .any(|(needle, _)| v.contains(needle.as_str()))
            })
            .collect();
        if !unexpected.is_empty() {
            problems.push(format!("violations: {unexpected:#?}"));
        }
        if !self.stopped {
            for k in 0..self.processes() {
                if let Some(status) = self.process(k).exited()? {
                    problems.push(format!("bot process {k} exited: {status}"));
                }
            }
        }
        if !problems.is_empty() {
            bail!("{}", problems.join("; "));
        }
        if !self.stopped {
            for k in 0..self.processes() {
                self.process(k).kill().await?;
            }
        }
        self.finished = true;
        Ok(())
    }

    /// A positive sync point for "nothing more arrives": stops every bot process with
    /// SIGTERM and waits until each has exited cleanly — the bot finishes the commands
    /// and background work in flight (held against shutdown) before it exits, and an
    /// exited process sends nothing more. What the fake holds afterwards is all the bot
    /// ever sent. [`TestApp::restart`] starts it again; [`TestApp::finish`] and
    /// [`TestApp::stop_and_verify`] accept a drained app.
    ///
    /// # Errors
    /// If a process had died by itself, does not exit in time, exits with an error, or
    /// stopped with commands still in flight.
    pub async fn drain(&mut self) -> anyhow::Result<()> {
        // The bot's own grace: 2 s for the gateway, 5 s for commands in flight; generous
        // beyond that for a busy machine.
        let limit = Duration::from_secs(60);
        for k in 0..self.processes() {
            let bot = self.process(k);
            if let Some(status) = bot.exited()? {
                bail!("bot process {k} had exited by itself: {status}");
            }
            let status = bot.terminate(limit).await?;
            let log = bot.own_log();
            if !status.success() {
                bail!("bot process {k} ended with {status} after SIGTERM");
            }
            if log.contains("commands still in flight") || !log.contains("stopped cleanly") {
                bail!("bot process {k} did not finish its work in flight before exiting");
            }
        }
        self.stopped = true;
        Ok(())
    }

    /// Stops the bot (SIGKILL: the store is durable) and runs `jetan verify` on the data
    /// directory; returns its report.
    ///
    /// # Errors
    /// If verify finds problems or cannot run.
    pub async fn stop_and_verify(&mut self) -> anyhow::Result<String> {
        let data = self.data_dir.to_string_lossy().into_owned();
        self.stop_and_verify_at(&data).await
    }

    /// [`TestApp::stop_and_verify`] for data elsewhere (a `postgres://` URL).
    ///
    /// # Errors
    /// If verify finds problems or cannot run.
    pub async fn stop_and_verify_at(&mut self, data: &str) -> anyhow::Result<String> {
        if !self.stopped {
            for k in 0..self.processes() {
                if let Some(status) = self.process(k).exited()? {
                    bail!("bot process {k} had exited by itself: {status}");
                }
                self.process(k).kill().await?;
            }
        }
        self.stopped = true;
        self.verify_at(data).await
    }
}

/// What starting bot process `k` of an app needs.
struct Launch<'a> {
    fake: &'a FakeDiscord,
    dir: &'a Path,
    data_dir: &'a Path,
    guild: bool,
    env: &'a [(String, String)],
    shards: Option<u32>,
}

impl Launch<'_> {
    /// Starts process `k`: in a sharded app with `JETAN_SHARDS=k/total`, as client
    /// `shard{k}`, logging to `bot-{k}.log` (process 0 of any app to `bot.log`).
    fn spawn(&self, k: u32) -> anyhow::Result<BotProcess> {
        let mut env = self.env.to_vec();
        let client = self.shards.map(|total| {
            env.push(("JETAN_SHARDS".into(), format!("{k}/{total}")));
            format!("shard{k}")
        });
        let log = if k == 0 {
            self.dir.join("bot.log")
        } else {
            self.dir.join(format!("bot-{k}.log"))
        };
        BotProcess::spawn(
            self.fake,
            client.as_deref(),
            self.data_dir,
            &log,
            self.guild,
            &env,
        )
    }
}
