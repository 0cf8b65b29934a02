//! Work done in the background after a reply: the computer's moves in practice games
//! (played after the player's move, and resumed at start-up for every game where the
//! computer is to move), analyses, and the member checks of an admin purge.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use jetan_core::{ChannelId, Departures, GuildId, PurgeJob, Reply, Response};

use super::answer::{self, Target};
use super::{deliver, now_ms, present, Data};

/// Where the computer's replies go: follow-ups of the interaction that prompted them
/// (while its token is valid), else plain channel messages.
#[derive(Clone)]
pub(crate) enum Post {
    /// A follow-up of this slash command.
    Command(Box<serenity::CommandInteraction>),
    /// A follow-up of this button press.
    Component(Box<serenity::ComponentInteraction>),
    /// A message in the channel.
    Channel,
}

impl Post {
    /// Posts `reply`, once, and in the channel when the interaction can no longer answer
    /// (see [`super::deliver`]).
    async fn send(&self, http: &serenity::Http, channel: ChannelId, bot: u64, reply: &Reply) {
        match self {
            Post::Command(c) => {
                Target::Command(c)
                    .follow_up(http, channel, bot, reply)
                    .await;
            }
            Post::Component(c) => {
                Target::Component(c)
                    .follow_up(http, channel, bot, reply)
                    .await;
            }
            Post::Channel => {
                let content = present::content(reply);
                let posted = deliver::create_once(http, "a post", channel, bot, &content, || {
                    serenity::ChannelId::new(channel.get())
                        .send_message(http, present::channel_message(reply))
                })
                .await;
                if let Err(e) = posted {
                    tracing::error!(channel = %channel, "cannot post in the channel: {e}");
                }
            }
        }
    }
}

/// Lets the computer move in `channel` in the background and posts its replies; it keeps
/// going while the computer has the move. The search runs on the blocking pool, outside
/// the bounded command workers (a long think must not hold up commands); storing the
/// move is quick.
pub(crate) fn play_in_background(
    data: &Data,
    http: Arc<serenity::Http>,
    guild: GuildId,
    channel: ChannelId,
    post: Post,
) {
    let core = data.core.clone();
    let in_flight = data.in_flight.clone();
    tokio::spawn(async move {
        let _guard = in_flight.read_owned().await;
        let mut next = Some(channel);
        while let Some(ch) = next.take() {
            let thinker = core.clone();
            let turn =
                tokio::task::spawn_blocking(move || thinker.computer_turn(guild, ch, now_ms));
            let Ok(Some(Response {
                reply,
                computer_moves_in,
                ..
            })) = turn.await
            else {
                break;
            };
            post.send(&http, ch, core.bot().id.get(), &reply).await;
            next = computer_moves_in;
        }
    });
}

/// Runs an analysis of a finished game in the background (on the blocking pool, like
/// the computer's searches) and posts its reply as a follow-up of the command (a
/// channel message when the interaction can no longer answer).
pub(crate) fn analyse_in_background(
    data: &Data,
    http: Arc<serenity::Http>,
    job: jetan_core::AnalysisJob,
    post: Post,
) {
    // Not held against shutdown (it writes nothing): a stopped bot loses only the reply.
    let core = data.core.clone();
    let bot = core.bot().id;
    tokio::spawn(async move {
        let channel = job.channel;
        let Ok(reply) = tokio::task::spawn_blocking(move || core.run_analysis(&job)).await else {
            return;
        };
        post.send(&http, channel, bot.get(), &reply).await;
    });
}

/// At start-up: the computer moves in every practice game where it is to move (it was
/// thinking when the bot stopped).
pub(crate) fn resume_all(data: &Data, http: Arc<serenity::Http>) {
    let core = data.core.clone();
    let pending = match core.computer_turns_to_resume() {
        Ok(pending) => pending,
        Err(e) => {
            tracing::error!("cannot list the games to resume the computer's turns: {e}");
            return;
        }
    };
    for (guild, channel) in pending {
        tracing::info!(channel = %channel, "resuming the computer's turn");
        play_in_background(data, http.clone(), guild, channel, Post::Channel);
    }
}

/// Asks Discord, one member at a time, which of a purge's candidates left the server (a
/// lookup answered "Unknown Member" or "Unknown User"; any other failure leaves the
/// member unchecked, never purged), then hands the request back to the core and posts
/// its private answer (and the audit line). Held against shutdown like a command: the
/// purge writes.
pub(crate) fn purge_in_background(
    data: &Data,
    http: Arc<serenity::Http>,
    job: PurgeJob,
    post: Post,
) {
    let core = data.core.clone();
    let workers = data.workers.clone();
    let in_flight = data.in_flight.clone();
    tokio::spawn(async move {
        let _guard = in_flight.read_owned().await;
        let guild = serenity::GuildId::new(job.request.guild.get());
        let channel = job.request.channel;
        let mut departures = Departures::default();
        for &user in &job.candidates {
            match http
                .get_member(guild, serenity::UserId::new(user.get()))
                .await
            {
                Ok(_) => {}
                Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)))
                    if matches!(r.error.code, UNKNOWN_MEMBER | UNKNOWN_USER) =>
                {
                    departures.left.push(user);
                }
                Err(e) => {
                    tracing::warn!(user = %user, "cannot check a member for a purge: {e}");
                    departures.unchecked += 1;
                }
            }
        }
        let req = job.checked(departures);
        let core_for_work = core.clone();
        let Ok(response) = workers.run(move || core_for_work.handle(req)).await else {
            return;
        };
        let bot = core.bot().id;
        post.send(&http, channel, bot.get(), &response.reply).await;
        answer::post_all(&http, bot.get(), &response.posts).await;
    });
}

/// Discord's error code for a user who is not a member of the server.
const UNKNOWN_MEMBER: isize = 10007;
/// Discord's error code for a user who does not exist (a deleted account).
const UNKNOWN_USER: isize = 10013;
