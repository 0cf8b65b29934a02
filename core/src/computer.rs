//! The computer opponent in practice games.

use jetan_store::{ChannelId, GuildId};

use std::time::Duration;

use super::{Core, CoreError, Response};

impl Core {
    /// If the computer is to move in the practice game in `channel`, thinks (blocking the
    /// calling thread for the level's time budget), plays, and returns the reply to post. `None` if there is nothing to do:
    /// no game, not a practice game, not the computer's turn, or the game changed while it
    /// thought (the player resigned).
    pub fn computer_turn(
        &self,
        guild: GuildId,
        channel: ChannelId,
        now: impl Fn() -> u64,
    ) -> Option<Response> {
        let turn = try_computer_turn(self, guild, channel, now);
        self.observe(channel);
        match turn {
            Ok(mut r) => {
                if let Some(r) = &mut r {
                    crate::web::watch_links(self, guild, r);
                }
                r
            }
            Err(e) => {
                tracing::error!(channel = %channel, "the computer could not move: {e}");
                None
            }
        }
    }
}

fn try_computer_turn(
    core: &Core,
    guild: GuildId,
    channel: ChannelId,
    now: impl Fn() -> u64,
) -> Result<Option<Response>, CoreError> {
    let Some(game) = core.store.game(channel)? else {
        return Ok(None);
    };
    if game.guild != guild || !game.terms.practice || game.to_move() != core.bot.id {
        return Ok(None);
    }
    crate::games::of(&game).computer_turn(core, channel, &game, &now)
}

/// The computer, having just played in the practice game in `channel` (`before`: the
/// game before its move), offers a draw: stored as a player's `/jetan draw` offer is,
/// and announced by the same message with its Accept and Decline buttons, after the
/// move's reply. If the offer cannot be stored (the game changed), the move's reply
/// alone.
pub(crate) fn computer_offers_draw(
    core: &Core,
    channel: ChannelId,
    before: &jetan_store::Game,
    mut response: Response,
    now: u64,
) -> Result<Response, CoreError> {
    let id = Core::derived_id(&[before.id.get(), before.version, DRAW_OFFER_PART]);
    let stamp = jetan_store::Stamp::new(id, core.bot.id, now).unannounced();
    let game = match core.store.offer_draw(stamp, channel) {
        Ok(g) => g,
        Err(e) if e.is_refusal() => {
            tracing::info!(channel = %channel, "the computer's draw offer was refused: {e}");
            return Ok(response);
        }
        Err(e) => return Err(e.into()),
    };
    let Some(to) = game.opponent_of(core.bot.id) else {
        return Ok(response);
    };
    let offer = crate::endings::draw_offer_reply(core, &game, core.bot.id, to);
    let reply = &mut response.reply;
    reply.text.line(offer.reply.text);
    reply.buttons.extend(offer.reply.buttons);
    for u in offer.reply.pings {
        if !reply.pings.contains(&u) {
            reply.pings.push(u);
        }
    }
    response.shows = offer.shows;
    Ok(response)
}

/// The last part of the id of the computer's draw offer (the move's is the game and its
/// version alone), so that a repeated turn stores it once.
const DRAW_OFFER_PART: u64 = 0xD8A3;

/// The default thinking time per move (a second).
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
