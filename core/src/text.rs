//! Words: how replies say things, in each language ([`Lang`]); the words themselves are
//! in the message files (`core/locales/*.ftl`).

use jetan_store::{
    BySeat, EndReason, GameResult, Payment, PaymentKind, Seat, Settlement, StoreError, UserId,
};

use super::lang::{tr, Lang};
use super::reply::Text;
use super::request::mention;
pub use super::words::{format_duration, list, money, signed_money};

/// "17 moves" for a game of `plies` plies, counted one per side.
pub fn moves_count(lang: Lang, plies: usize) -> Text {
    tr!(lang, "moves-count", n = plies.div_ceil(2))
}

/// One line per payment: "@a paid @b 3 coins for the Dwar"; `piece` words the price
/// of a lost piece (`from`, `to`, the amount, the piece's letter), which only the game
/// knows how to name.
pub fn payments(
    lang: Lang,
    list: &[Payment],
    currency: &str,
    piece: &dyn Fn(&Text, &Text, &Text, char) -> Text,
) -> Vec<Text> {
    list.iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let (from, to, amount) = (
                mention(p.from),
                mention(p.to),
                money(lang, p.amount, currency),
            );
            let mut line = match p.kind {
                PaymentKind::Piece { piece: letter } => piece(&from, &to, &amount, letter),
                PaymentKind::Stake => {
                    tr!(lang, "paid-stake", from = from, to = to, amount = amount)
                }
            };
            if p.over_limit > 0 {
                line.push(" ");
                line.push(tr!(
                    lang,
                    "over-limit",
                    amount = money(lang, p.over_limit, currency)
                ));
            }
            line
        })
        .collect()
}

/// Why a game ended, in words: the message `reason-<its name>` (`reason-princess-captured`,
/// `reason-resignation`), for every game's endings and the host's alike.
pub fn reason(lang: Lang, reason: EndReason) -> Text {
    lang.text(
        &format!("reason-{}", reason.name().replace('_', "-")),
        vec![],
    )
}

/// The line under a board about the time of the player who must act, if the game has a
/// move time: what is left, or that it is up (then the opponent may claim the win).
/// `unit`: what the time is for, `move` or `turn`.
pub(crate) fn clock_line(
    lang: Lang,
    game: &jetan_store::Game,
    now: u64,
    unit: &str,
) -> Option<Text> {
    let deadline = game.deadline()?;
    Some(if deadline > now {
        tr!(
            lang,
            "time-left",
            unit = unit,
            time = format_duration(deadline - now)
        )
    } else {
        tr!(lang, "time-up", unit = unit)
    })
}

/// The name of a pool of ratings ("Classic Jetan"): the message `pool-<name>`.
/// A pool a game qualifies (`classic/T:jump`, Jetan's rule options) is its base pool's
/// name with the qualifier: "Classic Jetan (`T:jump`)".
pub(crate) fn pool_name(lang: Lang, pool: &jetan_store::RatingPool) -> Text {
    let base = |name: &str| lang.text(&format!("pool-{}", name.replace('_', "-")), vec![]);
    match pool.name().split_once('/') {
        Some((name, qualifier)) => base(name).and(" (").and(Text::code(qualifier)).and(")"),
        None => base(pool.name()),
    }
}

/// The rating change of a rated game, in one line.
pub(crate) fn rating_line(lang: Lang, s: &Settlement) -> Option<Text> {
    let change = s.rating.as_ref()?;
    let side = |c: Seat| {
        let (b, a) = (change.before[c].rating, change.after[c].rating);
        tr!(
            lang,
            "rating-change",
            who = mention(s.players[c]),
            before = b.round() as i64,
            after = a.round() as i64,
            delta = format!("{:+}", (a.round() - b.round()) as i64)
        )
    };
    Some(tr!(
        lang,
        "rating-changes",
        game = pool_name(lang, &change.pool),
        black = side(Seat::First),
        orange = side(Seat::Second)
    ))
}

/// A button or menu whose game is over or was replaced.
pub(crate) fn stale_button(lang: Lang) -> Text {
    tr!(lang, "stale-menu")
}

/// The headline of a finished game.
pub fn result_line(lang: Lang, result: &GameResult, why: EndReason) -> Text {
    match result {
        GameResult::Win { winner, .. } => tr!(
            lang,
            "result-win",
            who = mention(*winner),
            reason = reason(lang, why)
        ),
        GameResult::Draw => tr!(lang, "result-draw", reason = reason(lang, why)),
        GameResult::Aborted => tr!(lang, "result-aborted"),
    }
}

/// The result as plain words for a picture banner.
pub fn result_banner(
    lang: Lang,
    result: &GameResult,
    why: EndReason,
    name: impl Fn(UserId) -> String,
) -> String {
    let text = match result {
        GameResult::Win { winner, .. } => tr!(
            lang,
            "banner-win",
            who = name(UserId((*winner).get())),
            reason = reason(lang, why)
        ),
        GameResult::Draw => tr!(lang, "banner-draw", reason = reason(lang, why)),
        GameResult::Aborted => tr!(lang, "banner-aborted"),
    };
    text.unmarked()
}

/// The whole end-of-game text: headline, payments, releases, net per player (a game
/// where no money moved says so instead).
pub fn settlement(lang: Lang, s: &Settlement, currency: &str, practice: bool) -> Text {
    let mut out = result_line(lang, &s.result, s.reason);
    if let Some(line) = rating_line(lang, s) {
        out.line(line);
    }
    if practice {
        out.line(tr!(lang, "practice-no-money-moved"));
        return out;
    }
    let moved = s.payments.iter().any(|p| p.amount > 0) || s.released.iter().any(|r| r.amount > 0);
    if !moved {
        out.line(tr!(lang, "friendly-no-money"));
        return out;
    }
    // A settlement pays stakes only: piece prices are paid as pieces are lost.
    let stakes: Vec<Payment> = s
        .payments
        .iter()
        .filter(|p| p.kind == PaymentKind::Stake)
        .copied()
        .collect();
    for line in payments(lang, &stakes, currency, &|_, _, _, _| Text::new()) {
        out.line(Text::words("• ").and(line));
    }
    for r in s.released.iter().filter(|r| r.amount > 0) {
        let line = tr!(
            lang,
            "released",
            who = mention(r.user),
            amount = money(lang, r.amount, currency)
        );
        out.line(Text::words("• ").and(line));
    }
    out.line(tr!(
        lang,
        "net",
        black = mention(s.players.first),
        black_net = signed_money(lang, s.net.first, currency),
        orange = mention(s.players.second),
        orange_net = signed_money(lang, s.net.second, currency)
    ));
    out
}

/// " N coins returned to @x.", or nothing.
pub(crate) fn refund_text(lang: Lang, amount: u64, to: UserId, currency: &str) -> Text {
    if amount == 0 {
        Text::new()
    } else {
        let line = tr!(
            lang,
            "refunded",
            amount = money(lang, amount, currency),
            who = mention(to)
        );
        Text::words(" ").and(line)
    }
}

/// Who won a game, or that it was drawn or aborted, naming the players in their seats'
/// order: "@a beat @b", "@a and @b drew".
pub(crate) fn outcome(lang: Lang, result: &GameResult, players: &BySeat<UserId>) -> Text {
    match *result {
        GameResult::Win { winner, loser } => tr!(
            lang,
            "history-beat",
            winner = mention(winner),
            loser = mention(loser)
        ),
        GameResult::Draw => tr!(
            lang,
            "history-drew",
            black = mention(players.first),
            orange = mention(players.second)
        ),
        GameResult::Aborted => tr!(
            lang,
            "history-aborted",
            black = mention(players.first),
            orange = mention(players.second)
        ),
    }
}

/// A store refusal in words, for the user who was refused.
pub(crate) fn refusal(lang: Lang, e: &StoreError, currency: &str) -> Text {
    let m = |n: u64| money(lang, n, currency);
    match e {
        StoreError::ChannelBusy { what } => match *what {
            "a game in progress" => tr!(lang, "busy-game"),
            "an open challenge" => tr!(lang, "busy-challenge"),
            _ => tr!(lang, "busy-other"),
        },
        StoreError::SeveralChallenges { count } => tr!(lang, "several-challenges", n = *count),
        StoreError::ChannelNotAllowed => tr!(lang, "channel-not-allowed"),
        StoreError::SelfChallenge => tr!(lang, "no-self-challenge"),
        StoreError::InvalidTerms(_) => tr!(lang, "terms-bad"),
        StoreError::InsufficientFunds {
            available,
            needed,
            what: "the payment",
            ..
        } => tr!(
            lang,
            "insufficient-pay",
            available = m(*available),
            needed = m(*needed)
        ),
        StoreError::SelfPayment => tr!(lang, "pay-self"),
        StoreError::AboveLimit { what, max } => match *what {
            "stake" => tr!(lang, "stake-above-limit", max = m(*max)),
            _ => tr!(lang, "price-above-limit", max = m(*max)),
        },
        StoreError::PaymentCap { cap, left, wait_ms } => tr!(
            lang,
            "pay-cap",
            cap = m(*cap),
            left = m(*left),
            time = format_duration(*wait_ms)
        ),
        StoreError::BalanceLimit { user, room, .. } => {
            tr!(lang, "balance-limit", who = mention(*user), room = m(*room))
        }
        StoreError::InsufficientFunds {
            user,
            available,
            needed,
            ..
        } => tr!(
            lang,
            "insufficient",
            who = mention(*user),
            available = m(*available),
            needed = m(*needed)
        ),
        StoreError::NoChallenge => tr!(lang, "no-open-challenge"),
        StoreError::ChallengeReplaced => tr!(lang, "challenge-replaced"),
        StoreError::GameReplaced => tr!(lang, "game-replaced"),
        StoreError::NoGame => tr!(lang, "no-game"),
        StoreError::AlreadyStarted => tr!(lang, "already-started"),
        StoreError::NotChallenged { challenged } => {
            tr!(lang, "only-challenged", who = mention(*challenged))
        }
        StoreError::NotChallenger { challenger } => {
            tr!(lang, "only-challenger", who = mention(*challenger))
        }
        StoreError::ChallengeExpired => tr!(lang, "challenge-expired"),
        StoreError::NotExpired { remaining_ms } => {
            tr!(lang, "not-expired", time = format_duration(*remaining_ms))
        }
        StoreError::NotAPlayer => tr!(lang, "not-playing"),
        StoreError::GameChanged { .. } => tr!(lang, "game-changed"),
        StoreError::NotYourTurn { to_move } => tr!(lang, "not-your-turn", who = mention(*to_move)),
        StoreError::DrawAlreadyOffered { by } => {
            tr!(lang, "draw-already-offered", who = mention(*by))
        }
        StoreError::NoDrawOffer => tr!(lang, "no-draw-offer"),
        StoreError::NoTimeLimit => tr!(lang, "no-time-limit"),
        StoreError::CannotClaimOnOwnTurn => tr!(lang, "claim-own-turn"),
        StoreError::TimeNotUp { remaining_ms } => {
            tr!(lang, "time-not-up", time = format_duration(*remaining_ms))
        }
        StoreError::BattleTimeNotUp { remaining_ms } => {
            tr!(
                lang,
                "battle-card-pending",
                time = format_duration(*remaining_ms)
            )
        }
        StoreError::DailyNotReady { wait_ms } => {
            tr!(lang, "daily-not-ready", time = format_duration(*wait_ms))
        }
        StoreError::InvalidAmount(_) => tr!(lang, "amount-bad", max = jetan_store::MAX_AMOUNT),
        other => {
            tracing::info!("refused: {other}");
            tr!(lang, "refused-other")
        }
    }
}

/// Checks a currency name as typed: 1 to 20 visible characters — letters, digits,
/// spaces, emoji and common symbols — and nothing that Discord would turn into markup, a
/// link, a mention or a line break. Returns it trimmed.
pub(crate) fn currency_name(lang: Lang, typed: &str) -> Result<String, Text> {
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
        return Err(tr!(lang, "currency-help"));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_words() {
        assert_eq!(
            Text::words("it is <@1>'s turn").capitalised().plain(),
            "It is <@1>'s turn"
        );
        assert_eq!(signed_money(Lang::En, -3, "coins"), "-3 coins");
        assert_eq!(
            money(Lang::En, 2, "**x** <@1>").spans(),
            [crate::reply::Span::Words("2 **x** <@1>".into())]
        );
        assert_eq!(signed_money(Lang::En, 1, "coins"), "+1 coin");
        assert_eq!(money(Lang::Es, 1, "coins"), "1 moneda");
        assert_eq!(money(Lang::Es, 40, "coins"), "40 monedas");
        assert_eq!(money(Lang::Es, 2, "doblas"), "2 doblas");
    }

    #[test]
    fn moves_are_counted_one_per_side() {
        assert_eq!(moves_count(Lang::En, 34), "17 moves");
        assert_eq!(moves_count(Lang::En, 1), "1 move");
        assert_eq!(moves_count(Lang::Es, 1), "1 jugada");
    }
}
