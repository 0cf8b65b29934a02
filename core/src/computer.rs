//! The computer opponent in practice games.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use jetan_engine::{DrawGrounds, Level};

use super::lang::{tr, Lang};
use super::{Core, CoreError, Response};

impl Core {
    /// Remembers the level chosen for the practice game (challenge) `game`.
    pub(crate) fn set_level(&self, game: u64, level: Level) {
        if let Err(e) = self.store.set_practice_level(game, level.get()) {
            tracing::warn!(game, "cannot store the practice level: {e}");
        }
    }

    /// Stops the computer's search in game `game`, if it is thinking (the game ended).
    pub(crate) fn stop_thinking(&self, game: u64) {
        if let Some(flag) = self.thinking.lock().ok().and_then(|mut t| t.remove(&game)) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The level of the practice game `game` (the default if unknown).
    pub(crate) fn level(&self, game: u64) -> Level {
        self.store
            .practice_level(game)
            .and_then(|l| Level::new(l).ok())
            .unwrap_or_default()
    }

    /// If the computer is to move in the practice game in `channel`, thinks (blocking the
    /// calling thread for the level's time budget), plays, and returns the reply to post. `None` if there is nothing to do:
    /// no game, not a practice game, not the computer's turn, or the game changed while it
    /// thought (the player resigned).
    pub fn computer_turn(
        &self,
        guild: u64,
        channel: u64,
        now: impl Fn() -> u64,
    ) -> Option<Response> {
        match self.try_computer_turn(guild, channel, now) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(channel, "the computer could not move: {e}");
                None
            }
        }
    }

    fn try_computer_turn(
        &self,
        guild: u64,
        channel: u64,
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

    /// The computer's move in a practice game of Jetan where it is to move.
    pub(crate) fn jetan_computer_turn(
        &self,
        channel: u64,
        game: &jetan_store::Game,
        now: &dyn Fn() -> u64,
    ) -> Result<Option<Response>, CoreError> {
        let guild = game.guild;
        let pos = Self::position_of(game)?;
        let level = self.level(game.id);
        let think = self.think;
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut thinking) = self.thinking.lock() {
            thinking.insert(game.id, stop.clone());
        }
        let limits = level
            .limits(think)
            .with_seed(jetan_engine::position_hash(&pos))
            .with_stop(stop);
        let earlier = earlier_positions(game);
        // In a dead or stale game the computer offers a draw with its move, and then no
        // longer leads its Chief where a lesser enemy piece may take it to make one.
        let offer = game.draw_offer.is_none()
            && offer_due(jetan_engine::plies_without_capture(&pos, &earlier))
            && jetan_engine::should_offer_draw(&pos, &earlier, level).is_some();
        let mut engine = jetan_engine::Engine::new(8);
        engine.set_history(&earlier);
        engine.set_draw_offered(offer);
        let best = engine.search(&pos, &limits).best;
        if let Ok(mut thinking) = self.thinking.lock() {
            thinking.remove(&game.id);
        }
        let Some(m) = best else {
            return Ok(None);
        };
        let id = Self::derived_id(&[game.id, game.version]);
        let req = jetan_store::Stamp::new(id, self.bot.id, now()).unannounced();
        match self
            .store
            .play(req, channel, (game.id, game.version), m.from, m.to)
        {
            Ok(result) => {
                let response = self.moved(guild, game, &result, now())?;
                if !offer || result.finished.is_some() {
                    return Ok(Some(response));
                }
                self.computer_offers_draw(channel, game, response, now())
                    .map(Some)
            }
            Err(e) if e.is_refusal() => {
                tracing::info!(channel, "the game changed while the computer thought: {e}");
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
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
        channel: u64,
        before: &jetan_store::Game,
        mut response: Response,
        now: u64,
    ) -> Result<Response, CoreError> {
        let id = Self::derived_id(&[before.id, before.version, DRAW_OFFER_PART]);
        let stamp = jetan_store::Stamp::new(id, self.bot.id, now).unannounced();
        let game = match self.store.offer_draw(stamp, channel) {
            Ok(g) => g,
            Err(e) if e.is_refusal() => {
                tracing::info!(channel, "the computer's draw offer was refused: {e}");
                return Ok(response);
            }
            Err(e) => return Err(e.into()),
        };
        let Some(to) = game.opponent_of(self.bot.id) else {
            return Ok(response);
        };
        let offer = self.draw_offer_reply(&game, self.bot.id, to);
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

    /// The engine's answer to a draw offered to it in the practice game `game`.
    pub(crate) fn jetan_computer_draw(
        &self,
        lang: Lang,
        game: &jetan_store::Game,
    ) -> Result<(bool, String), CoreError> {
        let pos = game.position()?;
        let me = game
            .color_of(self.bot.id)
            .unwrap_or(jetan_rules::Color::Orange);
        let j = jetan_engine::judge_draw(&pos, &earlier_positions(game), me, self.level(game.id));
        let why = match j.reason {
            DrawGrounds::Over => tr!(lang, "illegal-game-over"),
            DrawGrounds::DeadMaterial => tr!(lang, "computer-draw-dead-material"),
            DrawGrounds::Stale { plies } => tr!(lang, "computer-draw-stale", plies = plies),
            DrawGrounds::Winning { score } => {
                tr!(lang, "computer-draw-winning", score = score.to_string())
            }
            DrawGrounds::Behind { score } => {
                tr!(lang, "computer-draw-behind", score = score.to_string())
            }
            DrawGrounds::NotBehind { score } => {
                tr!(lang, "computer-draw-not-behind", score = score.to_string())
            }
        };
        Ok((j.accept, why))
    }
}

/// The positions of `game` before its current one, replayed from its moves with their
/// recorded duels, so that the engine knows what a move would repeat (it stops at a move
/// that does not replay, which the store's checks would have refused).
fn earlier_positions(game: &jetan_store::Game) -> Vec<jetan_rules::Position> {
    let mut pos = jetan_rules::Position::start_on(game.terms.variant, game.terms.topology);
    let mut earlier = Vec::with_capacity(game.moves().len());
    for rec in game.moves() {
        let Ok(m) = pos.find_move(rec.from, rec.to) else {
            break;
        };
        earlier.push(pos.clone());
        let duel = rec.duel.unwrap_or(true);
        pos.play_unchecked(m, &mut |_: jetan_rules::Role, _: jetan_rules::Role| duel);
    }
    earlier
}

/// The last part of the id of the computer's draw offer (the move's is the game and its
/// version alone), so that a repeated turn stores it once.
const DRAW_OFFER_PART: u64 = 0xD8A3;

/// Whether the computer, in a dead or stale Jetan game, offers a draw at this move, by the
/// plies since the last capture: on its first move there and then every eighth, so that a
/// player who declined is not asked again at every move (in between, a stale game's
/// engine goes back to offering it its Chief).
fn offer_due(plies: u32) -> bool {
    let stale = jetan_engine::STALE_PLIES;
    plies.checked_sub(stale).unwrap_or(plies) % 16 < 2
}

/// The default thinking time per move.
pub const DEFAULT_THINK: Duration = Level::DEFAULT_BUDGET;
