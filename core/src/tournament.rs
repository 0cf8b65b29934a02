//! `/jetan tournament …`: Swiss and round-robin events over the store's tournament
//! layer (`jetan_store::tournament`), which pairs, settles and pays; this module words
//! the commands, and turns a round paired into games in threads of their own.
//!
//! A round is paired inside a store transaction (at the start, and when the last game
//! of a round ends, in that game's settlement). The core then asks the front end, with
//! [`Response::pairings`] (or [`crate::Sweep::pairings`]), to open one thread per
//! pairing in the event's channel; for each thread it opened, the front end calls
//! [`Core::start_pairing`], which starts the pairing's game there (idempotent in the
//! store) and answers with the board, pinging both players. Every path that ends a game
//! reaches [`after_settled`] (the one place where settlements become replies: a
//! request's, from its receipt, and the sweep's), which announces the next round or the
//! final standings in the event's channel.
//!
//! Each such announcement is owed in the store: the transaction that pairs a round or
//! finishes the event writes its news into the outbox ([`jetan_store::TournamentNews`]).
//! The core words news only while the store still owes it and no other request of this
//! process took it ([`Announced::claim`]), as an [`Announcement`] the front end posts
//! (its pairings' threads opened after it) and then marks delivered
//! ([`Core::announced`]). A crash before that leaves it owed: the next start delivers
//! it ([`news_again`], from [`Core::pending_announcements`]), once.

use std::collections::HashSet;

use jetan_store::{
    BoardResult, ChannelId, Game, GameId, GuildId, NewTournament, Settlement, StoreError, Terms,
    Tournament, TournamentFormat, TournamentId, TournamentNews, TournamentState, TournamentUpdate,
};

use super::buttons::ButtonAction;
use super::crosstable::half;
use super::lang::{tr, Lang};
use super::request::{mention, Request, TournamentArgs, TournamentCommand, TournamentKind};
use super::text::money;
use super::{refuse, Announcement, ButtonStyle, Core, CoreError, Reply, Response, Text};

/// A pairing whose game is to be played in a thread of its own: the front end opens
/// the thread in `channel` (the event's) and calls [`Core::start_pairing`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingPlan {
    /// The server.
    pub guild: GuildId,
    /// The event.
    pub tournament: TournamentId,
    /// The round (1-based).
    pub round: usize,
    /// The board (1-based).
    pub board: usize,
    /// Where the thread opens: the event's channel.
    pub channel: ChannelId,
    /// The thread's name: "R2 · alice vs bob · Spring Swiss".
    pub name: String,
}

/// The tournament news this process took to deliver: two games of one round ending at
/// once announce the next round once.
#[derive(Default)]
pub(crate) struct Announced(std::sync::Mutex<HashSet<TournamentNews>>);

impl Announced {
    /// Whether this process is to deliver `news`: the store still owes it (it was not
    /// delivered yet) and no other request of this process took it.
    fn claim(&self, core: &Core, news: TournamentNews) -> bool {
        match core.store.owed(news) {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => {
                tracing::warn!(tournament = %news.tournament, round = news.round, "cannot read the outbox: {e}");
                return false;
            }
        }
        self.0.lock().is_ok_and(|mut s| s.insert(news))
    }
}

/// The longest thread name Discord takes.
const MAX_THREAD_NAME: usize = 100;
/// The crosstable picture's file name.
pub(crate) const CROSSTABLE_FILE: &str = "crosstable.png";
/// Swiss rounds when `rounds` is not given.
const DEFAULT_ROUNDS: u32 = 3;

impl Core {
    /// The front end opened `thread` for `plan`: starts the pairing's game there (one
    /// store transaction; done again, nothing new) and returns the board to post in
    /// the thread, pinging both players. `None` when the game was started elsewhere
    /// already or cannot start (logged).
    pub fn start_pairing(&self, plan: &PairingPlan, thread: ChannelId, now: u64) -> Option<Reply> {
        let seed = self.random_u64();
        let game = match self.store.start_pairing_game(
            now,
            plan.guild,
            plan.tournament,
            plan.round,
            plan.board,
            thread,
            seed,
        ) {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(tournament = %plan.tournament, round = plan.round, board = plan.board, "cannot start a pairing's game: {e}");
                return None;
            }
        };
        if game.channel != thread {
            return None;
        }
        let name = self
            .store
            .tournament(plan.tournament)
            .ok()
            .flatten()
            .map(|t| t.name)
            .unwrap_or_default();
        board_post(self, &name, plan.round, plan.board, &game)
    }
}

/// The board of round `round`, board `board`'s game of event `name`, to post in its
/// thread, pinging both players.
fn board_post(core: &Core, name: &str, round: usize, board: usize, game: &Game) -> Option<Reply> {
    let lang = core.public_lang(game.guild);
    let head = tr!(
        lang,
        "tournament-game",
        name = name,
        round = round,
        board = board,
        first = mention(game.challenger),
        second = mention(game.challenged()),
        id = game.id.get()
    );
    let response = crate::games::of(game).started(core, game, head).ok()?;
    Some(
        response
            .reply
            .pinging(game.challenger)
            .pinging(game.challenged()),
    )
}

/// Runs a tournament command.
pub(crate) fn run(
    core: &Core,
    req: &Request,
    c: &TournamentCommand,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let stamp = Core::store_req(req);
    let g = req.guild;
    let open = |s: TournamentState| s == TournamentState::Open;
    let running = |s: TournamentState| matches!(s, TournamentState::Running { .. });
    let live = |s: TournamentState| open(s) || running(s);
    let any = |_: TournamentState| true;
    match c {
        TournamentCommand::Create(args) => create(core, req, args),
        TournamentCommand::Join { tournament } => {
            let tm = pick(core, req, *tournament, open)?;
            join(core, req, tm.id)
        }
        TournamentCommand::Leave { tournament } => {
            let tm = pick(core, req, *tournament, open)?;
            let u = core.store.leave_tournament(stamp, g, tm.id)?;
            Ok(changed(core, req, &tm, &u, "tournament-left"))
        }
        TournamentCommand::Start { tournament } => {
            let tm = pick(core, req, *tournament, live)?;
            if running(tm.state) {
                return reopen(core, req, &tm);
            }
            let u = core.store.start_tournament(stamp, g, tm.id)?;
            Ok(changed(core, req, &tm, &u, "tournament-started"))
        }
        TournamentCommand::Withdraw { tournament } => {
            let tm = pick(core, req, *tournament, running)?;
            let u = core.store.withdraw_tournament(stamp, g, tm.id)?;
            Ok(changed(core, req, &tm, &u, "tournament-withdrew"))
        }
        TournamentCommand::Remove { tournament, player } => {
            let tm = pick(core, req, *tournament, live)?;
            let u = core
                .store
                .remove_from_tournament(stamp, g, tm.id, player.id)?;
            let mut r = changed(core, req, &tm, &u, "");
            r.reply = Reply::public(tr!(
                core.public_lang(g),
                "tournament-removed",
                who = mention(player.id),
                name = tm.name.as_str()
            ));
            Ok(r)
        }
        TournamentCommand::Cancel { tournament, reason } => {
            let reason = crate::args::one_line(lang, reason, "tournament-name-bad")?;
            let reason = reason.as_str();
            let tm = pick(core, req, *tournament, live)?;
            let u = core.store.cancel_tournament(stamp, g, tm.id, reason)?;
            let mut r = changed(core, req, &tm, &u, "");
            let plang = core.public_lang(g);
            r.reply = Reply::public(tr!(
                plang,
                "tournament-cancelled",
                name = tm.name.as_str(),
                reason = reason.trim(),
                refunded = money(plang, u.tournament.refunded, &core.currency_or_default(g))
            ));
            Ok(r)
        }
        TournamentCommand::Adjudicate { game, result } => {
            let Some(result) = board_result(result) else {
                return refuse(tr!(lang, "tournament-result-bad"));
            };
            let id = GameId(u64::try_from(*game).unwrap_or(0));
            let Some(link) = core.store.tournament_of_game(id)? else {
                return refuse(tr!(lang, "tournament-no-game", game = id.get()));
            };
            let tm = core
                .store
                .tournament(link.tournament)?
                .filter(|t| t.guild == g)
                .ok_or(CoreError::Refused(StoreError::NoTournament(
                    link.tournament,
                )))?;
            let u = core.store.adjudicate(stamp, g, id, result)?;
            let mut r = changed(core, req, &tm, &u, "");
            r.reply = Reply::public(tr!(
                core.public_lang(g),
                "tournament-adjudicated",
                game = id.get(),
                result = result_text(core.public_lang(g), &tm, link.round, link.board, result)
            ));
            Ok(r)
        }
        TournamentCommand::AdjudicateBoard {
            tournament,
            round,
            board,
            result,
        } => {
            let Some(result) = board_result(result) else {
                return refuse(tr!(lang, "tournament-result-bad"));
            };
            let tm = pick(core, req, *tournament, running)?;
            if tm.organiser != req.user.id {
                return refuse(tr!(
                    lang,
                    "tournament-organiser-only",
                    who = mention(tm.organiser)
                ));
            }
            let Some(current) = tm.current_round() else {
                return Err(CoreError::Refused(StoreError::TournamentState {
                    state: tm.state.name(),
                }));
            };
            let round = round.map_or(current, |r| usize::try_from(r).unwrap_or(0));
            let board = usize::try_from(*board).unwrap_or(0);
            let pairing = tm
                .rounds
                .get(round.wrapping_sub(1))
                .and_then(|r| r.get(board.wrapping_sub(1)));
            let why = match pairing {
                None => Some("tournament-board-none"),
                Some(b) if b.is_bye() => Some("tournament-board-bye"),
                Some(b) if b.result.is_some() => Some("tournament-board-decided"),
                Some(_) if round != current => Some("tournament-board-past"),
                Some(_) => None,
            };
            if let Some(key) = why {
                return refuse(tr!(lang, key, round = round, board = board));
            }
            let u = core
                .store
                .adjudicate_board(stamp, g, tm.id, round, board, result)?;
            let mut r = changed(core, req, &tm, &u, "");
            let plang = core.public_lang(g);
            r.reply = Reply::public(tr!(
                plang,
                "tournament-board-adjudicated",
                round = round,
                board = board,
                result = result_text(plang, &tm, round, board, result)
            ));
            Ok(r)
        }
        TournamentCommand::Standings { tournament } => {
            let tm = pick(core, req, *tournament, any)?;
            let mut reply = Reply::public(standings_text(core, lang, &tm)?);
            if let Some(png) = crate::crosstable::picture(core, lang, &tm) {
                reply = reply.with_file(CROSSTABLE_FILE, png);
            }
            Ok(reply.into())
        }
        TournamentCommand::Pairings { tournament, round } => {
            let tm = pick(core, req, *tournament, any)?;
            let n = match round {
                Some(n) => usize::try_from(*n).unwrap_or(0),
                None => tm.rounds.len(),
            };
            if n == 0 || n > tm.rounds.len() {
                return refuse(tr!(lang, "tournament-no-round", n = tm.rounds.len()));
            }
            Ok(Reply::public(pairings_text(lang, &tm, n)).into())
        }
        TournamentCommand::Info { tournament } => {
            let tm = pick(core, req, *tournament, any)?;
            Ok(Reply::public(info_text(core, lang, &tm)).into())
        }
        TournamentCommand::List => {
            let all = core.store.tournaments(g)?;
            if all.is_empty() {
                return Ok(Reply::public(tr!(lang, "tournament-list-none")).into());
            }
            let mut lines = vec![tr!(lang, "tournament-list-title")];
            for tm in all.iter().take(15) {
                lines.push(tr!(
                    lang,
                    "tournament-list-row",
                    id = tm.id.get(),
                    name = tm.name.as_str(),
                    state = state_text(lang, tm.state),
                    players = tm.players.len()
                ));
            }
            Ok(Reply::public(Text::join(lines, "\n")).into())
        }
    }
}

/// `start` of a running event, by its organiser: the threads of the current round's
/// games that never started (Discord refused a thread, or the bot stopped between the
/// pairing and the thread) are asked for again; starting a pairing's game is idempotent.
fn reopen(core: &Core, req: &Request, tm: &Tournament) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    if tm.organiser != req.user.id {
        return refuse(tr!(
            lang,
            "tournament-organiser-only",
            who = mention(tm.organiser)
        ));
    }
    let missing = unstarted(core, tm);
    if missing.is_empty() {
        return refuse(tr!(
            lang,
            "tournament-wrong-state",
            state = tr!(lang, "tournament-state-started")
        ));
    }
    let mut response: Response = Reply::public(tr!(
        core.public_lang(tm.guild),
        "tournament-reopened",
        n = missing.len(),
        name = tm.name.as_str()
    ))
    .into();
    response.pairings = missing;
    Ok(response)
}

/// The current round's pairings with a game to play that has not started, as threads
/// to open.
fn unstarted(core: &Core, tm: &Tournament) -> Vec<PairingPlan> {
    let Some(round) = tm.current_round() else {
        return Vec::new();
    };
    let lang = core.public_lang(tm.guild);
    let mut out = Vec::new();
    for (i, b) in tm.rounds[round - 1].iter().enumerate() {
        let Some(second) = b.second else { continue };
        if b.game.is_none() && b.result.is_none() {
            let name = tr!(
                lang,
                "tournament-thread-name",
                round = round,
                first = core.name_of(b.first, lang),
                second = core.name_of(second, lang),
                name = tm.name.as_str()
            );
            out.push(PairingPlan {
                guild: tm.guild,
                tournament: tm.id,
                round,
                board: i + 1,
                channel: tm.channel,
                name: clip(&name.unmarked(), MAX_THREAD_NAME),
            });
        }
    }
    out
}

/// Event `id`, if it is this server's.
fn of_this_server(core: &Core, req: &Request, id: TournamentId) -> Result<Tournament, CoreError> {
    core.store
        .tournament(id)?
        .filter(|t| t.guild == req.guild)
        .ok_or(CoreError::Refused(StoreError::NoTournament(id)))
}

/// `join`, by command or button: the fee into escrow; answered publicly.
pub(crate) fn join(core: &Core, req: &Request, id: TournamentId) -> Result<Response, CoreError> {
    let tm = of_this_server(core, req, id)?;
    let u = core
        .store
        .join_tournament(Core::store_req(req), req.guild, id)?;
    Ok(changed(core, req, &tm, &u, "tournament-joined"))
}

/// `leave` by button.
pub(crate) fn leave(core: &Core, req: &Request, id: TournamentId) -> Result<Response, CoreError> {
    let tm = of_this_server(core, req, id)?;
    let u = core
        .store
        .leave_tournament(Core::store_req(req), req.guild, id)?;
    Ok(changed(core, req, &tm, &u, "tournament-left"))
}

/// The event a command names, or the channel's newest (else the server's) whose state
/// fits.
fn pick(
    core: &Core,
    req: &Request,
    id: Option<i64>,
    fits: impl Fn(TournamentState) -> bool,
) -> Result<Tournament, CoreError> {
    let lang = Lang::of(&req.locale);
    if let Some(id) = id {
        let id = TournamentId(u64::try_from(id).unwrap_or(0));
        return core
            .store
            .tournament(id)?
            .filter(|t| t.guild == req.guild)
            .ok_or(CoreError::Refused(StoreError::NoTournament(id)));
    }
    let all: Vec<Tournament> = core
        .store
        .tournaments(req.guild)?
        .into_iter()
        .filter(|t| fits(t.state))
        .collect();
    let here = all.iter().find(|t| t.channel == req.channel);
    match here.or(all.first()) {
        Some(t) => Ok(t.clone()),
        None => refuse(tr!(lang, "tournament-none")),
    }
}

fn create(core: &Core, req: &Request, a: &TournamentArgs) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let settings = core.store.settings(req.guild)?;
    if !req.manager && settings.tournaments != jetan_store::TournamentCreators::Anyone {
        return refuse(tr!(lang, "tournament-manager-only"));
    }
    let prizes = match &a.prizes {
        None => vec![100],
        Some(text) => match parse_prizes(text) {
            Some(p) => p,
            None => return refuse(tr!(lang, "tournament-prizes-bad")),
        },
    };
    let format = match a.format {
        TournamentKind::Swiss => TournamentFormat::Swiss {
            rounds: a
                .rounds
                .map_or(DEFAULT_ROUNDS, |r| u32::try_from(r).unwrap_or(0)),
        },
        TournamentKind::RoundRobin => TournamentFormat::RoundRobin { double: a.double },
    };
    let move_time = match a.game.move_time {
        None => {
            ((settings.move_time_ms / 60_000).clamp(1, crate::args::MAX_MOVE_TIME_MINUTES as u64))
                as u32
        }
        Some(m) if (1..=crate::args::MAX_MOVE_TIME_MINUTES).contains(&m) => m as u32,
        Some(_) => {
            return refuse(tr!(
                lang,
                "move-time-range",
                max = crate::args::MAX_MOVE_TIME_MINUTES
            ))
        }
    };
    let game = crate::games::ui(a.game.game.unwrap_or_default()).challenge_options(
        lang,
        &a.game,
        false,
        crate::practice::Level::DEFAULT.get(),
    )?;
    let casual = a.game.casual || (game.changes_rules() && !settings.rated_options);
    let entry = match a.entry {
        Some(v) => crate::args::amount(lang, v, "what-entry")?,
        None => 0,
    };
    let name = crate::args::one_line(lang, &a.name, "tournament-name-bad")?;
    let mut spec = NewTournament::new(
        name,
        format,
        Terms {
            game,
            stake: 0,
            piece_price: 0,
            first: jetan_store::FirstMover::Challenger,
            move_time_minutes: Some(move_time),
            practice: false,
            casual,
        },
    );
    if let Some(m) = a.max_players {
        spec.max_players = u32::try_from(m).unwrap_or(0);
    }
    spec.entry_fee = entry;
    spec.prizes = prizes;
    if spec.prizes.len() > spec.max_players as usize {
        return refuse(tr!(lang, "tournament-prizes-bad"));
    }
    let u = core
        .store
        .create_tournament(Core::store_req(req), req.guild, req.channel, &spec)
        .map_err(|e| match e {
            StoreError::Pairing(_) | StoreError::InvalidTournament(_) => {
                CoreError::User(tr!(lang, "tournament-settings-bad", why = e.to_string()))
            }
            e => e.into(),
        })?;
    Ok(event_message(core, &u.tournament).into())
}

/// `60,30,10` → `[60, 30, 10]`; `None` for anything else.
fn parse_prizes(text: &str) -> Option<Vec<u32>> {
    let p: Option<Vec<u32>> = text
        .split([',', ' ', '/'])
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().trim_end_matches('%').parse().ok())
        .collect();
    let p = p?;
    (!p.is_empty() && p.iter().map(|&x| u64::from(x)).sum::<u64>() == 100).then_some(p)
}

/// The event's public message, with Join and Leave buttons while it is open.
fn event_message(core: &Core, tm: &Tournament) -> Reply {
    let lang = core.public_lang(tm.guild);
    let mut text = tr!(
        lang,
        "tournament-created",
        name = tm.name.as_str(),
        id = tm.id.get(),
        organiser = mention(tm.organiser)
    );
    text.line(info_text(core, lang, tm));
    Reply::public(text)
        .with_button(
            ButtonAction::TournamentJoin(tm.id.get()).id(),
            tr!(lang, "button-join"),
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::TournamentLeave(tm.id.get()).id(),
            tr!(lang, "button-leave"),
            ButtonStyle::Secondary,
        )
}

/// The answer to an operation that changed the event, and what follows from it: the
/// games it ended (result lines, threads to archive), the next round's threads or the
/// final standings.
fn changed(
    core: &Core,
    req: &Request,
    before: &Tournament,
    u: &TournamentUpdate,
    key: &str,
) -> Response {
    let lang = core.public_lang(req.guild);
    let tm = &u.tournament;
    let currency = core.currency_or_default(req.guild);
    let text = match key {
        "" => Text::new(),
        key => tr!(
            lang,
            key,
            who = mention(req.user.id),
            name = tm.name.as_str(),
            players = tm.players.len(),
            pot = money(lang, tm.pot, &currency)
        ),
    };
    let mut response: Response = Reply::public(text).into();
    for s in &u.settled {
        if let Some((post, thread)) = crate::threads::told_in_parent(core, s) {
            response.posts.push(post);
            response.archive.push(thread);
        }
    }
    if tm.state != before.state || tm.rounds.len() != before.rounds.len() {
        progress(core, tm, &mut response.announcements);
    }
    response
}

/// After a request that may have ended a game (read from its receipt: what the store
/// did): [`after_settled`].
pub(crate) fn after_request(core: &Core, req: &Request, response: &mut Response) {
    let settlement = crate::audit::settled_by(core, req);
    if let Some(s) = settlement {
        after_settled(core, std::slice::from_ref(&s), &mut response.announcements);
    }
}

/// After games ended (any way): for each that was a tournament's and whose round is
/// over, the next round's announcement and threads, or the final standings.
pub(crate) fn after_settled(core: &Core, ended: &[Settlement], out: &mut Vec<Announcement>) {
    for s in ended {
        let link = match core.store.tournament_of_game(s.game_id) {
            Ok(Some(l)) => l,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(game = %s.game_id, "cannot read a game's tournament: {e}");
                continue;
            }
        };
        let Ok(Some(tm)) = core.store.tournament(link.tournament) else {
            continue;
        };
        let moved_on = match tm.state {
            TournamentState::Running { round } => round > link.round,
            TournamentState::Finished => true,
            _ => false,
        };
        if moved_on {
            progress(core, &tm, out);
        }
    }
}

/// At start-up: news the store still owes from before (the bot stopped between the
/// transaction that wrote it and its delivery), delivered if it is still where the
/// event stands (with the threads of the round's games that never started); news a
/// later round or the end superseded, or of an event gone, leaves the outbox (a
/// round's pairings are read again with `tournament pairings`).
pub(crate) fn news_again(core: &Core, news: TournamentNews, out: &mut Vec<Announcement>) {
    let tm = match core.store.tournament(news.tournament) {
        Ok(Some(tm)) => tm,
        Ok(None) => return core.announced(news),
        Err(e) => {
            tracing::warn!(tournament = %news.tournament, "cannot read a tournament's news: {e}");
            return;
        }
    };
    if !core.owns_server(tm.guild) {
        return;
    }
    let now = match tm.state {
        TournamentState::Running { round } => Some(round),
        TournamentState::Finished => Some(TournamentNews::FINAL),
        _ => None,
    };
    if now != Some(news.round) {
        return core.announced(news);
    }
    let before = out.len();
    progress(core, &tm, out);
    if let Some(a) = out.get_mut(before) {
        a.boards = started_boards(core, &tm);
    }
}

/// The boards of the current round's games in progress, each for its thread.
fn started_boards(core: &Core, tm: &Tournament) -> Vec<(ChannelId, Reply)> {
    let Some(round) = tm.current_round() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, b) in tm.rounds[round - 1].iter().enumerate() {
        let (Some(id), Some(thread), None) = (b.game, b.channel, b.result) else {
            continue;
        };
        match core.store.game(thread) {
            Ok(Some(game)) if game.id == id => {
                if let Some(board) = board_post(core, &tm.name, round, i + 1, &game) {
                    out.push((thread, board));
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(game = %id, "cannot read a tournament's game: {e}"),
        }
    }
    out
}

/// Announces where the event stands now, once (while the store owes the news, see
/// [`Announced::claim`]): a round paired (its pairings in the event's channel, a thread
/// to open for each game) or the final standings.
fn progress(core: &Core, tm: &Tournament, out: &mut Vec<Announcement>) {
    let round = match tm.state {
        TournamentState::Running { round } => round,
        TournamentState::Finished => TournamentNews::FINAL,
        _ => return,
    };
    let news = TournamentNews {
        tournament: tm.id,
        round,
    };
    if !core.announced.claim(core, news) {
        return;
    }
    let mut a = Announcement {
        key: news.into(),
        posts: Vec::new(),
        pairings: Vec::new(),
        boards: Vec::new(),
    };
    news_posts(core, tm, &mut a.posts, &mut a.pairings);
    out.push(a);
}

/// The posts of the news of where the event stands (see [`progress`]). Worded from the
/// round's pairings alone (every game "starting…"), so that the same news worded again
/// after a restart is the same message, which the front end finds already posted.
fn news_posts(
    core: &Core,
    tm: &Tournament,
    posts: &mut Vec<(ChannelId, Reply)>,
    pairings: &mut Vec<PairingPlan>,
) {
    let lang = core.public_lang(tm.guild);
    match tm.state {
        TournamentState::Running { round } => {
            let mut reply = Reply::public(pairings_text(lang, &as_paired(tm, round), round));
            for b in &tm.rounds[round - 1] {
                if let Some(second) = b.second {
                    reply = reply.pinging(b.first).pinging(second);
                }
            }
            pairings.extend(unstarted(core, tm));
            posts.push((tm.channel, reply));
        }
        TournamentState::Finished => {
            let text = match standings_text(core, lang, tm) {
                Ok(t) => t,
                Err(e) => {
                    tracing::error!(tournament = %tm.id, "{e}");
                    return;
                }
            };
            let currency = core.currency_or_default(tm.guild);
            let mut lines = vec![tr!(lang, "tournament-finished", name = tm.name.as_str())];
            lines.push(text);
            for p in &tm.payouts {
                lines.push(tr!(
                    lang,
                    "tournament-prize",
                    place = p.place,
                    who = mention(p.user),
                    amount = money(lang, p.amount, &currency)
                ));
            }
            // The final standings are pinned, with the crosstable.
            let mut reply = Reply::public(Text::join(lines, "\n")).pinned();
            if let Some(png) = crate::crosstable::picture(core, lang, tm) {
                reply = reply.with_file(CROSSTABLE_FILE, png);
            }
            posts.push((tm.channel, reply));
        }
        _ => {}
    }
}

/// The event as round `round` was paired: its games not started, no result but the
/// byes'.
fn as_paired(tm: &Tournament, round: usize) -> Tournament {
    let mut tm = tm.clone();
    for b in tm.rounds.iter_mut().skip(round - 1).take(1).flatten() {
        if !b.is_bye() {
            b.game = None;
            b.channel = None;
            b.result = None;
        }
    }
    tm
}

fn board_result(typed: &str) -> Option<BoardResult> {
    Some(match typed {
        "first" => BoardResult::FirstWins,
        "second" => BoardResult::SecondWins,
        "draw" => BoardResult::Draw,
        "first-forfeits" => BoardResult::SecondWinsByForfeit,
        "second-forfeits" => BoardResult::FirstWinsByForfeit,
        "double-forfeit" => BoardResult::DoubleForfeit,
        _ => return None,
    })
}

fn result_text(lang: Lang, tm: &Tournament, round: usize, board: usize, r: BoardResult) -> Text {
    let Some(b) = tm.rounds.get(round - 1).and_then(|r| r.get(board - 1)) else {
        return Text::new();
    };
    let (first, second) = (mention(b.first), b.second.map(mention).unwrap_or_default());
    match r {
        BoardResult::FirstWins => tr!(lang, "tournament-r-win", winner = first),
        BoardResult::SecondWins => tr!(lang, "tournament-r-win", winner = second),
        BoardResult::Draw => tr!(lang, "tournament-r-draw"),
        BoardResult::FirstWinsByForfeit => tr!(lang, "tournament-r-forfeit", winner = first),
        BoardResult::SecondWinsByForfeit => tr!(lang, "tournament-r-forfeit", winner = second),
        BoardResult::DoubleForfeit => tr!(lang, "tournament-r-double-forfeit"),
        BoardResult::Bye => tr!(lang, "tournament-r-bye"),
    }
}

fn state_text(lang: Lang, s: TournamentState) -> Text {
    match s {
        TournamentState::Open => tr!(lang, "tournament-state-open"),
        TournamentState::Running { round } => tr!(lang, "tournament-state-running", round = round),
        TournamentState::Finished => tr!(lang, "tournament-state-finished"),
        TournamentState::Cancelled => tr!(lang, "tournament-state-cancelled"),
    }
}

fn info_text(core: &Core, lang: Lang, tm: &Tournament) -> Text {
    let currency = core.currency_or_default(tm.guild);
    let format = match tm.format {
        TournamentFormat::Swiss { rounds } => tr!(lang, "tournament-swiss", rounds = rounds),
        TournamentFormat::RoundRobin { double: false } => tr!(lang, "tournament-rr"),
        TournamentFormat::RoundRobin { double: true } => tr!(lang, "tournament-rr-double"),
    };
    let prizes = tm
        .prizes
        .iter()
        .map(|p| format!("{p}%"))
        .collect::<Vec<_>>()
        .join(" / ");
    let players = Text::join(tm.players.iter().map(|e| mention(e.user)), ", ");
    tr!(
        lang,
        "tournament-info",
        id = tm.id.get(),
        name = tm.name.as_str(),
        format = format,
        game = crate::games::name(lang, &tm.terms),
        state = state_text(lang, tm.state),
        entry = money(lang, tm.entry_fee, &currency),
        pot = money(lang, tm.pot, &currency),
        prizes = prizes,
        n = tm.players.len(),
        max = tm.max_players,
        players = players
    )
}

fn standings_text(core: &Core, lang: Lang, tm: &Tournament) -> Result<Text, CoreError> {
    let rows = tm
        .standings()
        .map_err(|e| CoreError::Internal(format!("tournament {}: {e}", tm.id)))?;
    let mut lines = vec![tr!(
        lang,
        "tournament-standings-title",
        name = tm.name.as_str(),
        round = tm.rounds.len()
    )];
    for r in rows {
        let who = jetan_store::UserId(r.player);
        let sb = f64::from(r.sonneborn_berger4) / 4.0;
        lines.push(tr!(
            lang,
            "tournament-standings-row",
            place = r.place,
            who = core.name_of(who, lang),
            points = half(r.score2),
            buchholz = half(r.buchholz2),
            sb = format!("{sb}"),
            wins = r.wins,
            withdrawn = if r.withdrawn { "yes" } else { "no" }
        ));
    }
    Ok(Text::join(lines, "\n"))
}

fn pairings_text(lang: Lang, tm: &Tournament, round: usize) -> Text {
    let mut lines = vec![tr!(
        lang,
        "tournament-round-title",
        name = tm.name.as_str(),
        round = round,
        total = tm.total_rounds()
    )];
    for (i, b) in tm.rounds[round - 1].iter().enumerate() {
        let bye = match tm.format {
            TournamentFormat::Swiss { .. } => "tournament-bye-row",
            TournamentFormat::RoundRobin { .. } => "tournament-rest-row",
        };
        let line = match b.second {
            None => tr!(lang, bye, board = i + 1, who = mention(b.first)),
            Some(second) => {
                let result = match b.result {
                    Some(r) => result_text(lang, tm, round, i + 1, r),
                    None => match (b.game, b.channel) {
                        (Some(_), Some(ch)) => Text::channel(ch),
                        _ => tr!(lang, "tournament-not-started"),
                    },
                };
                tr!(
                    lang,
                    "tournament-board-row",
                    board = i + 1,
                    first = mention(b.first),
                    second = mention(second),
                    result = result
                )
            }
        };
        lines.push(line);
    }
    Text::join(lines, "\n")
}

/// `s` cut to at most `max` characters.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The words of a tournament refusal from the store, if it is one.
pub(crate) fn refusal(lang: Lang, e: &StoreError) -> Option<Text> {
    Some(match e {
        StoreError::NoTournament(id) => tr!(lang, "tournament-no-such", id = id.get()),
        StoreError::NotOrganiser { organiser } => {
            tr!(lang, "tournament-organiser-only", who = mention(*organiser))
        }
        StoreError::TournamentState { state } => tr!(
            lang,
            "tournament-wrong-state",
            state = match *state {
                "open" => tr!(lang, "tournament-state-open"),
                "finished" => tr!(lang, "tournament-state-finished"),
                "cancelled" => tr!(lang, "tournament-state-cancelled"),
                _ => tr!(lang, "tournament-state-started"),
            }
        ),
        StoreError::AlreadyJoined => tr!(lang, "tournament-already-joined"),
        StoreError::NotEntered => tr!(lang, "tournament-not-entered"),
        StoreError::TournamentFull { max } => tr!(lang, "tournament-full", max = *max),
        StoreError::InvalidTournament(why) => {
            tr!(lang, "tournament-settings-bad", why = why.as_str())
        }
        StoreError::NoSuchPairing { .. } => tr!(lang, "tournament-no-pairing"),
        StoreError::Pairing(p) => match p {
            jetan_store::tournament::PairingError::TooFewPlayers(n) => {
                tr!(lang, "tournament-too-few", n = *n)
            }
            other => tr!(lang, "tournament-settings-bad", why = other.to_string()),
        },
        _ => return None,
    })
}
