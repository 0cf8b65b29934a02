//! The games the host plays, each behind the game interface ([`crate::game`]): one
//! module per game ([`jetan`], [`martian`]) and the dispatch functions below, the one
//! place that lists them. Everything else in the store — challenges, accept, turn
//! checks, claims on time, the stalled-game sweep, draw offers, resignation, abort,
//! settlement, receipts, `verify`, export — is written once, against these.

pub mod jetan;
pub mod martian;
pub(crate) mod values;

pub use values::{GameOptions, Refusal};

use crate::codec::{encode, key2};
use crate::game::End;
use crate::game::{Clock, HostedGame};
use crate::model::{EndReason, Game, GameKind, GameResult, Records, Terms};
use crate::{GameId, Result, Seat};

/// Calls `$body` with `$g` bound to the type of `$kind`'s game: the one list of games.
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::model::GameKind::Jetan => {
                type $g = $crate::games::jetan::Jetan;
                $body
            }
            $crate::model::GameKind::MartianChess => {
                type $g = $crate::games::martian::Martian;
                $body
            }
        }
    };
}

pub(crate) use with_game;

/// Who must act in `game`.
///
/// # Errors
/// [`StoreError::Corrupt`] if its stored state does not read.
pub(crate) fn clock(game: &Game) -> Result<Clock> {
    with_game!(game.terms.kind(), G => G::clock(game))
}

/// The state string of a new game on `terms`.
pub(crate) fn start(terms: &Terms, seed: u64) -> String {
    with_game!(terms.kind(), G => G::start(terms, seed))
}

/// The most points of piece value one player can lose on `terms`.
pub(crate) fn reserve_points(terms: &Terms) -> u64 {
    with_game!(terms.kind(), G => G::reserve_points(terms))
}

/// Refuses terms their game does not take.
pub(crate) fn check_terms(terms: &Terms) -> Result<()> {
    with_game!(terms.kind(), G => G::check_terms(terms))
}

/// The pool of ratings that games on `terms` rate.
pub fn rating_pool(terms: &Terms) -> crate::model::RatingPool {
    with_game!(terms.kind(), G => G::rating_pool(terms))
}

/// Every game's [`HostedGame::option_samples`]: options that together cover each way a
/// game's options change its money.
pub(crate) fn option_samples() -> Vec<GameOptions> {
    GameKind::ALL
        .iter()
        .flat_map(|&kind| with_game!(kind, G => G::option_samples()))
        .collect()
}

/// Every game's pools of ratings, game by game in the order each lists them.
pub fn pools() -> Vec<crate::model::RatingPool> {
    GameKind::ALL
        .iter()
        .flat_map(|&kind| with_game!(kind, G => G::POOLS).iter().cloned())
        .collect()
}

/// The game whose pools include `pool` (by name), if any.
pub fn pool_game(pool: &crate::model::RatingPool) -> Option<GameKind> {
    GameKind::ALL
        .into_iter()
        .find(|&kind| with_game!(kind, G => G::POOLS).iter().any(|p| p == pool))
}

/// The tree of the records of a game of `kind`, and the records' name for messages.
pub(crate) fn records_tree(kind: GameKind) -> usize {
    with_game!(kind, G => G::RECORDS)
}

/// Each of `records` as its game's tree stores it: (tree, key (game `id`, ply), the
/// encoded record), first to last.
pub(crate) fn stored_records(id: GameId, records: &Records) -> Vec<(usize, [u8; 16], Vec<u8>)> {
    fn each<G: HostedGame>(id: GameId, list: &[G::Record]) -> Vec<(usize, [u8; 16], Vec<u8>)> {
        list.iter()
            .enumerate()
            .map(|(ply, r)| (G::RECORDS, key2(id, ply as u64), encode(r)))
            .collect()
    }
    match records {
        Records::Empty => Vec::new(),
        Records::Jetan(v) => each::<jetan::Jetan>(id, v),
        Records::MartianChess(v) => each::<martian::Martian>(id, v),
    }
}

/// Replays `game` and checks where it leads against what is stored: the position, and
/// for a finished game (`end`: its result and reason) the ending — a rule ending must be
/// the one recorded, and a game the rules did not end must have ended by a host ending.
/// `Err` says where it departs.
pub(crate) fn replay(
    game: &Game,
    end: Option<(&GameResult, EndReason)>,
) -> std::result::Result<(), String> {
    if game.records.game().is_some_and(|k| k != game.terms.kind()) {
        return Err(format!(
            "a game of {:?} holds the records of another game",
            game.terms.kind()
        ));
    }
    let replayed = with_game!(game.terms.kind(), G => G::replay(game))?;
    let records = with_game!(game.terms.kind(), G => G::RECORDS_NAME);
    match (replayed.ending, end) {
        (Some((_, reason)), None) => {
            return Err(format!(
                "its {records} end it ({reason}), but it is still in progress"
            ))
        }
        (Some((end, reason)), Some((result, recorded))) => {
            let want = match end {
                End::Win(w) => GameResult::Win {
                    winner: game.player(w),
                    loser: game.player(w.other()),
                },
                End::Draw => GameResult::Draw,
                End::Aborted => GameResult::Aborted,
            };
            if *result != want || recorded != EndReason::Rule(reason) {
                return Err(format!(
                    "its {records} end it ({reason}), but it is recorded as {result:?} ({recorded:?})"
                ));
            }
        }
        (None, Some((_, recorded))) if !recorded.is_host_ending() => {
            return Err(format!(
                "it is recorded as ended by {recorded:?}, but its {records} do not end it"
            ))
        }
        _ => {}
    }
    if replayed.position != game.position {
        return Err(format!(
            "its stored state differs from the replay of its {records}{}",
            with_game!(game.terms.kind(), G => if G::PUBLIC_STATE {
                format!(" ({} stored, {} replayed)", game.position, replayed.position)
            } else {
                // A state with hidden information (hands, the deck) never goes in a report.
                String::new()
            })
        ));
    }
    Ok(())
}

impl Game {
    /// The seat that must act now, as the game's rules say (in Martian Chess during a
    /// battle, the player whose card is awaited). A state that does not read (a damaged
    /// record, which `verify` reports) counts as the first mover's turn.
    pub fn turn(&self) -> Seat {
        clock(self)
            .ok()
            .and_then(Clock::seat)
            .unwrap_or(Seat::First)
    }
}
