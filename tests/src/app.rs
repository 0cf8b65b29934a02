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
/// --bin jetan` (as `.ci/run` does) if it is missing, older than a source file of its crates,
/// or `JETAN_E2E_BUILD` is set.
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
        let status = std::process::Command::new(cargo)
            .args(["build", "--workspace", "--bin", "jetan"])
            .current_dir(&workspace)
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

/// Whether a source file of the binary's crates (or `Cargo.lock`) is newer than `bin`.
fn older_than_sources(bin: &Path, workspace: &Path) -> bool {
    fn newest(dir: &Path) -> Option<std::time::SystemTime> {
        let mut best = None;
        for entry in std::fs::read_dir(dir).ok()?.flatten() {
            let path = entry.path();
            let t = if path.is_dir() {
                newest(&path)
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
    let mut sources: Vec<Option<std::time::SystemTime>> =
        ["bot", "core", "rules", "render", "store", "engine"]
            .iter()
            .map(|c| newest(&workspace.join(c).join("src")))
            .collect();
    sources.push(
        std::fs::metadata(workspace.join("Cargo.lock"))
            .and_then(|m| m.modified())
            .ok(),
    );
    sources.into_iter().flatten().any(|t| t > built)
}

/// A running `jetan serve` process. Killed when dropped.
pub struct BotProcess {
    child: tokio::process::Child,
    pid: u32,
    log: PathBuf,
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
        let child = cmd
            .spawn()
            .with_context(|| format!("starting {} serve", bin.display()))?;
        let pid = child.id().context("the bot exited at once")?;
        Ok(Self {
            child,
            pid,
            log: log.to_owned(),
        })
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Kills the process with SIGKILL and reaps it.
    ///
    /// # Errors
    /// If the process cannot be signalled.
    pub async fn kill(&mut self) -> anyhow::Result<()> {
        self.child.start_kill().context("SIGKILL")?;
        self.child.wait().await?;
        Ok(())
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

    /// The bot's log so far (stdout and stderr).
    #[must_use]
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
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

    /// Checks that nothing went wrong behind the scenes — no Discord rule broken (late or
    /// double callbacks, unknown routes), the bot still running — then stops the bot.
    ///
    /// # Errors
    /// Lists what went wrong.
    pub async fn finish(mut self) -> anyhow::Result<()> {
        let violations = self.fake.violations();
        let mut exited = Vec::new();
        if !self.stopped {
            for k in 0..self.processes() {
                if let Some(status) = self.process(k).exited()? {
                    exited.push((k, status));
                }
            }
        }
        if !violations.is_empty() || !exited.is_empty() {
            bail!("violations: {violations:#?}; bot processes exited: {exited:?}");
        }
        if !self.stopped {
            for k in 0..self.processes() {
                self.process(k).kill().await?;
            }
        }
        self.finished = true;
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
        for k in 0..self.processes() {
            if let Some(status) = self.process(k).exited()? {
                bail!("bot process {k} had exited by itself: {status}");
            }
            self.process(k).kill().await?;
        }
        self.stopped = true;
        self.verify_at(data).await
    }

    /// Waits a moment for stragglers (e.g. follow-ups after a reply).
    pub async fn settle(&self) {
        tokio::time::sleep(Duration::from_millis(200)).await;
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
