//! Words: how replies say things.

use jetan_rules::{Role, Variant};
use jetan_store::{EndReason, GameResult, Payment, PaymentKind, Settlement, StoreError, Terms};

use super::request::mention;

/// The first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// An amount with the currency (named in the plural): "1 coin", "40 coins".
pub fn money(amount: u64, currency: &str) -> String {
    if amount == 1 {
        let singular = currency.strip_suffix('s').unwrap_or(currency);
        format!("1 {singular}")
    } else {
        format!("{amount} {currency}")
    }
}

/// `"3 h 12 min"`, `"45 s"`: a duration for people.
pub fn format_duration(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    match (h, m) {
        (0, 0) => format!("{s} s"),
        (0, m) if s == 0 => format!("{m} min"),
        (0, m) => format!("{m} min {s} s"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// A signed amount: "+35 coins", "-3 coins".
pub fn signed_money(amount: i64, currency: &str) -> String {
    let sign = if amount < 0 { "-" } else { "+" };
    format!("{sign}{}", money(amount.unsigned_abs(), currency))
}

/// One line per payment: "<@a> paid <@b> 3 coins for the Dwar".
pub fn payments(list: &[Payment], currency: &str) -> Vec<String> {
    list.iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let what = match p.kind {
                PaymentKind::Piece { piece } => format!("for the {}", piece.role),
                PaymentKind::Stake => "the stake".to_string(),
                PaymentKind::Prisoner { piece } => crate::martian::text::prisoner_payment(piece),
            };
            format!(
                "{} paid {} {} {what}",
                mention(p.from),
                mention(p.to),
                money(p.amount, currency)
            )
        })
        .collect()
}

/// The headline of a finished game.
pub fn result_line(result: &GameResult, reason: EndReason) -> String {
    match result {
        GameResult::Win { winner, .. } => format!("**{} wins** — {reason}.", mention(*winner)),
        GameResult::Draw => format!("**Draw** — {reason}."),
        GameResult::Aborted => "**Game aborted** — stakes refunded.".to_string(),
    }
}

/// The result as plain words for a picture banner.
pub fn result_banner(
    result: &GameResult,
    reason: EndReason,
    name: impl Fn(u64) -> String,
) -> String {
    match result {
        GameResult::Win { winner, .. } => format!("{} wins: {reason}", name(*winner)),
        GameResult::Draw => format!("Draw: {reason}"),
        GameResult::Aborted => "Aborted".to_string(),
    }
}

/// The whole end-of-game text: headline, payments, releases, net per player.
pub fn settlement(s: &Settlement, currency: &str, practice: bool) -> String {
    let mut out = result_line(&s.result, s.reason);
    if practice {
        out.push_str("\nPractice game: no money moved.");
        return out;
    }
    for line in payments(&s.payments, currency) {
        out.push_str(&format!("\n• {line}"));
    }
    for r in s.released.iter().filter(|r| r.amount > 0) {
        out.push_str(&format!(
            "\n• {} gets {} back from escrow",
            mention(r.user),
            money(r.amount, currency)
        ));
    }
    out.push_str(&format!(
        "\nNet: {} {}, {} {}.",
        mention(s.players.black),
        signed_money(s.net.black, currency),
        mention(s.players.orange),
        signed_money(s.net.orange, currency)
    ));
    out
}

/// The rules, short, with each piece.
pub fn rules_summary() -> String {
    let mut s = String::from(
        "**Jetan** — Martian chess on a 10×10 board. Black starts in the south (ranks 1–2), \
         Orange in the north. Every move has an **exact** number of steps; a path never \
         visits a square twice; only the Flier, the Princess (and the Odwar) jump.\n\
         **Win** by taking the enemy Princess with any piece, or the enemy Chief with your Chief. \
         **Draw** if a Chief falls to a lesser piece, if the player to move has no move, or when \
         each side has 3 pieces or fewer of equal value and ten more moves pass without a win.\n\
         **Ninth-Ray Jetan** (`board:circular`): the same game on a round board of ten rings, \
         where file j joins file a on every ring, so pieces move across that seam as if it \
         were not there.\n\n",
    );
    for role in Role::ALL {
        if role == Role::Odwar {
            continue;
        }
        s.push_str(&format!(
            "**{}** `{}` (value {}, {}): {}.\n",
            role.name(),
            role.upper_char(),
            role.value(),
            role.emblem(),
            role.movement()
        ));
    }
    s.push_str(&format!(
        "\n**Manator** variant: the Fliers are **Odwars** `O` (value {}, {}), the setup is mirrored, \
         and a piece moving onto another fights a duel for the square, won with probability \
         attacker ÷ (attacker + defender).\n\
         **Wagers**: each player stakes the same amount (the winner takes both) and every lost \
         piece costs its value × the piece price, paid to the opponent at once.\n\
         Moves: `/jetan move from:e2 to:e3` or `/jetan move notation:e2-e3`.",
        Role::Odwar.value(),
        Role::Odwar.emblem()
    ));
    s
}

/// The name of a game's rules and board as players read it: "Classic Jetan", "Manator
/// Jetan on the circular board".
pub(crate) fn game_name(t: &Terms) -> String {
    if t.game == jetan_store::GameKind::MartianChess {
        return crate::martian::text::GAME_NAME.into();
    }
    let name = variant_name(t.variant);
    match t.topology {
        jetan_rules::Topology::Flat => name.to_string(),
        jetan_rules::Topology::Circular => {
            format!("{name} on the circular board (Ninth-Ray Jetan)")
        }
    }
}

/// The name of a variant as players read it.
pub(crate) fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Classic => "Classic Jetan",
        Variant::Manator => "Manator Jetan",
    }
}

/// The terms of a challenge, in words.
pub(crate) fn terms_text(t: &Terms, currency: &str) -> String {
    let mut s = String::new();
    if t.stake > 0 {
        s.push_str(&format!(
            " Stake: {} each, the winner takes both.",
            money(t.stake, currency)
        ));
    }
    if t.piece_price > 0 && t.game == jetan_store::GameKind::MartianChess {
        s.push_str(&crate::martian::text::piece_price_terms(
            t.piece_price,
            currency,
        ));
    } else if t.piece_price > 0 {
        s.push_str(&format!(
            " Piece price: {} per point of value (a Dwar costs {}).",
            money(t.piece_price, currency),
            money(t.piece_price.saturating_mul(3), currency)
        ));
    }
    if t.stake == 0 && t.piece_price == 0 {
        s.push_str(" Friendly game: nothing at stake.");
    }
    if let Some(m) = t.move_time_minutes {
        s.push_str(&format!(" Move time: {m} min."));
    }
    s
}

/// "N coins returned to @x.", or nothing.
pub(crate) fn refund_text(amount: u64, to: u64, currency: &str) -> String {
    if amount == 0 {
        String::new()
    } else {
        format!(" {} returned to {}.", money(amount, currency), mention(to))
    }
}

/// A store refusal in words, for the user who was refused.
pub(crate) fn refusal(e: &StoreError, currency: &str) -> String {
    match e {
        StoreError::ChannelBusy { what } => format!("There is already {what} in this channel."),
        StoreError::ChannelNotAllowed => {
            "Games are not allowed in this channel; ask a server manager which channels are open."
                .into()
        }
        StoreError::SelfChallenge => "You cannot challenge yourself.".into(),
        StoreError::InvalidTerms(why) => format!("Those terms do not work: {why}."),
        StoreError::InsufficientFunds {
            user,
            available,
            needed,
            what,
        } => format!(
            "{} has {} available; {what} need {}.",
            mention(*user),
            money(*available, currency),
            money(*needed, currency)
        ),
        StoreError::NoChallenge => "There is no open challenge in this channel.".into(),
        StoreError::ChallengeReplaced => "This challenge is no longer open.".into(),
        StoreError::GameReplaced => {
            "That game is over; another one is being played in this channel.".into()
        }
        StoreError::NoGame => {
            "There is no game in this channel. Start one with `/jetan challenge`.".into()
        }
        StoreError::AlreadyStarted => "This challenge was already accepted: the game is on.".into(),
        StoreError::NotChallenged { challenged } => {
            format!("Only {} can answer this challenge.", mention(*challenged))
        }
        StoreError::NotChallenger { challenger } => {
            format!("Only {} can cancel this challenge.", mention(*challenger))
        }
        StoreError::ChallengeExpired => "This challenge has expired.".into(),
        StoreError::NotExpired { remaining_ms } => {
            format!(
                "The challenge expires in {}.",
                format_duration(*remaining_ms)
            )
        }
        StoreError::NotAPlayer => "You are not playing in this game.".into(),
        StoreError::GameChanged { .. } => {
            "The board changed while you chose your move: look at it again and retry.".into()
        }
        StoreError::NotYourTurn { to_move } => format!("It is {}'s turn.", mention(*to_move)),
        StoreError::IllegalMove(why) => format!("{}.", capitalise(&why.to_string())),
        StoreError::DrawAlreadyOffered { by } => {
            format!("{} has already offered a draw.", mention(*by))
        }
        StoreError::NoDrawOffer => "There is no draw offer for you to answer.".into(),
        StoreError::NoTimeLimit => "This game has no move time limit.".into(),
        StoreError::CannotClaimOnOwnTurn => {
            "It is your turn: only your opponent can claim a win on time.".into()
        }
        StoreError::TimeNotUp { remaining_ms } => format!(
            "The time to move is not up: {} remain.",
            format_duration(*remaining_ms)
        ),
        StoreError::DailyNotReady { wait_ms } => format!(
            "You already claimed your daily allowance; come back in {}.",
            format_duration(*wait_ms)
        ),
        StoreError::InvalidAmount(why) => format!("That amount does not work: {why}."),
        StoreError::IllegalAction(why) => crate::martian::text::illegal(why, None),
        StoreError::WrongGame { game } => crate::martian::text::wrong_game(*game),
        other => {
            let mut msg = capitalise(&other.to_string());
            if !msg.ends_with(['.', '!', '?']) {
                msg.push('.');
            }
            msg
        }
    }
}

/// Checks a currency name as typed: 1 to 20 visible characters — letters, digits,
/// spaces, emoji and common symbols — and nothing that Discord would turn into markup, a
/// link, a mention or a line break. Returns it trimmed.
pub(crate) fn currency_name(typed: &str) -> Result<String, String> {
    const HELP: &str = "The currency name needs 1 to 20 characters: letters, digits, spaces, \
        emoji or symbols like $ € £ ¥ ¢ ₿ % & + - = . , ' ! ? : / — like `coins` or `🪙 gold`.";
    let name = typed.trim();
    let visible = name
        .chars()
        .filter(|&c| c != '\u{200d}' && !('\u{fe00}'..='\u{fe0f}').contains(&c))
        .count();
    let forbidden = |c: char| {
        c.is_control()
            || matches!(
                c,
                '\u{200b}' | '\u{200c}' | '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{feff}'
            )
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
            || ('\u{2028}'..='\u{2029}').contains(&c)
            || (c.is_ascii() && !c.is_ascii_alphanumeric() && !" $%&+-=.,'!?:/".contains(c))
    };
    if visible == 0 || visible > 20 || name.chars().any(forbidden) {
        return Err(HELP.into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_words() {
        assert_eq!(capitalise("it is <@1>'s turn"), "It is <@1>'s turn");
        assert_eq!(signed_money(-3, "coins"), "-3 coins");
        assert_eq!(signed_money(1, "coins"), "+1 coin");
        let rules = rules_summary();
        for role in Role::ALL {
            assert!(rules.contains(role.name()), "{role}");
        }
    }
}
