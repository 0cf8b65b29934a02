//! The settlement policy: who pays whom when a piece dies or a game ends, what a
//! refunded challenge returns, and the game's duel stream. Used by the operations inside
//! their transactions.

use crate::codec::key1;
use crate::game::End;
use crate::model::{
    Challenge, ChallengeClosed, ClosedHow, EndReason, EntryKind, FinishedGame, FinishedHead, Game,
    GameHead, GameResult, HostEnding, Payment, PaymentKind, Release, Settlement,
};
use crate::tx::{fail, game_name, t, to_i64, Tx, TxResult};
use crate::{ChannelId, GameId, Seat, StoreError, UserId};

/// The game in progress in `channel`, as stored (without its moves).
pub(crate) fn load_game(tx: &Tx<'_>, channel: ChannelId) -> TxResult<GameHead> {
    match tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))? {
        Some(g) => Ok(g),
        None => fail(StoreError::NoGame),
    }
}

pub(crate) fn check_draw_answer(game: &Game, game_id: GameId, user: UserId) -> TxResult<()> {
    if game.id != game_id {
        return fail(StoreError::NoDrawOffer);
    }
    if game.seat_of(user).is_none() {
        return fail(StoreError::NotAPlayer);
    }
    match game.draw_offer {
        Some(by) if by != user => Ok(()),
        _ => fail(StoreError::NoDrawOffer),
    }
}

/// Refunds a challenge and removes it.
pub(crate) fn close_challenge(
    tx: &Tx<'_>,
    c: Challenge,
    how: ClosedHow,
) -> TxResult<ChallengeClosed> {
    if c.held > 0 {
        let h = to_i64(c.held)?;
        let why = match how {
            ClosedHow::Declined => "challenge declined",
            ClosedHow::Cancelled => "challenge cancelled",
            ClosedHow::Expired => "challenge expired",
            ClosedHow::Aborted => "challenge called off by an admin",
        };
        tx.money(
            c.guild,
            c.challenger,
            EntryKind::Refund,
            h,
            -h,
            Some(c.id),
            why,
        )?;
    }
    tx.remove(
        t::CHALLENGES,
        &crate::codec::challenge_key(c.channel, c.challenger),
    )?;
    Ok(ChallengeClosed {
        refunded: c.held,
        challenge: c,
        how,
    })
}

/// Pays `amount` from `payer`'s game escrow to the other side's balance.
pub(crate) fn pay(
    tx: &Tx<'_>,
    game: &mut Game,
    payer: Seat,
    amount: u64,
    kind: PaymentKind,
) -> TxResult<Payment> {
    let receiver = payer.other();
    let Some(left) = game.escrow[payer].checked_sub(amount) else {
        return fail(StoreError::Overflow(format!(
            "paying {amount} from an escrow of {} in game {}",
            game.escrow[payer], game.id
        )));
    };
    let a = to_i64(amount)?;
    let (Some(np), Some(nr)) = (
        game.net[payer].checked_sub(a),
        game.net[receiver].checked_add(a),
    ) else {
        return fail(StoreError::Overflow("adding up a game's money".into()));
    };
    game.escrow[payer] = left;
    game.net[payer] = np;
    game.net[receiver] = nr;
    let (entry, why) = match kind {
        PaymentKind::Piece { .. } => (EntryKind::PiecePrice, "piece price"),
        PaymentKind::Stake => (EntryKind::Payout, "stake lost"),
    };
    let (from, to) = (game.player(payer), game.player(receiver));
    tx.money(game.guild, from, entry, 0, -a, Some(game.id), why)?;
    let w = tx.money(game.guild, to, entry, a, 0, Some(game.id), why)?;
    let over_limit = cap_winnings(tx, game.guild, to, w.balance, amount, Some(game.id))?;
    Ok(Payment {
        from,
        to,
        amount,
        kind,
        over_limit,
    })
}

/// Winnings stop at the server's maximum balance: of `won`, just credited to `user`'s
/// balance (now `balance`), what lies above the maximum is taken out of circulation
/// through the ledger ([`EntryKind::OverLimit`], which the conservation law counts as
/// money removed). Returns how much. Never more than `won`: one's own money is never
/// taken.
pub(crate) fn cap_winnings(
    tx: &Tx<'_>,
    guild: crate::GuildId,
    user: UserId,
    balance: u64,
    won: u64,
    game: Option<GameId>,
) -> TxResult<u64> {
    let max = tx.settings(guild)?.max_balance;
    if max == 0 || balance <= max {
        return Ok(0);
    }
    let over = (balance - max).min(won);
    tx.money(
        guild,
        user,
        EntryKind::OverLimit,
        -to_i64(over)?,
        0,
        game,
        "above the server's maximum balance",
    )?;
    Ok(over)
}

/// Ends a game: the pot, the release of escrow, W/L/D and net won, the archive, the
/// channel freed.
pub(crate) fn settle(
    tx: &Tx<'_>,
    head: GameHead,
    end: End,
    reason: EndReason,
    note: Option<String>,
) -> TxResult<Settlement> {
    let now = tx.now;
    let plies = head.plies;
    let mut game = head.game;
    let mut payments = Vec::new();
    let mut released = Vec::new();
    if let End::Win(winner) = end {
        let stake = game.terms.stake;
        if stake > 0 {
            payments.push(pay(
                tx,
                &mut game,
                winner.other(),
                stake,
                PaymentKind::Stake,
            )?);
        }
    }
    game.draw_offer = None;
    let (kind, why) = match end {
        End::Aborted if reason == EndReason::Host(HostEnding::Abandoned) => {
            (EntryKind::Refund, "game abandoned".to_string())
        }
        // The admin's reason goes into the ledger with the refunds it caused.
        End::Aborted => match note.as_deref().map(str::trim) {
            Some(n) if !n.is_empty() => (EntryKind::Refund, format!("game aborted: {n}")),
            _ => (EntryKind::Refund, "game aborted".to_string()),
        },
        _ => (EntryKind::Release, "escrow released".to_string()),
    };
    for c in Seat::ALL {
        let left = game.escrow[c];
        if left > 0 {
            let a = to_i64(left)?;
            tx.money(game.guild, game.player(c), kind, a, -a, Some(game.id), &why)?;
            released.push(Release {
                user: game.player(c),
                amount: left,
            });
            game.escrow[c] = 0;
        }
    }
    if !game.terms.practice {
        for c in Seat::ALL {
            let net = game.net[c];
            tx.update_wallet(game.guild, game.player(c), |w| {
                match end {
                    End::Win(winner) if winner == c => w.wins += 1,
                    End::Win(_) => w.losses += 1,
                    End::Draw => w.draws += 1,
                    End::Aborted => {}
                }
                w.net_won = w
                    .net_won
                    .checked_add(net)
                    .ok_or_else(|| StoreError::Overflow("adding up net winnings".into()))?;
                Ok(())
            })?;
        }
    }
    let rating = crate::ratings::rate(tx, &game, end)?;
    let result = match end {
        End::Win(w) => GameResult::Win {
            winner: game.player(w),
            loser: game.player(w.other()),
        },
        End::Draw => GameResult::Draw,
        End::Aborted => GameResult::Aborted,
    };
    let settlement = Settlement {
        game_id: game.id,
        channel: game.channel,
        guild: game.guild,
        parent: game.parent,
        players: game.players,
        result,
        reason,
        ended_at: now,
        payments,
        released,
        net: game.net,
        rating: rating.clone(),
    };
    // A tournament's game: its pairing's result, and what follows, in this transaction.
    crate::tournament::results::on_settled(tx, &settlement)?;
    tx.remove(t::GAMES, &key1(game.channel))?;
    tx.index_finished(game.id, game.guild, game.channel, game.players.into_array())?;
    let archived = FinishedGame {
        net: game.net,
        result,
        reason,
        ended_at: now,
        note,
        rating,
        game,
    };
    // The moves stay where the game wrote them, under its id.
    tx.put(
        t::FINISHED,
        &key1(archived.game.id),
        &FinishedHead {
            finished: archived,
            plies,
        },
    )?;
    Ok(settlement)
}
