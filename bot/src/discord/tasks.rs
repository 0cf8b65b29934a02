//! What the bot does on its own while it runs: the once-a-minute upkeep (expired
//! challenges refunded and their messages edited; hourly, old request ids pruned) and
//! waiting for the signal to stop.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use jetan_core::{Response, UserId};

use super::{answer, now_ms, present, workers, Data};

/// Request results older than this are dropped: Discord never redelivers an interaction
/// that late.
const KEEP_REQUESTS: Duration = Duration::from_secs(24 * 60 * 60);

/// Starts the upkeep loop. Its work runs on the bounded workers like any command.
pub(crate) fn start_upkeep(data: &Data, http: Arc<serenity::Http>) {
    let core = data.core.clone();
    let workers = data.workers.clone();
    let every = data.upkeep_every;
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut pruned_at: Option<tokio::time::Instant> = None;
        loop {
            tick.tick().await;
            let c = core.clone();
            let Ok(sweep) = workers.run(move || c.sweep(now_ms())).await else {
                continue;
            };
            answer::post_all(&http, core.bot().id.get(), &sweep.posts).await;
            send_direct(&http, core.bot().id.get(), &sweep.dms).await;
            super::threads::archive_all(&http, &sweep.archive).await;
            let bot = core.bot().id.get();
            answer::announce_all(&http, &core, bot, sweep.announcements, now_ms(), false).await;
            let edits = Response {
                edits: sweep.edits,
                ..jetan_core::Reply::default().into()
            };
            answer::apply_edits(&http, &edits).await;
            if pruned_at.is_none_or(|at| at.elapsed() >= Duration::from_secs(3600)) {
                pruned_at = Some(tokio::time::Instant::now());
                let c = core.clone();
                let before = now_ms().saturating_sub(KEEP_REQUESTS.as_millis() as u64);
                let pruned = workers.run(move || c.prune_requests(before)).await;
                if let Ok(Err(e)) = pruned {
                    tracing::error!("pruning old request ids: {e}");
                }
            }
        }
    });
}

/// Sends the reminders players asked to get by direct message; one Discord will not
/// deliver (direct messages closed, 50007) is posted in the game's channel instead.
async fn send_direct(http: &serenity::Http, bot: u64, dms: &[jetan_core::DirectMessage]) {
    for dm in dms {
        let user = serenity::UserId::new(dm.user.max(UserId(1)).get());
        let sent = match user.create_dm_channel(http).await {
            Ok(channel) => channel
                .id
                .send_message(http, present::channel_message(&dm.reply))
                .await
                .map(|_| ()),
            Err(e) => Err(e),
        };
        if let Err(e) = sent {
            tracing::info!(
                user = %dm.user,
                "a reminder by direct message failed ({e}); posting it in the game's channel"
            );
            answer::post_all(http, bot, std::slice::from_ref(&dm.instead)).await;
        }
    }
}

/// Waits for SIGINT or SIGTERM.
pub(crate) async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// At start-up: announces what the store's outbox holds from before the bot stopped,
/// whose delivery it never saw (answers, tournaments' news with the threads of their
/// games), in their channels, unless one is already there.
pub(crate) fn announce_pending(data: &Data, http: Arc<serenity::Http>) {
    let core = data.core.clone();
    let started = now_ms();
    tokio::spawn(async move {
        let c = core.clone();
        let Some(pending) = workers::blocking(move || c.pending_announcements(started)).await
        else {
            return;
        };
        if !pending.is_empty() {
            tracing::info!(
                "announcing {} answers from before the restart",
                pending.len()
            );
        }
        let bot = core.bot().id.get();
        answer::announce_all(&http, &core, bot, pending, now_ms(), true).await;
    });
}
