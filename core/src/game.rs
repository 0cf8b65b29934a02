//! The game interface of the command core: what a command asks of the game being
//! played — its board, a move as typed, one piece's legal moves, its own commands,
//! buttons and menus, what the Move button's menus offer and the choice played, the
//! reply to an action and to its end, a replay, its start, a challenge's options,
//! autocomplete, its piece prices in words, and the computer's turn. Each game implements [`GameUi`] once, in its own module under
//! `games`, whose `mod.rs` is the one place that lists them.

use jetan_store::{
    ChannelId, FinishedGame, Game, GameOptions, PlayResult, Seat, Settlement, StoreError, Terms,
    UserId,
};

use crate::request::{ChallengeArgs, GameCommand, Request};
use crate::{Core, CoreError, Lang, Reply, Response, Text};

/// The most choices a front end shows for one option or menu (Discord's limit).
pub const MAX_CHOICES: usize = 25;
/// The Move button's menus (`move_menu.rs`), as named in component ids.
/// The button's name (its id is `jetan:move:<game id>`).
pub(crate) const MOVE: &str = "move";
/// The first menu (pieces and actions).
pub(crate) const FROM: &str = "move-from";
/// The second menu (a piece's actions).
pub(crate) const TO: &str = "move-to";

/// What the player to act may do, as the Move button's menus offer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ActionMenu {
    /// The text above the first menu ("Your move: choose a piece").
    pub title: Text,
    /// The first menu's placeholder.
    pub placeholder: String,
    /// The first menu's entries, in order.
    pub entries: Vec<Entry>,
}

/// An entry of the first menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Entry {
    /// An action, played when chosen (`key`: as the game names it to
    /// [`GameUi::play_chosen`]).
    Action { key: String, label: String },
    /// A group of actions (a piece's moves), chosen from a second menu.
    Group {
        /// The group's name (no `@` or `#`).
        key: String,
        label: String,
        /// The text above the second menu.
        title: Text,
        /// The second menu's placeholder.
        placeholder: String,
        /// (key, label) of each action.
        actions: Vec<(String, String)>,
    },
}

/// A command about the game being played, as the game interface receives it.
#[derive(Clone, Copy)]
pub(crate) struct Cx<'a> {
    /// The core.
    pub core: &'a Core,
    /// The request.
    pub req: &'a Request,
    /// The game in the request's channel.
    pub game: &'a Game,
}

/// A move as typed: `from`, `to`, or `notation`.
pub(crate) type Typed<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>);

/// Who asks for autocomplete choices: their language, their id, and what they typed.
pub(crate) type Asker<'a> = (Lang, UserId, &'a str);

/// Autocomplete choices: (name shown, value).
pub(crate) type Choices = Vec<(String, String)>;

/// A board for a web page and each piece's name by its square.
pub(crate) type NamedBoard = (jetan_render::BoardView, Vec<(String, String)>);

/// What a game's own upkeep did ([`GameUi::upkeep`]): messages to post, each in its
/// channel, and the games it ended, for the host to audit and to close their threads.
#[derive(Debug, Default)]
pub(crate) struct Upkept {
    /// (channel, message).
    pub posts: Vec<(ChannelId, Reply)>,
    /// The games that ended.
    pub ended: Vec<jetan_store::Settlement>,
}

/// One game, as the command core sees it.
pub(crate) trait GameUi: Sync {
    /// The game's name as players read it ("Classic Jetan").
    fn name(&self, lang: Lang, terms: &Terms) -> Text;
    /// The piece prices of `terms`, in one sentence (a price is set).
    fn piece_price_terms(&self, lang: Lang, terms: &Terms, currency: &str) -> Text;
    /// The game's own options read from a challenge's options as typed
    /// ([`ChallengeArgs::options`], by name: Jetan's `variant` and `board`), or a refusal
    /// naming one the game does not take (`practice`: against the computer, at `level`).
    fn challenge_options(
        &self,
        lang: Lang,
        args: &ChallengeArgs,
        practice: bool,
        level: u8,
    ) -> Result<GameOptions, CoreError>;
    /// The rules in short, for `/jetan rules`, if the game has a summary; `terms`: those
    /// of the game in the channel, whose own options come first.
    fn rules(&self, lang: Lang, terms: Option<&Terms>) -> Option<Text>;
    /// The canonical form of a rating pool's qualifier as typed (`t:jump` for
    /// `classic/T:jump`: Jetan's rules string), or a refusal saying what is wrong; `None`
    /// if the game qualifies no pool.
    fn pool_qualifier(&self, _lang: Lang, _typed: &str) -> Option<Result<String, CoreError>> {
        None
    }
    /// Suggestions for the game's own challenge option `option` as typed so far:
    /// (what is shown, the value).
    fn suggest_option(&self, _lang: Lang, _option: &str, _partial: &str) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The game's own options of `terms` in words, when they change its rules (Jetan's
    /// rule options), for the challenge, the accept and the rules.
    fn options_text(&self, _lang: Lang, _terms: &Terms) -> Option<Text> {
        None
    }
    /// `options` as a challenge types them (a rematch challenges on the same options).
    fn typed_options(&self, options: &GameOptions) -> Vec<(String, String)>;
    /// The public line that a challenge was accepted.
    fn accepted_line(&self, core: &Core, lang: Lang, game: &Game) -> Text;
    /// The public line that a practice game against the computer started.
    fn practice_line(&self, core: &Core, lang: Lang, human: UserId, level: u8, game: &Game)
        -> Text;
    /// The reply to a game that has just started (`head`: the lines above the board),
    /// and the computer's turn if it acts first.
    fn started(&self, core: &Core, game: &Game, head: Text) -> Result<Response, CoreError>;
    /// A move as typed (`from`/`to`, or `notation`).
    fn play(&self, cx: Cx<'_>, typed: Typed<'_>) -> Result<Response, CoreError>;
    /// The public reply to an action the store played (also to a repeated request for
    /// it): what happened, the money, who acts next.
    fn played(&self, core: &Core, req: &Request, r: &PlayResult) -> Result<Response, CoreError>;
    /// One of the game's own commands ([`crate::Command::Game`]); a game without any
    /// refuses them as another game's.
    fn command(&self, cx: Cx<'_>, c: &GameCommand) -> Result<Response, CoreError> {
        let _ = c;
        Err(CoreError::User(self.wrong_game(Lang::of(&cx.req.locale))))
    }
    /// A press of one of the game's own buttons (`name`, as the game named it) on its
    /// message in the game `cx.game`; `value`: the option chosen, for a select menu. A
    /// name the game does not know is a stale button.
    fn button(&self, cx: Cx<'_>, name: &str, value: Option<&str>) -> Result<Response, CoreError> {
        let _ = (name, value);
        Err(CoreError::User(crate::text::stale_button(Lang::of(
            &cx.req.locale,
        ))))
    }
    /// What the asker may do now, for the **Move** button's menus
    /// ([`crate::move_menu`]); refused, in words, when it is not their turn to act or
    /// they do not play in the game.
    fn action_menu(&self, cx: Cx<'_>) -> Result<ActionMenu, CoreError>;
    /// Plays an action the menus offered, named by its `key` in [`GameUi::action_menu`]
    /// (the host checked that it is offered on the board the menu was opened on), as
    /// the typed command would.
    fn play_chosen(&self, cx: Cx<'_>, key: &str) -> Result<Response, CoreError>;
    /// A payment for a lost piece, in words: "`from` paid `to` `amount` for the Dwar"
    /// (`letter`: the piece in the game's notation).
    fn paid_piece(&self, lang: Lang, from: &Text, to: &Text, amount: &Text, letter: char) -> Text;
    /// How long a game is, in words ("17 moves"), for history lists.
    fn length(&self, lang: Lang, game: &Game) -> Text;
    /// The name of one of the host's seats in this game's words ("Orange", "White"):
    /// the host never names a seat itself.
    fn seat_name(&self, lang: Lang, seat: Seat) -> Text;
    /// The first move the player in `seat` made in `game`, in the game's notation (a
    /// profile's favourite opening); `None` if they made none.
    fn opening(&self, game: &Game, seat: Seat) -> Option<String>;
    /// Whether the engine can analyse a finished game of this game
    /// ([`GameUi::analysis`]).
    fn analyses(&self) -> bool {
        false
    }
    /// The engine's analysis of the finished game `last`, with `per_position` of search
    /// for each position (blocking: it thinks), in `lang`, for `asker`.
    fn analysis(
        &self,
        core: &Core,
        lang: Lang,
        asker: UserId,
        last: &FinishedGame,
        per_position: std::time::Duration,
    ) -> Result<Reply, CoreError> {
        let _ = (core, asker, last, per_position);
        Err(CoreError::User(crate::lang::tr!(
            lang,
            "analysis-not-this-game"
        )))
    }
    /// The board of `game` for a web page, `bottom`'s seat at the bottom: public
    /// information only (never a hand), each piece named in `lang` by its square.
    fn board_view(
        &self,
        core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError>;
    /// The board of `game` after each of its records, the start first (`[i]`: after `i`
    /// records), each as [`GameUi::board_view`] draws the game at that point: public
    /// information only (never a hand), for a finished game's page that steps through it.
    fn replay_views(
        &self,
        core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<Vec<crate::game::NamedBoard>, CoreError>;
    /// The game's records, first to last, in its notation (only what was public).
    fn move_list(&self, game: &Game) -> Vec<String>;
    /// The squares an action of [`GameUi::action_menu`] (by its key) is played from and
    /// to, for a page where a player clicks the board: (from, to); `None` for an action
    /// not played on a square (an exchange, a card).
    fn action_squares(&self, _key: &str) -> Option<(Option<String>, String)> {
        None
    }
    /// The board, publicly.
    fn board(&self, cx: Cx<'_>) -> Result<Reply, CoreError>;
    /// The legal moves of the piece on `square`, privately.
    fn moves(&self, cx: Cx<'_>, square: &str) -> Result<Reply, CoreError>;
    /// The public reply to the game's end (the settlement in words, the last board).
    fn ended(&self, cx: Cx<'_>, s: &Settlement, currency: &str) -> Result<Reply, CoreError>;
    /// The text record of a finished game: the host's `tags` (to which the game adds its
    /// own, and its players named by `name`), then its records in the game's notation
    /// (only what was public: a hand never played stays out), then `result`.
    fn record(
        &self,
        tags: &mut Vec<(String, String)>,
        name: &dyn Fn(UserId) -> String,
        last: &FinishedGame,
        result: &str,
    ) -> String;
    /// An animated replay of a finished game.
    fn replay(&self, core: &Core, req: &Request, last: &FinishedGame) -> Result<Reply, CoreError>;
    /// Autocomplete of `move`'s `from`: the squares of `user`'s pieces that can act,
    /// matching what was typed (empty when it is not their turn).
    fn suggest_from(&self, core: &Core, game: &Game, asker: Asker<'_>) -> Choices;
    /// Autocomplete of `move`'s `to`: where the piece on `from` can go.
    fn suggest_to(&self, core: &Core, game: &Game, asker: Asker<'_>, from: &str) -> Choices;
    /// The refusal of a rule of the game the store reported (an illegal move), in
    /// words; `None` for an error that is not the game's.
    fn refusal(&self, lang: Lang, e: &StoreError) -> Option<Text>;
    /// The refusal of a command of another game in a game of this one.
    fn wrong_game(&self, lang: Lang) -> Text;
    /// The game's part of the once-a-minute upkeep at `now` (in the servers this process
    /// owns): what it played for players out of time, as (channel, public reply).
    fn upkeep(&self, _core: &Core, _now: u64) -> Upkept {
        Upkept::default()
    }
    /// The computer's answer to a draw offered to it in the practice game `game`, by its
    /// own judgement at its level: whether it accepts, and why, in words.
    fn computer_draw(
        &self,
        core: &Core,
        lang: Lang,
        game: &Game,
    ) -> Result<(bool, Text), CoreError>;
    /// The computer's turn in a practice game where it must act (blocking: it thinks).
    fn computer_turn(
        &self,
        core: &Core,
        channel: ChannelId,
        game: &Game,
        now: &dyn Fn() -> u64,
    ) -> Result<Option<Response>, CoreError>;
}
