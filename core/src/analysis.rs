//! Analysis after the game (`/jetan analyse`): the engine searches every position of a
//! finished game and posts the three moves where the evaluation dropped most, each with
//! its picture and the move the engine prefers.
//!
//! The request is answered at once ("analysing…") with an [`AnalysisJob`] in the
//! [`Response`]; the front end runs [`Core::run_analysis`] off the request's critical path
//! (it thinks for up to [`ANALYSIS_BUDGET`]) and posts its reply. One analysis runs at a
//! time in a process; at most [`MAX_WAITING`] wait for it, and further requests are
//! refused until one finishes. A game in progress is never analysed: that would help a
//! player mid-game.

use std::sync::atomic::Ordering;
use std::time::Duration;

use jetan_store::{ChannelId, FinishedGame, GameId, GuildId, UserId};

use crate::lang::{tr, Lang};
use crate::request::{mention, Request};
use crate::{refuse, Core, CoreError, Reply, Response};

/// The longest an analysis thinks in all (the time per position is this divided by the
/// game's length, and never more than a quarter of the computer's thinking time).
pub const ANALYSIS_BUDGET: Duration = Duration::from_secs(30);
/// The least time per position: below it the search sees too little to judge a move.
pub const MIN_PER_POSITION: Duration = Duration::from_millis(10);
/// How many analyses may wait for the one running.
pub const MAX_WAITING: usize = 3;

/// An analysis to run after the reply ([`Core::run_analysis`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisJob {
    /// The server.
    pub guild: GuildId,
    /// The channel it was asked in (where the reply goes).
    pub channel: ChannelId,
    /// The finished game.
    pub game: GameId,
    /// Who asked (pinged when it is done).
    pub asker: UserId,
}

impl Core {
    /// Runs an analysis the core answered with (blocking: it thinks, up to
    /// [`ANALYSIS_BUDGET`], after any analysis already running) and returns the public
    /// reply that pings the asker; a failure is the asker's apology, logged.
    pub fn run_analysis(&self, job: &AnalysisJob) -> Reply {
        self.analyses_waiting.fetch_add(1, Ordering::SeqCst);
        let reply = {
            let _one_at_a_time = self
                .analysis_running
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            analysis_reply(self, job)
        };
        self.analyses_waiting.fetch_sub(1, Ordering::SeqCst);
        let lang = self.public_lang(job.guild);
        match reply {
            Ok(reply) => reply,
            Err(CoreError::User(msg)) => Reply::public(msg).pinging(job.asker),
            Err(e) => {
                tracing::error!(game = %job.game, "analysis failed: {e}");
                Reply::public(tr!(lang, "analysis-failed", who = mention(job.asker)))
                    .pinging(job.asker)
            }
        }
    }
}

/// `/jetan analyse [game]`: checks the game can be analysed and answers at once; the
/// analysis itself is the response's [`Response::analysis`].
pub(crate) fn analyse(core: &Core, req: &Request, id: Option<&str>) -> Result<Response, CoreError> {
    let asker = Lang::of(&req.locale);
    if let Some(typed) = id {
        let n = typed.trim().trim_start_matches('#').parse::<GameId>().ok();
        let live = core.store.game(req.channel)?;
        if n.is_some() && live.is_some_and(|g| Some(g.id) == n) {
            return refuse(tr!(asker, "analysis-in-progress"));
        }
    }
    let last = crate::endings::finished_named(core, req, id)?;
    let ui = crate::games::of(&last.game);
    if !ui.analyses() {
        return refuse(tr!(asker, "analysis-not-this-game"));
    }
    if last.game.records.is_empty() {
        return refuse(tr!(asker, "analysis-no-moves"));
    }
    if core.analyses_waiting.load(Ordering::SeqCst) > MAX_WAITING {
        return refuse(tr!(asker, "analysis-busy"));
    }
    let lang = core.public_lang(req.guild);
    let per = per_position(core, last.game.records.len());
    let seconds = (per.as_millis() as u64 * last.game.records.len() as u64).div_ceil(1000);
    let mut response = Response::from(Reply::public(tr!(
        lang,
        "analysis-started",
        id = last.game.id.to_string(),
        who = mention(req.user.id),
        seconds = seconds.max(1)
    )));
    response.analysis = Some(AnalysisJob {
        guild: req.guild,
        channel: req.channel,
        game: last.game.id,
        asker: req.user.id,
    });
    Ok(response)
}

/// The search time per position for a game of `plies` moves.
fn per_position(core: &Core, plies: usize) -> Duration {
    let share = ANALYSIS_BUDGET / u32::try_from(plies.max(1)).unwrap_or(u32::MAX);
    share.min(core.think / 4).max(MIN_PER_POSITION)
}

fn analysis_reply(core: &Core, job: &AnalysisJob) -> Result<Reply, CoreError> {
    let lang = core.public_lang(job.guild);
    let last: FinishedGame = match core.store.finished_game(job.game)? {
        Some(f) if f.game.guild == job.guild => f,
        _ => return Err(CoreError::Internal(format!("game {} is gone", job.game))),
    };
    let per = per_position(core, last.game.records.len());
    crate::games::of(&last.game).analysis(core, lang, job.asker, &last, per)
}
