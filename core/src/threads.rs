//! A thread per game: where the server allows it (the `threads` setting, on by
//! default), an accepted game leaves the challenge's channel for a public thread of its
//! own, opened from the challenge message; its result is told in one line back in the
//! channel and the thread is archived. `/jetan games` lists the server's live games.
//!
//! The core decides and words; the front end opens and archives the thread (Discord's
//! transport, which the core never sees): [`Response::thread`] asks for a thread, the
//! front end opens it and hands its id to [`Core::into_thread`] (or says why it could
//! not, [`Core::thread_refused`]); [`Response::archive`] names the threads to archive.
//! Every game is hosted the same way: nothing here names a game.

use jetan_store::{ChannelId, Game, GameId, Settlement};

use super::lang::tr;
use super::reply::Text;
use super::request::{mention, Request};
use super::words::format_duration;
use super::{Core, CoreError, Lang, Reply, Response};

/// The longest thread name Discord takes.
const MAX_THREAD_NAME: usize = 100;

/// A game just accepted, to be moved into a thread of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadPlan {
    /// The channel the game was accepted in.
    pub channel: ChannelId,
    /// The game.
    pub game: GameId,
    /// The thread's name: "alice vs bob · Classic Jetan".
    pub name: String,
    /// The challenge message to open the thread from, if the bot knows it.
    pub from_message: Option<u64>,
}

/// Why the front end could not open a game's thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThreadRefusal {
    /// Discord refused for want of a permission (Create Public Threads, Send Messages in
    /// Threads).
    MissingPermission,
    /// Anything else (Discord down, the channel gone): the game stays in the channel.
    Failed,
}

impl Core {
    /// The front end opened `thread` for `plan`'s game: moves the game into it (one
    /// store transaction) and returns the line that answers in the channel instead of
    /// the board ("the game is on in #thread"); the board goes into the thread. `None`
    /// when the game could not be moved (it ended meanwhile, say): the front end then
    /// shows the board where it was accepted, as without threads.
    pub fn into_thread(&self, plan: &ThreadPlan, thread: ChannelId, now: u64) -> Option<Reply> {
        match self
            .store
            .move_to_thread(now, plan.channel, plan.game, thread)
        {
            Ok(game) => {
                let lang = self.public_lang(game.guild);
                Some(Reply::public(tr!(
                    lang,
                    "thread-opened",
                    challenger = mention(game.challenger),
                    challenged = mention(game.challenged()),
                    game = crate::games::name(lang, &game.terms),
                    thread = Text::channel(thread)
                )))
            }
            Err(e) => {
                tracing::warn!(
                    game = %plan.game,
                    thread = %thread,
                    "cannot move a game into its thread: {e}"
                );
                None
            }
        }
    }

    /// The front end could not open `plan`'s thread: the game is played in the channel,
    /// and this line (public, in the channel) tells the server's admins why and what to
    /// do.
    pub fn thread_refused(&self, plan: &ThreadPlan, why: ThreadRefusal) -> Reply {
        let guild = self
            .store
            .game(plan.channel)
            .ok()
            .flatten()
            .map(|g| g.guild);
        let lang = guild.map(|g| self.public_lang(g)).unwrap_or_default();
        Reply::public(match why {
            ThreadRefusal::MissingPermission => tr!(lang, "thread-no-permission"),
            ThreadRefusal::Failed => tr!(lang, "thread-failed"),
        })
    }
}

/// The thread to ask for after `game` was accepted in `req`'s channel: when the
/// server plays games in threads, and the game is still where it was accepted (a
/// repeated accept of a game already moved asks for none).
pub(crate) fn thread_plan(core: &Core, req: &Request, game: &Game) -> Option<ThreadPlan> {
    let settings = core.store.settings(game.guild).ok()?;
    if !settings.threads || game.parent.is_some() || game.channel != req.channel {
        return None;
    }
    // Only a game still in the channel moves: not one moved already, nor one in a
    // channel that is itself a game's thread (a rematch asked for in a thread).
    let current = core.store.game(game.channel).ok()??;
    if current.id != game.id || is_game_thread(core, game.channel) {
        return None;
    }
    let lang = core.public_lang(game.guild);
    let name = tr!(
        lang,
        "thread-name",
        challenger = core.name_of(game.challenger, lang),
        challenged = core.name_of(game.challenged(), lang),
        game = crate::games::name(lang, &game.terms)
    );
    Some(ThreadPlan {
        channel: game.channel,
        game: game.id,
        name: clip(&name.unmarked(), MAX_THREAD_NAME),
        from_message: None,
    })
}

/// Whether `channel` is (or was) a game's own thread.
fn is_game_thread(core: &Core, channel: ChannelId) -> bool {
    matches!(core.store.last_finished(channel), Ok(Some(f)) if f.game.parent.is_some())
}

/// The line that tells a game's result in the channel it came from, when it was
/// played in a thread of its own; with the thread, to archive.
pub(crate) fn told_in_parent(
    core: &Core,
    s: &Settlement,
) -> Option<((ChannelId, Reply), ChannelId)> {
    let parent = s.parent?;
    let lang = core.public_lang(s.guild);
    let game = core
        .store
        .last_finished(s.channel)
        .ok()
        .flatten()
        .filter(|f| f.game.id == s.game_id)
        .map(|f| crate::games::name(lang, &f.game.terms))
        .unwrap_or_default();
    let who = crate::text::outcome(lang, &s.result, &s.players);
    let line = tr!(
        lang,
        "thread-result",
        who = who,
        game = game,
        thread = Text::channel(s.channel)
    );
    Some(((parent, Reply::public(line)), s.channel))
}

/// Adds to `response` the result line in the parent channel and the thread to
/// archive, if `req` ended a game played in its own thread (read from the request's
/// receipt: what the store did).
pub(crate) fn close_thread_of(core: &Core, req: &Request, response: &mut Response) {
    let settlement = crate::audit::settled_by(core, req);
    if let Some((post, thread)) = settlement.as_ref().and_then(|s| told_in_parent(core, s)) {
        response.posts.push(post);
        response.archive.push(thread);
    }
}

/// `/jetan notify`: how the user is reminded of their moves (kept with their
/// profile, for every server), answered privately.
pub(crate) fn notify(core: &Core, req: &Request, dm: Option<bool>) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    if let Some(dm) = dm {
        core.store.set_reminds_by_dm(req.user.id, dm)?;
    }
    let key = if core.store.reminds_by_dm(req.user.id) {
        "notify-dm"
    } else {
        "notify-channel"
    };
    Ok(Reply::ephemeral(tr!(lang, key)))
}

/// `/jetan games`: the server's games in progress, each with its channel (a link),
/// its players, and whose move it is and for how long.
pub(crate) fn games_list(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let mut games: Vec<Game> = core
        .store
        .games_without_moves()?
        .into_iter()
        .filter(|g| g.guild == req.guild)
        .collect();
    if games.is_empty() {
        return Ok(Reply::public(tr!(lang, "games-none")));
    }
    games.sort_by_key(|g| (g.started_at, g.id));
    let total = games.len();
    let mut lines = vec![tr!(lang, "games-title", n = total)];
    for g in games.iter().take(MAX_LISTED) {
        lines.push(tr!(
            lang,
            "games-row",
            channel = Text::channel(g.channel),
            challenger = mention(g.challenger),
            challenged = mention(g.challenged()),
            game = crate::games::name(lang, &g.terms),
            who = mention(g.to_move()),
            since = format_duration(req.now.saturating_sub(g.last_move_at))
        ));
    }
    if total > MAX_LISTED {
        lines.push(tr!(lang, "games-more", n = total - MAX_LISTED));
    }
    Ok(Reply::public(Text::join(lines, "\n")))
}

/// Where the asker's game is, when a command found none in the channel it was asked
/// in (a game moved into its thread, most often): one line naming the opponent and
/// linking the game's channel. The game in a thread of this channel first, then one
/// where the asker is to move, then the newest. `None` when they play no game on
/// this server.
pub(crate) fn your_game_elsewhere(core: &Core, req: &Request, lang: Lang) -> Option<Text> {
    let me = req.user.id;
    let games = core.store.games_without_moves().ok()?;
    let g = games
        .iter()
        .filter(|g| g.guild == req.guild && g.channel != req.channel)
        .filter(|g| g.seat_of(me).is_some())
        .min_by_key(|g| {
            (
                g.parent != Some(req.channel),
                g.to_move() != me,
                std::cmp::Reverse((g.started_at, g.id)),
            )
        })?;
    Some(tr!(
        lang,
        "no-game-yours-elsewhere",
        opponent = mention(g.opponent_of(me)?),
        game = crate::games::name(lang, &g.terms),
        channel = Text::channel(g.channel)
    ))
}

/// How many games `/jetan games` lists (a message holds 2,000 characters).
const MAX_LISTED: usize = 15;

/// `s` cut to at most `max` characters.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}
