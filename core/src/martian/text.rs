//! Every word the bot says about Martian Chess (English; kept apart from `text.rs` so the
//! translation work can move it to message files in one piece).

use jetan_store::GameKind;
use martian_chess::{
    Action, Card, Color, Event, IllegalAction, Outcome, PublicView, Role, Square, Suit, ToAct,
};

use crate::lang::tr;
use crate::request::mention;
use crate::text::money;
use crate::Lang;

/// The game's name as players read it.
pub(crate) const GAME_NAME: &str = "Martian Chess";

/// The piece prices of a challenge's terms.
pub(crate) fn piece_price_terms(price: u64, currency: &str) -> String {
    format!(
        " Piece price: {} per point of a piece taken prisoner (pawn 1, Knight and Bishop 3, Rook 5, Queen 9), at most {} per player.",
        money(Lang::En, price, currency),
        money(Lang::En, price.saturating_mul(martian_chess::PIECE_RESERVE_FACTOR), currency)
    )
}

/// What a prisoner payment was for: "for the Knight taken prisoner".
pub(crate) fn prisoner_payment(piece: char) -> String {
    let role = Role::from_char(piece.to_ascii_lowercase()).map_or("piece", Role::name);
    format!("for the {role} taken prisoner")
}

/// A Jetan command in a Martian Chess game, or the other way round.
pub(crate) fn wrong_game(game: GameKind) -> String {
    match game {
        GameKind::MartianChess => "The game in this channel is Martian Chess: move with `/jetan move from to` (or `notation:e7-e8=N`), and use `drop`, `exchange`, `discard`, `card`, `end`.".into(),
        GameKind::Jetan => "The game in this channel is Jetan: that is a Martian Chess command.".into(),
    }
}

/// A colour's name with its player: "@alice (White)".
pub(crate) fn seat(player: u64, c: Color) -> String {
    format!("{} ({})", mention(player), c.name())
}

/// A colour's name in `lang`.
pub(crate) fn color_name(lang: Lang, c: Color) -> String {
    match c {
        Color::White => tr!(lang, "mc-white"),
        Color::Black => tr!(lang, "mc-black"),
    }
}

/// A colour's name with its player, in `lang`.
fn seat_in(lang: Lang, player: u64, c: Color) -> String {
    format!("{} ({})", mention(player), color_name(lang, c))
}

/// Why the rules refuse an action. `who` names a colour's player (a mention); without
/// it the colour's name is used.
pub(crate) fn illegal(e: &IllegalAction, who: Option<&dyn Fn(Color) -> String>) -> String {
    let name = |c: Color| who.map_or_else(|| c.name().to_string(), |f| f(c));
    let s = match e {
        IllegalAction::GameOver(_) => "The game is over.".to_string(),
        IllegalAction::NotYourTurn(c) => format!("It is {}'s turn.", name(*c)),
        IllegalAction::BattleInProgress(c) => format!(
            "A battle is in progress: {} must play a card first (`/jetan card`).",
            name(*c)
        ),
        IllegalAction::NotYourCard(c) => {
            format!("It is {}'s card to play in this battle.", name(*c))
        }
        other => {
            let mut s = crate::text::capitalise(&other.to_string());
            s.push('.');
            s
        }
    };
    s
}

/// A piece kind as typed: its letter (`N`) or its name (`knight`).
pub(crate) fn parse_role(typed: &str) -> Result<Role, String> {
    let t = typed.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(r) = Role::from_char(c.to_ascii_lowercase()) {
            return Ok(r);
        }
    }
    Role::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(t))
        .ok_or_else(|| {
            format!("`{t}` is not a piece: write Q, R, B, N or P (or queen, rook, bishop, knight, pawn).")
        })
}

/// A card as typed (`AS`, `10h`, `th`).
pub(crate) fn parse_card(typed: &str) -> Result<Card, String> {
    let t = typed.trim().to_ascii_uppercase().replace("10", "T");
    t.parse().map_err(|_| {
        format!(
            "`{}` is not a card: write its rank and suit, like AS, TH, 7D or 2C.",
            typed.trim()
        )
    })
}

/// A square as typed.
pub(crate) fn parse_square(typed: &str) -> Result<Square, String> {
    typed.trim().to_ascii_lowercase().parse().map_err(|_| {
        format!(
            "`{}` is not a square: write a file a–h and a rank 1–8, like e4.",
            typed.trim()
        )
    })
}

/// A hand as a compact line, sorted by suit (spades, hearts, diamonds, clubs) and rank,
/// high first: `AS KS 7H · 9D · 2C`.
pub(crate) fn hand_line(hand: &[Card]) -> String {
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
        "(no cards)".into()
    } else {
        groups.join(" · ")
    }
}

/// The private answer to `hand`.
pub(crate) fn hand_reply(lang: Lang, view: &PublicView) -> String {
    let hand = if view.hand().is_empty() {
        tr!(lang, "mc-no-cards")
    } else {
        hand_line(view.hand())
    };
    let mut s = tr!(lang, "mc-hand", n = view.hand().len(), hand = hand);
    if let ToAct::Battle { player, .. } = view.to_act() {
        if player == view.viewer() {
            s.push('\n');
            s.push_str(&tr!(lang, "mc-hand-battle"));
        }
    }
    s
}

/// The die roll that starts a turn.
pub(crate) fn die_roll(lang: Lang, player: u64, c: Color, value: u8) -> String {
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
pub(crate) fn status(lang: Lang, view: &PublicView, player: &dyn Fn(Color) -> u64) -> String {
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
        s.push('\n');
        s.push_str(&tr!(
            lang,
            "mc-status-battle",
            from = b.from().to_string(),
            to = b.to().to_string(),
            played = played
        ));
    }
    for c in Color::ALL {
        s.push('\n');
        s.push_str(&tr!(
            lang,
            "mc-status-side",
            color = color_name(lang, c),
            n = view.hand_len(c),
            prison = pool(lang, view.prison(c)),
            reserve = pool(lang, view.reserve(c))
        ));
    }
    s.push('\n');
    if let Some(top) = view.discard_pile().last() {
        s.push_str(&tr!(
            lang,
            "mc-status-discard",
            n = view.discard_pile().len(),
            top = top.to_string(),
            deck = view.deck_len()
        ));
    } else {
        s.push_str(&tr!(lang, "mc-status-deck", deck = view.deck_len()));
    }
    s
}

fn pool(lang: Lang, p: &martian_chess::Pool) -> String {
    if p.is_empty() {
        tr!(lang, "mc-pool-empty")
    } else {
        p.to_string()
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
    player: &dyn Fn(Color) -> u64,
) -> Vec<String> {
    let who = |c: Color| seat(player(c), c);
    let mut out = Vec::new();
    match action {
        Action::Move { .. } => out.push(format!("{} plays **{notation}**.", who(actor))),
        Action::Drop { role, to } => out.push(format!(
            "{} paradrops a {} on **{to}**.",
            who(actor),
            role.name()
        )),
        Action::Exchange(role) => out.push(format!(
            "{} exchanges prisoners: a {} for a {}; each goes back to its owner's reserve.",
            who(actor),
            role.name(),
            role.name()
        )),
        Action::Discard(card) => out.push(format!(
            "{} discards **{card}** and draws a card.",
            who(actor)
        )),
        Action::Play(card) => out.push(format!("{} plays **{card}**.", who(actor))),
        Action::End => out.push(format!("{} ends the turn.", who(actor))),
    }
    for e in list {
        match e {
            Event::Attack { from, to } => out.push(format!(
                "⚔ An attack on {to} from {from}: a card battle! {} leads a card.",
                who(actor)
            )),
            Event::BattleWon {
                winner,
                attacker_won,
                card,
                prisoner,
                recorded_as,
            } => {
                let taken = if prisoner.role == *recorded_as {
                    format!("the {} {}", prisoner.color.name(), prisoner.role.name())
                } else {
                    format!(
                        "the {} {} (a promoted pawn: it goes to prison as a pawn)",
                        prisoner.color.name(),
                        prisoner.role.name()
                    )
                };
                out.push(format!(
                    "**{card}** wins the battle for {}, the {}: {taken} is taken prisoner.",
                    who(*winner),
                    if *attacker_won {
                        "attacker"
                    } else {
                        "defender"
                    }
                ));
            }
            Event::Promoted { square, role } => out.push(format!(
                "The pawn on {square} is promoted to a {}.",
                role.name()
            )),
            Event::Reshuffled { cards } => out.push(format!(
                "The deck ran out: the discard pile is shuffled into a new deck of {cards} cards."
            )),
            Event::DieRolled { player: c, value } => {
                out.push(die_roll(lang, player(*c), *c, *value))
            }
            Event::GameOver(o) => out.push(outcome(*o, &who)),
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

fn outcome(o: Outcome, who: &dyn Fn(Color) -> String) -> String {
    use martian_chess::{DrawReason, WinReason};
    match o {
        Outcome::Decisive { winner, reason } => match reason {
            WinReason::KingCaptured => format!("👑 {} captures the enemy King!", who(winner)),
            WinReason::KingLostAttack => format!(
                "👑 The {} King lost its own attack and is taken prisoner: {} wins!",
                winner.other().name(),
                who(winner)
            ),
            WinReason::Resignation | WinReason::Time => format!("{} wins.", who(winner)),
        },
        Outcome::Draw {
            reason: DrawReason::FiftyTurns,
        } => "50 turns without an attack, a pawn move or a paradrop: the game is drawn.".into(),
        Outcome::Draw { .. } => "The game is drawn.".into(),
    }
}

/// The prompt under a message when a battle card is awaited.
pub(crate) fn card_prompt(lang: Lang, player: u64) -> String {
    tr!(lang, "mc-card-prompt", who = mention(player))
}

/// The line under a message when a new actor is to act.
pub(crate) fn your_turn(lang: Lang, player: u64) -> String {
    tr!(lang, "mc-your-turn", who = mention(player))
}

/// A prisoner whose owner's piece reserve is spent paid nothing (or not all).
pub(crate) fn reserve_spent(lang: Lang, unpaid: u64, currency: &str) -> String {
    tr!(
        lang,
        "mc-reserve-spent",
        amount = money(lang, unpaid, currency)
    )
}

/// The card menu's placeholder and the answer when a player has no card to play.
pub(crate) const CARD_MENU: &str = "Your battle card";
pub(crate) const DISCARD_MENU: &str = "The card to discard";

pub(crate) fn not_your_card(lang: Lang) -> String {
    tr!(lang, "mc-not-your-card")
}

pub(crate) fn card_menu_text(view: &PublicView, legal: &[Card]) -> String {
    let led = view
        .battle()
        .and_then(|b| b.led_suit())
        .map_or(String::new(), |s| format!(" The led suit is {}.", s.name()));
    format!(
        "Choose your battle card ({} legal).{led} Your hand: {}",
        legal.len(),
        hand_line(view.hand())
    )
}

pub(crate) fn discard_menu_text(view: &PublicView) -> String {
    format!(
        "Choose the card to discard (you draw one). Your hand: {}",
        hand_line(view.hand())
    )
}

pub(crate) fn stale_menu(lang: Lang) -> String {
    tr!(lang, "mc-stale-menu")
}

/// The start of a game.
pub(crate) fn started(lang: Lang, white: u64, black: u64) -> String {
    tr!(
        lang,
        "mc-started",
        white = mention(white),
        black = mention(black)
    )
}

/// A practice game's opening line.
pub(crate) fn practice_started(user: u64, bot: u64, level: u8) -> String {
    format!(
        "Practice game: {} vs {} (level {level}) — **{GAME_NAME}**, nothing at stake.",
        mention(user),
        mention(bot)
    )
}

/// `moves square:` for a Martian Chess piece (private).
pub(crate) fn piece_moves(sq: Square, role: Role, targets: &[(Square, bool)]) -> String {
    if targets.is_empty() {
        return format!("The {} on {sq} cannot move now.", role.name());
    }
    let list: Vec<String> = targets
        .iter()
        .map(|(to, attack)| {
            if *attack {
                format!("{to} (attack)")
            } else {
                to.to_string()
            }
        })
        .collect();
    format!(
        "The {} on {sq} can go to: {}.",
        role.name(),
        list.join(", ")
    )
}

/// The header of a replay.
pub(crate) fn replay_header(id: u64, white: u64, black: u64, actions: usize) -> String {
    format!(
        "Replay of game #{id} (**{GAME_NAME}**): {} (White) vs {} (Black), {actions} actions; every action and every card played is in the attached file.",
        mention(white),
        mention(black)
    )
}

/// One line of the replay file.
pub(crate) fn replay_line(n: usize, c: Color, notation: &str, timeout: bool) -> String {
    let t = if timeout {
        " (time ran out: lowest card)"
    } else {
        ""
    };
    format!("{n}. {}: {notation}{t}", c.name())
}

/// A battle card played by the bot for a player out of time.
pub(crate) fn timeout_card(lang: Lang, player: u64) -> String {
    tr!(lang, "mc-timeout-card", who = mention(player))
}

/// The turn status under `board` for a game in progress.
pub(crate) fn board_header(lang: Lang, white: u64, black: u64) -> String {
    tr!(
        lang,
        "mc-board-header",
        white = mention(white),
        black = mention(black)
    )
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
        assert_eq!(hand_line(&hand), "AS KS · 7H · 9D · 2C");
    }

    #[test]
    fn typed_pieces_and_cards() {
        assert_eq!(parse_role("N"), Ok(Role::Knight));
        assert_eq!(parse_role("queen"), Ok(Role::Queen));
        assert!(parse_role("x").is_err());
        assert_eq!(parse_card("10h").unwrap().to_string(), "TH");
        assert_eq!(parse_card("as").unwrap().to_string(), "AS");
        assert!(parse_card("1Z").is_err());
    }
}
