//! Reading what a user typed into a command's options: amounts, move times and one-line
//! texts, refused in the user's language when they are not usable. Below every command.

use jetan_store::MAX_AMOUNT;

use super::lang::{tr, Lang};
use super::{refuse, CoreError};

/// The longest move time limit a challenge may set: one week, in minutes.
pub const MAX_MOVE_TIME_MINUTES: i64 = 7 * 24 * 60;

/// The longest reason an admin may give, or note a payment carries.
const MAX_REASON: usize = 200;

/// Reads an amount typed by a user: whole, not negative, not absurd. `what` is the
/// message key of the amount's name (`what-stake`).
pub(crate) fn amount(lang: Lang, value: i64, what: &str) -> Result<u64, CoreError> {
    let what = lang.text(what, vec![]);
    if value < 0 {
        return refuse(tr!(lang, "amount-negative", what = what).capitalised());
    }
    let v = value as u64;
    if v > MAX_AMOUNT {
        return refuse(tr!(lang, "amount-too-large", what = what, max = MAX_AMOUNT).capitalised());
    }
    Ok(v)
}

/// Text a user gives for the ledger and a message (an admin's reason, a payment's
/// note): trimmed, one line of at most [`MAX_REASON`] characters, else refused with the
/// message `too_long`. Private-use characters are dropped: they read differently on
/// every device, and no reply holds one (the core tests check every reply). What stays
/// is put into replies as words ([`crate::reply::Span::Words`]), so it never reads as
/// a mention or markup whatever it holds.
pub(crate) fn one_line(lang: Lang, text: &str, too_long: &str) -> Result<String, CoreError> {
    let r: String = text
        .trim()
        .chars()
        .filter(|c| !('\u{e000}'..='\u{f8ff}').contains(c))
        .collect();
    if r.chars().count() > MAX_REASON || r.chars().any(char::is_control) {
        return refuse(tr!(lang, too_long, max = MAX_REASON));
    }
    Ok(r)
}
