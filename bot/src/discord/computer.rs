//! The computer's moves in practice games: played in the background after the player's
//! move, and resumed at start-up for every game where the computer is to move.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use jetan_core::{Reply, Response};

use super::answer::Target;
use super::{now_ms, present, Data};

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
    async fn send(
        &self,
        http: &serenity::Http,
        channel: u64,
        reply: &Reply,
    ) -> serenity::Result<()> {
        match self {
            Post::Command(c) => Target::Command(c).follow_up(http, reply).await,
            Post::Component(c) => Target::Component(c).follow_up(http, reply).await,
            Post::Channel => serenity::ChannelId::new(channel)
                .send_message(http, present::channel_message(reply))
                .await
                .map(drop),
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
    guild: u64,
    channel: u64,
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
            if let Err(e) = post.send(&http, ch, &reply).await {
                tracing::error!(channel = ch, "cannot post the computer's move: {e}");
            }
            next = computer_moves_in;
        }
    });
}

/// Runs an analysis of a finished game in the background (on the blocking pool, like
/// the computer's searches) and posts its reply as a follow-up of the command (a
/// channel message once the interaction's token has expired).
pub(crate) fn analyse_in_background(
    data: &Data,
    http: Arc<serenity::Http>,
    job: jetan_core::AnalysisJob,
    post: Post,
) {
    // Not held against shutdown (it writes nothing): a stopped bot loses only the reply.
    let core = data.core.clone();
    tokio::spawn(async move {
        let channel = job.channel;
        let Ok(reply) = tokio::task::spawn_blocking(move || core.run_analysis(&job)).await else {
            return;
        };
        if let Err(e) = post.send(&http, channel, &reply).await {
            tracing::warn!(
                channel,
                "cannot follow up with an analysis ({e}): posting it"
            );
            if let Err(e) = Post::Channel.send(&http, channel, &reply).await {
                tracing::error!(channel, "cannot post an analysis: {e}");
            }
        }
    });
}

/// At start-up: the computer moves in every practice game where it is to move (it was
/// thinking when the bot stopped).
pub(crate) fn resume_all(data: &Data, http: Arc<serenity::Http>) {
    let core = data.core.clone();
    let pending = match core.store().games() {
        Ok(games) => games,
        Err(e) => {
            tracing::error!("cannot list the games to resume the computer's turns: {e}");
            return;
        }
    };
    for game in pending {
        if game.terms.practice && game.to_move() == core.bot().id && core.owns_server(game.guild) {
            tracing::info!(channel = game.channel, "resuming the computer's turn");
            play_in_background(data, http.clone(), game.guild, game.channel, Post::Channel);
        }
    }
}
