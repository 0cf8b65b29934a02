//! A thread per game, Discord's side: opening a game's thread from its challenge
//! message when the core asks ([`jetan_core::Response::thread`]), and archiving the
//! threads of games that ended. Every decision (whether, the name, the words) is the
//! core's; this file only makes the calls and reads Discord's refusals.

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

use jetan_core::{ChannelId, Core, PairingPlan, Response, ThreadPlan, ThreadRefusal};

use super::deliver::{self, Kind};
use super::workers::blocking;

/// Discord's error code for "a thread has already been created for this message": a
/// retried creation that had landed. A thread opened from a message has that
/// message's id.
const THREAD_ALREADY_CREATED: isize = 160_004;
/// Discord's codes for a refusal for want of permission or access.
const MISSING_ACCESS: isize = 50_001;
const MISSING_PERMISSIONS: isize = 50_013;
/// How many times a creation that failed on Discord's side is tried in all.
const TRIES: u32 = 3;

/// Whether the bot may open a public thread where an interaction came from, as Discord
/// says with it (`app_permissions`), and the channel is not itself a thread (nor a direct
/// message). Unknown counts as no: the game is then played in the channel, as before
/// threads.
pub(crate) fn may_open_threads(
    permissions: Option<serenity::Permissions>,
    channel: Option<serenity::ChannelType>,
) -> bool {
    let in_text_channel = channel.is_none_or(|kind| {
        matches!(
            kind,
            serenity::ChannelType::Text | serenity::ChannelType::News
        )
    });
    in_text_channel
        && permissions.is_some_and(|p| {
            p.administrator() || (p.create_public_threads() && p.send_messages_in_threads())
        })
}

/// Opens `plan`'s thread and moves the game into it: then the answer in the channel is
/// the core's short line and the board goes into the thread (first of the posts). When
/// Discord refuses, the board stays the answer, in the channel, and the core's line
/// saying why is posted after it.
pub(crate) async fn open_game_thread(
    http: &serenity::Http,
    core: &std::sync::Arc<Core>,
    plan: ThreadPlan,
    now: u64,
    response: &mut Response,
) {
    match open(http, &plan).await {
        Ok(thread) => {
            let c = core.clone();
            let p = plan.clone();
            if let Some(Some(line)) =
                blocking(move || c.into_thread(&p, ChannelId(thread), now)).await
            {
                let board = std::mem::replace(&mut response.reply, line);
                response.posts.insert(0, (ChannelId(thread), board));
                if response.computer_moves_in == Some(plan.channel) {
                    response.computer_moves_in = Some(ChannelId(thread));
                }
            }
        }
        Err(why) => {
            tracing::warn!(
                channel = %plan.channel,
                game = %plan.game,
                ?why,
                "cannot open a game's thread"
            );
            let (c, channel) = (core.clone(), plan.channel);
            if let Some(line) = blocking(move || c.thread_refused(&plan, why)).await {
                response.posts.push((channel, line));
            }
        }
    }
}

/// Opens a thread for each tournament pairing the core listed (a round just paired),
/// in the event's channel, and starts the pairing's game there ([`Core::start_pairing`],
/// idempotent in the store). Returns the boards to post, each in its thread, pinging
/// both players.
/// A thread Discord refuses is logged: the pairing waits for its game, which the
/// organiser may adjudicate.
pub(crate) async fn open_pairings(
    http: &serenity::Http,
    core: &std::sync::Arc<Core>,
    pairings: Vec<PairingPlan>,
    now: u64,
) -> Vec<(ChannelId, jetan_core::Reply)> {
    let mut boards = Vec::new();
    for p in pairings {
        let plan = ThreadPlan {
            channel: p.channel,
            game: jetan_core::GameId(0),
            name: p.name.clone(),
            from_message: None,
        };
        match open(http, &plan).await {
            Ok(thread) => {
                let c = core.clone();
                let started = blocking(move || c.start_pairing(&p, ChannelId(thread), now)).await;
                if let Some(Some(board)) = started {
                    boards.push((ChannelId(thread), board));
                }
            }
            Err(why) => tracing::warn!(
                channel = %p.channel,
                tournament = %p.tournament,
                round = p.round,
                board = p.board,
                ?why,
                "cannot open a tournament game's thread"
            ),
        }
    }
    boards
}

/// Creates the thread: from the challenge message when known, else on its own.
async fn open(http: &serenity::Http, plan: &ThreadPlan) -> Result<u64, ThreadRefusal> {
    let parent = serenity::ChannelId::new(plan.channel.get());
    let builder = || {
        serenity::CreateThread::new(plan.name.clone())
            .kind(serenity::ChannelType::PublicThread)
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek)
    };
    for tried in 1..=TRIES {
        let made = match plan.from_message {
            Some(m) => {
                parent
                    .create_thread_from_message(http, serenity::MessageId::new(m), builder())
                    .await
            }
            None => parent.create_thread(http, builder()).await,
        };
        let error = match made {
            Ok(thread) => return Ok(thread.id.get()),
            Err(e) => e,
        };
        match code_of(&error) {
            Some((_, THREAD_ALREADY_CREATED)) if plan.from_message.is_some() => {
                return Ok(plan.from_message.unwrap_or_default());
            }
            Some((403, _) | (_, MISSING_ACCESS | MISSING_PERMISSIONS)) => {
                return Err(ThreadRefusal::MissingPermission)
            }
            Some((429 | 500..=599, _)) | None if tried < TRIES => {
                tracing::warn!(tried, "opening a thread failed ({error}); trying again");
                tokio::time::sleep(std::time::Duration::from_millis(300 * u64::from(tried))).await;
            }
            _ => return Err(ThreadRefusal::Failed),
        }
    }
    Err(ThreadRefusal::Failed)
}

/// Discord's status and error code of a failed call, if it answered.
fn code_of(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// Archives the threads of games that ended (after their last posts). Failures are
/// logged: Discord archives an idle thread on its own after a week.
pub(crate) async fn archive_all(http: &serenity::Http, threads: &[ChannelId]) {
    for &thread in threads {
        if thread == ChannelId(0) {
            continue;
        }
        let archived = deliver::attempt("archiving a thread", Kind::Idempotent, || {
            serenity::ChannelId::new(thread.get())
                .edit_thread(http, serenity::EditThread::new().archived(true))
        })
        .await;
        if let Err(e) = archived {
            tracing::warn!(thread = %thread, "cannot archive a game's thread: {e}");
        }
    }
}
