//! A repeated interaction (Discord redelivers, a user double-clicks) is answered with
//! what its first delivery did, whatever happened since: the store keeps each request's
//! result, and the core words it again here. This runs before any check of the core's,
//! so a redelivered move is never answered "it is your opponent's turn".

use jetan_store::{ChannelId, EndReason, Game, GameId, GuildId, HostEnding, OutboxKey, Receipt};

use super::lang::{tr, Lang};
use super::request::{mention, Request, UserRef};
use super::{Core, CoreError, PairingPlan, Reply, Response};
use crate::reply::Text;

/// Something the store's outbox holds, to deliver: its posts, each in its channel, then
/// a thread opened for each of its pairings (a tournament round's games, see
/// [`Core::start_pairing`]). Once the posts are made (and the threads asked for), the
/// front end calls [`Core::announced`] with `key`, not before: a crash in between
/// leaves it owed, and the next start delivers it again
/// ([`Core::pending_announcements`]), looking first for the posts already made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// Its entry in the outbox.
    pub key: OutboxKey,
    /// The messages: (channel, message).
    pub posts: Vec<(ChannelId, Reply)>,
    /// Threads to open after the posts, one per pairing whose game has not started.
    pub pairings: Vec<PairingPlan>,
    /// After a restart, the boards of the round's games started before it, each to post
    /// in its thread unless the thread shows a message of the bot's already (the bot
    /// stopped between starting the game and posting its board).
    pub boards: Vec<(ChannelId, Reply)>,
}

impl Core {
    /// What the store's outbox still holds for the servers this process owns, stored
    /// before the bot stopped and never seen delivered: the answers to requests, each
    /// worded again as for a repeated request, and tournaments' news (a round paired,
    /// with the threads of its games that never started, or the final standings), oldest
    /// first. Only entries stored before `now` (when this process started: later ones
    /// are its own, being answered). The private ones, and any that can no longer be
    /// worded or were superseded, leave the outbox here.
    pub fn pending_announcements(&self, now: u64) -> Vec<Announcement> {
        let pending = match self.store.pending_announcements() {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("cannot read the outbox: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for p in pending.into_iter().filter(|p| p.at < now) {
            if let Some(news) = p.tournament {
                crate::tournament::news_again(self, news, &mut out);
                continue;
            }
            let place = match self.store.receipt(p.request) {
                Ok(Some(receipt)) => place_of(self, &receipt),
                Ok(None) => None,
                Err(e) => {
                    tracing::warn!(request = p.request, "an unreadable result: {e}");
                    None
                }
            };
            let Some((guild, channel)) = place else {
                // Private (a daily claim, a grant, settings) or gone: nothing to post.
                self.announced(p.request);
                continue;
            };
            if !self.owns_server(guild) {
                continue;
            }
            let req = Request {
                guild,
                channel,
                user: UserRef::new(p.user, self.name_of(p.user, Lang::default())),
                manager: false,
                locale: String::new(),
                guild_locale: None,
                id: p.request,
                now,
                command: crate::Command::Board,
            };
            match repeated(self, &req) {
                Ok(Some(r)) if !r.reply.ephemeral => out.push(Announcement {
                    key: p.key(),
                    posts: vec![(channel, r.reply)],
                    pairings: Vec::new(),
                    boards: Vec::new(),
                }),
                Ok(_) => self.announced(p.request),
                Err(e) => {
                    tracing::warn!(request = p.request, "cannot word an answer again: {e}");
                    self.announced(p.request);
                }
            }
        }
        out
    }

    /// The answer to a request (a request's id) or a tournament's news was delivered
    /// (or can never be): out of the outbox.
    pub fn announced(&self, key: impl Into<OutboxKey>) {
        let key = key.into();
        if let Err(e) = self.store.announced(key) {
            tracing::warn!(?key, "cannot clear the outbox: {e}");
        }
    }
}

/// The answer to `req` if the store has seen its id before.
pub(crate) fn repeated(core: &Core, req: &Request) -> Result<Option<Response>, CoreError> {
    let Some(receipt) = core.store.receipt(req.id)? else {
        return Ok(None);
    };
    let currency = core.currency(req.guild)?;
    let response = match receipt {
        Receipt::Challenge(c) if c.terms.practice => {
            // The practice game started at once, under an id derived from this one.
            match core.store.receipt(Core::derived_id(&[req.id, 1]))? {
                Some(Receipt::Accept(game)) => crate::lobby::practice_started(core, req, game)?,
                _ => crate::lobby::challenge_reply(core, &c, &currency, req.now),
            }
        }
        Receipt::Challenge(c) => crate::lobby::challenge_reply(core, &c, &currency, req.now),
        Receipt::Accept(game) => crate::lobby::accepted(core, req, game)?,
        Receipt::Closed(closed) => crate::lobby::closed_reply(core, req, &closed),
        Receipt::Play(result) => crate::games::played(core, req, &result)?,
        Receipt::Finished(s) => {
            let game = game_by_id(core, req.channel, s.game_id)?;
            let mut reply = crate::endings::ended(core, req, &game, &s)?;
            let who = mention(req.user.id);
            let lang = core.public_lang(req.guild);
            let head = match s.reason {
                EndReason::Host(HostEnding::Resignation) => tr!(lang, "resigns", who = &who),
                EndReason::Host(HostEnding::Agreement) => tr!(lang, "draw-accepted", who = &who),
                EndReason::Host(HostEnding::Time) => tr!(lang, "claims-on-time", who = &who),
                _ => Text::new(),
            };
            if !head.is_empty() {
                reply.text.prepend_line(head);
            }
            reply.into()
        }
        Receipt::Game(game) => match game.draw_offer {
            Some(by) => {
                let to = game.opponent_of(by).unwrap_or_default();
                crate::endings::draw_offer_reply(core, &game, by, to)
            }
            None => Reply::public(tr!(
                core.public_lang(req.guild),
                "draw-declined",
                who = mention(req.user.id)
            ))
            .into(),
        },
        Receipt::Daily(claim) => crate::money::daily_reply(core, req, &claim)?.into(),
        // The payer's answer again; the receiver was told the first time.
        Receipt::Pay(paid) => crate::money::paid_reply(core, req, &paid)?,
        Receipt::Reset(done) => crate::admin::reset_reply(core, req, &done)?,
        Receipt::Purge(done) => crate::purge::purge_reply(core, req, &done, 0)?,
        Receipt::Grant(g) => {
            let lang = Lang::of(&req.locale);
            Reply::ephemeral(tr!(
                lang,
                "granted-short",
                amount = super::text::money(lang, g.amount, &currency),
                who = mention(g.user)
            ))
            .into()
        }
        other => {
            tracing::info!("repeated request {}: a {}", req.id, other.name());
            Reply::ephemeral(tr!(Lang::of(&req.locale), "already-handled")).into()
        }
    };
    Ok(Some(response))
}

/// The server and channel a stored result was announced in; `None` for a private one.
fn place_of(core: &Core, receipt: &Receipt) -> Option<(GuildId, ChannelId)> {
    match receipt {
        Receipt::Challenge(c) => Some((c.guild, c.channel)),
        Receipt::Closed(c) => Some((c.challenge.guild, c.challenge.channel)),
        Receipt::Accept(g) | Receipt::Game(g) => Some((g.guild, g.channel)),
        Receipt::Finished(s) => Some((s.guild, s.channel)),
        Receipt::Play(r) => game_by_id(core, r.channel, r.game_id)
            .ok()
            .map(|g| (g.guild, r.channel)),
        Receipt::Daily(_)
        | Receipt::Grant(_)
        | Receipt::Settings(_)
        | Receipt::Pay(_)
        | Receipt::Reset(_)
        | Receipt::Purge(_) => None,
    }
}

/// Game `id`, in progress in `channel` or finished.
pub(crate) fn game_by_id(core: &Core, channel: ChannelId, id: GameId) -> Result<Game, CoreError> {
    if let Some(g) = core.store.game(channel)?.filter(|g| g.id == id) {
        return Ok(g);
    }
    match core.store.finished_game(id)? {
        Some(f) => Ok(f.game),
        None => Err(CoreError::Internal(format!("game {id} is gone"))),
    }
}
