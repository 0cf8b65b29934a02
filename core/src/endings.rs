//! How games end: resignation, draws by agreement, a win on time, and the replay of a
//! finished game.

use jetan_store::{FinishedGame, Game, GameId, Settlement, UserId};

use super::buttons::ButtonAction;
use super::lang::{tr, Lang};
use super::request::{mention, Request};
use super::text::money;
use super::{refuse, ButtonStyle, Core, CoreError, MessageEdit, Reply, Response, Shown};

impl Core {
    pub(crate) fn ended(
        &self,
        req: &Request,
        game: &Game,
        s: &Settlement,
    ) -> Result<Reply, CoreError> {
        let currency = self.currency(req.guild)?;
        crate::games::of(game).ended(self.cx(req, game), s, &currency)
    }

    /// A typed `resign` asks privately for confirmation, saying what it costs.
    pub(crate) fn resign_typed(&self, req: &Request) -> Result<Reply, CoreError> {
        let lang = Lang::of(&req.locale);
        let game = self.game_in(req)?;
        let Some(opponent) = game.opponent_of(req.user.id) else {
            return refuse(tr!(lang, "not-playing"));
        };
        let currency = self.currency(req.guild)?;
        let text = if game.terms.stake > 0 {
            tr!(
                lang,
                "resign-confirm-stake",
                who = mention(opponent),
                amount = money(lang, game.terms.stake, &currency)
            )
        } else {
            tr!(lang, "resign-confirm", who = mention(opponent))
        };
        Ok(Reply::ephemeral(text).with_button(
            ButtonAction::Resign(game.id).id(),
            &tr!(lang, "button-confirm-resign"),
            ButtonStyle::Danger,
        ))
    }

    /// Resigns game `id` (the Confirm button of a typed `resign`).
    pub(crate) fn resign(&self, req: &Request, id: GameId) -> Result<Reply, CoreError> {
        let game = match self.store.game(req.channel)? {
            Some(g) if g.id == id => g,
            _ => return refuse(tr!(Lang::of(&req.locale), "game-over-already")),
        };
        let s = self.store.resign(Self::store_req(req), req.channel, id)?;
        self.stop_thinking(game.id);
        let mut reply = self.ended(req, &game, &s)?;
        let lang = self.public_lang(req.guild);
        reply
            .text
            .prepend_line(&tr!(lang, "resigns", who = req.user.mention()));
        Ok(reply)
    }

    pub(crate) fn draw(&self, req: &Request) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let game = self.game_in(req)?;
        let Some(opponent) = game.opponent_of(req.user.id) else {
            return refuse(tr!(lang, "not-playing"));
        };
        if game.draw_offer == Some(opponent) {
            // Accepting ends the game: confirm first.
            return Ok(Reply::ephemeral(tr!(
                lang,
                "draw-offered-confirm",
                who = mention(opponent)
            ))
            .with_button(
                ButtonAction::DrawAccept(game.id).id(),
                &tr!(lang, "button-confirm-draw"),
                ButtonStyle::Success,
            )
            .into());
        }
        if game.terms.practice {
            return self.offer_computer_draw(req, &game);
        }
        let game = self.store.offer_draw(Self::store_req(req), req.channel)?;
        Ok(self.draw_offer_reply(&game, req.user.id.get(), opponent.get()))
    }

    /// A draw offered to the computer: it answers by its own judgement, at once. Taken,
    /// the game ends drawn (the offer and the acceptance are two stored operations, each
    /// idempotent under this request); refused, the player is told why, privately, and
    /// nothing changes.
    fn offer_computer_draw(&self, req: &Request, game: &Game) -> Result<Response, CoreError> {
        let lang = Lang::of(&req.locale);
        let (accept, why) = crate::games::of(game).computer_draw(self, lang, game)?;
        if !accept {
            return refuse(tr!(lang, "computer-declines-draw", why = why));
        }
        let offered = self.store.offer_draw(Self::store_req(req), req.channel)?;
        let stamp = jetan_store::Stamp::new(Self::derived_id(&[req.id, 2]), self.bot.id, req.now);
        let s = self.store.accept_draw(stamp, req.channel, offered.id)?;
        self.stop_thinking(offered.id);
        let public = self.public_lang(req.guild);
        let (_, why) = crate::games::of(game).computer_draw(self, public, game)?;
        let mut reply = self.ended(req, &offered, &s)?;
        reply.text.prepend_line(&tr!(
            public,
            "computer-accepts-draw",
            bot = mention(self.bot.id),
            why = why
        ));
        Ok(reply.into())
    }

    /// The public message of a draw offer, with its buttons.
    pub(crate) fn draw_offer_reply(&self, game: &Game, by: u64, to: u64) -> Response {
        let lang = self.public_lang(game.guild);
        let reply = Reply::public(tr!(
            lang,
            "draw-offer",
            by = mention(UserId(by)),
            to = mention(UserId(to))
        ))
        .pinging(UserId(to))
        .with_button(
            ButtonAction::DrawAccept(game.id).id(),
            &tr!(lang, "button-accept-draw"),
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::DrawDecline(game.id).id(),
            &tr!(lang, "button-decline"),
            ButtonStyle::Danger,
        );
        Response {
            shows: Some(Shown::DrawOffer(game.id)),
            ..reply.into()
        }
    }

    /// The edit that takes the buttons off the draw offer of game `id`, if it was posted.
    fn answered_offer(&self, id: GameId, text: String) -> Option<MessageEdit> {
        let at = self.store.take_message(b'd', id)?;
        Some(MessageEdit {
            channel: at.channel,
            message: at.message,
            reply: Reply::public(text),
        })
    }

    pub(crate) fn answer_draw(
        &self,
        req: &Request,
        id: GameId,
        accept: bool,
    ) -> Result<Response, CoreError> {
        let game = match self.store.game(req.channel)? {
            Some(g) if g.id == id => g,
            _ => return refuse(tr!(Lang::of(&req.locale), "draw-offer-closed")),
        };
        let lang = self.public_lang(req.guild);
        let who = req.user.mention();
        if accept {
            let s = self
                .store
                .accept_draw(Self::store_req(req), req.channel, id)?;
            let mut reply = self.ended(req, &game, &s)?;
            reply
                .text
                .prepend_line(&tr!(lang, "draw-accepted", who = who.as_str()));
            let edit = tr!(lang, "edit-draw-accepted", who = who.as_str());
            Ok(Response {
                edits: self.answered_offer(id, edit).into_iter().collect(),
                ..reply.into()
            })
        } else {
            self.store
                .decline_draw(Self::store_req(req), req.channel, id)?;
            let edit = tr!(lang, "edit-draw-declined", who = who.as_str());
            Ok(Response {
                edits: self.answered_offer(id, edit).into_iter().collect(),
                ..Reply::public(tr!(lang, "draw-declined", who = who.as_str())).into()
            })
        }
    }

    pub(crate) fn claim(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req)?;
        let s = self.store.claim_time(Self::store_req(req), req.channel)?;
        let mut reply = self.ended(req, &game, &s)?;
        let lang = self.public_lang(req.guild);
        reply.text.prepend_line(&tr!(
            lang,
            "claimed",
            loser = mention(match s.result {
                jetan_store::GameResult::Win { loser, .. } => loser,
                _ => game.to_move(),
            }),
            who = req.user.mention()
        ));
        Ok(reply)
    }

    /// An animated replay of the channel's last finished game, or of the finished game
    /// `id` of this server (as `history` shows it).
    pub(crate) fn replay(&self, req: &Request, id: Option<&str>) -> Result<Reply, CoreError> {
        let last = self.finished_named(req, id)?;
        crate::games::of(&last.game).replay(self, req, &last)
    }

    /// The record of the channel's last finished game, or of the game `id` of this
    /// server, as a text file (the README's record format): public, as the game was.
    pub(crate) fn record(&self, req: &Request, id: Option<&str>) -> Result<Reply, CoreError> {
        let last = self.finished_named(req, id)?;
        let lang = self.public_lang(req.guild);
        let text = self.game_record(&last);
        Ok(Reply::public(tr!(
            lang,
            "record-posted",
            id = last.game.id.to_string(),
            black = mention(last.game.players.first),
            orange = mention(last.game.players.second)
        ))
        .with_file(&format!("game-{}.txt", last.game.id), text.into_bytes()))
    }

    /// The record of a finished game as text (the README's record format), with the
    /// players' display names: what `/jetan record` posts and `jetan export-game` writes.
    pub fn game_record(&self, last: &FinishedGame) -> String {
        let g = &last.game;
        let name = |id: u64| {
            let n = self.name_of(UserId(id), Lang::En);
            format!("{n} ({id})")
        };
        let result = match last.result {
            jetan_store::GameResult::Win { winner, .. } if winner == g.players.first => "1-0",
            jetan_store::GameResult::Win { .. } => "0-1",
            jetan_store::GameResult::Draw => "1/2-1/2",
            jetan_store::GameResult::Aborted => "*",
        };
        let date = crate::words::date(last.ended_at);
        let mut tags = vec![
            ("Game".to_string(), crate::games::name(Lang::En, &g.terms)),
            ("Server".to_string(), g.guild.to_string()),
            ("Channel".to_string(), g.channel.to_string()),
            ("GameId".to_string(), g.id.to_string()),
            ("Date".to_string(), date),
            ("Stake".to_string(), g.terms.stake.to_string()),
            ("PiecePrice".to_string(), g.terms.piece_price.to_string()),
            (
                "MoveTime".to_string(),
                g.terms
                    .move_time_minutes
                    .map_or_else(|| "-".to_string(), |m| format!("{m}m")),
            ),
            (
                "Rated".to_string(),
                if last.rating.is_some() { "yes" } else { "no" }.to_string(),
            ),
            ("Result".to_string(), result.to_string()),
            ("Termination".to_string(), last.reason.name()),
        ];
        crate::games::of(g).record(&mut tags, &name, last, result)
    }

    /// A finished game by the id typed (`#12`, `12`) in this server, or the channel's last.
    pub(crate) fn finished_named(
        &self,
        req: &Request,
        id: Option<&str>,
    ) -> Result<FinishedGame, CoreError> {
        let asker = Lang::of(&req.locale);
        let last = match id.map(str::trim) {
            None | Some("") => match self.store.last_finished(req.channel)? {
                Some(last) => last,
                None => return refuse(tr!(asker, "no-replay")),
            },
            Some(typed) => {
                let found = typed
                    .trim_start_matches('#')
                    .parse::<u64>()
                    .ok()
                    .and_then(|n| self.store.finished_game(GameId(n)).ok().flatten())
                    .filter(|f| f.game.guild == req.guild);
                match found {
                    Some(f) => f,
                    None => return refuse(tr!(asker, "replay-not-found", id = typed)),
                }
            }
        };
        Ok(last)
    }
}
