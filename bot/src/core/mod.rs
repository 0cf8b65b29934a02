//! The command core: everything a player can do, with no Discord in it.
//!
//! [`Core::handle`] takes a [`Request`] (who, where, when, which command with typed
//! arguments) and returns a [`Response`]: a [`Reply`] of plain data (text, PNG/GIF
//! attachments, buttons, public or ephemeral) and, in games against the computer, a note
//! that the computer should now move ([`Core::computer_turn`]). The Discord adapter, the
//! offline console and the tests all drive the bot through this one door.
//!
//! Time and randomness come from outside: the request carries the time, and the core's
//! random source (coin tosses, duel seeds) is seeded by its creator.

pub mod buttons;
mod computer;
mod game;
mod money;
mod pictures;
pub mod reply;
pub mod request;
mod suggest;
mod text;

use std::collections::HashMap;
use std::sync::Mutex;

use jetan_store::{Store, StoreError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use buttons::ButtonAction;
pub use reply::{Attachment, Button, ButtonStyle, Embed, Reply};
pub use request::{mention, ChallengeArgs, Command, First, Request, SettingsArgs, UserRef};

/// The result of handling a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The answer to the request.
    pub reply: Reply,
    /// After this reply, the computer is to move in this channel: call
    /// [`Core::computer_turn`] (off the request's critical path) and post its reply.
    pub computer_moves_in: Option<u64>,
}

impl From<Reply> for Response {
    fn from(reply: Reply) -> Response {
        Response {
            reply,
            computer_moves_in: None,
        }
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// The user asked for something that cannot be done; the text says why and what to do.
    #[error("{0}")]
    User(String),
    /// Something broke on our side; logged, and the user is told nothing changed.
    #[error("internal failure: {0}")]
    Internal(String),
}

impl From<StoreError> for CoreError {
    fn from(e: StoreError) -> CoreError {
        if e.is_refusal() {
            let mut msg = text::capitalise(&e.to_string());
            if !msg.ends_with(['.', '!', '?']) {
                msg.push('.');
            }
            CoreError::User(msg)
        } else {
            CoreError::Internal(e.to_string())
        }
    }
}

impl From<jetan_render::RenderError> for CoreError {
    fn from(e: jetan_render::RenderError) -> CoreError {
        CoreError::Internal(format!("drawing failed: {e}"))
    }
}

/// A user-facing refusal.
pub(crate) fn refuse<T>(msg: impl Into<String>) -> Result<T, CoreError> {
    Err(CoreError::User(msg.into()))
}

/// The bot's shared state: the store, the bot's own identity, names seen, randomness.
pub struct Core {
    store: Store,
    bot: UserRef,
    names: Mutex<HashMap<u64, String>>,
    rng: Mutex<ChaCha8Rng>,
    /// The stop flags of the computer's searches in progress, by game.
    thinking: Mutex<HashMap<u64, std::sync::Arc<std::sync::atomic::AtomicBool>>>,
    /// How long the computer thinks per move (level 3 and up use all of it).
    think: std::time::Duration,
}

impl Core {
    /// A core over `store`. `bot` is the bot's own user (the computer opponent); `seed`
    /// seeds coin tosses and duel seeds.
    pub fn new(store: Store, bot: UserRef, seed: u64) -> Core {
        Core {
            store,
            bot,
            names: Mutex::new(HashMap::new()),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            thinking: Mutex::new(HashMap::new()),
            think: computer::DEFAULT_THINK,
        }
    }

    /// Sets how long the computer thinks per move.
    #[must_use]
    pub fn with_think_time(mut self, think: std::time::Duration) -> Core {
        self.think = think;
        self
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The bot's own user.
    pub fn bot(&self) -> &UserRef {
        &self.bot
    }

    /// Remembers a user's display name (for pictures), in memory and in the store so
    /// that it survives a restart.
    pub fn remember(&self, user: &UserRef) {
        let Ok(mut names) = self.names.lock() else {
            return;
        };
        if names.get(&user.id) != Some(&user.name) {
            names.insert(user.id, user.name.clone());
            drop(names);
            if let Err(e) = self.store.remember_name(user.id, &user.name) {
                tracing::warn!(user = user.id, "cannot store a display name: {e}");
            }
        }
    }

    /// The display name of a user, if seen.
    pub(crate) fn name_of(&self, id: u64) -> String {
        if id == self.bot.id {
            return self.bot.name.clone();
        }
        self.names
            .lock()
            .ok()
            .and_then(|n| n.get(&id).cloned())
            .or_else(|| self.store.display_name(id))
            .unwrap_or_else(|| format!("player {}", id % 10_000))
    }

    fn random_u64(&self) -> u64 {
        self.rng.lock().map(|mut r| r.gen()).unwrap_or(0x5eed)
    }

    /// Handles one request. Refusals become ephemeral replies; internal failures are
    /// logged and become an ephemeral apology (nothing is changed by a failed command).
    pub async fn handle(&self, req: Request) -> Response {
        self.remember(&req.user);
        let command = format!("{:?}", req.command);
        match self.dispatch(&req).await {
            Ok(response) => response,
            Err(CoreError::User(msg)) => Reply::ephemeral(msg).into(),
            Err(CoreError::Internal(msg)) => {
                tracing::error!(guild = req.guild, channel = req.channel, user = req.user.id, %command, "{msg}");
                Reply::ephemeral(
                    "Something went wrong on our side and nothing was changed. Please try again in a moment.",
                )
                .into()
            }
        }
    }

    async fn dispatch(&self, req: &Request) -> Result<Response, CoreError> {
        match &req.command {
            Command::Challenge { opponent, args } => self.challenge(req, opponent, args).await,
            Command::Accept => self.accept(req, None).await,
            Command::Decline => self.decline(req, None).await.map(Into::into),
            Command::Cancel => self.cancel(req).await.map(Into::into),
            Command::Move { from, to, notation } => {
                self.play(req, from.as_deref(), to.as_deref(), notation.as_deref())
                    .await
            }
            Command::Board => self.board(req).map(Into::into),
            Command::Moves { square } => self.moves(req, square).map(Into::into),
            Command::Resign => self.resign(req).await.map(Into::into),
            Command::Draw => self.draw(req).await.map(Into::into),
            Command::Claim => self.claim(req).await.map(Into::into),
            Command::Rematch { first } => self.rematch(req, *first).await,
            Command::Replay => self.replay(req).map(Into::into),
            Command::Wallet { user } => self.wallet(req, user.as_ref()).map(Into::into),
            Command::Standings { page } => self.standings(req, *page).map(Into::into),
            Command::Daily => self.daily(req).await.map(Into::into),
            Command::History { user } => self.history(req, user.as_ref()).map(Into::into),
            Command::Rules => Ok(Reply::ephemeral(text::rules_summary()).into()),
            Command::Settings(args) => self.settings(req, args).await.map(Into::into),
            Command::Button(action) => match *action {
                ButtonAction::Accept(id) => self.accept(req, Some(id)).await,
                ButtonAction::Decline(id) => self.decline(req, Some(id)).await.map(Into::into),
                ButtonAction::DrawAccept(id) => {
                    self.answer_draw(req, id, true).await.map(Into::into)
                }
                ButtonAction::DrawDecline(id) => {
                    self.answer_draw(req, id, false).await.map(Into::into)
                }
            },
        }
    }

    /// The store's view of a request.
    fn store_req(req: &Request) -> jetan_store::Request {
        jetan_store::Request::new(req.id, req.user.id, req.now)
    }
}
