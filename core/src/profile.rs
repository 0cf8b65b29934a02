//! A player's profile (`/jetan profile`): their ratings and wallet over time, their
//! record by game and seat, their streak, favourite opening and biggest win — one
//! picture and the same facts in words. Private unless the asker shares it.
//!
//! It reads the player's last [`PROFILE_GAMES`] finished games and last
//! [`PROFILE_LEDGER`] ledger entries: a profile shows recent form, and its cost stays
//! bounded however long a player has played.

use std::collections::BTreeMap;

use jetan_render::{profile_png, Chart, Point, ProfileCard, Series};
use jetan_store::{EntryKind, FinishedGame, GameResult, LedgerEntry, RatingPool, UserId};

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::request::{Request, UserRef};
use crate::text;
use crate::words::{date, money, signed_money};
use crate::{refuse, Core, CoreError, Reply};

/// How many of a player's finished games a profile reads, newest first.
pub const PROFILE_GAMES: usize = 500;
/// How many of a player's ledger entries a profile reads for the wallet chart.
pub const PROFILE_LEDGER: usize = 2_000;

/// A player's results in one rating pool from one seat.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
}

/// What a finished game was for one of its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Won,
    Drawn,
    Lost,
}

fn outcome_for(f: &FinishedGame, user: UserId) -> Option<Outcome> {
    match f.result {
        GameResult::Win { winner, .. } if winner == user => Some(Outcome::Won),
        GameResult::Win { .. } => Some(Outcome::Lost),
        GameResult::Draw => Some(Outcome::Drawn),
        GameResult::Aborted => None,
    }
}

/// The wallet's total (balance and escrow) after each ledger entry, oldest first, from
/// the total now and the entries newest first: each entry undone in turn. The first
/// point is the total before the oldest entry read (unless that entry is the starting
/// grant: the wallet began there).
fn wallet_points(total_now: u64, newest_first: &[LedgerEntry]) -> Vec<Point> {
    let mut total = i128::from(total_now);
    let mut points = Vec::with_capacity(newest_first.len() + 1);
    for e in newest_first {
        points.push(Point {
            x: e.at as f64,
            y: total as f64,
            spread: 0.0,
        });
        total -= i128::from(e.balance_delta) + i128::from(e.escrow_delta);
    }
    // Before the oldest entry, unless the wallet began with it.
    if let Some(oldest) = newest_first
        .last()
        .filter(|e| e.kind != EntryKind::StartingGrant)
    {
        points.push(Point {
            x: oldest.at.saturating_sub(1) as f64,
            y: total.max(0) as f64,
            spread: 0.0,
        });
    }
    points.reverse();
    points
}

/// Each pool's rating over the games (oldest first): the rating before the first rated
/// game, then after each, with its deviation.
/// Pools are numbered by their place in `pools`.
fn rating_series(
    user: UserId,
    oldest_first: &[&FinishedGame],
    pools: &mut Vec<RatingPool>,
) -> BTreeMap<usize, Vec<Point>> {
    let mut series: BTreeMap<usize, Vec<Point>> = BTreeMap::new();
    for f in oldest_first {
        let (Some(change), Some(seat)) = (&f.rating, f.game.seat_of(user)) else {
            continue;
        };
        let pool = pool_index(pools, &change.pool);
        let points = series.entry(pool).or_default();
        if points.is_empty() {
            let r = change.before[seat];
            points.push(Point {
                x: f.game.started_at as f64,
                y: r.rating,
                spread: r.deviation,
            });
        }
        let r = change.after[seat];
        points.push(Point {
            x: f.ended_at as f64,
            y: r.rating,
            spread: r.deviation,
        });
    }
    series
}

/// Where `pool` comes in `pools` (every game's pools, in order), added at the end if it
/// is not there yet.
fn pool_index(pools: &mut Vec<RatingPool>, pool: &RatingPool) -> usize {
    pools.iter().position(|p| p == pool).unwrap_or_else(|| {
        pools.push(pool.clone());
        pools.len() - 1
    })
}

/// The current streak, newest game first: how many of the same outcome in a row.
fn streak(newest_first: &[Outcome]) -> Option<(Outcome, usize)> {
    let first = *newest_first.first()?;
    Some((
        first,
        newest_first.iter().take_while(|o| **o == first).count(),
    ))
}

/// `/jetan profile [user] [share]`: the profile of `user` (default: the asker),
/// privately, or in the channel when `share`.
pub(crate) fn profile(
    core: &Core,
    req: &Request,
    user: Option<&UserRef>,
    share: bool,
) -> Result<Reply, CoreError> {
    let asker = Lang::of(&req.locale);
    let who = user.unwrap_or(&req.user);
    if who.bot {
        return refuse(tr!(asker, "bot-no-profile", who = who.mention()));
    }
    let lang = if share {
        core.public_lang(req.guild)
    } else {
        asker
    };
    core.remember(who);
    let wallet = core.store.wallet(req.guild, who.id)?;
    let currency = core.store.settings(req.guild)?.currency;
    let games = core
        .store
        .history_player(req.guild, who.id, PROFILE_GAMES)?;
    let ledger = core.store.ledger(req.guild, who.id, PROFILE_LEDGER)?;
    let oldest_first: Vec<&FinishedGame> = games.iter().rev().collect();

    // The record by pool and seat, and the outcomes newest first (practice games
    // against the computer count for neither, as in the wallet's record).
    let mut record: BTreeMap<(usize, usize), (Text, Text, Tally)> = BTreeMap::new();
    let mut outcomes = Vec::new();
    let mut biggest: Option<(i64, u64)> = None;
    let mut openings: BTreeMap<String, usize> = BTreeMap::new();
    let mut pools = jetan_store::games::pools();
    for f in &games {
        let g = &f.game;
        let Some(seat) = g.seat_of(who.id) else {
            continue;
        };
        let ui = crate::games::of(g);
        if let Some(o) = ui.opening(g, seat) {
            *openings.entry(o).or_default() += 1;
        }
        let Some(outcome) = outcome_for(f, who.id) else {
            continue;
        };
        if g.terms.practice {
            continue;
        }
        outcomes.push(outcome);
        let pool = jetan_store::games::rating_pool(&g.terms);
        let seat_index = seat.index();
        let row = record
            .entry((pool_index(&mut pools, &pool), seat_index))
            .or_insert_with(|| {
                (
                    text::pool_name(lang, &pool),
                    ui.seat_name(lang, seat),
                    Tally::default(),
                )
            });
        match outcome {
            Outcome::Won => row.2.won += 1,
            Outcome::Drawn => row.2.drawn += 1,
            Outcome::Lost => row.2.lost += 1,
        }
        let net = f.net[seat];
        if outcome == Outcome::Won && net > 0 && biggest.is_none_or(|(n, _)| net > n) {
            biggest = Some((net, g.opponent_of(who.id).unwrap_or(UserId(0)).get()));
        }
    }

    let name = core.name_of(who.id, lang);
    let since = oldest_first.first().map(|f| date(f.game.started_at));
    let subtitle = match &since {
        Some(day) => tr!(
            lang,
            "profile-subtitle",
            games = games.len(),
            since = day.as_str()
        ),
        None => tr!(lang, "profile-no-games"),
    };
    let mut facts: Vec<(Text, Text)> = Vec::new();
    facts.push((
        tr!(lang, "profile-wallet"),
        tr!(
            lang,
            "profile-wallet-value",
            balance = money(lang, wallet.balance, &currency),
            escrow = money(lang, wallet.escrow, &currency)
        ),
    ));
    if let Some((o, n)) = streak(&outcomes) {
        let key = match o {
            Outcome::Won => "profile-streak-won",
            Outcome::Drawn => "profile-streak-drawn",
            Outcome::Lost => "profile-streak-lost",
        };
        facts.push((tr!(lang, "profile-streak"), tr!(lang, key, n = n)));
    }
    // The most played first move; of two as often, the one first in order.
    if let Some((opening, n)) = openings
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))
    {
        facts.push((
            tr!(lang, "profile-opening"),
            tr!(
                lang,
                "profile-opening-value",
                opening = opening.as_str(),
                n = *n
            ),
        ));
    }
    if let Some((net, opponent)) = biggest {
        facts.push((
            tr!(lang, "profile-biggest-win"),
            tr!(
                lang,
                "profile-biggest-win-value",
                amount = signed_money(lang, net, &currency),
                who = core.name_of(UserId(opponent), lang)
            ),
        ));
    }

    let span = |points: &[Point]| -> (String, String) {
        let lo = points.iter().map(|p| p.x).fold(f64::MAX, f64::min);
        let hi = points.iter().map(|p| p.x).fold(f64::MIN, f64::max);
        if lo > hi {
            return (String::new(), String::new());
        }
        (date(lo as u64), date(hi as u64))
    };
    let ratings = rating_series(who.id, &oldest_first, &mut pools);
    let rating_series: Vec<Series> = ratings
        .iter()
        .map(|(pool, points)| Series {
            name: pools
                .get(*pool)
                .map(|p| text::pool_name(lang, p).unmarked())
                .unwrap_or_default(),
            points: points.clone(),
        })
        .collect();
    let all_rating_points: Vec<Point> = ratings.values().flat_map(|p| p.iter().copied()).collect();
    let (r_from, r_to) = span(&all_rating_points);
    let wallet_line = wallet_points(wallet.balance.saturating_add(wallet.escrow), &ledger);
    let (w_from, w_to) = span(&wallet_line);
    let mut table: Vec<Vec<Text>> = Vec::new();
    if !record.is_empty() {
        table.push(vec![
            tr!(lang, "profile-col-game"),
            tr!(lang, "profile-col-seat"),
            tr!(lang, "profile-col-won"),
            tr!(lang, "profile-col-drawn"),
            tr!(lang, "profile-col-lost"),
        ]);
        for (game, seat, t) in record.values() {
            table.push(vec![
                game.clone(),
                seat.clone(),
                Text::words(t.won.to_string()),
                Text::words(t.drawn.to_string()),
                Text::words(t.lost.to_string()),
            ]);
        }
    }
    // The picture shows bare words.
    let card = ProfileCard {
        name: name.clone(),
        subtitle: subtitle.unmarked(),
        charts: vec![
            Chart {
                title: tr!(lang, "profile-rating").unmarked(),
                series: rating_series,
                from: r_from,
                to: r_to,
                empty: tr!(lang, "profile-rating-none").unmarked(),
            },
            Chart {
                title: tr!(lang, "profile-wallet").unmarked(),
                series: vec![Series {
                    name: tr!(lang, "profile-wallet-total").unmarked(),
                    points: wallet_line,
                }],
                from: w_from,
                to: w_to,
                empty: tr!(lang, "profile-wallet-none").unmarked(),
            },
        ],
        table: table
            .iter()
            .map(|row| row.iter().map(Text::unmarked).collect())
            .collect(),
        facts: facts
            .iter()
            .map(|(label, value)| (label.unmarked(), value.unmarked()))
            .collect(),
    };
    let png = profile_png(&card)?;

    // The same facts in words, for screen readers and the console.
    let mut words = tr!(lang, "profile-head", who = who.mention());
    words.line(subtitle);
    for row in table.iter().skip(1) {
        words.line(tr!(
            lang,
            "profile-row",
            game = &row[0],
            seat = &row[1],
            won = &row[2],
            drawn = &row[3],
            lost = &row[4]
        ));
    }
    for (pool, points) in &ratings {
        if let (Some(p), Some(last)) = (pools.get(*pool), points.last()) {
            words.line(tr!(
                lang,
                "profile-rating-row",
                game = text::pool_name(lang, p),
                rating = last.y.round() as i64,
                deviation = last.spread.round() as i64
            ));
        }
    }
    for (label, value) in &facts {
        words.line(label.clone().and(": ").and(value.clone()));
    }
    let reply = if share {
        Reply::public(words)
    } else {
        Reply::ephemeral(words)
    };
    Ok(reply.with_file("profile.png", png))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_store::GuildId;

    fn entry(at: u64, balance: i64, escrow: i64) -> LedgerEntry {
        LedgerEntry {
            seq: at,
            guild: GuildId(1),
            user: UserId(2),
            kind: EntryKind::Grant,
            balance_delta: balance,
            escrow_delta: escrow,
            game: None,
            request: None,
            at,
            reason: String::new(),
        }
    }

    /// The wallet's history is the total now with each entry undone in turn: a stake put
    /// in escrow leaves the total as it was, a lost stake lowers it.
    #[test]
    fn the_wallet_line_undoes_the_ledger_from_the_total_now() {
        // Oldest first: a grant of 100, a stake of 30 into escrow, the stake lost.
        let newest_first = [entry(30, 0, -30), entry(20, -30, 30), entry(10, 100, 0)];
        let points = wallet_points(70, &newest_first);
        let ys: Vec<f64> = points.iter().map(|p| p.y).collect();
        assert_eq!(ys, [0.0, 100.0, 100.0, 70.0]);
        assert!(points.windows(2).all(|w| w[0].x < w[1].x));
        assert!(wallet_points(50, &[]).is_empty());
        // A wallet that began with its starting grant starts there, not at zero.
        let mut grant = entry(10, 1000, 0);
        grant.kind = EntryKind::StartingGrant;
        let points = wallet_points(1000, &[grant]);
        assert_eq!(points.iter().map(|p| p.y).collect::<Vec<_>>(), [1000.0]);
    }

    #[test]
    fn a_streak_counts_the_same_outcome_from_the_newest_game() {
        use Outcome::*;
        assert_eq!(streak(&[Won, Won, Lost, Won]), Some((Won, 2)));
        assert_eq!(streak(&[Drawn]), Some((Drawn, 1)));
        assert_eq!(streak(&[]), None);
    }
}
