//! Jetan (RULES.md) in the command core: its implementation of the game interface
//! ([`GameUi`]), and everything of the core that knows Jetan, one module per concern:
//! a move typed or chosen and the board (`play`), the start of a game (`lobby`), the
//! end of one and its replay (`endings`), the computer's turn (`computer`), autocomplete
//! (`suggest`), the analysis of a finished game (`analysis`), and its names (`words`).

mod analysis;
mod computer;
pub(crate) mod declare;
mod endings;
mod lobby;
mod moved;
mod options;
pub(crate) mod pictures;
mod pieces;
mod play;
mod suggest;
pub(crate) mod words;

use jetan_store::games::jetan::color_of;
use jetan_store::{
    ChannelId, FinishedGame, Game, GameOptions, PlayResult, Refusal, Seat, Settlement, StoreError,
    Terms, UserId,
};

use crate::game::{ActionMenu, Asker, Choices, Cx, GameUi, Typed};
use crate::lang::tr;
use crate::reply::Text;
use crate::request::{mention, ChallengeArgs, Request};
use crate::{text, Core, CoreError, Lang, Reply, Response};

/// Jetan: Classic and Manator, on the flat or the circular board.
pub(crate) struct Jetan;

impl GameUi for Jetan {
    fn name(&self, lang: Lang, terms: &Terms) -> Text {
        words::name(lang, terms)
    }

    fn piece_price_terms(&self, lang: Lang, terms: &Terms, currency: &str) -> Text {
        words::piece_price_terms(lang, terms, currency)
    }

    fn challenge_options(
        &self,
        lang: Lang,
        args: &ChallengeArgs,
        _practice: bool,
        _level: u8,
    ) -> Result<GameOptions, CoreError> {
        words::read_options(lang, &args.options).map(GameOptions::Jetan)
    }

    fn rules(&self, lang: Lang, terms: Option<&Terms>) -> Option<Text> {
        let summary = pieces::rules_summary(lang);
        Some(match terms.and_then(|t| self.options_text(lang, t)) {
            Some(options) => options.and("\n\n").and(summary),
            None => summary,
        })
    }

    fn pool_qualifier(&self, lang: Lang, typed: &str) -> Option<Result<String, CoreError>> {
        Some(words::read_rules(lang, typed).map(|r| r.to_string()))
    }

    fn suggest_option(&self, lang: Lang, option: &str, partial: &str) -> Vec<(String, String)> {
        match option {
            "rules" => suggest::rules(lang, partial),
            _ => Vec::new(),
        }
    }

    fn options_text(&self, lang: Lang, terms: &Terms) -> Option<Text> {
        options::rules_text(lang, &jetan_store::games::jetan::options(terms).rules)
    }

    fn typed_options(&self, options: &GameOptions) -> Vec<(String, String)> {
        match options {
            GameOptions::Jetan(o) => words::typed_options(o),
            _ => Vec::new(),
        }
    }

    fn accepted_line(&self, _core: &Core, lang: Lang, game: &Game) -> Text {
        tr!(
            lang,
            "accepted",
            who = mention(game.challenged()),
            game = words::name(lang, &game.terms),
            black = mention(game.players.first),
            orange = mention(game.players.second)
        )
        .and(
            self.options_text(lang, &game.terms)
                .map(|o| Text::words("\n").and(o))
                .unwrap_or_default(),
        )
    }

    fn practice_line(
        &self,
        core: &Core,
        lang: Lang,
        human: UserId,
        level: u8,
        game: &Game,
    ) -> Text {
        lobby::practice_line(core, lang, human, level, game)
    }

    fn started(&self, core: &Core, game: &Game, head: Text) -> Result<Response, CoreError> {
        lobby::started(core, game, head)
    }

    fn play(&self, cx: Cx<'_>, typed: Typed<'_>) -> Result<Response, CoreError> {
        play::play(cx.core, cx.req, cx.game, typed)
    }

    fn board(&self, cx: Cx<'_>) -> Result<Reply, CoreError> {
        play::board(cx.core, cx.req, cx.game)
    }

    fn moves(&self, cx: Cx<'_>, square: &str) -> Result<Reply, CoreError> {
        play::moves(cx.core, cx.req, cx.game, square)
    }

    fn ended(&self, cx: Cx<'_>, s: &Settlement, currency: &str) -> Result<Reply, CoreError> {
        endings::ended(cx.core, cx.req, cx.game, s, currency)
    }

    fn replay(&self, core: &Core, req: &Request, last: &FinishedGame) -> Result<Reply, CoreError> {
        endings::replay(core, req, last)
    }

    fn suggest_from(&self, _core: &Core, game: &Game, asker: Asker<'_>) -> Choices {
        suggest::suggest_from(game, asker)
    }

    fn suggest_to(&self, _core: &Core, game: &Game, asker: Asker<'_>, from: &str) -> Choices {
        suggest::suggest_to(game, asker, from)
    }

    fn refusal(&self, lang: Lang, e: &StoreError) -> Option<Text> {
        match e {
            StoreError::Illegal(Refusal::Jetan(why)) => Some(pieces::illegal(lang, why)),
            _ => None,
        }
    }

    fn wrong_game(&self, lang: Lang) -> Text {
        tr!(lang, "mc-wrong-game-jetan")
    }

    fn played(&self, core: &Core, req: &Request, r: &PlayResult) -> Result<Response, CoreError> {
        let game = crate::repeat::game_by_id(core, req.channel, r.game_id)?;
        let before = moved::before_move(&game, r.ply as usize)?;
        moved::moved(core, req.guild, &before, r, req.now)
    }

    fn record(
        &self,
        tags: &mut Vec<(String, String)>,
        name: &dyn Fn(UserId) -> String,
        last: &FinishedGame,
        result: &str,
    ) -> String {
        let g = &last.game;
        tags.insert(
            1,
            (
                "Variant".into(),
                format!("{:?}", jetan_store::games::jetan::options(&g.terms).variant),
            ),
        );
        tags.insert(
            2,
            (
                "Board".into(),
                jetan_store::games::jetan::options(&g.terms)
                    .topology
                    .to_string(),
            ),
        );
        tags.insert(3, ("Black".into(), name(g.players.first)));
        tags.insert(4, ("Orange".into(), name(g.players.second)));
        let rules = jetan_store::games::jetan::options(&g.terms).rules;
        if !rules.is_standard() {
            tags.insert(5, ("Rules".into(), rules.to_string()));
        }
        jetan_rules::GameRecord {
            tags: std::mem::take(tags),
            moves: g
                .moves()
                .iter()
                .map(|m| jetan_rules::RecordMove {
                    text: jetan_rules::MoveText {
                        role: Some(m.piece.role),
                        from: m.from,
                        to: m.to,
                    },
                    duel: m.duel,
                })
                .collect(),
            result: result.to_string(),
        }
        .to_string()
    }

    fn length(&self, lang: Lang, game: &Game) -> Text {
        text::moves_count(lang, game.moves().len())
    }

    fn action_menu(&self, cx: Cx<'_>) -> Result<ActionMenu, CoreError> {
        play::action_menu(cx.req, cx.game)
    }

    /// `key`: `e2-e3`, as [`play::action_menu`] names a move.
    fn play_chosen(&self, cx: Cx<'_>, key: &str) -> Result<Response, CoreError> {
        let (from, to) = key
            .split_once('-')
            .ok_or_else(|| CoreError::Internal(format!("a menu's move {key:?} does not read")))?;
        play::play(cx.core, cx.req, cx.game, (Some(from), Some(to), None))
    }

    fn board_view(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError> {
        // A game ended by the capture of a Princess stores a position its reading refuses
        // (a side without a Princess): the last position of its replay is that board.
        let pos = match moved::position(game) {
            Ok(pos) => pos,
            Err(e) => pictures::replayed(game)
                .ok()
                .and_then(|r| r.positions().last().cloned())
                .ok_or(e)?,
        };
        pictures::board_view(lang, game, &pos, bottom)
    }

    fn move_list(&self, game: &Game) -> Vec<String> {
        game.moves().iter().map(ToString::to_string).collect()
    }

    fn replay_views(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<Vec<crate::game::NamedBoard>, CoreError> {
        pictures::replay_views(lang, game, bottom)
    }

    /// `key`: `e2-e3`, as [`play::action_menu`] names a move.
    fn action_squares(&self, key: &str) -> Option<(Option<String>, String)> {
        let (from, to) = key.split_once('-')?;
        Some((Some(from.to_string()), to.to_string()))
    }

    fn seat_name(&self, lang: Lang, seat: Seat) -> Text {
        words::color_name(lang, color_of(seat))
    }

    fn opening(&self, game: &Game, seat: Seat) -> Option<String> {
        let first = game
            .moves()
            .iter()
            .find(|m| m.piece.color == color_of(seat))?;
        Some(first.to_string())
    }

    fn analyses(&self) -> bool {
        true
    }

    fn analysis(
        &self,
        core: &Core,
        lang: Lang,
        asker: UserId,
        last: &FinishedGame,
        per_position: std::time::Duration,
    ) -> Result<Reply, CoreError> {
        analysis::analysis(core, lang, asker, last, per_position)
    }

    fn paid_piece(&self, lang: Lang, from: &Text, to: &Text, amount: &Text, letter: char) -> Text {
        let role = jetan_rules::Piece::from_char(letter).map(|p| p.role);
        tr!(
            lang,
            "paid-piece",
            from = from,
            to = to,
            amount = amount,
            piece = role.map_or_else(
                || Text::words(letter.to_string()),
                |r| pieces::the_role(lang, r)
            )
        )
    }

    fn computer_draw(
        &self,
        core: &Core,
        lang: Lang,
        game: &Game,
    ) -> Result<(bool, Text), CoreError> {
        computer::draw(core, lang, game)
    }

    fn computer_turn(
        &self,
        core: &Core,
        channel: ChannelId,
        game: &Game,
        now: &dyn Fn() -> u64,
    ) -> Result<Option<Response>, CoreError> {
        computer::turn(core, channel, game, now)
    }
}
