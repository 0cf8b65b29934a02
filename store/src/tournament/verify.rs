//! `verify`'s part for tournaments: each tournament's money against its record, its
//! players' escrow and the ledger; its games against its pairings.

use std::collections::{BTreeMap, BTreeSet};

use super::model::{BoardResult, Tournament, TournamentFormat, TournamentGame, TournamentState};
use super::results::tournament_name;
use crate::codec::{decode, key1, key_part};
use crate::model::{EntryKind, FinishedHead, GameHead, GameResult, LedgerEntry};
use crate::tx::t;
use crate::{GameId, GuildId, Result, Store, TournamentId, UserId};

/// A tournament's money as the ledger tells it.
#[derive(Default)]
struct Flows {
    /// Entry fees into escrow.
    fees_in: i128,
    /// Refunds to balances.
    refunded: i128,
    /// Prizes to balances.
    paid_out: i128,
    /// Every escrow change: what is held now.
    held: i128,
}

/// Checks every tournament; adds the entry fees each holds to `escrow` (what each
/// wallet's escrow must hold). Returns how many tournaments were read.
pub(crate) fn check(
    store: &Store,
    problems: &mut Vec<String>,
    escrow: &mut BTreeMap<(GuildId, UserId), u128>,
) -> Result<usize> {
    let mut all: BTreeMap<TournamentId, Tournament> = BTreeMap::new();
    for item in store.kv().scan(t::TOURNAMENTS, &[]) {
        let (k, v) = item?;
        let id = TournamentId(key_part(&k, 0).unwrap_or_default());
        match decode::<Tournament>(&v, || tournament_name(id)) {
            Ok(tm) if tm.id == id => {
                all.insert(id, tm);
            }
            Ok(tm) => problems.push(format!("tournament {id} says it is tournament {}", tm.id)),
            Err(e) => problems.push(e.to_string()),
        }
    }
    let mut links: BTreeMap<GameId, TournamentGame> = BTreeMap::new();
    for item in store.kv().scan(t::TOURNAMENT_GAMES, &[]) {
        let (k, v) = item?;
        let game = GameId(key_part(&k, 0).unwrap_or_default());
        match decode::<TournamentGame>(&v, || format!("the tournament of game {game}")) {
            Ok(l) => {
                links.insert(game, l);
            }
            Err(e) => problems.push(e.to_string()),
        }
    }
    if all.is_empty() && links.is_empty() {
        return Ok(0);
    }
    let mut flows: BTreeMap<u64, Flows> = BTreeMap::new();
    for item in store.kv().scan(t::LEDGER, &[]) {
        let (_, v) = item?;
        let Ok(e) = decode::<LedgerEntry>(&v, String::new) else {
            continue; // reported by the ledger's own check
        };
        let Some(id) = e.game.map(GameId::get) else {
            continue;
        };
        if !all.contains_key(&TournamentId(id)) {
            continue;
        }
        let f = flows.entry(id).or_default();
        let (b, x) = (i128::from(e.balance_delta), i128::from(e.escrow_delta));
        f.held += x;
        match e.kind {
            EntryKind::Escrow => f.fees_in += x,
            EntryKind::Refund => f.refunded += b,
            EntryKind::Payout if b > 0 => f.paid_out += b,
            _ => {}
        }
    }
    let mut seen: BTreeSet<GameId> = BTreeSet::new();
    for tm in all.values() {
        let name = tournament_name(tm.id);
        let mut p = |s: String| problems.push(format!("{name}: {s}"));
        // Money.
        let held: u128 = tm.players.iter().map(|e| u128::from(e.held)).sum();
        if u128::from(tm.fees_in)
            != u128::from(tm.pot) + u128::from(tm.refunded) + u128::from(tm.paid_out)
        {
            p(format!(
                "entry fees in ({}) differ from the pot ({}) + refunds ({}) + prizes ({})",
                tm.fees_in, tm.pot, tm.refunded, tm.paid_out
            ));
        }
        if held != u128::from(tm.pot) {
            p(format!(
                "its players hold {held} in escrow, its pot is {}",
                tm.pot
            ));
        }
        let ended = matches!(
            tm.state,
            TournamentState::Finished | TournamentState::Cancelled
        );
        if ended && tm.pot != 0 {
            p(format!("it is over but holds a pot of {}", tm.pot));
        }
        let paid: u64 = tm.payouts.iter().map(|x| x.amount).sum();
        if paid != tm.paid_out {
            p(format!(
                "its prizes add up to {paid}, it paid out {}",
                tm.paid_out
            ));
        }
        let f = flows.remove(&tm.id.get()).unwrap_or_default();
        for (what, ledger, record) in [
            ("entry fees", f.fees_in, tm.fees_in),
            ("refunds", f.refunded, tm.refunded),
            ("prizes", f.paid_out, tm.paid_out),
            ("the pot", f.held, tm.pot),
        ] {
            if ledger != i128::from(record) {
                p(format!(
                    "the ledger says {what} {ledger}, the record {record}"
                ));
            }
        }
        for e in &tm.players {
            *escrow.entry((tm.guild, e.user)).or_default() += u128::from(e.held);
        }
        // Pairings.
        if let Err(e) = tm.standings() {
            p(format!("its pairings do not read: {e}"));
        }
        match tm.state {
            TournamentState::Open if !tm.rounds.is_empty() => p("open, with rounds".into()),
            TournamentState::Running { round } if round != tm.rounds.len() || round == 0 => {
                p(format!("in round {round}, with {} paired", tm.rounds.len()))
            }
            _ => {}
        }
        let mut met: BTreeMap<(UserId, UserId), u32> = BTreeMap::new();
        let mut byes: BTreeMap<UserId, u32> = BTreeMap::new();
        let current = tm.current_round();
        for (r, boards) in tm.rounds.iter().enumerate() {
            let round = r + 1;
            for (i, b) in boards.iter().enumerate() {
                let board = i + 1;
                let at = format!("round {round}, board {board}");
                match b.second {
                    None => {
                        *byes.entry(b.first).or_default() += 1;
                        if b.result != Some(BoardResult::Bye) || b.game.is_some() {
                            p(format!("{at}: a bye with a game or another result"));
                        }
                    }
                    Some(second) => {
                        let pair = (b.first.min(second), b.first.max(second));
                        *met.entry(pair).or_default() += 1;
                        if b.result == Some(BoardResult::Bye) {
                            p(format!("{at}: a game scored as a bye"));
                        }
                    }
                }
                if b.result.is_none() && current != Some(round) && !ended {
                    p(format!("{at}: no result, and it is not the current round"));
                }
                let link = TournamentGame {
                    tournament: tm.id,
                    round,
                    board,
                };
                for &g in b.game.iter().chain(&b.aborted) {
                    seen.insert(g);
                    if links.get(&g) != Some(&link) {
                        p(format!("{at}: game {g} is not indexed as this pairing's"));
                    }
                }
                for &g in &b.aborted {
                    match finished(store, g)? {
                        Some(GameResult::Aborted) => {}
                        _ => p(format!("{at}: game {g} is not archived as aborted")),
                    }
                }
                let Some(g) = b.game else { continue };
                match (b.result, b.channel) {
                    (None, Some(channel)) => {
                        let head = store.kv().get(t::GAMES, &key1(channel))?;
                        let head = head.and_then(|v| decode::<GameHead>(&v, String::new).ok());
                        let ok = head.is_some_and(|h| {
                            h.game.id == g
                                && h.game.players.first == b.first
                                && Some(h.game.players.second) == b.second
                        });
                        if !ok {
                            p(format!(
                                "{at}: its game {g} is not in progress in channel {channel} between its players"
                            ));
                        }
                    }
                    (Some(result), _) => {
                        let want = match finished(store, g)? {
                            Some(GameResult::Win { winner, .. }) if winner == b.first => {
                                Some(BoardResult::FirstWins)
                            }
                            Some(GameResult::Win { .. }) => Some(BoardResult::SecondWins),
                            Some(GameResult::Draw) => Some(BoardResult::Draw),
                            Some(GameResult::Aborted) | None => None,
                        };
                        if want != Some(result) {
                            p(format!(
                                "{at}: the result {result:?} is not what its game {g} says ({want:?})"
                            ));
                        }
                    }
                    (None, None) => p(format!("{at}: game {g} without a channel")),
                }
            }
        }
        let most = match tm.format {
            TournamentFormat::RoundRobin { double: true } => 2,
            _ => 1,
        };
        for ((a, b), n) in met {
            if n > most {
                p(format!("{a} and {b} were paired {n} times"));
            }
        }
        if matches!(tm.format, TournamentFormat::Swiss { .. }) {
            for (u, n) in byes {
                if n > 1 {
                    p(format!("{u} had {n} byes"));
                }
            }
        }
    }
    for (id, f) in flows {
        if f.held != 0 {
            problems.push(format!(
                "ledger entries hold {} for tournament {id}",
                f.held
            ));
        }
    }
    for (g, l) in links {
        if !seen.contains(&g) {
            problems.push(format!(
                "game {g} is indexed as round {} board {} of tournament {}, which does not name it",
                l.round, l.board, l.tournament
            ));
        }
    }
    Ok(all.len())
}

/// How the archived game `id` ended, if it is archived.
fn finished(store: &Store, id: GameId) -> Result<Option<GameResult>> {
    Ok(store
        .kv()
        .get(t::FINISHED, &key1(id))?
        .and_then(|v| decode::<FinishedHead>(&v, String::new).ok())
        .map(|h| h.finished.result))
}
