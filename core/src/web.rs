//! What a web front end shows of the games, with no HTTP in it: a game's page (its
//! board cell by cell, players, seats, clock, wager and money paid, move list — public
//! information only), a server's games, what a player may do now (the Move menu's
//! actions, with the squares each is played from and to), and the links the core puts
//! in its replies when a front end serves pages ([`WebLinks`]): the **Watch** link on
//! public game messages, a player's private link in the Move menu and `/jetan web`.
//!
//! A move made on a page goes through the same door as a slash command: the front end
//! hands [`Core::handle`] a [`crate::Command::Choose`] of the Move menu with the board
//! version the page showed ([`web_move`]), so a stale page is refused as a stale menu.

use std::sync::Arc;

use jetan_store::{ChannelId, FinishedGame, Game, GameId, GuildId, Seat, UserId};

pub use jetan_render::{BoardView, Cell, CellShape, Mark, Token};

use crate::buttons::ButtonAction;
use crate::game::{Entry, FROM, MOVE};
use crate::lang::{tr, Lang};
use crate::reply::{ButtonStyle, Text};
use crate::request::{mention, Command, Request};
use crate::{Core, CoreError, Reply, Response};

/// The links of a web front end, for the core's replies. The front end signs them (a
/// player's link is the key to their seat on its page).
pub trait WebLinks: Send + Sync {
    /// The public page of game `game` of server `guild`.
    fn watch(&self, guild: GuildId, game: GameId) -> String;
    /// Player `user`'s own page of game `game`, valid until `until` (unix ms).
    fn play(&self, guild: GuildId, game: GameId, user: UserId, until: u64) -> String;
}

/// How long a player's link stays valid (it also ends with the game).
pub const PLAY_LINK_MS: u64 = 24 * 3600 * 1000;

/// One seat of a game, as a page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PagePlayer {
    /// Who.
    pub user: UserId,
    /// Their name.
    pub name: String,
    /// Their seat in the game's words ("Black", "White").
    pub seat: String,
    /// Whether they are to act.
    pub to_act: bool,
    /// What they still hold in escrow for the game.
    pub escrow: u64,
    /// What they gained (+) or lost (−) in the game so far.
    pub net: i64,
}

/// A game as its page shows it: public information only (never a hand, the deck or a
/// seed).
#[derive(Debug, Clone, PartialEq)]
pub struct GamePage {
    /// The game.
    pub id: GameId,
    /// Its server.
    pub guild: GuildId,
    /// Where it is played.
    pub channel: ChannelId,
    /// Its version (every change counts one).
    pub version: u64,
    /// Its name ("Classic Jetan").
    pub title: String,
    /// The language of its words.
    pub lang: Lang,
    /// The seats, first to second.
    pub players: Vec<PagePlayer>,
    /// The wager in words (the stake, the piece price, what each has paid), if any.
    pub wager: Text,
    /// The server's currency.
    pub currency: String,
    /// When the player to act runs out of time (unix ms), if there is a move time.
    pub deadline: Option<u64>,
    /// A finished game's result, in words.
    pub result: Option<Text>,
    /// The records, first to last, in the game's notation.
    pub moves: Vec<String>,
    /// The board, the first seat at the bottom (or the second: flipped).
    pub board: BoardView,
    /// Each piece's name in words, by its square (`e2` → "Black Panthan").
    pub piece_names: Vec<(String, String)>,
}

/// What a player may do on their page now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageActions {
    /// The board version they are offered on.
    pub version: u64,
    /// Why they cannot act now ("it is @bob's turn"), when they cannot.
    pub waiting: Option<Text>,
    /// The actions, as the Move menu offers them.
    pub actions: Vec<PageAction>,
}

/// One action a player may take, as the Move menu lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageAction {
    /// Its key, as the Move menu names it ([`web_move`] plays it).
    pub key: String,
    /// Its label.
    pub label: String,
    /// The square it is played from (a piece's move), if any.
    pub from: Option<String>,
    /// The square it is played to, if it is played on the board.
    pub to: Option<String>,
}

/// A game of a server's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    /// The game.
    pub id: GameId,
    /// Its name ("Classic Jetan").
    pub title: String,
    /// "@alice vs @bob" or, finished, who beat whom.
    pub line: Text,
    /// When it started (in progress) or ended (finished), unix ms.
    pub at: u64,
}

/// A server's games.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServerGames {
    /// In progress, newest first.
    pub playing: Vec<ListedGame>,
    /// Finished, newest first (the latest few).
    pub finished: Vec<ListedGame>,
}

/// A finished game as its page steps through it: its page, its record (as
/// `/jetan record` posts it) and its board after each record, the start first.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedPage {
    /// The game's page (its board: the end).
    pub page: GamePage,
    /// Its record as text ([`Core::game_record`]).
    pub record: String,
    /// The board after each record, the start first (`[i]`: after `i` records), each
    /// with its pieces' names by square: public information only.
    pub boards: Vec<(BoardView, Vec<(String, String)>)>,
}

/// A player's profile as their page shows it: what `/jetan profile show:channel` posts
/// (the facts in words and the picture), and their latest finished games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebProfile {
    /// The facts in words.
    pub text: Text,
    /// The profile picture (PNG).
    pub png: Vec<u8>,
    /// Their latest finished games on the server, newest first.
    pub recent: Vec<ListedGame>,
}

/// How many of a player's latest games their page lists.
const PROFILE_LISTED: usize = 20;

/// How many finished games a server's page lists.
const FINISHED_LISTED: usize = 50;

/// The game `id` of server `guild`, in progress or finished.
enum Found {
    Playing(Box<Game>),
    Finished(Box<FinishedGame>),
}

fn find(core: &Core, guild: GuildId, id: GameId) -> Result<Option<Found>, CoreError> {
    let head = core
        .store
        .games_without_moves()?
        .into_iter()
        .find(|g| g.id == id && g.guild == guild);
    if let Some(head) = head {
        if let Some(g) = core.store.game(head.channel)?.filter(|g| g.id == id) {
            return Ok(Some(Found::Playing(Box::new(g))));
        }
    }
    Ok(core
        .store
        .finished_game(id)?
        .filter(|f| f.game.guild == guild)
        .map(|f| Found::Finished(Box::new(f))))
}

impl Core {
    /// Lets the core put links to a web front end's pages in its replies.
    #[must_use]
    pub fn with_web_links(mut self, links: Arc<dyn WebLinks>) -> Core {
        self.web = Some(links);
        self
    }

    /// Calls `observer` with the channel of every request handled and of every computer
    /// turn played, after it is done: a front end that shows games live re-reads them.
    #[must_use]
    pub fn with_observer(mut self, observer: Arc<dyn Fn(ChannelId) + Send + Sync>) -> Core {
        self.observer = Some(observer);
        self
    }

    pub(crate) fn observe(&self, channel: ChannelId) {
        if let Some(o) = &self.observer {
            o(channel);
        }
    }

    /// Whether the store answers (a read of one server's settings).
    pub fn store_reachable(&self) -> bool {
        self.store.settings(GuildId(0)).is_ok()
    }

    /// How many games are in progress (on every server).
    pub fn games_in_progress(&self) -> usize {
        self.store.games_without_moves().map_or(0, |g| g.len())
    }

    /// How many answers and news wait in the outbox (0 if the store cannot say).
    pub fn outbox_depth(&self) -> usize {
        self.store.outbox_depth().unwrap_or(0)
    }

    /// The page of game `id` of server `guild`, with the first seat at the bottom of the
    /// board, or the second (`flipped`: the second player's own page); `None` if the
    /// server has no such game.
    ///
    /// # Errors
    /// A failure of the store or of the game's state.
    pub fn game_page(
        &self,
        guild: GuildId,
        id: GameId,
        flipped: bool,
    ) -> Result<Option<GamePage>, CoreError> {
        let Some(found) = find(self, guild, id)? else {
            return Ok(None);
        };
        let lang = self.public_lang(guild);
        let currency = self.currency_or_default(guild);
        let (game, result, over) = match &found {
            Found::Playing(g) => (g.as_ref(), None, false),
            Found::Finished(f) => (
                &f.game,
                Some(crate::text::result_line(lang, &f.result, f.reason)),
                true,
            ),
        };
        let ui = crate::games::of(game);
        let seat = if flipped { Seat::Second } else { Seat::First };
        let (board, piece_names) = ui.board_view(self, lang, game, seat)?;
        let net = match &found {
            Found::Finished(f) => f.net,
            Found::Playing(g) => g.net,
        };
        let players = [Seat::First, Seat::Second]
            .into_iter()
            .map(|s| PagePlayer {
                user: game.player(s),
                name: self.name_of(game.player(s), lang),
                seat: ui.seat_name(lang, s).unmarked(),
                to_act: !over && game.turn() == s,
                escrow: if over { 0 } else { game.escrow[s] },
                net: net[s],
            })
            .collect();
        // The clock line is the page's own (it counts down): the wager's lines only.
        let mut wager: Vec<Text> = crate::play::wager_and_clock(lang, game, &currency, 0)
            .lines()
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        if game.deadline().is_some() {
            wager.pop();
        }
        let wager = Text::join(wager, "\n");
        Ok(Some(GamePage {
            id: game.id,
            guild,
            channel: game.channel,
            version: game.version,
            title: crate::games::name(lang, &game.terms).unmarked(),
            lang,
            players,
            wager,
            currency,
            deadline: if over { None } else { game.deadline() },
            result,
            moves: ui.move_list(game),
            board,
            piece_names,
        }))
    }

    /// The record of the finished game `id` of server `guild` as `/jetan record` posts
    /// it; `None` if the server has no such finished game.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn finished_record(&self, guild: GuildId, id: GameId) -> Result<Option<String>, CoreError> {
        Ok(self
            .store
            .finished_game(id)?
            .filter(|f| f.game.guild == guild)
            .map(|f| self.game_record(&f)))
    }

    /// The finished game `id` of server `guild` as its page steps through it; `None` if
    /// the server has no such finished game.
    ///
    /// # Errors
    /// A failure of the store or of the game's replay.
    pub fn finished_page(
        &self,
        guild: GuildId,
        id: GameId,
    ) -> Result<Option<FinishedPage>, CoreError> {
        let Some(last) = self
            .store
            .finished_game(id)?
            .filter(|f| f.game.guild == guild)
        else {
            return Ok(None);
        };
        let Some(page) = self.game_page(guild, id, false)? else {
            return Ok(None);
        };
        let lang = self.public_lang(guild);
        let boards =
            crate::games::of(&last.game).replay_views(self, lang, &last.game, Seat::First)?;
        Ok(Some(FinishedPage {
            page,
            record: self.game_record(&last),
            boards,
        }))
    }

    /// The standings of server `guild` as `/jetan standings` shows them publicly: the
    /// money (balance and net won, the first page), then the rating of each game's pool
    /// (the first page each), each a titled text.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn web_standings(&self, guild: GuildId) -> Result<Vec<Text>, CoreError> {
        let lang = self.public_lang(guild);
        let req = Request {
            guild,
            channel: ChannelId(0),
            user: crate::request::UserRef::new(UserId(0), String::new()),
            manager: false,
            locale: lang.code().to_string(),
            guild_locale: None,
            id: 0,
            now: 0,
            command: Command::Board,
        };
        let mut out = vec![crate::money::standings(self, &req, None)?.text];
        for pool in jetan_store::games::pools() {
            out.push(crate::money::rating_standings(self, &req, None, pool)?.text);
        }
        Ok(out)
    }

    /// The public profile of `user` on server `guild` (as `/jetan profile show:channel`
    /// posts it) and their latest finished games; `None` if they finished no game there.
    ///
    /// # Errors
    /// A failure of the store or of the picture.
    pub fn web_profile(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<WebProfile>, CoreError> {
        let lang = self.public_lang(guild);
        let games = self.store.history_player(guild, user, PROFILE_LISTED)?;
        if games.is_empty() || user == self.bot.id {
            return Ok(None);
        }
        let who = crate::request::UserRef::new(user, self.name_of(user, lang));
        let req = Request {
            guild,
            channel: ChannelId(0),
            user: who.clone(),
            manager: false,
            locale: lang.code().to_string(),
            guild_locale: None,
            id: 0,
            now: 0,
            command: Command::Board,
        };
        let reply = crate::profile::profile(self, &req, Some(&who), true)?;
        let png = reply
            .attachments
            .into_iter()
            .next()
            .map(|a| a.bytes)
            .unwrap_or_default();
        let recent = games
            .into_iter()
            .map(|f| ListedGame {
                id: f.game.id,
                title: crate::games::name(lang, &f.game.terms).unmarked(),
                line: crate::text::outcome(lang, &f.result, &f.game.players),
                at: f.ended_at,
            })
            .collect();
        Ok(Some(WebProfile {
            text: reply.text,
            png,
            recent,
        }))
    }

    /// What `user` may do in game `id` of server `guild` now, as the Move menu offers it
    /// (none, with the reason, when it is not their turn); `None` if the game is not in
    /// progress there or they do not play in it.
    ///
    /// # Errors
    /// A failure of the store or of the game's state.
    pub fn page_actions(
        &self,
        guild: GuildId,
        id: GameId,
        user: UserId,
        now: u64,
    ) -> Result<Option<PageActions>, CoreError> {
        let Some(Found::Playing(game)) = find(self, guild, id)? else {
            return Ok(None);
        };
        if game.seat_of(user).is_none() {
            return Ok(None);
        }
        let req = web_request(self, &game, user, 0, now, Command::Board);
        let ui = crate::games::of(&game);
        let menu = match ui.action_menu(self.cx(&req, &game)) {
            Ok(menu) => menu,
            Err(CoreError::User(why)) => {
                return Ok(Some(PageActions {
                    version: game.version,
                    waiting: Some(why),
                    actions: Vec::new(),
                }))
            }
            Err(e) => return Err(e),
        };
        let mut actions = Vec::new();
        // `group`: the label of the group an action is chosen from (a discard's "Discard a
        // card"), put before an action not played on a square.
        let mut add = |key: &str, label: &str, group: Option<&str>| {
            let (from, to, label) = match ui.action_squares(key) {
                Some((from, to)) => (from, Some(to), label.to_string()),
                None => match group.filter(|g| !g.is_empty()) {
                    Some(g) => (None, None, format!("{g}: {label}")),
                    None => (None, None, label.to_string()),
                },
            };
            actions.push(PageAction {
                key: key.to_string(),
                label,
                from,
                to,
            });
        };
        for e in &menu.entries {
            match e {
                Entry::Action { key, label } => add(key, label, None),
                Entry::Group {
                    label: group,
                    actions,
                    ..
                } => {
                    for (key, label) in actions {
                        add(key, label, Some(group));
                    }
                }
            }
        }
        Ok(Some(PageActions {
            version: game.version,
            waiting: None,
            actions,
        }))
    }

    /// The games of server `guild`: in progress, and the latest finished.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn server_games(&self, guild: GuildId) -> Result<ServerGames, CoreError> {
        let lang = self.public_lang(guild);
        let vs = |g: &Game| {
            tr!(
                lang,
                "web-vs",
                first = mention(g.players.first),
                second = mention(g.players.second)
            )
        };
        let mut playing: Vec<ListedGame> = self
            .store
            .games_without_moves()?
            .into_iter()
            .filter(|g| g.guild == guild)
            .map(|g| ListedGame {
                id: g.id,
                title: crate::games::name(lang, &g.terms).unmarked(),
                line: vs(&g),
                at: g.started_at,
            })
            .collect();
        playing.sort_by(|a, b| b.at.cmp(&a.at).then(b.id.cmp(&a.id)));
        let mut finished: Vec<ListedGame> = self
            .store
            .history_server(guild, FINISHED_LISTED)?
            .into_iter()
            .map(|f| ListedGame {
                id: f.game.id,
                title: crate::games::name(lang, &f.game.terms).unmarked(),
                line: crate::text::outcome(lang, &f.result, &f.game.players),
                at: f.ended_at,
            })
            .collect();
        finished.sort_by(|a, b| b.at.cmp(&a.at).then(b.id.cmp(&a.id)));
        Ok(ServerGames { playing, finished })
    }

    /// Whether game `id` is in progress on server `guild`, and its channel.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn game_channel(&self, guild: GuildId, id: GameId) -> Result<Option<ChannelId>, CoreError> {
        Ok(self
            .store
            .games_without_moves()?
            .into_iter()
            .find(|g| g.id == id && g.guild == guild)
            .map(|g| g.channel))
    }

    /// The request of a move made on a page by `user` in game `id` of server `guild`:
    /// the Move menu's choice of `key` on board `version` (refused as stale when the
    /// board changed); `None` if the game is not in progress there. The front end sets
    /// its id (unique per move) and time.
    ///
    /// # Errors
    /// A failure of the store.
    pub fn web_move(
        &self,
        guild: GuildId,
        id: GameId,
        user: UserId,
        key: &str,
        version: u64,
    ) -> Result<Option<Request>, CoreError> {
        let Some(Found::Playing(game)) = find(self, guild, id)? else {
            return Ok(None);
        };
        let command = Command::Choose {
            menu: ButtonAction::game(game.id, FROM),
            value: format!("{key}@{version}"),
        };
        Ok(Some(web_request(self, &game, user, 0, 0, command)))
    }
}

/// A request of `user` about `game`, in its channel, in the server's language.
fn web_request(
    core: &Core,
    game: &Game,
    user: UserId,
    id: u64,
    now: u64,
    command: Command,
) -> Request {
    let lang = core.public_lang(game.guild);
    Request {
        guild: game.guild,
        channel: game.channel,
        user: crate::request::UserRef::new(user, core.name_of(user, lang)),
        manager: false,
        locale: lang.code().to_string(),
        guild_locale: None,
        id,
        now,
        command,
    }
}

/// `/jetan web`: the asker's own link to the game in the channel (privately), or the
/// game's public page when they do not play in it.
pub(crate) fn command(core: &Core, req: &Request) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let Some(links) = &core.web else {
        return Err(CoreError::User(tr!(lang, "web-off")));
    };
    let game = core.game_in(req)?;
    let watch = links.watch(game.guild, game.id);
    let reply = if game.seat_of(req.user.id).is_some() {
        let play = links.play(
            game.guild,
            game.id,
            req.user.id,
            req.now.saturating_add(PLAY_LINK_MS),
        );
        Reply::ephemeral(tr!(lang, "web-your-link"))
            .with_button(play, tr!(lang, "button-play-web"), ButtonStyle::Link)
            .with_button(watch, tr!(lang, "button-watch"), ButtonStyle::Link)
    } else {
        Reply::ephemeral(tr!(lang, "web-watch-link")).with_button(
            watch,
            tr!(lang, "button-watch"),
            ButtonStyle::Link,
        )
    };
    Ok(reply.into())
}

/// The player's own link beside the Move menu's first menu.
pub(crate) fn play_button(core: &Core, req: &Request, game: &Game, reply: Reply) -> Reply {
    match &core.web {
        Some(links) if game.seat_of(req.user.id).is_some() => {
            let lang = Lang::of(&req.locale);
            let url = links.play(
                game.guild,
                game.id,
                req.user.id,
                req.now.saturating_add(PLAY_LINK_MS),
            );
            reply.with_button(url, tr!(lang, "button-play-web"), ButtonStyle::Link)
        }
        _ => reply,
    }
}

/// Adds a **Watch** link to every public message of `response` that carries a game's
/// Move button, when a front end serves pages.
pub(crate) fn watch_links(core: &Core, guild: GuildId, response: &mut Response) {
    let Some(links) = &core.web else {
        return;
    };
    let lang = core.public_lang(guild);
    let label = tr!(lang, "button-watch");
    let add = |reply: &mut Reply| {
        if reply.ephemeral || reply.buttons.iter().any(|b| b.style == ButtonStyle::Link) {
            return;
        }
        let game = reply
            .buttons
            .iter()
            .find_map(|b| match ButtonAction::parse(&b.id) {
                Some(ButtonAction::Game { id, name }) if name == MOVE => Some(id),
                _ => None,
            });
        if let Some(id) = game {
            let url = links.watch(guild, id);
            reply.buttons.push(crate::reply::Button {
                id: url,
                label: label.unmarked(),
                style: ButtonStyle::Link,
            });
        }
    };
    add(&mut response.reply);
    for (_, post) in &mut response.posts {
        add(post);
    }
}
