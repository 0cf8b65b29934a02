//! What the bot does on its own, once a minute: challenges that expired are refunded and
//! their messages say so.

use jetan_store::{ChannelId, ClosedHow, GameResult, Nudge, UserId};

use super::lang::tr;
use super::reply::{MessageEdit, Reply};
use super::request::mention;
use super::text;
use super::words::format_duration;
use super::Core;

/// What a sweep changed, for the adapter to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sweep {
    /// Messages to post: (channel, message).
    pub posts: Vec<(ChannelId, Reply)>,
    /// Earlier messages to edit.
    pub edits: Vec<MessageEdit>,
    /// Threads of games that ended, to archive (after the posts).
    pub archive: Vec<ChannelId>,
    /// Reminders to players who asked for them by direct message (`/jetan notify`).
    pub dms: Vec<DirectMessage>,
    /// Tournament news owed in the store, to deliver after the posts (see
    /// [`crate::Announcement`]).
    pub announcements: Vec<crate::Announcement>,
}

/// A message to one user in private (a reminder they asked to get by direct message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectMessage {
    /// The user.
    pub user: UserId,
    /// The message.
    pub reply: Reply,
    /// What to post instead when Discord will not deliver it (the user closed their
    /// direct messages): (channel, message).
    pub instead: (ChannelId, Reply),
}

impl Core {
    /// Runs the bot's own upkeep at `now`: refunds expired challenges (editing their
    /// messages), ends stalled games; only in the servers this process owns (see
    /// [`Core::with_servers`]). Blocking (store work); errors are logged and the rest
    /// goes on.
    pub fn sweep(&self, now: u64) -> Sweep {
        let mut out = Sweep::default();
        // The games ended, whose threads close after their own posts.
        let mut closed = Vec::new();
        match self.store.expire_due_where(now, |g| self.owns_server(g)) {
            Ok(closed) => {
                for c in closed {
                    debug_assert_eq!(c.how, ClosedHow::Expired);
                    let currency = self
                        .store
                        .settings(c.challenge.guild)
                        .map(|s| s.currency)
                        .unwrap_or_else(|_| "coins".into());
                    let lang = self.public_lang(c.challenge.guild);
                    let line = tr!(
                        lang,
                        "expired",
                        challenger = mention(c.challenge.challenger),
                        challenged = mention(c.challenge.challenged)
                    )
                    .and(text::refund_text(
                        lang,
                        c.refunded,
                        c.challenge.challenger,
                        &currency,
                    ));
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
        match self
            .store
            .settle_stalled_where(now, |g| self.owns_server(g))
        {
            Ok(ended) => {
                out.posts
                    .extend(crate::audit::audit_settlements(self, &ended));
                closed.extend(ended.iter().cloned());
                for s in ended {
                    crate::practice::stop_thinking(self, s.game_id);
                    let lang = self.public_lang(s.guild);
                    let text = match s.result {
                        GameResult::Win { winner, loser } => tr!(
                            lang,
                            "stalled",
                            loser = mention(loser),
                            winner = mention(winner)
                        )
                        .and("\n")
                        .and(text::settlement(
                            lang,
                            &s,
                            &self.currency_or_default(s.guild),
                            false,
                        )),
                        _ => tr!(
                            lang,
                            "abandoned",
                            black = mention(s.players.first),
                            orange = mention(s.players.second)
                        ),
                    };
                    out.posts.push((s.channel, Reply::public(text)));
                }
            }
            Err(e) => tracing::error!("settling stalled games: {e}"),
        }
        for kind in jetan_store::GameKind::ALL {
            let upkept = crate::games::ui(kind).upkeep(self, now);
            out.posts
                .extend(crate::audit::audit_settlements(self, &upkept.ended));
            out.posts.extend(upkept.posts);
            closed.extend(upkept.ended);
        }
        close_threads(self, &closed, &mut out);
        match self
            .store
            .claim_reminders_where(now, |g| self.owns_server(g))
        {
            Ok(due) => {
                for r in due {
                    remind(self, &r, now, &mut out);
                }
            }
            Err(e) => tracing::error!("reminding players to move: {e}"),
        }
        out
    }
}

/// The words of a reminder claimed in the store: in the game's channel (its thread),
/// pinging the player to move (and, once their time is up, the opponent who may
/// claim), or by direct message to a player who asked for that.
fn remind(core: &Core, r: &jetan_store::Reminder, now: u64, out: &mut Sweep) {
    if r.user == core.bot.id {
        return;
    }
    let g = &r.game;
    let lang = core.public_lang(g.guild);
    let opponent = g.opponent_of(r.user).unwrap_or_default();
    let game = crate::games::name(lang, &g.terms);
    let who = &mention(r.user);
    let text = match r.nudge {
        Nudge::Half => tr!(
            lang,
            "remind-half",
            who = who,
            game = &game,
            left = format_duration(r.deadline.saturating_sub(now))
        ),
        Nudge::Tenth if g.terms.practice => tr!(
            lang,
            "remind-tenth-practice",
            who = who,
            game = &game,
            left = format_duration(r.deadline.saturating_sub(now))
        ),
        Nudge::Tenth => tr!(
            lang,
            "remind-tenth",
            who = who,
            game = &game,
            left = format_duration(r.deadline.saturating_sub(now)),
            opponent = mention(opponent)
        ),
        Nudge::TimeUp => tr!(
            lang,
            "remind-time-up",
            who = who,
            game = &game,
            opponent = mention(opponent),
            settles = format_duration(r.settles_at.saturating_sub(now))
        ),
    };
    let mut post = Reply::public(text.clone()).pinging(r.user);
    if r.nudge == Nudge::TimeUp && opponent != core.bot.id {
        post = post.pinging(opponent);
    }
    if core.store.reminds_by_dm(r.user) {
        let private = tr!(
            lang,
            "remind-dm",
            text = text,
            channel = crate::reply::Text::channel(g.channel)
        );
        out.dms.push(DirectMessage {
            user: r.user,
            reply: Reply::public(private),
            instead: (g.channel, post),
        });
        if r.nudge == Nudge::TimeUp && opponent != core.bot.id {
            // The opponent, who may claim, is told in the channel all the same.
            let line = tr!(
                lang,
                "remind-may-claim",
                who = mention(opponent),
                game = &game
            );
            out.posts
                .push((g.channel, Reply::public(line).pinging(opponent)));
        }
    } else {
        out.posts.push((g.channel, post));
    }
}

/// The result lines in the parent channels and the threads to archive, of the games
/// in `ended` that were played in threads of their own (after their own posts).
fn close_threads(core: &Core, ended: &[jetan_store::Settlement], out: &mut Sweep) {
    for s in ended {
        if let Some((post, thread)) = crate::threads::told_in_parent(core, s) {
            out.posts.push(post);
            out.archive.push(thread);
        }
    }
    crate::tournament::after_settled(core, ended, &mut out.announcements);
}
