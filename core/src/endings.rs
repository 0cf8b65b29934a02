//! How games end: resignation, draws by agreement, a win on time, and the replay of a
//! finished game.

use jetan_store::{Game, Settlement};

use super::buttons::ButtonAction;
use super::request::{mention, Request};
use super::text::{self, money};
use super::{refuse, ButtonStyle, Core, CoreError, MessageEdit, Reply, Response, Shown};

impl Core {
    pub(crate) fn ended(
        &self,
        req: &Request,
        game: &Game,
        s: &Settlement,
    ) -> Result<Reply, CoreError> {
        let currency = self.currency(req.guild)?;
        if game.is_martian() {
            return self.martian_ended(game, s, &currency);
        }
        let text = text::settlement(s, &currency, game.terms.practice);
        let pos = Self::position_of(game)?;
        let banner = text::result_banner(&s.result, s.reason, |id| self.name_of(id));
        let bottom = self.bottom_at_end(game, &s.result, pos.turn());
        let png = self.board_picture(game, &pos, bottom, None, Some(banner))?;
        Ok(Reply::public(text).with_file("board.png", png))
    }

    /// A typed `resign` asks privately for confirmation, saying what it costs.
    pub(crate) fn resign_typed(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let Some(opponent) = game.opponent_of(req.user.id) else {
            return refuse("You are not playing in this game.");
        };
        let currency = self.currency(req.guild)?;
        let cost = if game.terms.stake > 0 {
            format!(
                " and pay {} the stake of {}",
                mention(opponent),
                money(game.terms.stake, &currency)
            )
        } else {
            String::new()
        };
        Ok(Reply::ephemeral(format!(
            "**Resign{cost}?** {} wins the game.",
            mention(opponent)
        ))
        .with_button(
            ButtonAction::Resign(game.id).id(),
            "Confirm resignation",
            ButtonStyle::Danger,
        ))
    }

    /// Resigns game `id` (the Confirm button of a typed `resign`).
    pub(crate) fn resign(&self, req: &Request, id: u64) -> Result<Reply, CoreError> {
        let game = match self.store.game(req.channel)? {
            Some(g) if g.id == id => g,
            _ => return refuse("That game is already over."),
        };
        let s = self.store.resign(Self::store_req(req), req.channel, id)?;
        self.stop_thinking(game.id);
        let mut reply = self.ended(req, &game, &s)?;
        reply.text = format!("{} resigns.\n{}", req.user.mention(), reply.text);
        Ok(reply)
    }

    pub(crate) fn draw(&self, req: &Request) -> Result<Response, CoreError> {
        let game = self.game_in(req.channel)?;
        let Some(opponent) = game.opponent_of(req.user.id) else {
            return refuse("You are not playing in this game.");
        };
        if game.draw_offer == Some(opponent) {
            // Accepting ends the game: confirm first.
            return Ok(Reply::ephemeral(format!(
                "{} has offered a draw. **Accept it?** The game ends as a draw and both stakes are returned.",
                mention(opponent)
            ))
            .with_button(ButtonAction::DrawAccept(game.id).id(), "Confirm draw", ButtonStyle::Success)
            .into());
        }
        if game.terms.practice {
            return refuse(
                "The computer plays on: it does not take draws. Resign if you want to stop.",
            );
        }
        let game = self.store.offer_draw(Self::store_req(req), req.channel)?;
        Ok(self.draw_offer_reply(&game, req.user.id, opponent))
    }

    /// The public message of a draw offer, with its buttons.
    pub(crate) fn draw_offer_reply(&self, game: &Game, by: u64, to: u64) -> Response {
        let reply = Reply::public(format!(
            "{} offers a draw. {}, do you accept?",
            mention(by),
            mention(to)
        ))
        .pinging(to)
        .with_button(
            ButtonAction::DrawAccept(game.id).id(),
            "Accept draw",
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::DrawDecline(game.id).id(),
            "Decline",
            ButtonStyle::Danger,
        );
        Response {
            shows: Some(Shown::DrawOffer(game.id)),
            ..reply.into()
        }
    }

    /// The edit that takes the buttons off the draw offer of game `id`, if it was posted.
    fn answered_offer(&self, id: u64, text: String) -> Option<MessageEdit> {
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
        id: u64,
        accept: bool,
    ) -> Result<Response, CoreError> {
        let game = match self.store.game(req.channel)? {
            Some(g) if g.id == id => g,
            _ => return refuse("This draw offer is no longer open."),
        };
        if accept {
            let s = self
                .store
                .accept_draw(Self::store_req(req), req.channel, id)?;
            let mut reply = self.ended(req, &game, &s)?;
            reply.text = format!("{} accepts the draw.\n{}", req.user.mention(), reply.text);
            let edit = format!("~~Draw offer~~ — accepted by {}.", req.user.mention());
            Ok(Response {
                edits: self.answered_offer(id, edit).into_iter().collect(),
                ..reply.into()
            })
        } else {
            self.store
                .decline_draw(Self::store_req(req), req.channel, id)?;
            let edit = format!("~~Draw offer~~ — declined by {}.", req.user.mention());
            Ok(Response {
                edits: self.answered_offer(id, edit).into_iter().collect(),
                ..Reply::public(format!(
                    "{} declines the draw. Play on!",
                    req.user.mention()
                ))
                .into()
            })
        }
    }

    pub(crate) fn claim(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let s = self.store.claim_time(Self::store_req(req), req.channel)?;
        let mut reply = self.ended(req, &game, &s)?;
        reply.text = format!(
            "{} ran out of time; {} claims the win.\n{}",
            mention(game.to_move()),
            req.user.mention(),
            reply.text
        );
        Ok(reply)
    }

    pub(crate) fn replay(&self, req: &Request) -> Result<Reply, CoreError> {
        let Some(last) = self.store.last_finished(req.channel)? else {
            return refuse("There is no finished game in this channel to replay.");
        };
        if last.game.is_martian() {
            return self.martian_replay(&last);
        }
        let banner = text::result_banner(&last.result, last.reason, |id| self.name_of(id));
        let gif = self.replay_picture(&last, banner)?;
        Ok(Reply::public(format!(
            "Replay of game #{}: {} (Black) vs {} (Orange), {} moves. {}",
            last.game.id,
            mention(last.game.black),
            mention(last.game.orange),
            last.game.moves.len(),
            text::result_line(&last.result, last.reason)
        ))
        .with_file("replay.gif", gif))
    }
}
