//! What follows a result, inside the transaction that records it: the pairing's
//! result ([`on_settled`], called by the settlement of every game), the next round
//! paired when the round is complete ([`advance`]), and at the end the pot paid by
//! place ([`finish`]). Below the operations and the settlement: it imports neither.

use jetan_pairing::PairingError;

use super::model::{from_pairing, result_of, Prize, Tournament, TournamentGame, TournamentState};
use crate::codec::key1;
use crate::model::{EntryKind, Settlement};
use crate::tx::{fail, t, to_i64, Tx, TxResult};
use crate::{GameId, GuildId, OutboxKey, Pending, StoreError, TournamentId, TournamentNews};

pub(crate) fn tournament_name(id: TournamentId) -> String {
    format!("tournament {id}")
}

/// The tournament `id` of server `guild` (another server's is none).
pub(crate) fn load(tx: &Tx<'_>, guild: GuildId, id: TournamentId) -> TxResult<Tournament> {
    match tx.get::<Tournament>(t::TOURNAMENTS, &key1(id), || tournament_name(id))? {
        Some(tm) if tm.guild == guild => Ok(tm),
        _ => fail(StoreError::NoTournament(id)),
    }
}

pub(crate) fn save(tx: &Tx<'_>, tm: &Tournament) -> TxResult<()> {
    tx.put(t::TOURNAMENTS, &key1(tm.id), tm)
}

/// The event owes its channel news of round `round` (just paired) or, for
/// [`TournamentNews::FINAL`], of its end: into the outbox, in the transaction that paired
/// or finished it, until the bot has delivered it ([`crate::Store::announced`]).
pub(crate) fn owe(tx: &Tx<'_>, tm: &Tournament, round: usize) -> TxResult<()> {
    let news = TournamentNews {
        tournament: tm.id,
        round,
    };
    tx.put(
        t::OUTBOX,
        &OutboxKey::Tournament(news).bytes(),
        &Pending {
            request: 0,
            user: tm.organiser,
            at: tx.now,
            tournament: Some(news),
        },
    )
}

/// The ledger's link of a tournament's money: its id, in the entries' game field (ids
/// come from one sequence, so no game has it).
pub(crate) fn ledger_id(tm: &Tournament) -> Option<GameId> {
    Some(GameId(tm.id.get()))
}

fn corrupt(tm: &Tournament, detail: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt {
        what: tournament_name(tm.id),
        detail: detail.to_string(),
    }
}

/// The settlement hook: when a tournament game ends (any way: a rule ending, a
/// resignation, an agreed draw, time, the sweep), its pairing gets its result and the
/// event goes on ([`advance`]), in the transaction that settled the game. An admin's
/// abort records nothing: the pairing loses its game (kept in `aborted`) and may be
/// started again or adjudicated. A game of a tournament no longer running (a
/// cancellation aborting its games) changes nothing.
pub(crate) fn on_settled(tx: &Tx<'_>, s: &Settlement) -> TxResult<()> {
    let Some(link) = tx.get::<TournamentGame>(t::TOURNAMENT_GAMES, &key1(s.game_id), || {
        format!("the tournament of game {}", s.game_id)
    })?
    else {
        return Ok(());
    };
    let mut tm = load(tx, s.guild, link.tournament)?;
    if tm.current_round().is_none() {
        return Ok(());
    }
    let Some(board) = tm
        .rounds
        .get_mut(link.round.wrapping_sub(1))
        .and_then(|r| r.get_mut(link.board.wrapping_sub(1)))
    else {
        return fail(corrupt(
            &tm,
            format!("game {} names a board it does not have", s.game_id),
        ));
    };
    if board.game != Some(s.game_id) || board.result.is_some() {
        return Ok(());
    }
    match result_of(s) {
        Some(r) => board.result = Some(r),
        None => {
            board.game = None;
            board.channel = None;
            board.aborted.push(s.game_id);
        }
    }
    advance(tx, &mut tm)?;
    save(tx, &tm)
}

/// When the current round has every result: the next round is paired (its byes
/// scored at once, and again if a round has nothing left to play), or the event
/// finishes and pays its pot ([`finish`]) — after the last round, or when no further
/// round can be paired (too few players still in, or the hard pairing rules allow no
/// pairing). The caller saves the tournament.
pub(crate) fn advance(tx: &Tx<'_>, tm: &mut Tournament) -> TxResult<()> {
    loop {
        let Some(round) = tm.current_round() else {
            return Ok(());
        };
        let Some(boards) = tm.rounds.get(round.wrapping_sub(1)) else {
            return fail(corrupt(tm, format!("it is in round {round}, not paired")));
        };
        if boards.iter().any(|b| b.result.is_none()) {
            return Ok(());
        }
        if tm.rounds.len() >= tm.total_rounds() {
            return finish(tx, tm);
        }
        match jetan_pairing::pair_next_round(&tm.event()) {
            Ok(next) => {
                tm.rounds.push(next.iter().map(from_pairing).collect());
                tm.state = TournamentState::Running {
                    round: tm.rounds.len(),
                };
                owe(tx, tm, tm.rounds.len())?;
            }
            Err(
                PairingError::TooFewActive(_)
                | PairingError::NoPairing { .. }
                | PairingError::EventOver(_),
            ) => return finish(tx, tm),
            Err(e) => return fail(corrupt(tm, e)),
        }
    }
}

/// Ends the event and pays the pot by place with [`jetan_pairing::split_pot`] over
/// the standings of the players still in (withdrawn players win nothing; if every
/// player withdrew, over everyone): every entry fee leaves its payer's escrow and each
/// prize goes to its winner's balance, through the ledger ([`EntryKind::Payout`]).
/// The part of a prize above the winner's own entry fee is winnings: what passes the
/// server's maximum balance is taken out of circulation ([`EntryKind::OverLimit`]), as
/// for a game's winnings.
pub(crate) fn finish(tx: &Tx<'_>, tm: &mut Tournament) -> TxResult<()> {
    let standings = match tm.standings() {
        Ok(s) => s,
        Err(e) => return fail(corrupt(tm, e)),
    };
    let mut rows: Vec<_> = standings.iter().filter(|s| !s.withdrawn).cloned().collect();
    if rows.is_empty() {
        rows = standings;
    }
    let prizes = if tm.pot > 0 {
        match jetan_pairing::split_pot(tm.pot, &tm.prizes, &rows) {
            Ok(p) => p,
            Err(e) => return fail(corrupt(tm, e)),
        }
    } else {
        Vec::new()
    };
    let (guild, link) = (tm.guild, ledger_id(tm));
    let mut fee_of = std::collections::BTreeMap::new();
    for e in &mut tm.players {
        fee_of.insert(e.user.get(), e.held);
        if e.held > 0 {
            let h = to_i64(e.held)?;
            tx.money(
                guild,
                e.user,
                EntryKind::Payout,
                0,
                -h,
                link,
                "tournament entry fee into the prizes",
            )?;
            e.held = 0;
        }
    }
    let max = tx.settings(guild)?.max_balance;
    let mut paid = 0u64;
    for (player, amount) in prizes {
        let user = crate::UserId(player);
        let place = rows
            .iter()
            .find(|s| s.player == player)
            .map_or(0, |s| s.place);
        let w = tx.money(
            guild,
            user,
            EntryKind::Payout,
            to_i64(amount)?,
            0,
            link,
            "tournament prize",
        )?;
        let won = amount.saturating_sub(fee_of.get(&player).copied().unwrap_or(0));
        let over = if max > 0 && w.balance > max {
            (w.balance - max).min(won)
        } else {
            0
        };
        if over > 0 {
            tx.money(
                guild,
                user,
                EntryKind::OverLimit,
                -to_i64(over)?,
                0,
                link,
                "above the server's maximum balance",
            )?;
        }
        paid += amount;
        tm.payouts.push(Prize {
            user,
            place,
            amount,
            over_limit: over,
        });
    }
    if paid != tm.pot {
        return fail(corrupt(tm, format!("paid {paid} of a pot of {}", tm.pot)));
    }
    tm.paid_out += paid;
    tm.pot = 0;
    tm.state = TournamentState::Finished;
    tm.ended_at = Some(tx.now);
    owe(tx, tm, TournamentNews::FINAL)
}
