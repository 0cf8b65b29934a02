//! Reminders to the player to move: when half of the move time is left, when a tenth is
//! left, and when it ran out (the opponent may claim; the sweep settles the game at
//! three times the move time). Each reminder is claimed in the game's own transaction,
//! which marks it on the game: never more than one per threshold and turn, also across
//! restarts and across processes on shards. A player's wish to be reminded by direct
//! message is kept with the profiles.

use crate::codec::key1;
use crate::game::Clock;
use crate::games;
use crate::kv::PROFILES;
use crate::model::{Game, GameHead, Nudge, Reminded};
use crate::schema::t;
use crate::tx::game_name;
use crate::{GuildId, Millis, Result, Store, UserId};

/// A reminder claimed: the game (without its moves) as marked, whom to remind, and
/// when the move time runs out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    /// The game, the reminder marked on it.
    pub game: Game,
    /// The player to move.
    pub user: UserId,
    /// Which reminder.
    pub nudge: Nudge,
    /// When the move time runs out (for [`Nudge::TimeUp`], when it ran out).
    pub deadline: Millis,
    /// When the sweep settles the game if nobody acts (three times the move time).
    pub settles_at: Millis,
}

/// The reminder due in `game` at `now`, if any is more urgent than the one already sent
/// for this turn: only a player to move under a move time (a battle card has its own
/// timeout), and no "time is up" in a practice game (the sweep ends it then).
fn due(game: &Game, now: Millis) -> Option<(Nudge, UserId, Millis, Millis)> {
    let limit = u64::from(game.terms.move_time_minutes?) * 60_000;
    let Ok(Clock::Move(seat)) = games::clock(game) else {
        return None;
    };
    let idle = now.saturating_sub(game.last_move_at);
    let nudge = if idle >= limit && !game.terms.practice {
        Nudge::TimeUp
    } else if idle.saturating_mul(10) >= limit.saturating_mul(9) && idle < limit {
        Nudge::Tenth
    } else if idle.saturating_mul(2) >= limit && idle < limit {
        Nudge::Half
    } else {
        return None;
    };
    let sent = game
        .reminded
        .filter(|r| r.turn == game.last_move_at)
        .map(|r| r.nudge);
    if sent.is_some_and(|s| s >= nudge) {
        return None;
    }
    let deadline = game.last_move_at.saturating_add(limit);
    let settles = game.last_move_at.saturating_add(limit.saturating_mul(3));
    Some((nudge, game.player(seat), deadline, settles))
}

fn notify_key(user: UserId) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[0] = b'r';
    k[1..].copy_from_slice(&user.get().to_be_bytes());
    k
}

impl Store {
    /// Claims the reminders due at `now` in the servers `owns` accepts whose settings
    /// have reminders on: each in its game's own transaction, which reads the game
    /// again and marks the reminder on it (the game's version does not change: no
    /// button goes stale). A second call, here or in another process, finds them
    /// marked; only the most urgent reminder due is sent (a sweep that ran late skips
    /// the others).
    ///
    /// # Errors
    /// Storage failures.
    pub fn claim_reminders_where(
        &self,
        now: Millis,
        owns: impl Fn(GuildId) -> bool,
    ) -> Result<Vec<Reminder>> {
        let mut out = Vec::new();
        // The heads decide which games to look at again, each in its transaction.
        for g in self.games_without_moves()? {
            if !owns(g.guild) || due(&g, now).is_none() {
                continue;
            }
            let channel = g.channel;
            let claimed = self.transact(None, now, |tx| {
                let Some(mut head) =
                    tx.get::<GameHead>(t::GAMES, &key1(channel), || game_name(channel))?
                else {
                    return Ok(None);
                };
                if !tx.settings(head.game.guild)?.reminders {
                    return Ok(None);
                }
                let Some((nudge, user, deadline, settles_at)) = due(&head.game, now) else {
                    return Ok(None);
                };
                head.game.reminded = Some(Reminded {
                    turn: head.game.last_move_at,
                    nudge,
                });
                tx.put(t::GAMES, &key1(channel), &head)?;
                Ok(Some(Reminder {
                    game: head.game,
                    user,
                    nudge,
                    deadline,
                    settles_at,
                }))
            });
            out.extend(claimed?);
        }
        if !out.is_empty() {
            self.flush()?;
        }
        Ok(out)
    }

    /// [`claim_reminders_where`](Self::claim_reminders_where) in every server.
    ///
    /// # Errors
    /// Storage failures.
    pub fn claim_reminders(&self, now: Millis) -> Result<Vec<Reminder>> {
        self.claim_reminders_where(now, |_| true)
    }

    /// Whether `user` asked to be reminded by direct message (`/jetan notify`).
    pub fn reminds_by_dm(&self, user: UserId) -> bool {
        matches!(self.kv().get(PROFILES, &notify_key(user)), Ok(Some(v)) if v.first() == Some(&1))
    }

    /// Remembers how `user` wants to be reminded: by direct message (`true`) or in the
    /// game's channel.
    ///
    /// # Errors
    /// Storage failures.
    pub fn set_reminds_by_dm(&self, user: UserId, dm: bool) -> Result<()> {
        self.kv()
            .insert(PROFILES, &notify_key(user), &[u8::from(dm)])?;
        self.flush()
    }
}
