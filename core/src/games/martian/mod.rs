//! Martian Chess in the bot (MARTIAN_CHESS.md): moves, paradrops, exchanges, discards,
//! the end of a turn, battle cards from private menus, the hand shown privately, the
//! die posted at each turn's start, the computer opponent, replays.
//!
//! Hidden information: a public reply is built only from the action, the public events
//! of the rules (played and discarded cards are public) and a [`PublicView`] whose own
//! hand is never read; hands appear only in private replies to their owner.
use jetan_store::{ChannelId, GameId, UserId};

pub(crate) mod picture;
pub use picture::labels as picture_labels;
pub(crate) mod suggest;
pub(crate) mod text;

use jetan_store::games::martian::martian_side;
use jetan_store::{
    FinishedGame, Game, GameOptions, PlayResult, Refusal, Seat, Settlement, StoreError, Terms,
};
use martian_chess::{ai, Action, Color, PublicView, State, ToAct};

use crate::buttons::ButtonAction;
use crate::game::{ActionMenu, Asker, Choices, Cx, Entry, GameUi, Typed};
use crate::reply::{ButtonStyle, Menu, Text};
use crate::request::{mention, ChallengeArgs, GameCommand, Request};
use crate::{refuse, Core, CoreError, Lang, Reply, Response};

/// The button that opens a battle player's private menu of cards.
const CARDS: &str = "cards";
/// The private select menu of battle cards.
const CARD: &str = "card";
/// The private select menu of cards to discard.
const DISCARD: &str = "discard";

/// The commands of Martian Chess besides `move` (MARTIAN_CHESS.md §2, §4, §7), as the
/// command grammar declares them (`drop piece square`, `exchange piece`, `discard
/// [card]`, `end`, `hand`, `card [card]`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum MartianCommand {
    /// Paradrop a piece from one's reserve: the piece's letter or name and the square,
    /// as typed.
    Drop { piece: String, square: String },
    /// Exchange prisoners of one kind (the piece as typed).
    Exchange { piece: String },
    /// Discard a card and draw one; without a card, a private menu of one's hand.
    Discard { card: Option<String> },
    /// End the turn.
    End,
    /// One's own hand, privately.
    Hand,
    /// Play a battle card; without a card, a private menu of one's legal cards.
    Card { card: Option<String> },
}

impl MartianCommand {
    /// The command `c` names, if it is one of Martian Chess's with its options.
    fn read(c: &GameCommand) -> Option<MartianCommand> {
        let text = |name: &str| c.option(name).map(str::to_string);
        Some(match c.name.as_str() {
            "drop" => MartianCommand::Drop {
                piece: text("piece")?,
                square: text("square")?,
            },
            "exchange" => MartianCommand::Exchange {
                piece: text("piece")?,
            },
            "discard" => MartianCommand::Discard { card: text("card") },
            "end" => MartianCommand::End,
            "hand" => MartianCommand::Hand,
            "card" => MartianCommand::Card { card: text("card") },
            _ => return None,
        })
    }
}

/// The computer's level in Martian Chess from the practice level (1–5, as Jetan's): 1
/// random, 2 greedy, 3 careful, 4 and 5 the search (`martian_chess::search`).
pub(crate) fn ai_level(level: u8) -> ai::Level {
    ai::Level::from_number(level.clamp(1, 5)).unwrap_or(ai::Level::Lookahead)
}

fn state_of(game: &Game) -> Result<State, CoreError> {
    game.martian_state().map_err(CoreError::from)
}

fn parsed<T>(r: Result<T, Text>) -> Result<T, CoreError> {
    r.map_err(CoreError::User)
}

/// The public board of `state` for a web page, `bottom`'s side at the bottom: the view
/// of that side, whose own hand the board never reads; each piece named by its square.
fn martian_board_view(
    lang: Lang,
    state: &State,
    bottom: Seat,
) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError> {
    let side = martian_side(bottom);
    let view = state.public_view(side);
    let board = jetan_render::martian_board_view(&view, side);
    let names = martian_chess::Square::all()
        .filter_map(|sq| {
            let p = view.board().get(sq)?;
            Some((
                sq.to_string(),
                crate::lang::tr!(
                    lang,
                    "web-piece",
                    color = text::color_name(lang, p.color),
                    piece = crate::lang::tr!(lang, "mc-piece-name", role = text::role_code(p.role))
                )
                .unmarked(),
            ))
        })
        .collect();
    Ok((board, names))
}

/// Martian Chess, as the core's game interface sees it.
pub(crate) struct Martian;

impl GameUi for Martian {
    fn name(&self, _lang: Lang, _terms: &Terms) -> Text {
        text::GAME_NAME.into()
    }

    fn piece_price_terms(&self, lang: Lang, terms: &Terms, currency: &str) -> Text {
        text::piece_price_terms(lang, terms.piece_price, currency)
    }

    fn challenge_options(
        &self,
        lang: Lang,
        args: &ChallengeArgs,
        _practice: bool,
        _level: u8,
    ) -> Result<GameOptions, CoreError> {
        if !args.options.is_empty() {
            return refuse(crate::lang::tr!(lang, "mc-no-variants"));
        }
        Ok(jetan_store::games::martian::Options {}.into())
    }

    /// Martian Chess has no summary yet: `/jetan rules` shows Jetan's.
    fn rules(&self, _lang: Lang, _terms: Option<&Terms>) -> Option<Text> {
        None
    }

    fn typed_options(&self, _options: &GameOptions) -> Vec<(String, String)> {
        Vec::new()
    }

    fn accepted_line(&self, _core: &Core, lang: Lang, game: &Game) -> Text {
        crate::lang::tr!(
            lang,
            "accepted-martian",
            who = mention(game.challenged()),
            game = text::GAME_NAME
        )
    }

    fn practice_line(
        &self,
        core: &Core,
        lang: Lang,
        human: UserId,
        level: u8,
        _game: &Game,
    ) -> Text {
        martian_practice_line(core, lang, human, level)
    }

    fn started(&self, core: &Core, game: &Game, head: Text) -> Result<Response, CoreError> {
        martian_started(core, game, head)
    }

    fn play(&self, cx: Cx<'_>, (from, to, notation): Typed<'_>) -> Result<Response, CoreError> {
        martian_move(cx.core, cx.req, from, to, notation)
    }

    fn board(&self, cx: Cx<'_>) -> Result<Reply, CoreError> {
        martian_board(cx.core, cx.req, cx.game)
    }

    fn moves(&self, cx: Cx<'_>, square: &str) -> Result<Reply, CoreError> {
        martian_moves(Lang::of(&cx.req.locale), cx.game, square)
    }

    fn ended(&self, cx: Cx<'_>, s: &Settlement, currency: &str) -> Result<Reply, CoreError> {
        martian_ended(cx.core, cx.game, s, currency)
    }

    fn replay(&self, core: &Core, _req: &Request, last: &FinishedGame) -> Result<Reply, CoreError> {
        martian_replay(core, last)
    }

    fn suggest_from(&self, core: &Core, game: &Game, (lang, user, typed): Asker<'_>) -> Choices {
        suggest::martian_suggest_from(core, lang, game.channel, user, typed)
    }

    fn suggest_to(&self, core: &Core, game: &Game, asker: Asker<'_>, from: &str) -> Choices {
        let (lang, user, typed) = asker;
        suggest::martian_suggest_to(core, lang, game.channel, user, from, typed)
    }

    fn action_menu(&self, cx: Cx<'_>) -> Result<ActionMenu, CoreError> {
        martian_action_menu(cx.req, cx.game)
    }

    /// `key`: the action as the rules write it (`e2-e4`, `e7-e8=N`, `N@f3`, `exchange N`,
    /// `discard 7H`, `play AS`, `end`), as [`Core::martian_action_menu`] names it.
    fn play_chosen(&self, cx: Cx<'_>, key: &str) -> Result<Response, CoreError> {
        let action: Action = key
            .parse()
            .map_err(|e| CoreError::Internal(format!("a menu's action {key:?}: {e}")))?;
        martian_act_in(cx.core, cx.req, cx.game, action)
    }

    fn refusal(&self, lang: Lang, e: &StoreError) -> Option<Text> {
        match e {
            StoreError::Illegal(Refusal::MartianChess(why)) => Some(text::illegal(lang, why, None)),
            _ => None,
        }
    }

    fn wrong_game(&self, lang: Lang) -> Text {
        crate::lang::tr!(lang, "mc-wrong-game-martian")
    }

    fn played(&self, core: &Core, _req: &Request, r: &PlayResult) -> Result<Response, CoreError> {
        martian_acted(core, r)
    }

    fn command(&self, cx: Cx<'_>, c: &GameCommand) -> Result<Response, CoreError> {
        match MartianCommand::read(c) {
            Some(cmd) => martian_command(cx.core, cx.req, &cmd),
            None => refuse(self.wrong_game(Lang::of(&cx.req.locale))),
        }
    }

    fn button(&self, cx: Cx<'_>, name: &str, value: Option<&str>) -> Result<Response, CoreError> {
        let lang = Lang::of(&cx.req.locale);
        match (name, value) {
            (CARDS, _) => martian_card_menu(cx.core, cx.req, cx.game.id).map(Into::into),
            (CARD, Some(v)) => martian_choose(cx.core, cx.req, false, v),
            (DISCARD, Some(v)) => martian_choose(cx.core, cx.req, true, v),
            (CARD | DISCARD, None) => refuse(crate::lang::tr!(lang, "mc-choose-in-menu")),
            _ => refuse(crate::text::stale_button(lang)),
        }
    }

    /// The actions, each as the rules write it (`e2-e4`, `drop N e5`, `play AS`,
    /// `discard 7H`, `end`): every one was public when played; the hands and the deck
    /// never appear, nor the seed that shuffled them.
    fn record(
        &self,
        tags: &mut Vec<(String, String)>,
        name: &dyn Fn(UserId) -> String,
        last: &FinishedGame,
        result: &str,
    ) -> String {
        let g = &last.game;
        tags.insert(1, ("White".into(), name(g.martian_player(Color::White))));
        tags.insert(2, ("Black".into(), name(g.martian_player(Color::Black))));
        let mut out = String::new();
        for (n, v) in tags.iter() {
            out.push_str(&format!(
                "[{n} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        out.push('\n');
        for (i, rec) in g.actions().iter().enumerate() {
            let side = match rec.player {
                Color::White => "W",
                Color::Black => "B",
            };
            let timeout = if rec.timeout { " {timeout}" } else { "" };
            out.push_str(&format!("{}. {side} {}{timeout}\n", i + 1, rec.action));
        }
        out.push_str(result);
        out.push('\n');
        out
    }

    fn length(&self, lang: Lang, game: &Game) -> Text {
        crate::lang::tr!(lang, "mc-actions-count", n = game.actions().len())
    }

    fn board_view(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError> {
        martian_board_view(lang, &state_of(game)?, bottom)
    }

    fn replay_views(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        bottom: Seat,
    ) -> Result<Vec<crate::game::NamedBoard>, CoreError> {
        // Replayed from the start as the replay reads it; each board is the public view.
        let mut state = State::new(game.seed);
        let mut views = Vec::with_capacity(game.actions().len() + 1);
        views.push(martian_board_view(lang, &state, bottom)?);
        for rec in game.actions() {
            state = state.play(rec.player, rec.action).map_err(|e| {
                CoreError::Internal(format!("game {} does not replay: {e}", game.id))
            })?;
            views.push(martian_board_view(lang, &state, bottom)?);
        }
        Ok(views)
    }

    fn move_list(&self, game: &Game) -> Vec<String> {
        game.actions()
            .iter()
            .map(|rec| {
                let side = match rec.player {
                    Color::White => "W",
                    Color::Black => "B",
                };
                format!("{side} {}", rec.action)
            })
            .collect()
    }

    /// `key`: a move (`e2-e4`, `e7-e8=N`) or a paradrop (`N@f3`) is played on squares.
    fn action_squares(&self, key: &str) -> Option<(Option<String>, String)> {
        match key.parse::<Action>().ok()? {
            Action::Move { from, to, .. } => Some((Some(from.to_string()), to.to_string())),
            Action::Drop { to, .. } => Some((None, to.to_string())),
            _ => None,
        }
    }

    fn seat_name(&self, lang: Lang, seat: Seat) -> Text {
        text::color_name(lang, martian_side(seat))
    }

    fn opening(&self, game: &Game, seat: Seat) -> Option<String> {
        let side = martian_side(seat);
        game.actions()
            .iter()
            .find(|a| {
                a.player == side && matches!(a.action, Action::Move { .. } | Action::Drop { .. })
            })
            .map(|a| a.action.to_string())
    }

    fn paid_piece(&self, lang: Lang, from: &Text, to: &Text, amount: &Text, letter: char) -> Text {
        crate::lang::tr!(
            lang,
            "mc-paid-prisoner",
            from = from,
            to = to,
            amount = amount,
            role = text::prisoner_role(letter)
        )
    }

    /// The battle cards the host played for defenders out of time.
    fn upkeep(&self, core: &Core, now: u64) -> crate::game::Upkept {
        martian_timeouts(core, now)
    }

    fn computer_draw(
        &self,
        core: &Core,
        lang: Lang,
        game: &Game,
    ) -> Result<(bool, Text), CoreError> {
        let side = side_of(lang, game, core.bot.id)?;
        let view = state_of(game)?.public_view(side);
        let level = ai_level(crate::practice::level(core, game.id).get());
        let j = ai::judge_draw(&view, level, game.version);
        let pawns = |e: f64| format!("{e:+.1}");
        let why = match j.reason {
            ai::DrawGrounds::Over => crate::lang::tr!(lang, "mc-game-over"),
            ai::DrawGrounds::Dead { quiet, estimate } => crate::lang::tr!(
                lang,
                "mc-computer-draw-dead",
                quiet = quiet,
                estimate = pawns(estimate)
            ),
            ai::DrawGrounds::Behind { estimate } => {
                crate::lang::tr!(lang, "mc-computer-draw-behind", estimate = pawns(estimate))
            }
            ai::DrawGrounds::NotBehind { estimate } => crate::lang::tr!(
                lang,
                "mc-computer-draw-not-behind",
                estimate = pawns(estimate)
            ),
        };
        Ok((j.accept, why))
    }

    fn computer_turn(
        &self,
        core: &Core,
        channel: ChannelId,
        _game: &Game,
        now: &dyn Fn() -> u64,
    ) -> Result<Option<Response>, CoreError> {
        martian_computer_turn(core, channel, now)
    }
}

/// The Martian Chess game in the channel.
fn martian_game(core: &Core, req: &Request) -> Result<Game, CoreError> {
    let lang = Lang::of(&req.locale);
    let game = core.game_in(req)?;
    if !game.is_martian() {
        return refuse(text::wrong_game(lang, jetan_store::GameKind::Jetan));
    }
    Ok(game)
}

/// The asker's colour in `game`.
fn side_of(lang: Lang, game: &Game, user: UserId) -> Result<Color, CoreError> {
    match game.seat_of(user) {
        Some(seat) => Ok(martian_side(seat)),
        None => refuse(crate::lang::tr!(
            lang,
            "not-playing-vs",
            black = mention(game.martian_player(Color::White)),
            orange = mention(game.martian_player(Color::Black))
        )),
    }
}

fn martian_command(
    core: &Core,
    req: &Request,
    cmd: &MartianCommand,
) -> Result<Response, CoreError> {
    match cmd {
        MartianCommand::Drop { piece, square } => {
            let role = parsed(text::parse_role(Lang::of(&req.locale), piece))?;
            let to = parsed(text::parse_square(Lang::of(&req.locale), square))?;
            martian_act(core, req, Action::Drop { role, to })
        }
        MartianCommand::Exchange { piece } => {
            let role = parsed(text::parse_role(Lang::of(&req.locale), piece))?;
            martian_act(core, req, Action::Exchange(role))
        }
        MartianCommand::Discard { card: Some(c) } => {
            let card = parsed(text::parse_card(Lang::of(&req.locale), c))?;
            martian_act(core, req, Action::Discard(card))
        }
        MartianCommand::Discard { card: None } => martian_discard_menu(core, req).map(Into::into),
        MartianCommand::End => martian_act(core, req, Action::End),
        MartianCommand::Hand => {
            let game = martian_game(core, req)?;
            let side = side_of(Lang::of(&req.locale), &game, req.user.id)?;
            let view = state_of(&game)?.public_view(side);
            Ok(Reply::ephemeral(text::hand_reply(Lang::of(&req.locale), &view)).into())
        }
        MartianCommand::Card { card: Some(c) } => {
            let card = parsed(text::parse_card(Lang::of(&req.locale), c))?;
            martian_act(core, req, Action::Play(card))
        }
        MartianCommand::Card { card: None } => {
            let game = martian_game(core, req)?;
            martian_card_menu(core, req, game.id).map(Into::into)
        }
    }
}

/// A card chosen in a private menu (of cards to discard, or of battle cards) of the
/// channel's game (the host checked that the menu is this game's).
fn martian_choose(
    core: &Core,
    req: &Request,
    discard: bool,
    value: &str,
) -> Result<Response, CoreError> {
    let card = parsed(text::parse_card(Lang::of(&req.locale), value))?;
    let action = if discard {
        Action::Discard(card)
    } else {
        Action::Play(card)
    };
    martian_act(core, req, action)
}

/// What the Move button offers the Martian Chess player to act (refused, as the
/// rules word it, to anyone else): in a turn, their pieces that can move (each with
/// its destinations: attacks, castling and promotions marked), a paradrop of each
/// kind in their reserve (with its squares), each exchange, a discard (with the
/// hand) and the end of the turn; in a battle, their legal cards. Built from their
/// public view only.
fn martian_action_menu(req: &Request, game: &Game) -> Result<ActionMenu, CoreError> {
    let lang = Lang::of(&req.locale);
    let side = side_of(lang, game, req.user.id)?;
    let view = state_of(game)?.public_view(side);
    let legal = view.legal_actions();
    if legal.is_empty() {
        // Whose turn or card it is, as the rules say it.
        let who = |c: Color| mention(game.martian_player(c));
        return refuse(match view.check(&Action::End) {
            Err(e) => text::illegal(lang, &e, Some(&who)),
            Ok(()) => crate::lang::tr!(lang, "mc-cannot-act"),
        });
    }
    if let ToAct::Battle { .. } = view.to_act() {
        let cards: Vec<martian_chess::Card> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        return Ok(ActionMenu {
            title: text::card_menu_text(lang, &view, &cards),
            placeholder: text::card_menu(lang),
            entries: cards
                .iter()
                .map(|&c| Entry::Action {
                    key: Action::Play(c).to_string(),
                    label: text::card_option(lang, c),
                })
                .collect(),
        });
    }
    let board = view.board();
    let mut pieces: Vec<Entry> = Vec::new();
    let mut drops: Vec<Entry> = Vec::new();
    let mut others: Vec<Entry> = Vec::new();
    let mut discards: Vec<(String, String)> = Vec::new();
    for action in &legal {
        match *action {
            Action::Move {
                from,
                to,
                promotion,
            } => {
                let Some(piece) = board.get(from) else {
                    continue;
                };
                let label = text::menu_destination(
                    lang,
                    piece.role,
                    from,
                    to,
                    board.get(to).map(|p| p.role),
                    promotion,
                );
                let option = (action.to_string(), label);
                let key = from.to_string();
                match pieces
                    .iter_mut()
                    .find(|e| matches!(e, Entry::Group { key: k, .. } if *k == key))
                {
                    Some(Entry::Group { actions, .. }) => actions.push(option),
                    _ => pieces.push(Entry::Group {
                        label: String::new(),
                        title: text::menu_piece_title(lang, piece.role, from),
                        placeholder: crate::lang::tr!(lang, "menu-move-to-placeholder").unmarked(),
                        key,
                        actions: vec![option],
                    }),
                }
            }
            Action::Drop { role, to } => {
                let key = format!("drop {}", role.char());
                let option = (action.to_string(), to.to_string());
                match drops
                    .iter_mut()
                    .find(|e| matches!(e, Entry::Group { key: k, .. } if *k == key))
                {
                    Some(Entry::Group { actions, .. }) => actions.push(option),
                    _ => drops.push(Entry::Group {
                        label: text::menu_drop(lang, role),
                        title: text::menu_drop_title(lang, role),
                        placeholder: crate::lang::tr!(lang, "mc-menu-drop-placeholder").unmarked(),
                        key,
                        actions: vec![option],
                    }),
                }
            }
            Action::Exchange(role) => others.push(Entry::Action {
                key: action.to_string(),
                label: text::menu_exchange(lang, role),
            }),
            Action::Discard(c) => discards.push((action.to_string(), text::card_option(lang, c))),
            Action::Play(_) | Action::End => {}
        }
    }
    // A piece's label counts its destinations (a promotion's four choices as one).
    for e in pieces.iter_mut() {
        if let Entry::Group {
            key,
            label,
            actions,
            ..
        } = e
        {
            let squares: std::collections::BTreeSet<&str> = actions
                .iter()
                .filter_map(|(k, _)| k.split('=').next())
                .collect();
            let from: martian_chess::Square = key
                .parse()
                .map_err(|_| CoreError::Internal(format!("a square {key:?} does not read")))?;
            let role = board
                .get(from)
                .map_or(martian_chess::Role::Pawn, |p| p.role);
            *label = text::suggest_from(lang, from, role, squares.len());
        }
    }
    let mut entries = pieces;
    entries.extend(drops);
    entries.extend(others);
    if !discards.is_empty() {
        entries.push(Entry::Group {
            key: "discard".into(),
            label: crate::lang::tr!(lang, "mc-menu-discard").unmarked(),
            title: text::discard_menu_text(lang, &view),
            placeholder: text::discard_menu(lang),
            actions: discards,
        });
    }
    if legal.contains(&Action::End) {
        entries.push(Entry::Action {
            key: Action::End.to_string(),
            label: crate::lang::tr!(lang, "mc-menu-end", left = view.actions_left()).unmarked(),
        });
    }
    Ok(ActionMenu {
        title: crate::lang::tr!(
            lang,
            "mc-menu-title",
            left = view.actions_left(),
            die = view.die()
        ),
        placeholder: crate::lang::tr!(lang, "mc-menu-placeholder").unmarked(),
        entries,
    })
}

/// The private menu of the asker's legal battle cards in game `id`.
fn martian_card_menu(core: &Core, req: &Request, id: GameId) -> Result<Reply, CoreError> {
    let game = match core.store.game(req.channel)? {
        Some(g) if g.id == id && g.is_martian() => g,
        _ => return refuse(text::stale_menu(Lang::of(&req.locale))),
    };
    let side = side_of(Lang::of(&req.locale), &game, req.user.id)?;
    let view = state_of(&game)?.public_view(side);
    let legal: Vec<martian_chess::Card> = view
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(c),
            _ => None,
        })
        .collect();
    if legal.is_empty() {
        return refuse(text::not_your_card(Lang::of(&req.locale)));
    }
    Ok(Reply {
        menu: Some(card_menu(
            Lang::of(&req.locale),
            ButtonAction::game(game.id, CARD),
            &text::card_menu(Lang::of(&req.locale)),
            &legal,
        )),
        ..Reply::ephemeral(text::card_menu_text(Lang::of(&req.locale), &view, &legal))
    })
}

/// The private menu of the asker's cards to discard.
fn martian_discard_menu(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let game = martian_game(core, req)?;
    let side = side_of(Lang::of(&req.locale), &game, req.user.id)?;
    let state = state_of(&game)?;
    let view = state.public_view(side);
    let legal: Vec<martian_chess::Card> = view
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(c),
            _ => None,
        })
        .collect();
    if legal.is_empty() {
        // Say why, as the rules would.
        let first = view.hand().first().copied();
        return match first.map(|c| state.check(side, &Action::Discard(c))) {
            Some(Err(e)) => refuse(text::illegal(
                Lang::of(&req.locale),
                &e,
                Some(&|c| mention(game.martian_player(c))),
            )),
            _ => refuse(crate::lang::tr!(Lang::of(&req.locale), "mc-cannot-discard")),
        };
    }
    Ok(Reply {
        menu: Some(card_menu(
            Lang::of(&req.locale),
            ButtonAction::game(game.id, DISCARD),
            &text::discard_menu(Lang::of(&req.locale)),
            &legal,
        )),
        ..Reply::ephemeral(text::discard_menu_text(Lang::of(&req.locale), &view))
    })
}

/// `move` in a Martian Chess game: `from` and `to` (`to` may carry `=N`), or
/// `notation` (`e7-e8=N`).
pub(crate) fn martian_move(
    core: &Core,
    req: &Request,
    from: Option<&str>,
    to: Option<&str>,
    notation: Option<&str>,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let typed = match (notation.map(str::trim).filter(|s| !s.is_empty()), from, to) {
        (Some(n), None, None) => n.to_string(),
        (None, Some(f), Some(t)) => format!("{}-{}", f.trim(), t.trim()),
        (Some(_), _, _) => return refuse(crate::lang::tr!(lang, "mc-move-both")),
        (None, _, _) => return refuse(crate::lang::tr!(lang, "mc-move-which")),
    };
    let action: Action = typed
        .to_ascii_lowercase()
        .replace("=q", "=Q")
        .replace("=r", "=R")
        .replace("=b", "=B")
        .replace("=n", "=N")
        .parse()
        .map_err(|e: martian_chess::ParseActionError| {
            CoreError::User(text::not_a_move(lang, &typed, &e))
        })?;
    if !matches!(action, Action::Move { .. }) {
        return refuse(crate::lang::tr!(
            lang,
            "mc-not-a-move",
            typed = typed.as_str()
        ));
    }
    martian_act(core, req, action)
}

/// Plays the asker's action: checked by the rules first for the clearest answer,
/// then stored (the store checks again in its transaction).
fn martian_act(core: &Core, req: &Request, action: Action) -> Result<Response, CoreError> {
    let game = martian_game(core, req)?;
    martian_act_in(core, req, &game, action)
}

/// Plays the asker's action in `game` as read (its version is checked again in the
/// store's transaction).
fn martian_act_in(
    core: &Core,
    req: &Request,
    game: &Game,
    action: Action,
) -> Result<Response, CoreError> {
    let side = side_of(Lang::of(&req.locale), game, req.user.id)?;
    let state = state_of(game)?;
    if let Err(e) = state.check(side, &action) {
        return refuse(text::illegal(
            Lang::of(&req.locale),
            &e,
            Some(&|c| mention(game.martian_player(c))),
        ));
    }
    let result = core.store.act(
        Core::store_req(req),
        req.channel,
        (game.id, game.version),
        action,
    )?;
    martian_acted(core, &result)
}

/// Game `id` of `channel`, in progress or finished.
fn martian_game_by_id(core: &Core, channel: ChannelId, id: GameId) -> Result<Game, CoreError> {
    if let Some(g) = core.store.game(channel)?.filter(|g| g.id == id) {
        return Ok(g);
    }
    match core.store.finished_game(id)? {
        Some(f) => Ok(f.game),
        None => Err(CoreError::Internal(format!("game {id} is gone"))),
    }
}

/// The public reply to a stored action (also for a repeated request): what happened,
/// the money, the die and the board at a new turn, who is to act next.
fn martian_acted(core: &Core, r: &PlayResult) -> Result<Response, CoreError> {
    let game = martian_game_by_id(core, r.channel, r.game_id)?;
    let currency = core.currency_or_default(game.guild);
    let before: State = r
        .before
        .parse()
        .map_err(|e| CoreError::Internal(format!("a stored state does not read: {e}")))?;
    let rec = *r
        .record
        .as_action()
        .ok_or_else(|| CoreError::Internal("a Martian Chess result holds a Jetan move".into()))?;
    let notation = before.notate(&rec.action);
    let actor = rec.player;
    let (after, events) = before
        .play_with_events(actor, rec.action)
        .map_err(|e| CoreError::Internal(format!("a stored action does not replay: {e}")))?;
    let player = |c: Color| game.martian_player(c);
    let lang = core.public_lang(game.guild);
    let mut lines = Vec::new();
    if rec.timeout {
        lines.push(text::timeout_card(lang, r.by));
    }
    lines.extend(text::events(
        lang,
        actor,
        &notation,
        &rec.action,
        &events,
        &player,
    ));
    let lang_ = core.public_lang(game.guild);
    let piece = |f: &Text, t: &Text, a: &Text, l: char| Martian.paid_piece(lang_, f, t, a, l);
    for line in crate::text::payments(lang_, &r.payments, &currency, &piece) {
        lines.push(Text::words("• ").and(line).and("."));
    }
    if r.unpaid > 0 {
        lines.push(text::reserve_spent(lang, r.unpaid, &currency));
    }
    if r.draw_offer_cleared {
        lines.push(crate::lang::tr!(lang, "mc-draw-offer-withdrawn"));
    }
    let new_turn = events
        .iter()
        .any(|e| matches!(e, martian_chess::Event::DieRolled { .. }));
    let public = after.public_view(actor);
    if let Some(s) = &r.finished {
        lines.push(crate::text::settlement(
            core.public_lang(game.guild),
            s,
            &currency,
            game.terms.practice,
        ));
        let lang = core.public_lang(game.guild);
        let banner =
            crate::text::result_banner(lang, &s.result, s.reason, |id| core.name_of(id, lang));
        let reply = with_martian_picture(
            core,
            Reply::public(Text::join(lines, "\n")),
            &game,
            &public,
            Some(banner),
        );
        return Ok(reply.into());
    }
    let next = after.player_to_act();
    let mut reply = Reply::default();
    if new_turn {
        lines.push(text::status(lang, &public, &player));
    }
    let next_user = next.map(&player);
    let computer = game.terms.practice && next_user == Some(core.bot.id);
    match (after.to_act(), next_user) {
        (ToAct::Battle { .. }, Some(u)) if !computer => {
            lines.push(text::card_prompt(lang, u));
            reply = reply.pinging(u).with_button(
                ButtonAction::game(game.id, CARDS).id(),
                crate::lang::tr!(lang, "mc-button-cards"),
                ButtonStyle::Success,
            );
        }
        (ToAct::Turn(_), Some(u)) if !computer => {
            if new_turn || u != r.by {
                lines.push(text::your_turn(lang, u));
                reply = reply.pinging(u);
            }
            reply = Core::with_move_button(lang, &game, reply);
        }
        _ => {}
    }
    reply.text = Text::join(lines, "\n");
    if new_turn {
        reply = with_martian_picture(core, reply, &game, &public, None);
    }
    Ok(Response {
        computer_moves_in: computer.then_some(game.channel),
        ..reply.into()
    })
}

/// The reply to a Martian Chess game that has just started.
pub(crate) fn martian_started(core: &Core, game: &Game, head: Text) -> Result<Response, CoreError> {
    let state = state_of(game)?;
    let player = |c: Color| game.martian_player(c);
    let white = game.martian_player(Color::White);
    let computer = game.terms.practice && white == core.bot.id;
    let lang = core.public_lang(game.guild);
    let mut lines = vec![
        head,
        text::started(lang, white, game.martian_player(Color::Black)),
    ];
    lines.push(text::die_roll(lang, white, Color::White, state.die()));
    let view = state.public_view(Color::White);
    lines.push(text::status(lang, &view, &player));
    let mut reply = Reply::default();
    if !computer {
        lines.push(text::your_turn(lang, white));
        reply = Core::with_move_button(lang, game, reply.pinging(white));
    }
    reply.text = Text::join(lines, "\n");
    let reply = with_martian_picture(core, reply, game, &view, None);
    Ok(Response {
        computer_moves_in: computer.then_some(game.channel),
        ..reply.into()
    })
}

/// The opening line of a practice game.
pub(crate) fn martian_practice_line(core: &Core, lang: Lang, user: UserId, level: u8) -> Text {
    text::practice_started(lang, user, core.bot.id, level)
}

/// The end of a Martian Chess game by resignation, agreement, time or abort.
pub(crate) fn martian_ended(
    core: &Core,
    game: &Game,
    s: &Settlement,
    currency: &str,
) -> Result<Reply, CoreError> {
    let text = crate::text::settlement(
        core.public_lang(game.guild),
        s,
        currency,
        game.terms.practice,
    );
    let state = state_of(game)?;
    let lang = core.public_lang(game.guild);
    let banner = crate::text::result_banner(lang, &s.result, s.reason, |id| core.name_of(id, lang));
    Ok(with_martian_picture(
        core,
        Reply::public(text),
        game,
        &state.public_view(state.turn()),
        Some(banner),
    ))
}

/// `board` in a Martian Chess game (public).
pub(crate) fn martian_board(core: &Core, req: &Request, game: &Game) -> Result<Reply, CoreError> {
    let state = state_of(game)?;
    let player = |c: Color| game.martian_player(c);
    let view = state.public_view(state.turn());
    let lang = core.public_lang(game.guild);
    let mut text = text::board_header(lang, player(Color::White), player(Color::Black));
    text.line(text::status(lang, &view, &player));
    if let Some(line) = crate::text::clock_line(lang, game, req.now, "turn") {
        text.line(line);
    }
    let mut reply = Reply::public(text);
    let member_to_act = view
        .to_act()
        .player()
        .is_some_and(|c| !(game.terms.practice && player(c) == core.bot.id));
    if matches!(view.to_act(), ToAct::Turn(_)) && member_to_act {
        reply = Core::with_move_button(lang, game, reply);
    }
    Ok(with_martian_picture(core, reply, game, &view, None))
}

/// `moves square:` in a Martian Chess game (private): where the piece can go now.
pub(crate) fn martian_moves(lang: Lang, game: &Game, square: &str) -> Result<Reply, CoreError> {
    let state = state_of(game)?;
    let sq = parsed(text::parse_square(lang, square))?;
    let Some(piece) = state.board().get(sq) else {
        return refuse(crate::lang::tr!(
            lang,
            "mc-square-empty",
            square = sq.to_string()
        ));
    };
    let mut targets: Vec<(martian_chess::Square, bool)> = state
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move {
                from,
                to,
                promotion,
            } if from == sq && promotion.is_none_or(|p| p == martian_chess::Role::Queen) => {
                Some((to, state.board().get(to).is_some()))
            }
            _ => None,
        })
        .collect();
    targets.dedup();
    Ok(Reply::ephemeral(text::piece_moves(
        lang, sq, piece.role, &targets,
    )))
}

/// `replay` of a finished Martian Chess game: every action (and every card played,
/// all public by then) in a text file; hands and the deck are never written.
pub(crate) fn martian_replay(core: &Core, last: &FinishedGame) -> Result<Reply, CoreError> {
    let g = &last.game;
    let lang = core.public_lang(g.guild);
    let mut state = State::new(g.seed);
    let mut lines = Vec::new();
    for (i, rec) in g.actions().iter().enumerate() {
        lines.push(text::replay_line(
            lang,
            i + 1,
            rec.player,
            &state.notate(&rec.action),
            rec.timeout,
        ));
        state = state
            .play(rec.player, rec.action)
            .map_err(|e| CoreError::Internal(format!("game {} does not replay: {e}", g.id)))?;
    }
    lines.push(crate::text::result_line(lang, &last.result, last.reason));
    let file = Text::join(lines, "\n").unmarked().into_bytes();
    Ok(Reply::public(
        text::replay_header(
            lang,
            g.id,
            g.martian_player(Color::White),
            g.martian_player(Color::Black),
            g.actions().len(),
        )
        .and(" ")
        .and(crate::text::result_line(lang, &last.result, last.reason)),
    )
    .with_file("replay.txt", file))
}

/// The computer plays every action it owes in the practice game (its whole turn,
/// its battle cards), each stored as it goes; one reply tells them all.
pub(crate) fn martian_computer_turn(
    core: &Core,
    channel: ChannelId,
    now: &dyn Fn() -> u64,
) -> Result<Option<Response>, CoreError> {
    let mut texts = Vec::new();
    let mut last: Option<Response> = None;
    let mut attachments = Vec::new();
    // The game before the computer's turn, if it played one (not only battle cards).
    let mut turn_from: Option<Game> = None;
    for _ in 0..200 {
        let Some(game) = core.store.game(channel)? else {
            break;
        };
        if !game.is_martian() || !game.terms.practice {
            break;
        }
        let state = state_of(&game)?;
        let Some(side) = state.player_to_act() else {
            break;
        };
        if game.martian_player(side) != core.bot.id {
            break;
        }
        let level = ai_level(crate::practice::level(core, game.id).get());
        let Some(action) = ai::choose(&state.public_view(side), level, game.version) else {
            break;
        };
        if turn_from.is_none() && matches!(state.to_act(), ToAct::Turn(_)) {
            turn_from = Some(game.clone());
        }
        let id = Core::derived_id(&[game.id.get(), game.version]);
        let stamp = jetan_store::Stamp::new(id, core.bot.id, now()).unannounced();
        let result = match core
            .store
            .act(stamp, channel, (game.id, game.version), action)
        {
            Ok(r) => r,
            Err(e) if e.is_refusal() => {
                tracing::info!(channel = %channel, "the game changed while the computer played: {e}");
                break;
            }
            Err(e) => return Err(e.into()),
        };
        let response = martian_acted(core, &result)?;
        texts.push(response.reply.text.clone());
        attachments = if response.reply.attachments.is_empty() {
            attachments
        } else {
            response.reply.attachments.clone()
        };
        let done = result.finished.is_some();
        last = Some(response);
        if done {
            break;
        }
    }
    let Some(mut response) = last.map(|mut r| {
        r.reply.text = crate::reply::Text::join(texts, "\n");
        r.reply.attachments = attachments;
        r.computer_moves_in = None;
        r
    }) else {
        return Ok(None);
    };
    if let Some(before) = turn_from {
        if martian_offers_draw(core, channel)? {
            response =
                crate::computer::computer_offers_draw(core, channel, &before, response, now())?;
        }
    }
    Ok(Some(response))
}

/// Whether the computer, its turn just played in the practice game in `channel`,
/// offers a draw: the game is dead and it is not ahead ([`ai::should_offer_draw`], by
/// its own view), no offer stands, and the quiet turns are at the first dead one or
/// eight past an earlier offer (a player who declined is not asked after every turn).
fn martian_offers_draw(core: &Core, channel: ChannelId) -> Result<bool, CoreError> {
    let Some(game) = core.store.game(channel)? else {
        return Ok(false);
    };
    if !game.is_martian() || !game.terms.practice || game.draw_offer.is_some() {
        return Ok(false);
    }
    let state = state_of(&game)?;
    let Some(me) = Color::ALL
        .into_iter()
        .find(|&c| game.martian_player(c) == core.bot.id)
    else {
        return Ok(false);
    };
    // Only once its turn is over, the player to move.
    if state.to_act() != ToAct::Turn(me.other()) {
        return Ok(false);
    }
    let view = state.public_view(me);
    let due = view
        .quiet_turns()
        .checked_sub(ai::DEAD_QUIET)
        .is_some_and(|q| q % 8 < 2);
    let level = ai_level(crate::practice::level(core, game.id).get());
    Ok(due && ai::should_offer_draw(&view, level, game.version).is_some())
}

/// The sweep's battle timeouts: the lowest legal card played for every battle player
/// out of time, each announced in its channel.
pub(crate) fn martian_timeouts(core: &Core, now: u64) -> crate::game::Upkept {
    let mut out = crate::game::Upkept::default();
    let played = match core
        .store
        .play_overdue_cards_where(now, |g| core.owns_server(g))
    {
        Ok(p) => p,
        Err(e) => {
            tracing::error!("playing overdue battle cards: {e}");
            return out;
        }
    };
    out.ended = played.iter().filter_map(|r| r.finished.clone()).collect();
    for r in played {
        match martian_acted(core, &r) {
            Ok(resp) => out.posts.push((r.channel, resp.reply)),
            Err(e) => tracing::error!(channel = %r.channel, "announcing a timeout card: {e}"),
        }
    }
    out
}

fn with_martian_picture(
    core: &Core,
    reply: Reply,
    game: &Game,
    view: &PublicView,
    banner: Option<String>,
) -> Reply {
    match picture::martian_picture(core, game, view, banner) {
        Ok(png) => reply.with_file("board.png", png),
        Err(e) => {
            tracing::error!(game = %game.id, "cannot draw the Martian Chess board: {e}");
            reply
        }
    }
}

/// A select menu of cards, in the hand's order.
fn card_menu(
    lang: Lang,
    id: ButtonAction,
    placeholder: &str,
    cards: &[martian_chess::Card],
) -> Menu {
    Menu {
        id: id.id(),
        placeholder: placeholder.to_string(),
        options: cards
            .iter()
            .map(|c| (c.to_string(), text::card_option(lang, *c)))
            .collect(),
    }
}
