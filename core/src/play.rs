//! Playing: a move, the board, one piece's moves, each handed to the game being played;
//! the wager and the clock in words.

use jetan_store::Game;

use super::lang::{tr, Lang};
use super::request::{mention, Request};
use super::text::{self, money};
use super::{Core, CoreError, Reply, Response};
use crate::reply::Text;

impl Core {
    /// A request id for something the bot does on its own, derived from what it does so
    /// that a retry is recognised as the same request.
    pub(crate) fn derived_id(parts: &[u64]) -> u64 {
        // FNV-1a over the parts, with the top bit set: Discord snowflakes never have it.
        use std::hash::Hasher;
        let mut h = fnv::FnvHasher::default();
        for p in parts {
            h.write(&p.to_le_bytes());
        }
        h.finish() | (1 << 63)
    }
}

pub(crate) fn play(
    core: &Core,
    req: &Request,
    from: Option<&str>,
    to: Option<&str>,
    notation: Option<&str>,
) -> Result<Response, CoreError> {
    let game = core.game_in(req)?;
    crate::games::of(&game).play(core.cx(req, &game), (from, to, notation))
}

/// The wager (stake, piece price, what each side has paid for pieces so far) and the
/// time left for the move, each on its own line; nothing for a game without money or
/// clock.
pub(crate) fn wager_and_clock(lang: Lang, game: &Game, currency: &str, now: u64) -> Text {
    let mut text = Text::new();
    let t = &game.terms;
    if !t.practice && (t.stake > 0 || t.piece_price > 0) {
        let m = |n: u64| money(lang, n, currency);
        let mut terms = Vec::new();
        if t.stake > 0 {
            terms.push(tr!(lang, "wager-stake", stake = m(t.stake)));
        }
        if t.piece_price > 0 {
            terms.push(tr!(lang, "wager-price", price = m(t.piece_price)));
        }
        text.line(tr!(lang, "wager-line", terms = Text::join(terms, ", ")));
        if t.piece_price > 0 {
            // A side's net is what it won minus what it paid; piece payments are the
            // only money moving during a game, so a negative net is what it has paid.
            let paid = |net: i64| m(u64::try_from(-net.min(0)).unwrap_or(0));
            text.push(" ");
            text.push(tr!(
                lang,
                "wager-paid",
                black = mention(game.players.first),
                black_paid = paid(game.net.first),
                orange = mention(game.players.second),
                orange_paid = paid(game.net.second)
            ));
        }
    }
    if let Some(line) = text::clock_line(lang, game, now, "move") {
        text.line(line);
    }
    text
}

pub(crate) fn board(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let game = core.game_in(req)?;
    crate::games::of(&game).board(core.cx(req, &game))
}

pub(crate) fn moves(core: &Core, req: &Request, square: &str) -> Result<Reply, CoreError> {
    let game = core.game_in(req)?;
    crate::games::of(&game).moves(core.cx(req, &game), square)
}
