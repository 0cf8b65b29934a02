//! The games the command core hosts, each behind the game interface ([`crate::game`]):
//! [`ui`] is the one place that lists them. Also the host's words that depend on the
//! game: its name and the terms of a challenge.

use jetan_store::{Game, GameKind, StoreError, Terms};

use crate::game::GameUi;
use crate::lang::{tr, Lang};
use crate::words::{format_duration, money};

/// The game of `kind`.
pub(crate) fn ui(kind: GameKind) -> &'static dyn GameUi {
    match kind {
        GameKind::Jetan => &crate::jetan::Jetan,
        GameKind::MartianChess => &crate::martian::Martian,
    }
}

/// The game of `game`.
pub(crate) fn of(game: &Game) -> &'static dyn GameUi {
    ui(game.terms.game)
}

/// The name of a game's rules and board as players read it: "Classic Jetan", "Manator
/// Jetan on the circular board".
pub(crate) fn name(lang: Lang, t: &Terms) -> String {
    ui(t.game).name(lang, t)
}

/// The terms of a challenge, in words, each sentence after a space: the stake, the piece
/// price and what each player puts in escrow, or that nothing is at stake; the move time.
pub(crate) fn terms_text(lang: Lang, t: &Terms, currency: &str) -> String {
    let m = |n: u64| money(lang, n, currency);
    let mut s = Vec::new();
    if t.practice {
        s.push(tr!(lang, "terms-practice"));
    } else if t.stake == 0 && t.piece_price == 0 {
        s.push(tr!(lang, "terms-friendly"));
    } else {
        if t.stake > 0 {
            s.push(tr!(lang, "terms-stake", stake = m(t.stake)));
        }
        if t.piece_price > 0 {
            s.push(
                ui(t.game)
                    .piece_price_terms(lang, t, currency)
                    .trim()
                    .to_string(),
            );
        }
        if let (Ok(held), Ok(reserve)) = (t.escrow(), t.reserve()) {
            if reserve > 0 {
                s.push(tr!(
                    lang,
                    "terms-held",
                    held = m(held),
                    stake = m(t.stake),
                    reserve = m(reserve)
                ));
            }
        }
    }
    if let Some(minutes) = t.move_time_minutes {
        let time = format_duration(u64::from(minutes) * 60_000);
        s.push(tr!(lang, "terms-move-time", time = time));
    }
    s.iter().map(|x| format!(" {x}")).collect()
}

/// The refusal of an error the store reported that belongs to a game (an illegal move,
/// a command of another game), in words; `None` for the host's own refusals.
pub(crate) fn refusal(lang: Lang, e: &StoreError) -> Option<String> {
    if let StoreError::WrongGame { game } = e {
        return Some(ui(*game).wrong_game(lang));
    }
    GameKind::ALL
        .into_iter()
        .find_map(|kind| ui(kind).refusal(lang, e))
}
