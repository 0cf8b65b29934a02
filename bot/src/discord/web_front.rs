//! Moves made on the web pages, shown on Discord: the public reply posted in the game's
//! channel (or thread) as if the move had been typed, then the response's other posts,
//! edits and archived threads, and the computer's answer in a practice game.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use jetan_core::{ChannelId, GuildId, Response};

use super::answer::{apply_edits, post_all};
use super::computer::{self, Post};
use super::workers::blocking;
use super::{deliver, present, threads, Data};

/// The Discord side of the web pages.
pub(crate) struct DiscordFront {
    pub(crate) data: Data,
    pub(crate) http: Arc<serenity::Http>,
}

impl crate::web::Front for DiscordFront {
    fn deliver(&self, guild: GuildId, channel: ChannelId, request: u64, response: Response) {
        let data = self.data.clone();
        let http = self.http.clone();
        tokio::spawn(async move {
            let _guard = data.in_flight.clone().read_owned().await;
            let bot = data.core.bot().id.get();
            let reply = &response.reply;
            let content = present::content(reply);
            let posted = deliver::create_once(&http, "a web move", channel, bot, &content, || {
                serenity::ChannelId::new(channel.get())
                    .send_message(&http, present::channel_message(reply))
            })
            .await;
            match posted {
                Ok(_) => {
                    let core = data.core.clone();
                    blocking(move || core.announced(request)).await;
                }
                // Left in the outbox: a restart announces it.
                Err(e) => tracing::error!(channel = %channel, "cannot post a web move: {e}"),
            }
            apply_edits(&http, &response).await;
            post_all(&http, bot, &response.posts).await;
            threads::archive_all(&http, &response.archive).await;
            if let Some(next) = response.computer_moves_in {
                computer::play_in_background(&data, http.clone(), guild, next, Post::Channel);
            }
        });
    }
}
