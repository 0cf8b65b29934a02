//! The computer's turn in a game of Jetan, and its answer to a draw offer.

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::{Core, CoreError, Response};
use jetan_engine::DrawGrounds;
use jetan_store::games::jetan::color_of;
use jetan_store::{ChannelId, Seat};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The computer's move in a practice game of Jetan where it is to move.
pub(super) fn turn(
    core: &Core,
    channel: ChannelId,
    game: &jetan_store::Game,
    now: &dyn Fn() -> u64,
) -> Result<Option<Response>, CoreError> {
    let guild = game.guild;
    let pos = super::moved::position(game)?;
    let level = engine_level(crate::practice::level(core, game.id));
    let think = core.think;
    let stop = Arc::new(AtomicBool::new(false));
    if let Ok(mut thinking) = core.thinking.lock() {
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
    if let Ok(mut thinking) = core.thinking.lock() {
        thinking.remove(&game.id);
    }
    let Some(m) = best else {
        return Ok(None);
    };
    let id = Core::derived_id(&[game.id.get(), game.version]);
    let req = jetan_store::Stamp::new(id, core.bot.id, now()).unannounced();
    match core
        .store
        .play(req, channel, (game.id, game.version), m.from, m.to)
    {
        Ok(result) => {
            let response = super::moved::moved(core, guild, game, &result, now())?;
            if !offer || result.finished.is_some() {
                return Ok(Some(response));
            }
            crate::computer::computer_offers_draw(core, channel, game, response, now()).map(Some)
        }
        Err(e) if e.is_refusal() => {
            tracing::info!(channel = %channel, "the game changed while the computer thought: {e}");
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// The engine's answer to a draw offered to it in the practice game `game`.
pub(super) fn draw(
    core: &Core,
    lang: Lang,
    game: &jetan_store::Game,
) -> Result<(bool, Text), CoreError> {
    let pos = game.position()?;
    let me = color_of(game.seat_of(core.bot.id).unwrap_or(Seat::Second));
    let j = jetan_engine::judge_draw(
        &pos,
        &earlier_positions(game),
        me,
        engine_level(crate::practice::level(core, game.id)),
    );
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

/// The positions of `game` before its current one, replayed from its moves with their
/// recorded duels, so that the engine knows what a move would repeat (it stops at a move
/// that does not replay, which the store's checks would have refused).
fn earlier_positions(game: &jetan_store::Game) -> Vec<jetan_rules::Position> {
    let mut pos = {
        let o = jetan_store::games::jetan::options(&game.terms);
        jetan_store::games::jetan::start_position(&o)
    };
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

/// Whether the computer, in a dead or stale Jetan game, offers a draw at this move, by the
/// plies since the last capture: on its first move there and then every eighth, so that a
/// player who declined is not asked again at every move (in between, a stale game's
/// engine goes back to offering it its Chief).
fn offer_due(plies: u32) -> bool {
    let stale = jetan_engine::STALE_PLIES;
    plies.checked_sub(stale).unwrap_or(plies) % 16 < 2
}

/// The engine's level for a practice game's level (the same numbers, 1–5).
fn engine_level(level: crate::practice::Level) -> jetan_engine::Level {
    jetan_engine::Level::new(level.get()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use crate::practice::Level;

    #[test]
    fn practice_levels_are_the_engines_levels() {
        for n in 0..=u8::MAX {
            let ours = Level::new(n);
            assert_eq!(ours.is_some(), jetan_engine::Level::new(n).is_ok(), "{n}");
            if let Some(l) = ours {
                assert_eq!(super::engine_level(l).get(), n);
            }
        }
        assert_eq!(Level::DEFAULT.get(), jetan_engine::Level::DEFAULT.get());
        assert_eq!(
            crate::computer::DEFAULT_THINK,
            jetan_engine::Level::DEFAULT_BUDGET
        );
    }
}
