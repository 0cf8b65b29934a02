//! Answering an interaction within Discord's rules, whatever the load.
//!
//! - The core's work (store, pictures) runs on tokio's blocking pool, at most
//!   [`Workers`] at a time (one per core by default): the async workers that send
//!   acknowledgements and heartbeats are never the ones doing it, and queued work never
//!   delays an acknowledgement.
//! - A command that cannot start at once is deferred at once; one that is still working
//!   after `JETAN_DEFER_AFTER_MS` is deferred then.
//! - A private answer stays private on every path: a command whose answer is always
//!   private defers privately; a public deferral whose outcome is a refusal is deleted
//!   and the refusal sent as a private follow-up; a button press is deferred silently
//!   (no visible "thinking…"), so its follow-ups keep their own visibility.

use crate::web::metrics::METRICS;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use jetan_core::{ButtonAction, ChannelId, Command, Core, Reply, Request, Response};

use super::deliver::{self, Failed, Kind};
use super::present;
use super::threads;
use super::workers::{blocking, spawn_with, Workers};

/// The interaction being answered.
#[derive(Clone, Copy)]
pub(crate) enum Target<'a> {
    /// A slash command.
    Command(&'a serenity::CommandInteraction),
    /// A button press.
    Component(&'a serenity::ComponentInteraction),
}

/// How the interaction was acknowledged before its answer was ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deferred {
    /// "thinking…" only the asker sees.
    Privately,
    /// "thinking…" in the channel.
    Publicly,
    /// A button press acknowledged without any visible change.
    Silently,
}

impl Target<'_> {
    /// The bot's permissions where the interaction came from, as Discord sends them.
    fn permissions(self) -> Option<serenity::Permissions> {
        match self {
            Target::Command(c) => c.app_permissions,
            Target::Component(c) => c.app_permissions,
        }
    }

    /// The kind of channel the interaction came from, when Discord says.
    fn channel_kind(self) -> Option<serenity::ChannelType> {
        match self {
            Target::Command(c) => c.channel.as_ref().map(|c| c.kind),
            Target::Component(c) => c.channel.as_ref().map(|c| c.kind),
        }
    }

    async fn defer(self, http: &serenity::Http, private: bool) -> serenity::Result<Deferred> {
        match self {
            Target::Command(c) => {
                let msg = serenity::CreateInteractionResponseMessage::new().ephemeral(private);
                c.create_response(http, serenity::CreateInteractionResponse::Defer(msg))
                    .await?;
                Ok(if private {
                    Deferred::Privately
                } else {
                    Deferred::Publicly
                })
            }
            Target::Component(c) => {
                c.create_response(http, serenity::CreateInteractionResponse::Acknowledge)
                    .await?;
                Ok(Deferred::Silently)
            }
        }
    }

    /// The deferral `defer` makes, had it landed.
    fn deferral(self, private: bool) -> Deferred {
        match self {
            Target::Command(_) if private => Deferred::Privately,
            Target::Command(_) => Deferred::Publicly,
            Target::Component(_) => Deferred::Silently,
        }
    }

    /// The first answer, as the interaction's callback; returns the id of the message
    /// that shows it, when known.
    async fn respond(
        self,
        http: &serenity::Http,
        reply: &Reply,
    ) -> serenity::Result<Option<serenity::MessageId>> {
        let msg = present::response_message(reply);
        match self {
            Target::Command(c) => {
                c.create_response(http, serenity::CreateInteractionResponse::Message(msg))
                    .await?;
                Ok(None)
            }
            Target::Component(c) => {
                let response = if reply.update_message {
                    serenity::CreateInteractionResponse::UpdateMessage(msg)
                } else {
                    serenity::CreateInteractionResponse::Message(msg)
                };
                c.create_response(http, response).await?;
                Ok(reply.update_message.then_some(c.message.id))
            }
        }
    }

    async fn edit_original(
        self,
        http: &serenity::Http,
        reply: &Reply,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(c) => c.edit_response(http, present::edit_response(reply)).await,
            Target::Component(c) => c.edit_response(http, present::edit_response(reply)).await,
        }
    }

    async fn create_followup(
        self,
        http: &serenity::Http,
        reply: &Reply,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(c) => c.create_followup(http, present::followup(reply)).await,
            Target::Component(c) => c.create_followup(http, present::followup(reply)).await,
        }
    }

    /// Sends the answer through the interaction, each call retried as it safely can be
    /// ([`deliver`]); returns the id of the message that shows it, when known, or why
    /// the interaction could not show it.
    async fn send(
        self,
        http: &serenity::Http,
        deferred: Option<Deferred>,
        reply: &Reply,
        window: Kind,
        channel: ChannelId,
        bot: u64,
    ) -> Result<Option<serenity::MessageId>, Failed> {
        match (self, deferred) {
            (_, None) => {
                match deliver::attempt("answering", window, || self.respond(http, reply)).await {
                    Err(Failed::AlreadyAnswered) => Ok(None),
                    other => other,
                }
            }
            (Target::Command(c), Some(Deferred::Publicly)) if reply.ephemeral => {
                // The public "thinking…" must not become a private answer: remove it, and
                // answer with a new, private message (not resent if it may have landed:
                // a private message cannot be looked for).
                if let Err(e) = deliver::attempt("removing thinking", Kind::Idempotent, || {
                    c.delete_response(http)
                })
                .await
                {
                    tracing::warn!(channel = %channel, "cannot remove a public thinking: {e}");
                }
                deliver::attempt("a private answer", Kind::Create, || {
                    self.create_followup(http, reply)
                })
                .await
                .map(|_| None)
            }
            (Target::Command(_), Some(_)) => {
                deliver::attempt("editing the answer", Kind::Idempotent, || {
                    self.edit_original(http, reply)
                })
                .await
                .map(|m| Some(m.id))
            }
            (Target::Component(_), Some(_)) if reply.update_message => {
                deliver::attempt("editing the answer", Kind::Idempotent, || {
                    self.edit_original(http, reply)
                })
                .await
                .map(|m| Some(m.id))
            }
            (Target::Component(_), Some(_)) if reply.ephemeral => {
                deliver::attempt("a private answer", Kind::Create, || {
                    self.create_followup(http, reply)
                })
                .await
                .map(|m| Some(m.id))
            }
            (Target::Component(_), Some(_)) => {
                let content = present::content(reply);
                deliver::create_once(http, "answering", channel, bot, &content, || {
                    self.create_followup(http, reply)
                })
                .await
                .map(|m| m.map(|m| m.id))
            }
        }
    }

    /// Posts a later message (the computer's move, an analysis) as a follow-up of this
    /// interaction, once; in the channel when the interaction can no longer answer.
    pub(crate) async fn follow_up(
        self,
        http: &serenity::Http,
        channel: ChannelId,
        bot: u64,
        reply: &Reply,
    ) -> Option<serenity::MessageId> {
        let content = present::content(reply);
        let sent = if reply.ephemeral {
            deliver::attempt("a private follow-up", Kind::Create, || {
                self.create_followup(http, reply)
            })
            .await
            .map(|m| Some(m.id))
        } else {
            deliver::create_once(http, "a follow-up", channel, bot, &content, || {
                self.create_followup(http, reply)
            })
            .await
            .map(|m| m.map(|m| m.id))
        };
        match sent {
            Ok(id) => id,
            Err(why) => deliver::post_in_channel(http, channel, bot, reply, &why)
                .await
                .ok()
                .flatten(),
        }
    }

    async fn message_id(self, http: &serenity::Http) -> serenity::Result<serenity::MessageId> {
        match self {
            Target::Command(c) => c.get_response(http).await.map(|m| m.id),
            Target::Component(c) => c.get_response(http).await.map(|m| m.id),
        }
    }
}

/// Answers one interaction: runs `req` through the core within Discord's rules, sends the
/// reply, then makes the edits it asks for. Returns the core's response (for the
/// computer's turn).
pub(crate) async fn answer(
    http: &serenity::Http,
    core: &Arc<Core>,
    workers: &Workers,
    defer_after: Duration,
    target: Target<'_>,
    req: Request,
) -> anyhow::Result<Response> {
    let arrived = std::time::Instant::now();
    let window = Kind::Callback {
        deadline: tokio::time::Instant::now() + deliver::CALLBACK_WINDOW,
    };
    let command_name = crate::web::metrics::command_name(&req.command);
    let private = req.command.answers_privately();
    let channel = req.channel;
    let request = req.id;
    let now = req.now;
    // An Accept button sits on the challenge message, the game's thread's starter.
    let accept_on = match (&req.command, target) {
        (Command::Button(ButtonAction::Accept(_)), Target::Component(c))
            if !c
                .message
                .flags
                .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)) =>
        {
            Some(c.message.id.get())
        }
        _ => None,
    };
    let bot = core.bot().id;
    // Once the core has started, its answer is delivered whatever a call to Discord does:
    // no error below returns before the answer is shown or posted in the channel.
    let mut deferred = None;
    let mut gone = None;
    // One game starts at a time in a channel; waiting for that, acknowledged first.
    let starting = if req.command.may_start_game() {
        let lock = workers.start_lock(channel);
        Some(match lock.try_lock() {
            Ok(guard) => guard,
            Err(_) => {
                defer(
                    http,
                    target,
                    private,
                    window,
                    &mut deferred,
                    &mut gone,
                    arrived,
                )
                .await;
                lock.lock().await
            }
        })
    } else {
        None
    };
    let permit = match workers.try_start() {
        Some(p) if !defer_after.is_zero() => p,
        other => {
            defer(
                http,
                target,
                private,
                window,
                &mut deferred,
                &mut gone,
                arrived,
            )
            .await;
            match other {
                Some(p) => p,
                None => workers.start().await,
            }
        }
    };
    let core_for_work = core.clone();
    let mut work = spawn_with(permit, move || core_for_work.handle(req));
    let mut response = if deferred.is_some() || gone.is_some() {
        (&mut work).await?
    } else {
        tokio::select! {
            r = &mut work => r?,
            () = tokio::time::sleep(defer_after) => {
                defer(http, target, private, window, &mut deferred, &mut gone, arrived).await;
                work.await?
            }
        }
    };
    if private {
        response.reply.ephemeral = true;
    }
    METRICS.command(
        command_name,
        if response.reply.ephemeral {
            "private"
        } else {
            "public"
        },
    );
    if let Some(mut plan) = response.thread.take() {
        if threads::may_open_threads(target.permissions(), target.channel_kind()) {
            // The core knows the challenge message once its posting was noted; a quick
            // Accept may come first.
            plan.from_message = plan.from_message.or(accept_on);
            // Opening the thread is a call to Discord: acknowledged first.
            if deferred.is_none() && gone.is_none() {
                defer(
                    http,
                    target,
                    private,
                    window,
                    &mut deferred,
                    &mut gone,
                    arrived,
                )
                .await;
            }
            threads::open_game_thread(http, core, plan, now, &mut response).await;
        }
    }
    // The game is in its thread (or stays, for good, in the channel).
    drop(starting);
    let sent = match gone {
        Some(why) => Err(why),
        None => {
            target
                .send(http, deferred, &response.reply, window, channel, bot.get())
                .await
        }
    };
    if deferred.is_none() && sent.is_ok() {
        METRICS.acknowledged(arrived.elapsed());
    }
    let (shown_at, settled) = match sent {
        Ok(at) => (at, true),
        Err(why) => {
            match deliver::post_in_channel(http, channel, bot.get(), &response.reply, &why).await {
                Ok(at) => (at, true),
                Err(()) => (None, false),
            }
        }
    };
    if settled {
        // Shown (or private and dropped): out of the outbox. Left there, a restart
        // announces it.
        let c = core.clone();
        blocking(move || c.announced(request)).await;
    }
    if response.reply.pin && !response.reply.ephemeral && settled {
        let message = match shown_at {
            Some(m) => Some(m),
            None => target.message_id(http).await.ok(),
        };
        pin(http, channel, message).await;
    }
    if let (Some(shown), false) = (response.shows, response.reply.ephemeral) {
        let message = match shown_at {
            Some(m) => Some(m),
            None => target.message_id(http).await.ok(),
        };
        if let Some(m) = message {
            // Quick bookkeeping, outside the bounded workers: behind a queue of moves it
            // would leave the message unknown for long, and a challenge answered before
            // its message is known keeps its buttons.
            let core = core.clone();
            let answered_meanwhile =
                blocking(move || core.remember_message(shown, channel, m.get())).await;
            if let Some(Some((at, text))) = answered_meanwhile {
                remove_buttons(http, at, text.as_ref()).await;
            }
        }
    }
    apply_edits(http, &response).await;
    post_all(http, bot.get(), &response.posts).await;
    threads::archive_all(http, &response.archive).await;
    let pairings = std::mem::take(&mut response.pairings);
    let boards = threads::open_pairings(http, core, pairings, now).await;
    post_all(http, bot.get(), &boards).await;
    let announcements = std::mem::take(&mut response.announcements);
    announce_all(http, core, bot.get(), announcements, now, false).await;
    Ok(response)
}

/// Delivers what the store's outbox owes ([`jetan_core::Announcement`]): each post in
/// its channel, once (with `look_first`, after a restart: not when the channel shows it
/// already), then a thread for each of its pairings, with its board; then it leaves the
/// outbox, if every post was made. One not made stays owed, and the next start
/// delivers it.
pub(crate) async fn announce_all(
    http: &serenity::Http,
    core: &Arc<Core>,
    bot: u64,
    announcements: Vec<jetan_core::Announcement>,
    now: u64,
    look_first: bool,
) {
    for a in announcements {
        let mut delivered = true;
        for (channel, reply) in &a.posts {
            if !post_one(http, bot, *channel, reply, look_first).await {
                tracing::error!(channel = %channel, key = ?a.key, "cannot post an announcement");
                delivered = false;
            }
        }
        // Boards of games started before a restart: posted unless their thread shows one.
        for (thread, board) in &a.boards {
            if !deliver::posted_in(http, *thread, bot, None).await {
                post_all(http, bot, std::slice::from_ref(&(*thread, board.clone()))).await;
            }
        }
        let boards = threads::open_pairings(http, core, a.pairings, now).await;
        post_all(http, bot, &boards).await;
        if delivered {
            let (c, key) = (core.clone(), a.key);
            blocking(move || c.announced(key)).await;
        }
    }
}

/// Defers the interaction (retried inside its window); a deferral that may have landed
/// counts as made (the answer then edits it, or finds it gone). When the interaction
/// can no longer answer, says why in `gone`: the answer goes to the channel.
async fn defer(
    http: &serenity::Http,
    target: Target<'_>,
    private: bool,
    window: Kind,
    deferred: &mut Option<Deferred>,
    gone: &mut Option<Failed>,
    arrived: std::time::Instant,
) {
    match deliver::attempt("deferring", window, || target.defer(http, private)).await {
        Ok(d) => {
            METRICS.deferred();
            METRICS.acknowledged(arrived.elapsed());
            *deferred = Some(d);
        }
        Err(
            Failed::AlreadyAnswered
            | Failed::Lost {
                maybe_landed: true, ..
            },
        ) => *deferred = Some(target.deferral(private)),
        Err(why) => *gone = Some(why),
    }
}

/// Posts messages the core asks for besides an answer (a payment's notice to its
/// receiver, the upkeep's announcements), each in its channel, once (see
/// [`deliver::create_once`]), pinging only whom each names. Failures are logged: what
/// they announce is already done.
pub(crate) async fn post_all(
    http: &serenity::Http,
    bot: u64,
    posts: &[(ChannelId, jetan_core::Reply)],
) {
    for (channel, reply) in posts {
        post_one(http, bot, *channel, reply, false).await;
    }
}

/// Posts one message in `channel`, once (with `look_first`, after a restart: not when
/// the channel shows it already), pinned when the core asks. Whether it is there now (a
/// failure is logged: what it announces is already done); channel 0 is nowhere.
async fn post_one(
    http: &serenity::Http,
    bot: u64,
    channel: ChannelId,
    reply: &jetan_core::Reply,
    look_first: bool,
) -> bool {
    if channel == ChannelId(0) {
        return true;
    }
    let content = present::content(reply);
    if look_first {
        if let Some(id) = deliver::find_posted(http, channel, bot, Some(&content)).await {
            // Posted before the restart; a pin lost with the process is made again.
            if reply.pin {
                pin(http, channel, Some(id)).await;
            }
            return true;
        }
    }
    let posted = deliver::create_once(http, "a post", channel, bot, &content, || {
        serenity::ChannelId::new(channel.get()).send_message(http, present::channel_message(reply))
    })
    .await;
    match posted {
        Err(e) => {
            tracing::warn!(channel = %channel, "cannot post a message: {e}");
            false
        }
        Ok(message) => {
            if reply.pin {
                // A try that was lost but had landed: the message is found among the
                // channel's last ones.
                let id = match message {
                    Some(m) => Some(m.id),
                    None => deliver::find_posted(http, channel, bot, Some(&content)).await,
                };
                pin(http, channel, id).await;
            }
            true
        }
    }
}

/// Pins a message the core asked to pin (a tournament's final standings). A refusal
/// (no Manage Messages, the channel's 50 pins reached) is logged: the message was posted.
async fn pin(http: &serenity::Http, channel: ChannelId, message: Option<serenity::MessageId>) {
    let Some(message) = message else {
        tracing::warn!(channel = %channel, "a message to pin was posted but not found; not pinned");
        return;
    };
    let pinned = deliver::attempt("pinning a message", Kind::Idempotent, || {
        serenity::ChannelId::new(channel.get()).pin(http, message)
    })
    .await;
    if let Err(e) = pinned {
        tracing::warn!(channel = %channel, message = %message, "cannot pin a message: {e}");
    }
}

/// Takes the buttons off a message whose challenge or offer was already answered, and
/// shows what became of it when the core says (`text`).
async fn remove_buttons(http: &serenity::Http, at: jetan_store::MessageRef, text: Option<&Reply>) {
    let edit = match text {
        Some(reply) => present::edit_message(reply),
        None => serenity::EditMessage::new()
            .components(Vec::new())
            .allowed_mentions(serenity::CreateAllowedMentions::new().replied_user(false)),
    };
    if let Err(e) = serenity::ChannelId::new(at.channel.get())
        .edit_message(http, serenity::MessageId::new(at.message), edit)
        .await
    {
        tracing::warn!(
            channel = %at.channel,
            message = at.message,
            "cannot take the buttons off an answered message: {e}"
        );
    }
}

/// Edits earlier messages as the response asks (an answered challenge loses its buttons).
/// Failures are logged: the answer itself was already given.
pub(crate) async fn apply_edits(http: &serenity::Http, response: &Response) {
    for edit in &response.edits {
        if edit.channel == ChannelId(0) || edit.message == 0 {
            continue;
        }
        let channel = serenity::ChannelId::new(edit.channel.get());
        let message = serenity::MessageId::new(edit.message);
        let edited = deliver::attempt("editing a message", Kind::Idempotent, || {
            channel.edit_message(http, message, present::edit_message(&edit.reply))
        })
        .await;
        if let Err(e) = edited {
            tracing::warn!(
                channel = %edit.channel,
                message = edit.message,
                "cannot edit a message: {e}"
            );
        }
    }
}
