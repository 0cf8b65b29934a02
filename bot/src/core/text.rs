//! Words: how replies say things.

use jetan_rules::Role;
use jetan_store::{format_amount, EndReason, GameResult, Payment, PaymentKind, Settlement};

use super::request::mention;

/// The first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// An amount with the currency: "1 coin", "40 coins".
pub fn money(amount: u64, currency: &str) -> String {
    format_amount(amount, currency)
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
         each side has 3 pieces or fewer of equal value and ten more moves pass without a win.\n\n",
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
