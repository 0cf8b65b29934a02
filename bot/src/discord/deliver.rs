//! Delivering an answer whatever Discord does with the calls: the answer of a committed
//! action is shown at least once, and never twice.
//!
//! Every REST call of an answer goes through [`attempt`], which retries what is safe to
//! retry, with backoff:
//! - an **interaction callback** (the first answer, or a deferral) is retried while
//!   Discord's window for it is open ([`CALLBACK_WINDOW`] from receipt); a retry that
//!   meets "already acknowledged" (40060) learns that the earlier try landed;
//! - an **edit** of the deferred answer (`@original`) or of a message is idempotent, and
//!   retried on a server error, a rate limit or a lost connection;
//! - a **new message** (a follow-up, a channel post) that may have reached Discord (a
//!   server error, a timeout) is looked for among the channel's last messages before it
//!   is sent again ([`posted_already`]): never twice;
//! - a **rate limit** (429) waits at least a second, and longer each time: behind
//!   `DISCORD_PROXY_URL` serenity's own limiter is off and its error does not carry the
//!   `retry_after`, so the wait only grows until the call goes through.
//!
//! When the interaction can no longer answer (its window passed, `10062 Unknown
//! interaction`, its token's 15 minutes gone, retries spent), a **public** answer is
//! posted in the channel as a normal message, pinging whom it would have pinged
//! ([`post_in_channel`]); a **private** one is dropped and logged — never posted publicly.

use std::future::Future;
use std::time::Duration;

use tokio::time::Instant;

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

use jetan_core::{ChannelId, Reply};

use super::present;
use crate::web::metrics::METRICS;

/// How long after receipt an interaction callback is still tried: Discord's window is
/// 3 s, and a callback sent later fails (`10062`) and counts as not answered.
pub(crate) const CALLBACK_WINDOW: Duration = Duration::from_millis(2_600);
/// How many times one call is tried in all.
const TRIES: u32 = 6;
/// The wait before the first retry; it doubles each time.
const FIRST_WAIT: Duration = Duration::from_millis(200);
/// The least wait after a rate limit.
const RATE_LIMIT_WAIT: Duration = Duration::from_secs(1);
/// How many of the channel's last messages are searched for a post that may have landed.
const LOOK_BACK: u8 = 30;

/// Why a call did not go through, once retries are spent or pointless.
#[derive(Debug)]
pub(crate) enum Failed {
    /// The interaction was already acknowledged (40060): an earlier try landed.
    AlreadyAnswered,
    /// The interaction's token can no longer answer (its window or its 15 minutes passed,
    /// `10062`, `10015`, `50027`, `401`), or the message to edit is gone (`10008`).
    TokenGone,
    /// Retries spent on server errors, rate limits or a lost connection; `maybe_landed`
    /// if the last try may have reached Discord.
    Lost {
        /// Whether the last try may have reached Discord.
        maybe_landed: bool,
        /// The last error, for the log.
        error: String,
    },
    /// Discord refused the call for good (a bad request, a missing permission).
    Refused(String),
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failed::AlreadyAnswered => write!(f, "already acknowledged"),
            Failed::TokenGone => write!(f, "the interaction can no longer answer"),
            Failed::Lost {
                maybe_landed,
                error,
            } => write!(
                f,
                "retries spent (may have landed: {maybe_landed}): {error}"
            ),
            Failed::Refused(e) => write!(f, "refused: {e}"),
        }
    }
}

/// What one error means for the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    AlreadyAnswered,
    TokenGone,
    /// Worth another try; `maybe_landed`: this try may have reached Discord.
    Retry {
        maybe_landed: bool,
        rate_limited: bool,
    },
    Refused,
}

/// What Discord's answer `status` with error `code` means for the call.
fn verdict_of(status: u16, code: isize) -> Verdict {
    match (status, code) {
        (_, 40060) => Verdict::AlreadyAnswered,
        (_, 10062 | 10015 | 10008 | 50027) | (401, _) => Verdict::TokenGone,
        (429, _) => Verdict::Retry {
            maybe_landed: false,
            rate_limited: true,
        },
        (500..=599, _) => Verdict::Retry {
            maybe_landed: true,
            rate_limited: false,
        },
        _ => Verdict::Refused,
    }
}

/// An error of a call, as [`attempt`] reads it.
pub(crate) trait CallError: std::fmt::Display {
    /// What it means for the call.
    fn verdict(&self) -> Verdict;
}

impl CallError for serenity::Error {
    fn verdict(&self) -> Verdict {
        match self {
            serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
                verdict_of(r.status_code.as_u16(), r.error.code)
            }
            // A connection refused never reached Discord; a timeout or a reset may have.
            serenity::Error::Http(HttpError::Request(r)) => Verdict::Retry {
                maybe_landed: !r.is_connect(),
                rate_limited: false,
            },
            _ => Verdict::Refused,
        }
    }
}

/// How a call may be retried.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    /// An interaction callback: only before `deadline` (its window).
    Callback {
        /// When the window closes.
        deadline: Instant,
    },
    /// An idempotent call (an edit, a delete): retried freely.
    Idempotent,
    /// A new message: a try that may have landed ends the retries, for the caller to
    /// check ([`posted_already`]) before sending again.
    Create,
}

/// Makes a call, retried as `kind` allows.
///
/// # Errors
/// [`Failed`], once retrying is spent or pointless.
pub(crate) async fn attempt<T, E, F, Fut>(what: &str, kind: Kind, mut call: F) -> Result<T, Failed>
where
    E: CallError,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut wait = FIRST_WAIT;
    for tried in 1..=TRIES {
        if let Kind::Callback { deadline } = kind {
            if Instant::now() >= deadline {
                return Err(Failed::TokenGone);
            }
        }
        let error = match call().await {
            Ok(t) => return Ok(t),
            Err(e) => e,
        };
        let (maybe_landed, rate_limited) = match error.verdict() {
            Verdict::AlreadyAnswered => return Err(Failed::AlreadyAnswered),
            Verdict::TokenGone => return Err(Failed::TokenGone),
            Verdict::Refused => {
                METRICS.rest_failure();
                return Err(Failed::Refused(error.to_string()));
            }
            Verdict::Retry {
                maybe_landed,
                rate_limited,
            } => (maybe_landed, rate_limited),
        };
        let pause = if rate_limited {
            wait.max(RATE_LIMIT_WAIT)
        } else {
            wait
        };
        let give_up = tried == TRIES
            || (maybe_landed && matches!(kind, Kind::Create))
            || matches!(kind, Kind::Callback { deadline } if Instant::now() + pause >= deadline);
        if give_up {
            METRICS.rest_failure();
            if matches!(kind, Kind::Callback { .. }) && !maybe_landed {
                return Err(Failed::TokenGone);
            }
            return Err(Failed::Lost {
                maybe_landed,
                error: error.to_string(),
            });
        }
        METRICS.rest_retry();
        tracing::warn!(tried, ?pause, "{what} failed ({error}); trying again");
        tokio::time::sleep(pause).await;
        wait = (wait * 2).min(Duration::from_secs(8));
    }
    unreachable!("the last try returns")
}

/// Whether the bot's last messages in `channel` already hold one with `content` (a post
/// that may have landed before its answer was lost), or, for `content` `None`, any
/// message of the bot's. Unknown (the channel cannot be read) counts as not posted: a
/// duplicate is better than a lost move.
pub(crate) async fn posted_already(
    http: &serenity::Http,
    channel: ChannelId,
    bot: u64,
    content: &str,
) -> bool {
    find_posted(http, channel, bot, Some(content))
        .await
        .is_some()
}

/// See [`posted_already`].
pub(crate) async fn posted_in(
    http: &serenity::Http,
    channel: ChannelId,
    bot: u64,
    content: Option<&str>,
) -> bool {
    find_posted(http, channel, bot, content).await.is_some()
}

/// The newest of the bot's last messages in `channel` with `content` (any of the bot's
/// for `None`), if any (unknown when the channel cannot be read).
pub(crate) async fn find_posted(
    http: &serenity::Http,
    channel: ChannelId,
    bot: u64,
    content: Option<&str>,
) -> Option<serenity::MessageId> {
    let read = attempt("reading the channel", Kind::Idempotent, || {
        serenity::ChannelId::new(channel.get())
            .messages(http, serenity::GetMessages::new().limit(LOOK_BACK))
    })
    .await;
    match read {
        Ok(messages) => messages
            .iter()
            .find(|m| m.author.id.get() == bot && content.is_none_or(|c| m.content == c))
            .map(|m| m.id),
        Err(e) => {
            tracing::warn!(channel = %channel, "cannot read the channel to avoid a duplicate: {e}");
            None
        }
    }
}

/// Posts a new message and makes sure it is there once: retried, and checked among the
/// channel's last messages when a try may have landed. `send` makes the one call.
///
/// # Errors
/// [`Failed`] if it could not be posted.
pub(crate) async fn create_once<T, F, Fut>(
    http: &serenity::Http,
    what: &str,
    channel: ChannelId,
    bot: u64,
    content: &str,
    mut send: F,
) -> Result<Option<T>, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    for _ in 0..TRIES {
        match attempt(what, Kind::Create, &mut send).await {
            Ok(t) => return Ok(Some(t)),
            Err(Failed::Lost {
                maybe_landed: true,
                error,
            }) => {
                if !content.is_empty() && posted_already(http, channel, bot, content).await {
                    tracing::info!(channel = %channel, "{what}: the lost try had landed ({error})");
                    return Ok(None);
                }
                tracing::warn!(channel = %channel, "{what} failed ({error}) and did not land; again");
                tokio::time::sleep(FIRST_WAIT).await;
            }
            Err(other) => return Err(other),
        }
    }
    Err(Failed::TokenGone)
}

/// Posts a public answer that its interaction could not show into its channel, as a
/// normal message pinging whom the answer pings; a private one is dropped and logged.
///
/// # Errors
/// `Err(())` (logged) if it could not be posted either: it is still to announce.
pub(crate) async fn post_in_channel(
    http: &serenity::Http,
    channel: ChannelId,
    bot: u64,
    reply: &Reply,
    why: &Failed,
) -> Result<Option<serenity::MessageId>, ()> {
    if reply.ephemeral {
        tracing::warn!(
            channel = %channel,
            "a private answer could not be delivered ({why}); dropped"
        );
        return Ok(None);
    }
    let content = present::content(reply);
    // The interaction's own try may have shown it after all.
    if matches!(
        why,
        Failed::Lost {
            maybe_landed: true,
            ..
        }
    ) && !content.is_empty()
        && posted_already(http, channel, bot, &content).await
    {
        tracing::info!(channel = %channel, "the answer had landed ({why})");
        return Ok(None);
    }
    tracing::warn!(
        channel = %channel,
        "the interaction could not show the answer ({why}); posting it"
    );
    let posted = create_once(http, "posting an answer", channel, bot, &content, || {
        serenity::ChannelId::new(channel.get()).send_message(http, present::channel_message(reply))
    })
    .await;
    match posted {
        Ok(m) => Ok(m.map(|m| m.id)),
        Err(e) => {
            tracing::error!(channel = %channel, "cannot post an answer in its channel: {e}");
            Err(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer of the fake's own: an HTTP status and a Discord error code.
    #[derive(Debug)]
    struct Answer(u16, isize);

    impl std::fmt::Display for Answer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{} ({})", self.0, self.1)
        }
    }

    impl CallError for Answer {
        fn verdict(&self) -> Verdict {
            verdict_of(self.0, self.1)
        }
    }

    #[test]
    fn errors_are_read_as_discord_means_them() {
        assert_eq!(verdict_of(400, 40060), Verdict::AlreadyAnswered);
        assert_eq!(verdict_of(404, 10062), Verdict::TokenGone);
        assert_eq!(verdict_of(401, 50027), Verdict::TokenGone);
        assert_eq!(
            verdict_of(500, 0),
            Verdict::Retry {
                maybe_landed: true,
                rate_limited: false
            }
        );
        assert_eq!(
            verdict_of(429, -1),
            Verdict::Retry {
                maybe_landed: false,
                rate_limited: true
            }
        );
        assert_eq!(verdict_of(403, 50013), Verdict::Refused);
    }

    /// A server error is retried until the call goes through; a new message that may
    /// have landed is not retried blindly.
    #[tokio::test]
    async fn server_errors_are_retried_and_creations_checked_first() {
        // The counters are the process's (other tests may add to them): they only grow.
        let (retries, failures) = METRICS.rest_counts();
        let mut calls = 0;
        let r = attempt("test", Kind::Idempotent, || {
            calls += 1;
            let n = calls;
            async move {
                if n < 3 {
                    Err(Answer(502, 0))
                } else {
                    Ok(n)
                }
            }
        })
        .await;
        assert_eq!(r.unwrap(), 3);
        assert!(
            METRICS.rest_counts().0 >= retries + 2,
            "two retries counted for /metrics"
        );
        let mut calls = 0;
        let r: Result<(), _> = attempt("test", Kind::Create, || {
            calls += 1;
            async { Err(Answer(500, 0)) }
        })
        .await;
        assert!(matches!(
            r,
            Err(Failed::Lost {
                maybe_landed: true,
                ..
            })
        ));
        assert_eq!(
            calls, 1,
            "a creation that may have landed is not resent blindly"
        );
        assert!(
            METRICS.rest_counts().1 > failures,
            "the lost call counted as a REST failure"
        );
        // A rate limit is waited out, at least a second.
        let started = Instant::now();
        let mut calls = 0;
        let r = attempt("test", Kind::Create, || {
            calls += 1;
            let n = calls;
            async move {
                if n < 2 {
                    Err(Answer(429, -1))
                } else {
                    Ok(())
                }
            }
        })
        .await;
        assert!(r.is_ok());
        assert!(started.elapsed() >= RATE_LIMIT_WAIT);
    }

    /// A callback is never tried after its window: the interaction then counts as gone.
    #[tokio::test]
    async fn a_callback_is_not_tried_past_its_window() {
        let deadline = Instant::now() + Duration::from_millis(300);
        let mut calls = 0;
        let r: Result<(), _> = attempt("test", Kind::Callback { deadline }, || {
            calls += 1;
            async { Err(Answer(503, 0)) }
        })
        .await;
        assert!(r.is_err());
        assert!(calls <= 2, "{calls} tries in a 300 ms window");
    }
}
