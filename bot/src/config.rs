//! Settings of `jetan serve`, read from the environment (and a `.env` file, if present).
//! `.env.example` at the top of the repository lists every one.

use jetan_core::GuildId;

use secrecy::SecretString;
use std::path::PathBuf;

/// Why the settings cannot be used: which setting, and how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A required setting is missing.
    #[error("{name} is not set: {fix}")]
    Missing {
        /// The variable.
        name: &'static str,
        /// How to fix it.
        fix: &'static str,
    },
    /// A setting has a value that cannot be used.
    #[error("{name} is malformed ({problem}): {fix}")]
    Malformed {
        /// The variable.
        name: &'static str,
        /// What is wrong (never the value of a secret).
        problem: String,
        /// How to fix it.
        fix: &'static str,
    },
}

/// A Discord bot token: a [`SecretString`], whose `Debug` never shows it (it is only
/// exposed to hand it to serenity).
pub type Token = SecretString;

/// The bot's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DISCORD_TOKEN`: the bot's token (required for `serve`).
    pub token: Token,
    /// `JETAN_DATA_DIR`: where games and wallets are stored (default `./jetan-data`), unless
    /// `JETAN_DATABASE_URL` is set.
    pub data_dir: PathBuf,
    /// `JETAN_DATABASE_URL`: store everything in this PostgreSQL database
    /// (`postgres://user:password@host:port/database`) instead of the data directory;
    /// several bot processes may share it. Secret (it may hold a password).
    pub database_url: Option<SecretString>,
    /// `DISCORD_GUILD_ID`: register the commands in this server only (instantly) instead of
    /// globally.
    pub guild_id: Option<u64>,
    /// `DISCORD_PROXY_URL`: send every REST call to this base URL instead of Discord; the
    /// proxy then owns rate limiting, so the local rate limiter is off.
    pub proxy_url: Option<String>,
    /// `JETAN_DEFER_AFTER_MS`: a command still working after this long is deferred
    /// (Discord's "thinking…"; privately for a private answer). Default 1,200 ms, at most
    /// 2,500 (Discord wants an answer within 3 s); 0 defers every command at once.
    pub defer_after: std::time::Duration,
    /// `JETAN_UPKEEP_SECONDS`: how often the bot's own upkeep runs (expired challenges,
    /// stalled games, reminders): every 60 s by default, from 1 to 60.
    pub upkeep_every: std::time::Duration,
    /// `JETAN_WORKERS`: how many commands do their CPU and disk work at once (default:
    /// the number of cores). A command that cannot start at once is deferred at once.
    pub workers: usize,
    /// `JETAN_SHARDS`: the gateway shards this process runs (default: every shard, as
    /// many as Discord recommends, in this process).
    pub shards: Option<ShardRange>,
    /// `JETAN_WEB_ADDR`, `JETAN_PUBLIC_URL`, `JETAN_WEB_SECRET`: the web pages (live
    /// games, playing by clicking), off when `JETAN_WEB_ADDR` is unset.
    pub web: Option<WebConfig>,
}

/// The web pages' settings.
#[derive(Debug, Clone)]
pub struct WebConfig {
    /// `JETAN_WEB_ADDR`: where to listen (`127.0.0.1:8080`).
    pub addr: std::net::SocketAddr,
    /// `JETAN_PUBLIC_URL`: the base of the links the bot posts (`https://jetan.example`);
    /// default `http://` and the address listened on.
    pub public_url: Option<String>,
    /// `JETAN_WEB_SECRET`: the key that signs the servers' addresses and the players'
    /// links (at least 32 characters; changing it ends every link given).
    pub secret: SecretString,
}

/// The shortest `JETAN_WEB_SECRET`.
pub const MIN_WEB_SECRET: usize = 32;

/// `JETAN_SHARDS=0-3/8`: this process runs gateway shards 0 to 3 of 8 (`1/2`: shard 1 of
/// 2). A server belongs to shard `(server id >> 22) % total`, as Discord routes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (inclusive).
    pub last: u32,
    /// How many shards the bot has in all.
    pub total: u32,
}

impl ShardRange {
    /// Reads `first-last/total` or `shard/total`.
    ///
    /// # Errors
    /// What is wrong, in words.
    pub fn parse(s: &str) -> Result<ShardRange, String> {
        let (range, total) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` has no `/total`"))?;
        let num = |x: &str| {
            x.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{x}` is not a shard number"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(range)?, num(range)?),
        };
        let total = num(total)?;
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "`{s}`: shards {first} to {last} are not a range within 0 to {}",
                total.saturating_sub(1)
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// The shard of a server.
    pub fn shard_of(&self, guild: GuildId) -> u32 {
        ((guild.get() >> 22) % u64::from(self.total)) as u32
    }

    /// Whether this process runs the shard of `guild`.
    pub fn owns(&self, guild: GuildId) -> bool {
        (self.first..=self.last).contains(&self.shard_of(guild))
    }

    /// The range to hand to serenity 0.12's `Client::start_shard_range`, whose end is
    /// *inclusive* despite the `Range` type: it boots `end - start + 1` shards from
    /// `start` (`start_connection` in serenity's `client/mod.rs`; its own example,
    /// `4..7` of 10, means shards 4 through 7). So shards 0 to 3 are `0..3`, and the one
    /// shard 1 is `1..1`.
    pub fn serenity_range(&self) -> std::ops::Range<u32> {
        self.first..self.last
    }
}

/// The default of `JETAN_DEFER_AFTER_MS`.
pub const DEFAULT_DEFER_AFTER_MS: u64 = 1200;

/// The default data directory.
pub const DEFAULT_DATA_DIR: &str = "./jetan-data";

impl Config {
    /// Reads the settings through `get` (the environment in production, a map in tests).
    ///
    /// # Errors
    /// The first missing or malformed setting, saying how to fix it.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let non_empty = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let token = non_empty("DISCORD_TOKEN").ok_or(ConfigError::Missing {
            name: "DISCORD_TOKEN",
            fix: "create a bot in the Discord developer portal, copy its token, and set \
                  DISCORD_TOKEN in the environment or in .env",
        })?;
        if token.chars().any(char::is_whitespace) {
            return Err(ConfigError::Malformed {
                name: "DISCORD_TOKEN",
                problem: "it contains whitespace".into(),
                fix: "paste the token exactly as the developer portal shows it",
            });
        }
        let data_dir = non_empty("JETAN_DATA_DIR")
            .unwrap_or_else(|| DEFAULT_DATA_DIR.into())
            .into();
        let database_url = match non_empty("JETAN_DATABASE_URL") {
            None => None,
            Some(v) if v.starts_with("postgres://") || v.starts_with("postgresql://") => {
                Some(SecretString::from(v))
            }
            Some(_) => return Err(ConfigError::Malformed {
                name: "JETAN_DATABASE_URL",
                problem: "it does not start with postgres:// or postgresql://".into(),
                fix:
                    "write a PostgreSQL URL like postgres://jetan:password@db.example:5432/jetan, \
                          or leave it unset to store in JETAN_DATA_DIR",
            }),
        };
        let guild_id = match non_empty("DISCORD_GUILD_ID") {
            None => None,
            Some(v) => Some(v.parse::<u64>().ok().filter(|&n| n > 0).ok_or(ConfigError::Malformed {
                name: "DISCORD_GUILD_ID",
                problem: format!("`{v}` is not a server id"),
                fix: "use the numeric id of the server (Developer Mode → right-click the server → Copy \
                      Server ID), or leave it unset to register commands globally",
            })?),
        };
        let proxy_url = match non_empty("DISCORD_PROXY_URL") {
            None => None,
            Some(v) => {
                let ok = (v.starts_with("http://") || v.starts_with("https://"))
                    && v.len() > "http://".len() + 1;
                if !ok {
                    return Err(ConfigError::Malformed {
                        name: "DISCORD_PROXY_URL",
                        problem: format!("`{v}` is not an http(s) URL"),
                        fix: "write the proxy's base URL, like http://127.0.0.1:3000, or leave it unset",
                    });
                }
                Some(v.trim_end_matches('/').to_string())
            }
        };
        let defer_after = match non_empty("JETAN_DEFER_AFTER_MS") {
            None => DEFAULT_DEFER_AFTER_MS,
            Some(v) => {
                v.parse::<u64>()
                    .ok()
                    .filter(|&n| n <= 2500)
                    .ok_or(ConfigError::Malformed {
                        name: "JETAN_DEFER_AFTER_MS",
                        problem: format!("`{v}` is not a number of milliseconds from 0 to 2500"),
                        fix:
                            "leave it unset (1200), or give milliseconds below Discord's 3 s limit",
                    })?
            }
        };
        let upkeep_seconds = match non_empty("JETAN_UPKEEP_SECONDS") {
            None => 60,
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=60).contains(n))
                .ok_or(ConfigError::Malformed {
                    name: "JETAN_UPKEEP_SECONDS",
                    problem: format!("`{v}` is not a number of seconds from 1 to 60"),
                    fix: "leave it unset (every minute), or give seconds from 1 to 60",
                })?,
        };
        let workers = match non_empty("JETAN_WORKERS") {
            None => std::thread::available_parallelism().map_or(2, usize::from),
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=256).contains(n))
                .ok_or(ConfigError::Malformed {
                    name: "JETAN_WORKERS",
                    problem: format!("`{v}` is not a number from 1 to 256"),
                    fix: "leave it unset (one per core), or give a small whole number",
                })?,
        };
        let shards = match non_empty("JETAN_SHARDS") {
            None => None,
            Some(v) => Some(ShardRange::parse(&v).map_err(|problem| ConfigError::Malformed {
                name: "JETAN_SHARDS",
                problem,
                fix: "write first-last/total, like 0-3/8 for shards 0 to 3 of 8 (or 1/2 for shard 1 \
                      of 2), the same total in every process; or leave it unset to run every shard here",
            })?),
        };
        if shards.is_some() && database_url.is_none() {
            return Err(ConfigError::Malformed {
                name: "JETAN_SHARDS",
                problem: "the processes of a sharded bot must share one database".into(),
                fix: "set JETAN_DATABASE_URL too (a data directory belongs to one process), or \
                      leave JETAN_SHARDS unset",
            });
        }
        let web = match non_empty("JETAN_WEB_ADDR") {
            None => None,
            Some(v) => {
                let addr = v.parse::<std::net::SocketAddr>().map_err(|_| ConfigError::Malformed {
                    name: "JETAN_WEB_ADDR",
                    problem: format!("`{v}` is not an address and port"),
                    fix: "write an address and port to listen on, like 127.0.0.1:8080 (or 0.0.0.0:8080 \
                          behind a proxy), or leave it unset to serve no web pages",
                })?;
                let public_url = match non_empty("JETAN_PUBLIC_URL") {
                    None => None,
                    Some(u) => {
                        let ok = (u.starts_with("http://") || u.starts_with("https://"))
                            && u.len() > "https://".len()
                            && !u.contains(char::is_whitespace);
                        if !ok {
                            return Err(ConfigError::Malformed {
                                name: "JETAN_PUBLIC_URL",
                                problem: format!("`{u}` is not an http(s) URL"),
                                fix: "write the address players open, like https://jetan.example, or \
                                      leave it unset to link to JETAN_WEB_ADDR",
                            });
                        }
                        Some(u.trim_end_matches('/').to_string())
                    }
                };
                let secret = non_empty("JETAN_WEB_SECRET").ok_or(ConfigError::Missing {
                    name: "JETAN_WEB_SECRET",
                    fix: "set it to a long random string (at least 32 characters, e.g. `openssl rand \
                          -hex 32`): it signs the links to play; or unset JETAN_WEB_ADDR",
                })?;
                if secret.chars().count() < MIN_WEB_SECRET {
                    return Err(ConfigError::Malformed {
                        name: "JETAN_WEB_SECRET",
                        problem: format!("it is shorter than {MIN_WEB_SECRET} characters"),
                        fix: "use a long random string, e.g. `openssl rand -hex 32`",
                    });
                }
                Some(WebConfig {
                    addr,
                    public_url,
                    secret: SecretString::from(secret),
                })
            }
        };
        Ok(Config {
            token: SecretString::from(token),
            data_dir,
            database_url,
            guild_id,
            proxy_url,
            defer_after: std::time::Duration::from_millis(defer_after),
            upkeep_every: std::time::Duration::from_secs(upkeep_seconds),
            workers,
            shards,
            web,
        })
    }

    /// Where the data is: the database if `JETAN_DATABASE_URL` is set, else the data
    /// directory.
    pub fn location(&self) -> jetan_store::Location {
        match &self.database_url {
            Some(url) => jetan_store::Location::Postgres(
                secrecy::ExposeSecret::expose_secret(url).to_owned(),
            ),
            None => jetan_store::Location::Dir(self.data_dir.clone()),
        }
    }

    /// Reads `.env` (if present) into the environment, then the settings from the environment.
    ///
    /// # Errors
    /// As [`Config::from_lookup`], or a `.env` file that cannot be read.
    pub fn from_env() -> Result<Config, ConfigError> {
        match dotenvy::dotenv() {
            Ok(_) => {}
            Err(e) if e.not_found() => {}
            Err(e) => {
                return Err(ConfigError::Malformed {
                    name: ".env",
                    problem: e.to_string(),
                    fix: "fix the line it names, or remove the .env file",
                })
            }
        }
        Config::from_lookup(|name| std::env::var(name).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn a_token_is_required_and_never_shown() {
        let err = config(&[]).unwrap_err().to_string();
        assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
        let c = config(&[("DISCORD_TOKEN", "secret-token")]).unwrap();
        assert!(!format!("{c:?}").contains("secret-token"));
        assert_eq!(c.data_dir, PathBuf::from(DEFAULT_DATA_DIR));
        assert_eq!(c.guild_id, None);
    }

    #[test]
    fn malformed_settings_name_the_setting() {
        let err = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "abc")]).unwrap_err();
        assert!(
            err.to_string().starts_with("DISCORD_GUILD_ID is malformed"),
            "{err}"
        );
        let err = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_PROXY_URL", "127.0.0.1:80"),
        ])
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("DISCORD_PROXY_URL is malformed"),
            "{err}"
        );
        let err = config(&[("DISCORD_TOKEN", "a b")]).unwrap_err();
        assert!(!err.to_string().contains("a b"));
        let err = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_DATABASE_URL", "mysql://root:hunter2@db/x"),
        ])
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("JETAN_DATABASE_URL is malformed"),
            "{err}"
        );
        assert!(!err.to_string().contains("hunter2"));
    }

    #[test]
    fn shard_ranges_parse_and_own_their_servers() {
        let r = ShardRange::parse("0-3/8").unwrap();
        assert_eq!((r.first, r.last, r.total), (0, 3, 8));
        assert_eq!(ShardRange::parse("1/2").unwrap().first, 1);
        for bad in ["3", "4-2/8", "0-8/8", "0/0", "a-b/c", "1/2/3"] {
            assert!(ShardRange::parse(bad).is_err(), "{bad}");
        }
        let (zero, one) = (
            ShardRange::parse("0/2").unwrap(),
            ShardRange::parse("1/2").unwrap(),
        );
        // Discord's rule: (id >> 22) % total.
        let g0 = 2 << 22;
        let g1 = (3 << 22) + 12345;
        assert!(zero.owns(GuildId(g0)) && !zero.owns(GuildId(g1)));
        assert!(one.owns(GuildId(g1)) && !one.owns(GuildId(g0)));
        // serenity 0.12 boots `end - start + 1` shards from `start` (its
        // `start_connection`): neither one too few nor one too many.
        let boots = |r: ShardRange| {
            let s = r.serenity_range();
            (s.start..s.start + (s.end - s.start + 1)).collect::<Vec<_>>()
        };
        assert_eq!(r.serenity_range(), 0..3);
        assert_eq!(boots(r), [0, 1, 2, 3]);
        assert_eq!(boots(zero), [0]);
        assert_eq!(boots(one), [1]);
        assert_eq!(
            boots(ShardRange::parse("0-7/8").unwrap()),
            (0..8).collect::<Vec<_>>()
        );
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_SHARDS", "0-3/8"),
            ("JETAN_DATABASE_URL", "postgres://db/jetan"),
        ])
        .unwrap();
        assert_eq!(c.shards, Some(r));
        let err = config(&[("DISCORD_TOKEN", "t"), ("JETAN_SHARDS", "0-3/8")]).unwrap_err();
        assert!(err.to_string().contains("share one database"), "{err}");
        let err = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_SHARDS", "9/8"),
            ("JETAN_DATABASE_URL", "postgres://db/jetan"),
        ])
        .unwrap_err();
        assert!(
            err.to_string().starts_with("JETAN_SHARDS is malformed"),
            "{err}"
        );
    }

    #[test]
    fn a_database_url_replaces_the_data_directory_and_is_never_shown() {
        let url = "postgres://jetan:hunter2@db.example:5432/jetan";
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_DATA_DIR", "/tmp/x"),
            ("JETAN_DATABASE_URL", url),
        ])
        .unwrap();
        assert_eq!(c.location(), jetan_store::Location::Postgres(url.into()));
        assert!(!format!("{c:?}").contains("hunter2"));
        assert_eq!(
            c.location().to_string(),
            "postgres://jetan:***@db.example:5432/jetan"
        );
    }

    #[test]
    fn the_web_pages_need_an_address_and_a_long_secret_never_shown() {
        let secret = "0123456789abcdef0123456789abcdef-hunter2";
        assert!(config(&[("DISCORD_TOKEN", "t")]).unwrap().web.is_none());
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_WEB_ADDR", "127.0.0.1:8080"),
            ("JETAN_PUBLIC_URL", "https://jetan.example/"),
            ("JETAN_WEB_SECRET", secret),
        ])
        .unwrap();
        let web = c.web.clone().unwrap();
        assert_eq!(web.addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(web.public_url.as_deref(), Some("https://jetan.example"));
        assert!(!format!("{c:?}").contains("hunter2"));
        let err = config(&[("DISCORD_TOKEN", "t"), ("JETAN_WEB_ADDR", "127.0.0.1:8080")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("JETAN_WEB_SECRET is not set"), "{err}");
        let err = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_WEB_ADDR", "127.0.0.1:8080"),
            ("JETAN_WEB_SECRET", "short-hunter2"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("JETAN_WEB_SECRET is malformed"), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
        for (name, value) in [
            ("JETAN_WEB_ADDR", "localhost"),
            ("JETAN_PUBLIC_URL", "jetan.example"),
        ] {
            let mut pairs = vec![
                ("DISCORD_TOKEN", "t"),
                ("JETAN_WEB_ADDR", "127.0.0.1:8080"),
                ("JETAN_WEB_SECRET", secret),
            ];
            pairs.retain(|(n, _)| *n != name);
            pairs.push((name, value));
            let err = config(&pairs).unwrap_err().to_string();
            assert!(err.starts_with(&format!("{name} is malformed")), "{err}");
        }
    }

    #[test]
    fn all_settings_read() {
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("JETAN_DATA_DIR", "/tmp/x"),
            ("DISCORD_GUILD_ID", "42"),
            ("DISCORD_PROXY_URL", "http://127.0.0.1:9/"),
        ])
        .unwrap();
        assert_eq!(c.data_dir, PathBuf::from("/tmp/x"));
        assert_eq!(c.location(), jetan_store::Location::Dir("/tmp/x".into()));
        assert_eq!(c.guild_id, Some(42));
        assert_eq!(c.proxy_url.as_deref(), Some("http://127.0.0.1:9"));
    }
}
