//! Ratings: a Glicko-2 rating (Glickman 2012, through the `skillratings` crate) per
//! player, per server and per rating pool (Classic, Manator and Ninth-Ray Jetan, and each
//! other game's own: [`crate::RatingPool`]), kept in the player's wallet and updated in the transaction that settles the
//! game (so a result and its rating change are one fact).
//!
//! A game is rated when it is between two people (not practice against the computer),
//! its challenge did not say `casual`, it ended with a result (not aborted or abandoned),
//! and the two players have not already played [`PAIR_LIMIT`] rated games with each
//! other in the last 24 hours (the farming guard: two accounts cannot pump a rating by
//! playing each other all day). Each game is its own rating period.
//!
//! The change is recorded with the finished game ([`RatingChange`]: both ratings before
//! and after), so `verify` recomputes every rating from the finished games, in order,
//! and checks it against the records and the wallets.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::game::End;
use crate::model::{Game, Rating, RatingChange, DAY_MS};
use crate::tx::{Tx, TxResult};
use crate::{BySeat, Seat};

/// How many rated games two players may play with each other in 24 hours; further ones
/// are played and settled but not rated.
pub const PAIR_LIMIT: usize = 3;

/// The ratings after a game between the players of the first and the second seat that ended so.
/// Pure and exact: `verify` recomputes every change with it.
pub(crate) fn update(before: BySeat<Rating>, end: End) -> BySeat<Rating> {
    let g = |r: Rating| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = match end {
        End::Win(Seat::First) => Outcomes::WIN,
        End::Win(Seat::Second) => Outcomes::LOSS,
        End::Draw | End::Aborted => Outcomes::DRAW,
    };
    let (first, second) = glicko2(
        &g(before.first),
        &g(before.second),
        &outcome,
        &Glicko2Config::new(),
    );
    let back = |n: Glicko2Rating, old: Rating| Rating {
        rating: n.rating,
        deviation: n.deviation,
        volatility: n.volatility,
        games: old.games.saturating_add(1),
    };
    BySeat {
        first: back(first, before.first),
        second: back(second, before.second),
    }
}

/// Rates `game`, which ended so, inside the settling transaction: updates both wallets'
/// ratings and the farming guard's list, and returns the change; `None` for a game that
/// is not rated (see the module's rules).
pub(crate) fn rate(tx: &Tx<'_>, game: &Game, end: End) -> TxResult<Option<RatingChange>> {
    if game.terms.practice || game.terms.casual || matches!(end, End::Aborted) {
        return Ok(None);
    }
    let now = tx.now;
    let pool = crate::games::rating_pool(&game.terms);
    let first = tx.wallet(game.guild, game.players.first)?;
    let recent = first
        .rated_with
        .iter()
        .filter(|&&(opponent, at)| {
            opponent == game.players.second && now.saturating_sub(at) < DAY_MS
        })
        .count();
    if recent >= PAIR_LIMIT {
        return Ok(None);
    }
    let second = tx.wallet(game.guild, game.players.second)?;
    let rating_in = |w: &crate::model::Wallet| w.ratings.get(&pool).copied().unwrap_or_default();
    let before = BySeat {
        first: rating_in(&first),
        second: rating_in(&second),
    };
    let after = update(before, end);
    for c in Seat::ALL {
        let opponent = game.player(c.other());
        tx.update_wallet(game.guild, game.player(c), |w| {
            w.ratings.insert(pool.clone(), after[c]);
            w.rated_with
                .retain(|&(_, at)| now.saturating_sub(at) < DAY_MS);
            w.rated_with.push((opponent, now));
            Ok(())
        })?;
    }
    Ok(Some(RatingChange {
        pool,
        before,
        after,
    }))
}

/// A rated finished game, as `verify` reads it.
pub(crate) struct Rated {
    pub ended_at: crate::Millis,
    pub id: crate::GameId,
    pub guild: crate::GuildId,
    pub players: BySeat<crate::UserId>,
    pub result: crate::model::GameResult,
    pub change: RatingChange,
}

/// Recomputes every rating from the rated games, each player's in the order they were
/// played (a game is replayed once both players' ratings stand where its record says
/// they stood before it: by end time, then id), and checks each recorded change and
/// every wallet's ratings against the result. Returns the problems found.
pub(crate) fn recompute(
    mut rated: Vec<Rated>,
    wallets: &std::collections::BTreeMap<(crate::GuildId, crate::UserId), crate::model::Wallet>,
) -> Vec<String> {
    use std::collections::BTreeMap;
    let mut problems = Vec::new();
    let mut now: BTreeMap<(crate::GuildId, crate::UserId, crate::model::RatingPool), Rating> =
        BTreeMap::new();
    rated.sort_by_key(|g| (g.ended_at, g.id));
    let key = |g: &Rated, c: Seat| (g.guild, g.players[c], g.change.pool.clone());
    loop {
        let before = rated.len();
        rated.retain(|g| {
            let current = Seat::ALL.map(|c| now.get(&key(g, c)).copied().unwrap_or_default());
            let ready = Seat::ALL
                .iter()
                .zip(current)
                .all(|(&c, r)| r.games == g.change.before[c].games);
            if !ready {
                return true;
            }
            for (&c, r) in Seat::ALL.iter().zip(current) {
                if r != g.change.before[c] {
                    problems.push(format!(
                        "game {}: its record says {} stood at {:?} before it, the games before it say {:?}",
                        g.id, g.players[c], g.change.before[c], r
                    ));
                }
            }
            let end = match g.result {
                crate::model::GameResult::Win { winner, .. } if winner == g.players.first => {
                    End::Win(Seat::First)
                }
                crate::model::GameResult::Win { .. } => End::Win(Seat::Second),
                crate::model::GameResult::Draw => End::Draw,
                crate::model::GameResult::Aborted => {
                    problems.push(format!("game {}: an aborted game is recorded as rated", g.id));
                    End::Draw
                }
            };
            let after = update(g.change.before, end);
            if after != g.change.after {
                problems.push(format!(
                    "game {}: its rating change does not follow from its result",
                    g.id
                ));
            }
            for c in Seat::ALL {
                now.insert(key(g, c), g.change.after[c]);
            }
            false
        });
        if rated.is_empty() || rated.len() == before {
            break;
        }
    }
    for g in &rated {
        problems.push(format!(
            "game {}: its rating change does not follow on its players' earlier rated games",
            g.id
        ));
    }
    for (&(guild, user), w) in wallets {
        for (pool, &r) in &w.ratings {
            if now.remove(&(guild, user, pool.clone())) != Some(r) {
                problems.push(format!(
                    "the wallet of {user} in server {guild} shows a {} rating of {:.1} ({} games) that its rated games do not give",
                    pool.name(), r.rating, r.games
                ));
            }
        }
    }
    for ((guild, user, pool), _) in now {
        problems.push(format!(
            "rated games give {user} in server {guild} a {} rating that the wallet does not show",
            pool.name()
        ));
    }
    problems
}
