//! Every word the bot says about Martian Chess, from the message files (keys `mc-…`):
//! the rules crate gives reasons, pieces and squares as data, and they are worded here.
use jetan_store::GameId;

use jetan_store::{GameKind, UserId};
use martian_chess::{
    Action, Card, Color, Event, IllegalAction, Outcome, PublicView, Role, Square, Suit, ToAct,
};

use crate::lang::tr;
use crate::reply::Text;
use crate::request::mention;
use crate::words::money;
use crate::Lang;

/// The game's name as players read it.
pub(crate) const GAME_NAME: &str = "Martian Chess";

/// The piece prices of a challenge's terms.
pub(crate) fn piece_price_terms(lang: Lang, price: u64, currency: &str) -> Text {
    tr!(
        lang,
        "mc-piece-price-terms",
        price = money(lang, price, currency),
        max = money(
            lang,
            price.saturating_mul(martian_chess::PIECE_RESERVE_FACTOR),
            currency
        )
    )
}

/// The kind of a prisoner paid for, for the message files' selectors (`knight`, …;
/// `piece` when unknown).
pub(crate) fn prisoner_role(piece: char) -> &'static str {
    Role::from_char(piece.to_ascii_lowercase()).map_or("piece", role_code)
}

/// A Jetan command in a Martian Chess game, or the other way round.
pub(crate) fn wrong_game(lang: Lang, game: GameKind) -> Text {
    match game {
        GameKind::MartianChess => tr!(lang, "mc-wrong-game-martian"),
        GameKind::Jetan => tr!(lang, "mc-wrong-game-jetan"),
    }
}

/// A colour's name in `lang`.
pub(crate) fn color_name(lang: Lang, c: Color) -> Text {
    match c {
        Color::White => tr!(lang, "mc-white"),
        Color::Black => tr!(lang, "mc-black"),
    }
}

/// A colour's name with its player, in `lang`: "@alice (White)".
fn seat_in(lang: Lang, player: UserId, c: Color) -> Text {
    mention(player).and(" (").and(color_name(lang, c)).and(")")
}

/// Why the rules refuse an action. `who` names a colour's player (a mention); without
/// it the colour's name is used.
pub(crate) fn illegal(lang: Lang, e: &IllegalAction, who: Option<&dyn Fn(Color) -> Text>) -> Text {
    let name = |c: Color| who.map_or_else(|| color_name(lang, c), |f| f(c));
    match e {
        IllegalAction::GameOver(_) => tr!(lang, "mc-game-over"),
        IllegalAction::NotYourTurn(c) => tr!(lang, "mc-not-your-turn", who = name(*c)),
        IllegalAction::BattleInProgress(c) => {
            tr!(lang, "mc-battle-in-progress", who = name(*c))
        }
        IllegalAction::NotYourCard(c) => tr!(lang, "mc-not-your-battle-card", who = name(*c)),
        other => illegal_move(lang, other).capitalised(),
    }
}

/// The piece with its article: "the Rook", "la Torre".
fn the_piece(lang: Lang, r: Role) -> Text {
    tr!(lang, "mc-the-piece", role = role_code(r))
}

/// The less common refusals of the rules, each from its variant's data.
fn illegal_move(lang: Lang, e: &IllegalAction) -> Text {
    use IllegalAction as I;
    match e {
        I::EmptySquare(s) => tr!(lang, "mc-illegal-empty-square", square = s.to_string()),
        I::NotYourPiece { square, role } => tr!(
            lang,
            "mc-illegal-not-your-piece",
            piece = the_piece(lang, *role),
            square = square.to_string()
        ),
        I::AlreadyMoved { square, role } => tr!(
            lang,
            "mc-illegal-already-moved",
            piece = the_piece(lang, *role),
            square = square.to_string()
        ),
        I::DroppedThisTurn { square, role } => tr!(
            lang,
            "mc-illegal-dropped-this-turn",
            piece = the_piece(lang, *role),
            square = square.to_string()
        ),
        I::CannotReach { role, from, to } => tr!(
            lang,
            "mc-illegal-cannot-reach",
            piece = the_piece(lang, *role),
            from = from.to_string(),
            to = to.to_string()
        ),
        I::OwnPiece { to, role } => tr!(
            lang,
            "mc-illegal-own-piece",
            role = role_code(*role),
            to = to.to_string()
        ),
        I::PawnBlocked(s) => tr!(lang, "mc-illegal-pawn-blocked", square = s.to_string()),
        I::NoCastlingRight => tr!(lang, "mc-illegal-no-castling-right"),
        I::CastlingBlocked(s) => tr!(lang, "mc-illegal-castling-blocked", square = s.to_string()),
        I::BadPromotion(r) => tr!(lang, "mc-illegal-bad-promotion", role = role_code(*r)),
        I::NotAPromotion => tr!(lang, "mc-illegal-not-a-promotion"),
        I::NotInReserve(r) => tr!(lang, "mc-illegal-not-in-reserve", role = role_code(*r)),
        I::SquareOccupied(s) => tr!(lang, "mc-illegal-square-occupied", square = s.to_string()),
        I::PawnDropOnBackRank(s) => {
            tr!(
                lang,
                "mc-illegal-pawn-drop-back-rank",
                square = s.to_string()
            )
        }
        I::KingNotExchangeable => tr!(lang, "mc-illegal-king-not-exchangeable"),
        I::NotInYourPrison(r) => tr!(lang, "mc-illegal-not-in-your-prison", role = role_code(*r)),
        I::NotInOpponentPrison(r) => {
            tr!(
                lang,
                "mc-illegal-not-in-opponent-prison",
                role = role_code(*r)
            )
        }
        I::CardNotInHand(c) => tr!(lang, "mc-illegal-card-not-in-hand", card = c.to_string()),
        I::MustFollowSuit(s) => tr!(lang, "mc-illegal-must-follow-suit", suit = s.name()),
        I::NoBattle => tr!(lang, "mc-illegal-no-battle"),
        I::NoActionsLeft => tr!(lang, "mc-illegal-no-actions-left"),
        I::GameOver(_) => tr!(lang, "mc-game-over"),
        I::NotYourTurn(_) | I::BattleInProgress(_) | I::NotYourCard(_) => {
            // Worded with the player's name by `illegal`.
            illegal(lang, e, None)
        }
    }
}

/// Why a typed move does not read.
pub(crate) fn not_a_move(lang: Lang, typed: &str, e: &martian_chess::ParseActionError) -> Text {
    use martian_chess::ParseActionError as P;
    match e {
        P::Square(part) => tr!(
            lang,
            "mc-not-a-move-square",
            typed = typed,
            part = part.as_str()
        ),
        P::Piece(part) => tr!(
            lang,
            "mc-not-a-move-piece",
            typed = typed,
            part = part.as_str()
        ),
        P::Empty | P::Unknown(_) | P::Card(_) => tr!(lang, "mc-not-a-move", typed = typed),
    }
}

/// A card's option in a select menu: "A of spades", "10 de picas".
pub(crate) fn card_option(lang: Lang, c: Card) -> String {
    let rank = match c.rank().char() {
        'T' => "10".to_string(),
        r => r.to_string(),
    };
    tr!(lang, "mc-card-option", rank = rank, suit = c.suit().name()).unmarked()
}

/// An autocomplete entry for a piece that can move: "e2 — pawn (2 moves)".
pub(crate) fn suggest_from(lang: Lang, square: Square, role: Role, n: usize) -> String {
    tr!(
        lang,
        "mc-suggest-from",
        square = square.to_string(),
        role = role_code(role),
        n = n
    )
    .unmarked()
}

/// An autocomplete entry for an attack: "e5 — attack the Knight".
pub(crate) fn suggest_attack(lang: Lang, square: Square, role: Role) -> String {
    tr!(
        lang,
        "mc-suggest-attack",
        square = square.to_string(),
        role = role_code(role)
    )
    .unmarked()
}

/// A piece kind as typed: its letter (`N`) or its name (`knight`).
pub(crate) fn parse_role(lang: Lang, typed: &str) -> Result<Role, Text> {
    let t = typed.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(r) = Role::from_char(c.to_ascii_lowercase()) {
            return Ok(r);
        }
    }
    let spanish = |r: Role| match r {
        Role::King => "rey",
        Role::Queen => "dama",
        Role::Rook => "torre",
        Role::Bishop => "alfil",
        Role::Knight => "caballo",
        Role::Pawn => "peón",
    };
    let lower = t.to_lowercase();
    Role::ALL
        .into_iter()
        .find(|r| {
            r.name().eq_ignore_ascii_case(t)
                || spanish(*r) == lower
                || (*r == Role::Pawn && lower == "peon")
        })
        .ok_or_else(|| tr!(lang, "mc-not-a-piece", typed = t))
}

/// A card as typed (`AS`, `10h`, `th`).
pub(crate) fn parse_card(lang: Lang, typed: &str) -> Result<Card, Text> {
    let t = typed.trim().to_ascii_uppercase().replace("10", "T");
    t.parse()
        .map_err(|_| tr!(lang, "mc-not-a-card", typed = typed.trim()))
}

/// A square as typed.
pub(crate) fn parse_square(lang: Lang, typed: &str) -> Result<Square, Text> {
    typed
        .trim()
        .to_ascii_lowercase()
        .parse()
        .map_err(|_| tr!(lang, "mc-not-a-square", typed = typed.trim()))
}

/// A hand as a compact line, sorted by suit (spades, hearts, diamonds, clubs) and rank,
/// high first: `AS KS 7H · 9D · 2C`.
pub(crate) fn hand_line(lang: Lang, hand: &[Card]) -> Text {
    let mut groups = Vec::new();
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        let mut cards: Vec<Card> = hand.iter().copied().filter(|c| c.suit() == suit).collect();
        cards.sort_by_key(|c| std::cmp::Reverse(c.rank()));
        if !cards.is_empty() {
            let words: Vec<String> = cards.iter().map(Card::to_string).collect();
            groups.push(words.join(" "));
        }
    }
    if groups.is_empty() {
        tr!(lang, "mc-no-cards")
    } else {
        Text::words(groups.join(" · "))
    }
}

/// The private answer to `hand`.
pub(crate) fn hand_reply(lang: Lang, view: &PublicView) -> Text {
    let hand = hand_line(lang, view.hand());
    let mut s = tr!(lang, "mc-hand", n = view.hand().len(), hand = hand);
    if let ToAct::Battle { player, .. } = view.to_act() {
        if player == view.viewer() {
            s.push("\n");
            s.push(tr!(lang, "mc-hand-battle"));
        }
    }
    s
}

/// The die roll that starts a turn.
pub(crate) fn die_roll(lang: Lang, player: UserId, c: Color, value: u8) -> Text {
    tr!(
        lang,
        "mc-die-roll",
        who = seat_in(lang, player, c),
        value = value,
        n = value
    )
}

/// The public state of play: whose turn, the die, the battle, prisons, reserves, hand
/// sizes, the discard pile's top. Nothing hidden.
pub(crate) fn status(lang: Lang, view: &PublicView, player: &dyn Fn(Color) -> UserId) -> Text {
    let turn = view.turn();
    let mut s = tr!(
        lang,
        "mc-status-turn",
        who = seat_in(lang, player(turn), turn),
        left = view.actions_left(),
        die = view.die()
    );
    if let Some(b) = view.battle() {
        let cards: Vec<String> = b.cards().iter().map(Card::to_string).collect();
        let played = if cards.is_empty() {
            tr!(lang, "mc-battle-no-card")
        } else {
            tr!(lang, "mc-battle-cards", cards = cards.join(" "))
        };
        s.push("\n");
        s.push(tr!(
            lang,
            "mc-status-battle",
            from = b.from().to_string(),
            to = b.to().to_string(),
            played = played
        ));
    }
    for c in Color::ALL {
        s.push("\n");
        s.push(tr!(
            lang,
            "mc-status-side",
            color = color_name(lang, c),
            n = view.hand_len(c),
            prison = pool(lang, view.prison(c)),
            reserve = pool(lang, view.reserve(c))
        ));
    }
    s.push("\n");
    if let Some(top) = view.discard_pile().last() {
        s.push(tr!(
            lang,
            "mc-status-discard",
            n = view.discard_pile().len(),
            top = top.to_string(),
            deck = view.deck_len()
        ));
    } else {
        s.push(tr!(lang, "mc-status-deck", deck = view.deck_len()));
    }
    s
}

fn pool(lang: Lang, p: &martian_chess::Pool) -> Text {
    if p.is_empty() {
        tr!(lang, "mc-pool-empty")
    } else {
        Text::words(p.to_string())
    }
}

/// What happened, one line per event, for the public message. `actor` acted;
/// `player` names each colour's player.
pub(crate) fn events(
    lang: Lang,
    actor: Color,
    notation: &str,
    action: &Action,
    list: &[Event],
    player: &dyn Fn(Color) -> UserId,
) -> Vec<Text> {
    let who = |c: Color| seat_in(lang, player(c), c);
    let mut out = Vec::new();
    match action {
        Action::Move { .. } => out.push(tr!(
            lang,
            "mc-ev-move",
            who = who(actor),
            notation = notation
        )),
        Action::Drop { role, to } => out.push(tr!(
            lang,
            "mc-ev-drop",
            who = who(actor),
            role = role_code(*role),
            to = to.to_string()
        )),
        Action::Exchange(role) => out.push(tr!(
            lang,
            "mc-ev-exchange",
            who = who(actor),
            role = role_code(*role)
        )),
        Action::Discard(card) => out.push(tr!(
            lang,
            "mc-ev-discard",
            who = who(actor),
            card = card.to_string()
        )),
        Action::Play(card) => out.push(tr!(
            lang,
            "mc-ev-play",
            who = who(actor),
            card = card.to_string()
        )),
        Action::End => out.push(tr!(lang, "mc-ev-end", who = who(actor))),
    }
    for e in list {
        match e {
            Event::Attack { from, to } => out.push(tr!(
                lang,
                "mc-ev-attack",
                from = from.to_string(),
                to = to.to_string(),
                who = who(actor)
            )),
            Event::BattleWon {
                winner,
                attacker_won,
                card,
                prisoner,
                recorded_as,
            } => {
                let piece = tr!(
                    lang,
                    "mc-colored-piece",
                    role = role_code(prisoner.role),
                    color = color_name(lang, prisoner.color)
                );
                let taken = if prisoner.role == *recorded_as {
                    piece
                } else {
                    tr!(lang, "mc-promoted-prisoner", piece = piece)
                };
                out.push(tr!(
                    lang,
                    "mc-ev-battle-won",
                    card = card.to_string(),
                    who = who(*winner),
                    side = if *attacker_won {
                        "attacker"
                    } else {
                        "defender"
                    },
                    taken = taken
                ));
            }
            Event::Promoted { square, role } => out.push(tr!(
                lang,
                "mc-ev-promoted",
                square = square.to_string(),
                role = role_code(*role)
            )),
            Event::Reshuffled { cards } => out.push(tr!(lang, "mc-ev-reshuffled", cards = *cards)),
            Event::DieRolled { player: c, value } => {
                out.push(die_roll(lang, player(*c), *c, *value))
            }
            Event::GameOver(o) => out.push(outcome(lang, *o, &who)),
            Event::Moved { .. }
            | Event::Castled { .. }
            | Event::CardPlayed { .. }
            | Event::Discarded { .. }
            | Event::Drew { .. }
            | Event::Exchanged { .. }
            | Event::Dropped { .. }
            | Event::TurnEnded { .. } => {}
        }
    }
    out
}

/// A piece kind for the message files' selectors: `king`, `queen`, … `pawn`.
pub(crate) fn role_code(r: Role) -> &'static str {
    match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn outcome(lang: Lang, o: Outcome, who: &dyn Fn(Color) -> Text) -> Text {
    use martian_chess::{DrawReason, WinReason};
    match o {
        Outcome::Decisive { winner, reason } => match reason {
            WinReason::KingCaptured => tr!(lang, "mc-king-captured", who = who(winner)),
            WinReason::KingLostAttack => tr!(
                lang,
                "mc-king-lost-attack",
                color = color_name(lang, winner.other()),
                who = who(winner)
            ),
        },
        Outcome::Draw {
            reason: DrawReason::FiftyTurns,
        } => tr!(lang, "mc-draw-fifty"),
    }
}

/// The prompt under a message when a battle card is awaited.
pub(crate) fn card_prompt(lang: Lang, player: UserId) -> Text {
    tr!(lang, "mc-card-prompt", who = mention(player))
}

/// The line under a message when a new actor is to act.
pub(crate) fn your_turn(lang: Lang, player: UserId) -> Text {
    tr!(lang, "mc-your-turn", who = mention(player))
}

/// A prisoner whose owner's piece reserve is spent paid nothing (or not all).
pub(crate) fn reserve_spent(lang: Lang, unpaid: u64, currency: &str) -> Text {
    tr!(
        lang,
        "mc-reserve-spent",
        amount = money(lang, unpaid, currency)
    )
}

/// The card menu's placeholder.
pub(crate) fn card_menu(lang: Lang) -> String {
    tr!(lang, "mc-card-menu").unmarked()
}

/// The discard menu's placeholder.
pub(crate) fn discard_menu(lang: Lang) -> String {
    tr!(lang, "mc-discard-menu").unmarked()
}

pub(crate) fn not_your_card(lang: Lang) -> Text {
    tr!(lang, "mc-not-your-card")
}

pub(crate) fn card_menu_text(lang: Lang, view: &PublicView, legal: &[Card]) -> Text {
    let led = view
        .battle()
        .and_then(|b| b.led_suit())
        .map_or(Text::new(), |s| {
            Text::words(" ").and(tr!(lang, "mc-led-suit", suit = s.name()))
        });
    tr!(
        lang,
        "mc-card-menu-text",
        n = legal.len(),
        led = led,
        hand = hand_line(lang, view.hand())
    )
}

pub(crate) fn discard_menu_text(lang: Lang, view: &PublicView) -> Text {
    tr!(
        lang,
        "mc-discard-menu-text",
        hand = hand_line(lang, view.hand())
    )
}

pub(crate) fn stale_menu(lang: Lang) -> Text {
    tr!(lang, "stale-menu")
}

/// The start of a game.
pub(crate) fn started(lang: Lang, white: UserId, black: UserId) -> Text {
    tr!(
        lang,
        "mc-started",
        white = mention(white),
        black = mention(black)
    )
}

/// A practice game's opening line.
pub(crate) fn practice_started(lang: Lang, user: UserId, bot: UserId, level: u8) -> Text {
    tr!(
        lang,
        "mc-practice-started",
        user = mention(user),
        bot = mention(bot),
        level = level
    )
}

/// `moves square:` for a Martian Chess piece (private).
pub(crate) fn piece_moves(lang: Lang, sq: Square, role: Role, targets: &[(Square, bool)]) -> Text {
    let role = role_code(role);
    let square = sq.to_string();
    if targets.is_empty() {
        return tr!(lang, "mc-cannot-move", role = role, square = square);
    }
    let list: Vec<Text> = targets
        .iter()
        .map(|(to, attack)| {
            if *attack {
                tr!(lang, "mc-attack-target", square = to.to_string())
            } else {
                Text::words(to.to_string())
            }
        })
        .collect();
    tr!(
        lang,
        "mc-can-go",
        role = role,
        square = square,
        list = Text::join(list, ", ")
    )
}

/// The header of a replay.
pub(crate) fn replay_header(
    lang: Lang,
    id: GameId,
    white: UserId,
    black: UserId,
    actions: usize,
) -> Text {
    tr!(
        lang,
        "mc-replay-header",
        id = id.to_string(),
        white = mention(white),
        black = mention(black),
        n = actions
    )
}

/// One line of the replay file.
pub(crate) fn replay_line(lang: Lang, n: usize, c: Color, notation: &str, timeout: bool) -> Text {
    let line = tr!(
        lang,
        "mc-replay-line",
        n = n,
        color = color_name(lang, c),
        notation = notation
    );
    if timeout {
        tr!(lang, "mc-replay-timeout", line = line)
    } else {
        line
    }
}

/// A battle card played by the bot for a player out of time.
pub(crate) fn timeout_card(lang: Lang, player: UserId) -> Text {
    tr!(lang, "mc-timeout-card", who = mention(player))
}

/// The turn status under `board` for a game in progress.
pub(crate) fn board_header(lang: Lang, white: UserId, black: UserId) -> Text {
    tr!(
        lang,
        "mc-board-header",
        white = mention(white),
        black = mention(black)
    )
}

/// A destination in the Move button's menu of a piece: "e4", "e5 — attack the Knight",
/// "g1 — castling", "e8 — promotes to a Knight".
pub(crate) fn menu_destination(
    lang: Lang,
    role: Role,
    from: Square,
    to: Square,
    target: Option<Role>,
    promotion: Option<Role>,
) -> String {
    let mut s = match target {
        Some(t) => suggest_attack(lang, to, t),
        None => to.to_string(),
    };
    let castling = role == Role::King && from.file().abs_diff(to.file()) == 2;
    let mut notes = Vec::new();
    if castling && target.is_none() {
        notes.push(tr!(lang, "mc-menu-castling").unmarked());
    }
    if let Some(r) = promotion {
        notes.push(tr!(lang, "mc-menu-promotes", role = role_code(r)).unmarked());
    }
    if !notes.is_empty() {
        s.push_str(if target.is_some() { ", " } else { " — " });
        s.push_str(&notes.join(", "));
    }
    s
}

/// The text above the menu of a piece's destinations.
pub(crate) fn menu_piece_title(lang: Lang, role: Role, from: Square) -> Text {
    tr!(
        lang,
        "mc-menu-piece",
        role = role_code(role),
        square = from.to_string()
    )
}

/// A paradrop in the Move button's menu: "Paradrop a Knight from your reserve".
pub(crate) fn menu_drop(lang: Lang, role: Role) -> String {
    tr!(lang, "mc-menu-drop", role = role_code(role)).unmarked()
}

/// The text above the menu of a paradrop's squares.
pub(crate) fn menu_drop_title(lang: Lang, role: Role) -> Text {
    tr!(lang, "mc-menu-drop-title", role = role_code(role))
}

/// An exchange in the Move button's menu.
pub(crate) fn menu_exchange(lang: Lang, role: Role) -> String {
    tr!(lang, "mc-menu-exchange", role = role_code(role)).unmarked()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_read_sorted_by_suit_high_first() {
        let hand: Vec<Card> = ["2C", "AS", "7H", "KS", "9D"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(hand_line(Lang::En, &hand), "AS KS · 7H · 9D · 2C");
    }

    #[test]
    fn typed_pieces_and_cards() {
        assert_eq!(parse_role(Lang::En, "N"), Ok(Role::Knight));
        assert_eq!(parse_role(Lang::En, "queen"), Ok(Role::Queen));
        assert!(parse_role(Lang::En, "x").is_err());
        assert_eq!(parse_card(Lang::En, "10h").unwrap().to_string(), "TH");
        assert_eq!(parse_card(Lang::En, "as").unwrap().to_string(), "AS");
        assert!(parse_card(Lang::En, "1Z").is_err());
    }
}
