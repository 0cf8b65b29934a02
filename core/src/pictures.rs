//! Pictures of games: what every game's pictures share (the players' names, which seat
//! is shown at the bottom). Each game draws its own (`games::<game>`).

use jetan_store::{Game, Seat, UserId};

use super::lang::Lang;
use super::Core;

/// The display names of a game's players, the first seat's first.
pub(crate) fn names(core: &Core, game: &Game, lang: Lang) -> (String, String) {
    (
        core.name_of(game.players.first, lang),
        core.name_of(game.players.second, lang),
    )
}

/// Which seat a picture of `game` shows at the bottom — one rule a player can predict:
/// - against the computer, the human, always;
/// - a player asking for the board (`board`, `moves`) sees their own seat at the
///   bottom;
/// - otherwise the seat to move (`to_move`), so the player about to think sees the
///   board from their seat; at the end of a game, the winner (`to_move` is then the
///   winner's seat, or the seat to move for a draw).
pub(crate) fn bottom(core: &Core, game: &Game, to_move: Seat, viewer: Option<UserId>) -> Seat {
    if game.terms.practice {
        if let Some(c) = game.seat_of(game.opponent_of(core.bot.id).unwrap_or(UserId(0))) {
            return c;
        }
    }
    viewer.and_then(|v| game.seat_of(v)).unwrap_or(to_move)
}

/// The seat a game-over picture shows at the bottom.
pub(crate) fn bottom_at_end(
    core: &Core,
    game: &Game,
    result: &jetan_store::GameResult,
    to_move: Seat,
) -> Seat {
    let side = match *result {
        jetan_store::GameResult::Win { winner, .. } => game.seat_of(winner).unwrap_or(to_move),
        _ => to_move,
    };
    bottom(core, game, side, None)
}
