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
pub use jetan_store::{ChannelId, GameId, GuildId, OutboxKey, TournamentNews, UserId};

mod admin;
pub mod analysis;
mod args;
mod audit;
pub mod buttons;
mod computer;
mod crosstable;
mod endings;
mod game;
pub mod games;
pub mod lang;
mod lobby;
mod money;
mod move_menu;
mod pictures;
mod play;
mod practice;
mod profile;
mod purge;
mod repeat;
pub mod reply;
mod report;
pub mod request;
mod suggest;
mod text;
mod threads;
mod tournament;
mod upkeep;
pub mod web;
mod words;

use std::collections::HashMap;
use std::sync::Mutex;

use jetan_store::{Game, Store, StoreError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use analysis::AnalysisJob;
pub use buttons::ButtonAction;
pub use games::{picture_labels, CHALLENGE_OPTIONS};
pub use lang::Lang;
pub use purge::PurgeJob;
pub use repeat::Announcement;
pub use reply::{
    Attachment, Button, ButtonStyle, Embed, Markup, Menu, MessageEdit, Reply, Shown, Span, Text,
};
pub use request::{
    choice_names, mention, AdminCommand, ChallengeArgs, Command, Departures, FirstMover,
    GameCommand, GameKind, OptionDecl, Request, SettingsArgs, Takes, TournamentArgs,
    TournamentCommand, TournamentCreators, TournamentKind, UserRef, TOURNAMENT_CREATORS,
    TOURNAMENT_CREATOR_NAMES,
};
pub use threads::{ThreadPlan, ThreadRefusal};
pub use tournament::PairingPlan;
pub use upkeep::{DirectMessage, Sweep};
pub use words::ledger_csv;

/// The result of handling a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The answer to the request.
    pub reply: Reply,
    /// After this reply, the computer is to move in this channel: call
    /// [`Core::computer_turn`] (off the request's critical path) and post its reply.
    pub computer_moves_in: Option<ChannelId>,
    /// Earlier messages to change (an answered challenge loses its buttons).
    pub edits: Vec<MessageEdit>,
    /// The reply shows this challenge or draw offer: once posted, tell the core where
    /// with [`Core::remember_message`], so that it can edit the message when answered.
    pub shows: Option<Shown>,
    /// After this reply, an analysis of a finished game is to run: call
    /// [`Core::run_analysis`] (off the request's critical path: it thinks) and post its
    /// reply.
    pub analysis: Option<AnalysisJob>,
    /// After this reply, the front end is to ask Discord which of these members left the
    /// server and hand the request back ([`PurgeJob::checked`]) to [`Core::handle`].
    pub purge: Option<PurgeJob>,
    /// Messages to post besides the answer, each in its channel (a payment's notice to
    /// its receiver, whose answer to the payer is private).
    pub posts: Vec<(ChannelId, Reply)>,
    /// A game was accepted and is to be played in a thread of its own: the front end
    /// opens it (from the challenge message) and calls [`Core::into_thread`], or, when
    /// it cannot, shows the reply where it is and posts [`Core::thread_refused`].
    pub thread: Option<ThreadPlan>,
    /// Threads of games that just ended, to archive (after the posts).
    pub archive: Vec<ChannelId>,
    /// Threads to open again for a tournament round's pairings (the organiser's
    /// `start` of a running event): the front end opens a thread for each pairing
    /// (after the posts) and calls [`Core::start_pairing`] with it.
    pub pairings: Vec<PairingPlan>,
    /// Tournament news owed in the store (a round paired, with its threads to open; the
    /// final standings): delivered after the posts, then marked delivered (see
    /// [`Announcement`]).
    pub announcements: Vec<Announcement>,
}

impl From<Reply> for Response {
    fn from(reply: Reply) -> Response {
        Response {
            reply,
            computer_moves_in: None,
            edits: Vec::new(),
            shows: None,
            analysis: None,
            purge: None,
            posts: Vec::new(),
            thread: None,
            archive: Vec::new(),
            pairings: Vec::new(),
            announcements: Vec::new(),
        }
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// The user asked for something that cannot be done; the text says why and what to do.
    #[error("{}", .0.plain())]
    User(Text),
    /// The store refused (the rules of the house); worded for the user by
    /// [`text::refusal`].
    #[error(transparent)]
    Refused(StoreError),
    /// Something broke on our side; logged, and the user is told nothing changed.
    #[error("internal failure: {0}")]
    Internal(String),
}

impl From<StoreError> for CoreError {
    fn from(e: StoreError) -> CoreError {
        if e.is_refusal() {
            CoreError::Refused(e)
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

/// A seed from the operating system's entropy source, for coin tosses and Manator duel
/// seeds that no one can predict from the bot's start time.
pub fn os_seed() -> u64 {
    use rand::RngCore;
    let mut bytes = [0u8; 8];
    match rand::rngs::OsRng.try_fill_bytes(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(e) => {
            // Only on a broken system; the clock is a poor but working fallback.
            tracing::error!("no OS entropy ({e}); seeding from the clock");
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(7, |d| d.as_nanos() as u64)
        }
    }
}

/// A user-facing refusal.
pub(crate) fn refuse<T>(msg: impl Into<Text>) -> Result<T, CoreError> {
    Err(CoreError::User(msg.into()))
}

/// The bot's shared state: the store, the bot's own identity, names seen, randomness.
pub struct Core {
    store: Store,
    bot: UserRef,
    names: Mutex<HashMap<UserId, String>>,
    rng: Mutex<ChaCha8Rng>,
    /// The stop flags of the computer's searches in progress, by game.
    thinking: Mutex<HashMap<GameId, std::sync::Arc<std::sync::atomic::AtomicBool>>>,
    /// How long the computer thinks per move (level 3 and up use all of it).
    think: std::time::Duration,
    /// The servers whose upkeep this process does (a sharded bot: those of its shards).
    owns: std::sync::Arc<dyn Fn(u64) -> bool + Send + Sync>,
    /// Each server's preferred locale, as Discord last sent it (for public messages when
    /// the server sets no language).
    guild_locales: Mutex<HashMap<GuildId, String>>,
    /// Held while an analysis runs (one at a time per process).
    analysis_running: Mutex<()>,
    /// Analyses running or waiting to run.
    analyses_waiting: std::sync::atomic::AtomicUsize,
    /// The latest requests whose [`Response::posts`] were handed out: two deliveries of
    /// one interaction racing past the repeat check (both finding no receipt yet, the
    /// store then running the operation once and returning its result to both) post
    /// once.
    posted: Mutex<std::collections::VecDeque<u64>>,
    /// The tournament rounds and final standings announced.
    announced: tournament::Announced,
    /// The links of a web front end's pages, when one serves them.
    web: Option<std::sync::Arc<dyn web::WebLinks>>,
    /// Told the channel of every request handled (a live page re-reads its game).
    observer: Option<std::sync::Arc<dyn Fn(ChannelId) + Send + Sync>>,
}

/// How many request ids [`Core`] remembers having posted for.
const POSTED_MEMORY: usize = 4096;

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
            owns: std::sync::Arc::new(|_| true),
            guild_locales: Mutex::new(HashMap::new()),
            analysis_running: Mutex::new(()),
            analyses_waiting: std::sync::atomic::AtomicUsize::new(0),
            posted: Mutex::new(std::collections::VecDeque::new()),
            announced: tournament::Announced::default(),
            web: None,
            observer: None,
        }
    }

    /// Limits the upkeep ([`Core::sweep`]) to the servers `owns` accepts: a bot split
    /// across processes sweeps the servers of its own shards only.
    pub fn with_servers(mut self, owns: impl Fn(u64) -> bool + Send + Sync + 'static) -> Core {
        self.owns = std::sync::Arc::new(owns);
        self
    }

    /// Whether this process does the upkeep of server `guild`.
    pub fn owns_server(&self, guild: GuildId) -> bool {
        (self.owns)(guild.get())
    }

    /// Sets how long the computer thinks per move.
    #[must_use]
    pub fn with_think_time(mut self, think: std::time::Duration) -> Core {
        self.think = think;
        self
    }

    /// Remembers where a reply that [`Response::shows`] something was posted.
    ///
    /// Returns the message back if its challenge or draw offer was answered before it
    /// was remembered (the answer found no message to edit): the front end then takes
    /// its buttons off all the same, and shows the new text when there is one (a
    /// challenge accepted meanwhile says so, as the accept's own edit would have). If the
    /// answer is being made right now, it takes the message first and edits it itself;
    /// only one of the two gets it.
    pub fn remember_message(
        &self,
        shown: Shown,
        channel: ChannelId,
        message: u64,
    ) -> Option<(jetan_store::MessageRef, Option<Reply>)> {
        let (kind, id, open) = match shown {
            Shown::Challenge(id) => (
                b'c',
                id,
                matches!(self.store.open_challenges_in(channel),
                    Ok(open) if open.iter().any(|c| c.id == id)),
            ),
            Shown::DrawOffer(id) => (
                b'd',
                id,
                matches!(self.store.game(channel),
                    Ok(Some(g)) if g.id == id && g.draw_offer.is_some()),
            ),
        };
        let at = jetan_store::MessageRef { channel, message };
        if let Err(e) = self.store.remember_message(kind, id, at) {
            tracing::warn!(channel = %channel, message, "cannot remember a message: {e}");
        }
        if open {
            return None;
        }
        let at = self.store.take_message(kind, id)?;
        let text = match shown {
            Shown::Challenge(id) => self.accepted_game(channel, id).map(|game| {
                lang::tr!(
                    self.public_lang(game.guild),
                    "edit-accepted",
                    who = request::mention(game.challenged())
                )
            }),
            // Accepted or declined: the offer's message only loses its buttons.
            Shown::DrawOffer(_) => None,
        };
        Some((at, text.map(Reply::public)))
    }

    /// The game that challenge `id` became, if it was accepted (a game takes its
    /// challenge's id): in the challenge's channel, finished since, or in its thread.
    fn accepted_game(&self, channel: ChannelId, id: GameId) -> Option<Game> {
        if let Ok(Some(g)) = self.store.game(channel) {
            if g.id == id {
                return Some(g);
            }
        }
        if let Ok(Some(f)) = self.store.finished_game(id) {
            return Some(f.game);
        }
        self.store
            .games_without_moves()
            .ok()?
            .into_iter()
            .find(|g| g.id == id)
    }

    /// The practice games of this process's servers where the computer is to move, as
    /// (server, channel): at start-up it was thinking there when the bot stopped.
    ///
    /// # Errors
    /// A failure to read the store.
    pub fn computer_turns_to_resume(&self) -> Result<Vec<(GuildId, ChannelId)>, CoreError> {
        Ok(self
            .store
            .games()?
            .into_iter()
            .filter(|g| g.terms.practice && g.to_move() == self.bot.id && self.owns_server(g.guild))
            .map(|g| (g.guild, g.channel))
            .collect())
    }

    /// Forgets the ids of requests answered before `before` (kept to answer a
    /// redelivered request once); returns how many.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn prune_requests(&self, before: u64) -> Result<usize, CoreError> {
        Ok(self.store.prune_requests(before)?)
    }

    /// The name last seen of a user, if any.
    pub fn display_name(&self, user: UserId) -> Option<String> {
        self.store.display_name(user)
    }

    /// Writes everything stored so far to disk (at shutdown).
    ///
    /// # Errors
    /// A failure of the store.
    pub fn flush(&self) -> Result<(), CoreError> {
        Ok(self.store.flush()?)
    }

    /// The store, for tests and tools that inspect the data directly. Front ends go
    /// through the core's requests and the methods above, never through this.
    #[doc(hidden)]
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
                tracing::warn!(user = %user.id, "cannot store a display name: {e}");
            }
        }
    }

    /// The display name of a user; one the bot has never seen is "player 1234" (the
    /// last digits of the id) in `lang`.
    pub(crate) fn name_of(&self, id: UserId, lang: Lang) -> String {
        if id == self.bot.id {
            return self.bot.name.clone();
        }
        self.names
            .lock()
            .ok()
            .and_then(|n| n.get(&id).cloned())
            .or_else(|| self.store.display_name(id))
            .unwrap_or_else(|| {
                lang::tr!(lang, "unknown-player", n = (id.get() % 10_000).to_string()).unmarked()
            })
    }

    /// The language of public messages on server `guild`: its `language` setting, else
    /// the preferred locale Discord sent with its last interaction (stored in the
    /// server's settings, so it survives a restart), else English.
    pub fn public_lang(&self, guild: GuildId) -> Lang {
        if let Ok(settings) = self.store.settings(guild) {
            if let Some(lang) = [settings.language, settings.discord_locale]
                .into_iter()
                .flatten()
                .find_map(|l| Lang::from_locale(&l))
            {
                return lang;
            }
        }
        self.guild_locales
            .lock()
            .ok()
            .and_then(|m| m.get(&guild).and_then(|l| Lang::from_locale(l)))
            .unwrap_or_default()
    }

    /// Remembers the server's preferred locale sent with `req`: in memory, and in the
    /// server's settings record when it differs from what this process last saw (the
    /// store writes only a change), so the bot's own posts after a restart use it.
    fn remember_guild_locale(&self, req: &Request) {
        let Some(locale) = &req.guild_locale else {
            return;
        };
        let Ok(mut known) = self.guild_locales.lock() else {
            return;
        };
        if known.get(&req.guild) == Some(locale) {
            return;
        }
        known.insert(req.guild, locale.clone());
        drop(known);
        if let Err(e) = self.store.remember_guild_locale(req.guild, locale, req.now) {
            tracing::warn!(guild = %req.guild, "cannot store the server's locale: {e}");
        }
    }

    fn random_u64(&self) -> u64 {
        self.rng.lock().map(|mut r| r.gen()).unwrap_or(0x5eed)
    }

    /// Handles one request. Refusals become ephemeral replies; internal failures are
    /// logged and become an ephemeral apology (nothing is changed by a failed command).
    pub fn handle(&self, req: Request) -> Response {
        self.remember(&req.user);
        self.remember_guild_locale(&req);
        let lang = Lang::of(&req.locale);
        let command = format!("{:?}", req.command);
        let response = self.answer(&req, lang, &command);
        self.observe(req.channel);
        response
    }

    fn answer(&self, req: &Request, lang: Lang, command: &str) -> Response {
        match self.dispatch(req) {
            Ok(response) => response,
            Err(CoreError::User(msg)) => Reply::ephemeral(msg).into(),
            Err(CoreError::Refused(e)) => {
                let currency = self
                    .store
                    .settings(req.guild)
                    .map(|s| s.currency)
                    .unwrap_or_else(|_| "coins".into());
                let mut why = games::refusal(lang, &e)
                    .or_else(|| tournament::refusal(lang, &e))
                    .unwrap_or_else(|| text::refusal(lang, &e, &currency));
                // No game here: say where the asker's game is, if they play one.
                if matches!(e, StoreError::NoGame) {
                    if let Some(there) = crate::threads::your_game_elsewhere(self, req, lang) {
                        why.line(there);
                    }
                }
                Reply::ephemeral(why).into()
            }
            Err(CoreError::Internal(msg)) => {
                tracing::error!(guild = %req.guild, channel = %req.channel, user = %req.user.id, %command, "{msg}");
                Reply::ephemeral(lang::tr!(lang, "internal")).into()
            }
        }
    }

    fn dispatch(&self, req: &Request) -> Result<Response, CoreError> {
        if let Some(response) = crate::repeat::repeated(self, req)? {
            return Ok(response);
        }
        // A settings change may stop the audit: its own line goes where the audit was.
        let audit_before = match &req.command {
            Command::Admin(AdminCommand::Settings(_)) => self
                .store
                .settings(req.guild)
                .ok()
                .and_then(|s| s.audit_channel),
            _ => None,
        };
        let mut response = self.run(req)?;
        crate::audit::audit(self, req, &mut response, audit_before);
        crate::threads::close_thread_of(self, req, &mut response);
        crate::tournament::after_request(self, req, &mut response);
        crate::web::watch_links(self, req.guild, &mut response);
        if !response.posts.is_empty() && !self.first_to_post(req.id) {
            response.posts.clear();
        }
        Ok(response)
    }

    /// Whether this is the first response for request `id` to carry posts.
    fn first_to_post(&self, id: u64) -> bool {
        let Ok(mut posted) = self.posted.lock() else {
            return true;
        };
        if posted.contains(&id) {
            return false;
        }
        if posted.len() >= POSTED_MEMORY {
            posted.pop_front();
        }
        posted.push_back(id);
        true
    }

    /// Runs a command that is not a repeat.
    fn run(&self, req: &Request) -> Result<Response, CoreError> {
        match &req.command {
            Command::Challenge { opponent, args } => {
                crate::lobby::challenge(self, req, opponent, args)
            }
            Command::Accept => crate::lobby::accept_typed(self, req),
            Command::Decline => crate::lobby::decline(self, req, None),
            Command::Cancel => crate::lobby::cancel(self, req),
            Command::Move { from, to, notation } => crate::play::play(
                self,
                req,
                from.as_deref(),
                to.as_deref(),
                notation.as_deref(),
            ),
            Command::Board => crate::play::board(self, req).map(Into::into),
            Command::Moves { square } => crate::play::moves(self, req, square).map(Into::into),
            Command::Resign => crate::endings::resign_typed(self, req).map(Into::into),
            Command::Draw => crate::endings::draw(self, req),
            Command::Claim => crate::endings::claim(self, req).map(Into::into),
            Command::Rematch { first } => crate::lobby::rematch(self, req, *first),
            Command::Replay { game } => {
                crate::endings::replay(self, req, game.as_deref()).map(Into::into)
            }
            Command::Record { game } => {
                crate::endings::record(self, req, game.as_deref()).map(Into::into)
            }
            Command::Wallet { user } => {
                crate::money::wallet(self, req, user.as_ref()).map(Into::into)
            }
            Command::Standings { page, rating } => match rating {
                Some(pool) => {
                    crate::money::rating_standings(self, req, *page, pool.clone()).map(Into::into)
                }
                None => crate::money::standings(self, req, *page).map(Into::into),
            },
            Command::Daily => crate::money::daily(self, req).map(Into::into),
            Command::Pay { user, amount, note } => {
                crate::money::pay(self, req, user, *amount, note.as_deref())
            }
            Command::History { user } => {
                crate::money::history(self, req, user.as_ref()).map(Into::into)
            }
            Command::Profile { user, share } => {
                crate::profile::profile(self, req, user.as_ref(), *share).map(Into::into)
            }
            Command::Analyse { game } => crate::analysis::analyse(self, req, game.as_deref()),
            Command::Rules => Ok(Reply::ephemeral(crate::games::rules(self, req)).into()),
            Command::Settings => crate::money::show_settings(self, req).map(Into::into),
            Command::Games => crate::threads::games_list(self, req).map(Into::into),
            Command::Notify { dm } => crate::threads::notify(self, req, *dm).map(Into::into),
            Command::Web => crate::web::command(self, req),
            Command::Admin(admin) => crate::admin::admin(self, req, admin),
            Command::Tournament(t) => crate::tournament::run(self, req, t),
            Command::Button(action) => match action {
                ButtonAction::Accept(id) => crate::lobby::accept(self, req, *id),
                ButtonAction::Decline(id) => crate::lobby::decline(self, req, Some(*id)),
                ButtonAction::DrawAccept(id) => crate::endings::answer_draw(self, req, *id, true),
                ButtonAction::DrawDecline(id) => crate::endings::answer_draw(self, req, *id, false),
                ButtonAction::Resign(id) => crate::endings::resign(self, req, *id).map(Into::into),
                ButtonAction::Game { id, name } => {
                    crate::move_menu::game_button(self, req, *id, name, None)
                }
                ButtonAction::TournamentJoin(id) => {
                    crate::tournament::join(self, req, jetan_store::TournamentId(*id))
                }
                ButtonAction::TournamentLeave(id) => {
                    crate::tournament::leave(self, req, jetan_store::TournamentId(*id))
                }
            },
            Command::Game(c) => crate::games::game_command(self, req, c),
            Command::Choose { menu, value } => match menu {
                ButtonAction::Game { id, name } => {
                    crate::move_menu::game_button(self, req, *id, name, Some(value))
                }
                _ => refuse(lang::tr!(Lang::of(&req.locale), "menu-not-mine")),
            },
        }
    }

    /// A command about `game`, for the game interface.
    fn cx<'a>(&'a self, req: &'a Request, game: &'a jetan_store::Game) -> game::Cx<'a> {
        game::Cx {
            core: self,
            req,
            game,
        }
    }

    /// The game in progress in the request's channel, or the refusal that there is none.
    pub(crate) fn game_in(&self, req: &Request) -> Result<Game, CoreError> {
        self.store
            .game(req.channel)?
            .ok_or(CoreError::Refused(jetan_store::StoreError::NoGame))
    }

    /// The server's currency name, or "coins" if the settings cannot be read.
    pub(crate) fn currency_or_default(&self, guild: GuildId) -> String {
        self.currency(guild).unwrap_or_else(|_| "coins".into())
    }

    /// The server's currency name.
    pub(crate) fn currency(&self, guild: GuildId) -> Result<String, CoreError> {
        Ok(self.store.settings(guild)?.currency)
    }

    /// The store's view of a request.
    fn store_req(req: &Request) -> jetan_store::Stamp {
        jetan_store::Stamp::new(req.id, req.user.id, req.now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A user the bot has never seen is named by the last digits of the id, in the
    /// language asked for; one it has seen, by the name it knows.
    #[test]
    fn a_user_never_seen_is_player_and_digits_in_each_language() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("data")).unwrap();
        let core = Core::new(store, UserRef::new(1, "Jetan".to_owned()), 7);
        let stranger = 987_650_001_234;
        assert_eq!(core.name_of(UserId(stranger), Lang::En), "player 1234");
        assert_eq!(core.name_of(UserId(stranger), Lang::Es), "jugador 1234");
        core.remember(&UserRef::new(stranger, "Tara".to_owned()));
        assert_eq!(core.name_of(UserId(stranger), Lang::Es), "Tara");
    }
}
