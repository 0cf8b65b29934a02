//! A repeated interaction (Discord redelivers, a user double-clicks) is answered with
//! what its first delivery did, whatever happened since: the store keeps each request's
//! result, and the core words it again here. This runs before any check of the core's,
//! so a redelivered move is never answered "it is your opponent's turn".

use jetan_store::{EndReason, Game, HostEnding, Receipt};

use super::lang::{tr, Lang};
use super::request::{mention, Request};
use super::{Core, CoreError, Reply, Response};

impl Core {
    /// The answer to `req` if the store has seen its id before.
    pub(crate) fn repeated(&self, req: &Request) -> Result<Option<Response>, CoreError> {
        let Some(receipt) = self.store.receipt(req.id)? else {
            return Ok(None);
        };
        let currency = self.currency(req.guild)?;
        let response = match receipt {
            Receipt::Challenge(c) if c.terms.practice => {
                // The practice game started at once, under an id derived from this one.
                match self.store.receipt(Self::derived_id(&[req.id, 1]))? {
                    Some(Receipt::Accept(game)) => self.practice_started(req, game)?,
                    _ => self.challenge_reply(&c, &currency, req.now),
                }
            }
            Receipt::Challenge(c) => self.challenge_reply(&c, &currency, req.now),
            Receipt::Accept(game) => self.accepted(req, game)?,
            Receipt::Closed(closed) => self.closed_reply(req, &closed),
            Receipt::Play(result) => self.played(req, &result)?,
            Receipt::Finished(s) => {
                let game = self.game_by_id(req.channel, s.game_id)?;
                let mut reply = self.ended(req, &game, &s)?;
                let who = mention(req.user.id);
                let lang = self.public_lang(req.guild);
                let head = match s.reason {
                    EndReason::Host(HostEnding::Resignation) => tr!(lang, "resigns", who = who),
                    EndReason::Host(HostEnding::Agreement) => tr!(lang, "draw-accepted", who = who),
                    EndReason::Host(HostEnding::Time) => tr!(lang, "claims-on-time", who = who),
                    _ => String::new(),
                };
                if !head.is_empty() {
                    reply.text.prepend_line(&head);
                }
                reply.into()
            }
            Receipt::Game(game) => match game.draw_offer {
                Some(by) => {
                    let to = game.opponent_of(by).unwrap_or_default();
                    self.draw_offer_reply(&game, by, to)
                }
                None => Reply::public(tr!(
                    self.public_lang(req.guild),
                    "draw-declined",
                    who = mention(req.user.id)
                ))
                .into(),
            },
            Receipt::Daily(claim) => self.daily_reply(req, &claim)?.into(),
            // The payer's answer again; the receiver was told the first time.
            Receipt::Pay(paid) => self.paid_reply(req, &paid)?,
            Receipt::Reset(done) => self.reset_reply(req, &done)?,
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

    /// Game `id`, in progress in `channel` or finished.
    pub(crate) fn game_by_id(&self, channel: u64, id: u64) -> Result<Game, CoreError> {
        if let Some(g) = self.store.game(channel)?.filter(|g| g.id == id) {
            return Ok(g);
        }
        match self.store.finished_game(id)? {
            Some(f) => Ok(f.game),
            None => Err(CoreError::Internal(format!("game {id} is gone"))),
        }
    }
}
