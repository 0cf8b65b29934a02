//! End-to-end tests for the jetan bot: a fake Discord on 127.0.0.1 that the unmodified
//! `jetan serve` binary talks to through `DISCORD_PROXY_URL`, and helpers that read like what
//! users do.
//!
//! The fake serves the REST routes serenity and poise call (gateway URL, current user and
//! application, command registration, interaction callbacks, webhook follow-ups and edits,
//! channel messages) and a WebSocket gateway (HELLO, heartbeats, IDENTIFY → READY and
//! GUILD_CREATE, RESUME, dispatches). Every HTTP request is recorded with its JSON payload and
//! uploaded files.
//!
//! ```no_run
//! # async fn scenario() -> anyhow::Result<()> {
//! use jetan_tests::{FakeDiscord, Opt};
//! let fake = FakeDiscord::start().await?;
//! // ... start a bot with DISCORD_PROXY_URL = fake.base_url() ...
//! fake.wait_for_commands().await?;
//! let alice = fake.user("alice");
//! let bob = fake.user("bob");
//! let reply = alice.slash("jetan challenge", &[("opponent", Opt::from(&bob))]).await?;
//! let challenge = reply.expect_reply().await?.with_png()?;
//! bob.click(&challenge.button("Accept")?).await?.expect_reply().await?;
//! # Ok(())
//! # }
//! ```

mod app;
mod fake;
mod faults;
mod gateway;
pub mod jetan;
mod model;
mod payloads;
mod player;
mod record;
mod routes;

pub use app::{jetan_binary, BotProcess, TestApp};
pub use fake::{without_buttons, Config, FakeDiscord, GuildCall, MessageView};
pub use faults::{Fault, FaultKind};
pub use gateway::{shard_of, Identified};
pub use model::{machine_load, Pings, Thread};
pub use payloads::{UserInfo, FLAG_EPHEMERAL, FLAG_LOADING};
pub use player::{Button, Menu, Opt, Player, Reply, Sent};
pub use record::{File, Recorded};
