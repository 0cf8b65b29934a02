//! The words every reply uses, whatever the game: amounts of money, durations, lists,
//! capitals. The bottom of the core's wording: it reads the message files and nothing of
//! the games.

use super::lang::{tr, Lang};

/// The first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// An amount with the currency (named in the plural): "1 coin", "40 coins"; the default
/// currency ("coins") in the language's own word.
pub fn money(lang: Lang, amount: u64, currency: &str) -> String {
    let currency = if currency == jetan_store::Settings::default().currency {
        tr!(lang, "currency-default")
    } else {
        currency.to_string()
    };
    let singular = currency.strip_suffix('s').unwrap_or(&currency).to_string();
    tr!(
        lang,
        "money",
        n = amount,
        singular = singular,
        currency = currency.as_str()
    )
}

/// `"3 h 12 min"`, `"45 s"`: a duration for people (the same units in both languages).
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
pub fn signed_money(lang: Lang, amount: i64, currency: &str) -> String {
    let sign = if amount < 0 { "-" } else { "+" };
    format!("{sign}{}", money(lang, amount.unsigned_abs(), currency))
}

/// A list joined with commas and the language's "and".
pub fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), tr!(lang, "and")),
    }
}
