//! What the bot does on its own, once a minute: challenges that expired are refunded and
//! their messages say so.

use jetan_store::{ClosedHow, GameResult};

use super::reply::{MessageEdit, Reply};
use super::request::mention;
use super::text::{self, money};
use super::Core;

/// What a sweep changed, for the adapter to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sweep {
    /// Messages to post: (channel, message).
    pub posts: Vec<(u64, Reply)>,
    /// Earlier messages to edit.
    pub edits: Vec<MessageEdit>,
}

impl Core {
    /// Runs the bot's own upkeep at `now`: refunds expired challenges (editing their
    /// messages). Blocking (store work); errors are logged and the rest goes on.
    pub fn sweep(&self, now: u64) -> Sweep {
        let mut out = Sweep::default();
        match self.store.expire_due(now) {
            Ok(closed) => {
                for c in closed {
                    debug_assert_eq!(c.how, ClosedHow::Expired);
                    let currency = self
                        .store
                        .settings(c.challenge.guild)
                        .map(|s| s.currency)
                        .unwrap_or_else(|_| "coins".into());
                    let mut line = format!(
                        "The challenge of {} to {} expired unanswered.",
                        mention(c.challenge.challenger),
                        mention(c.challenge.challenged)
                    );
                    if c.refunded > 0 {
                        line.push_str(&format!(
                            " {} returned to {}.",
                            money(c.refunded, &currency),
                            mention(c.challenge.challenger)
                        ));
                    }
                    match self.store.take_message(b'c', c.challenge.id) {
                        Some(at) => out.edits.push(MessageEdit {
                            channel: at.channel,
                            message: at.message,
                            reply: Reply::public(line),
                        }),
                        None => out.posts.push((c.challenge.channel, Reply::public(line))),
                    }
                }
            }
            Err(e) => tracing::error!("expiring challenges: {e}"),
        }
        match self.store.settle_stalled(now) {
            Ok(ended) => {
                for s in ended {
                    self.stop_thinking(s.game_id);
                    let text = match s.result {
                        GameResult::Win { winner, loser } => format!(
                            "Nobody moved for three times the move time: {} loses on time and {} wins.\n{}",
                            mention(loser),
                            mention(winner),
                            text::settlement(&s, &self.currency_or_default(s.guild), false)
                        ),
                        _ => format!(
                            "The practice game of {} and {} was abandoned: nobody moved for the move time. The channel is free.",
                            mention(s.players.black),
                            mention(s.players.orange)
                        ),
                    };
                    out.posts.push((s.channel, Reply::public(text)));
                }
            }
            Err(e) => tracing::error!("settling stalled games: {e}"),
        }
        out.posts.extend(self.martian_timeouts(now));
        out
    }
}
