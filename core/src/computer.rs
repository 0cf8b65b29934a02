//! The computer opponent in practice games.

use jetan_store::{ChannelId, GameId, GuildId};

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::{Core, CoreError, Response};

/// The computer's level in a practice game, 1 (weakest) to 5, for every game: each game
/// maps it onto its own computer player's levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Level(u8);

impl Level {
    /// The weakest level.
    pub(crate) const MIN: u8 = 1;
    /// The strongest level.
    pub(crate) const MAX: u8 = 5;
    /// A practice challenge's level when it names none.
    pub(crate) const DEFAULT: Level = Level(3);

    /// The level `n`, if it is one (1–5).
    pub(crate) fn new(n: u8) -> Option<Level> {
        (Self::MIN..=Self::MAX).contains(&n).then_some(Level(n))
    }

    /// The level's number, 1–5.
    pub(crate) const fn get(self) -> u8 {
        self.0
    }
}

impl Core {
    /// Remembers the level chosen for the practice game (challenge) `game`.
    pub(crate) fn set_level(&self, game: GameId, level: Level) {
        if let Err(e) = self.store.set_practice_level(game, level.get()) {
            tracing::warn!(game = %game, "cannot store the practice level: {e}");
        }
    }

    /// Stops the computer's search in game `game`, if it is thinking (the game ended).
    pub(crate) fn stop_thinking(&self, game: GameId) {
        if let Some(flag) = self.thinking.lock().ok().and_then(|mut t| t.remove(&game)) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The level of the practice game `game` (the default if unknown).
    pub(crate) fn level(&self, game: GameId) -> Level {
        self.store
            .practice_level(game)
            .and_then(Level::new)
            .unwrap_or(Level::DEFAULT)
    }

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
        match self.try_computer_turn(guild, channel, now) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(channel = %channel, "the computer could not move: {e}");
                None
            }
        }
    }

    fn try_computer_turn(
        &self,
        guild: GuildId,
        channel: ChannelId,
        now: impl Fn() -> u64,
    ) -> Result<Option<Response>, CoreError> {
        let Some(game) = self.store.game(channel)? else {
            return Ok(None);
        };
        if game.guild != guild || !game.terms.practice || game.to_move() != self.bot.id {
            return Ok(None);
        }
        crate::games::of(&game).computer_turn(self, channel, &game, &now)
    }
}

impl Core {
    /// The computer, having just played in the practice game in `channel` (`before`: the
    /// game before its move), offers a draw: stored as a player's `/jetan draw` offer is,
    /// and announced by the same message with its Accept and Decline buttons, after the
    /// move's reply. If the offer cannot be stored (the game changed), the move's reply
    /// alone.
    pub(crate) fn computer_offers_draw(
        &self,
        channel: ChannelId,
        before: &jetan_store::Game,
        mut response: Response,
        now: u64,
    ) -> Result<Response, CoreError> {
        let id = Self::derived_id(&[before.id.get(), before.version, DRAW_OFFER_PART]);
        let stamp = jetan_store::Stamp::new(id, self.bot.id, now).unannounced();
        let game = match self.store.offer_draw(stamp, channel) {
            Ok(g) => g,
            Err(e) if e.is_refusal() => {
                tracing::info!(channel = %channel, "the computer's draw offer was refused: {e}");
                return Ok(response);
            }
            Err(e) => return Err(e.into()),
        };
        let Some(to) = game.opponent_of(self.bot.id) else {
            return Ok(response);
        };
        let offer = self.draw_offer_reply(&game, self.bot.id.get(), to.get());
        let reply = &mut response.reply;
        reply.text.push('\n');
        reply.text.push_str(&offer.reply.text.to_owned_encoded());
        reply.buttons.extend(offer.reply.buttons);
        for u in offer.reply.pings {
            if !reply.pings.contains(&u) {
                reply.pings.push(u);
            }
        }
        response.shows = offer.shows;
        Ok(response)
    }
}

/// The last part of the id of the computer's draw offer (the move's is the game and its
/// version alone), so that a repeated turn stores it once.
const DRAW_OFFER_PART: u64 = 0xD8A3;

/// The default thinking time per move (a second).
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
