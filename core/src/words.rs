//! The words every reply uses, whatever the game: amounts of money, durations, lists.
//! The bottom of the core's wording: it reads the message files and nothing of
//! the games.

use super::lang::{tr, Lang};
use super::reply::Text;

/// A day as `YYYY.MM.DD` (UTC) from Unix milliseconds, as game records date games.
pub fn date(ms: u64) -> String {
    // Days to a civil date (Howard Hinnant's algorithm).
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A moment as `YYYY-MM-DD HH:MM:SS` (UTC) from Unix milliseconds, as spreadsheets
/// read it.
pub fn date_time(ms: u64) -> String {
    let secs = (ms / 1000) % 86_400;
    format!(
        "{} {:02}:{:02}:{:02}",
        date(ms).replace('.', "-"),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// A server's ledger as CSV (RFC 4180, a header line, `\r\n` line ends): one line per
/// entry in ledger order, for a spreadsheet.
pub fn ledger_csv(entries: &[jetan_store::LedgerEntry]) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let opt = |v: Option<String>| v.unwrap_or_default();
    let mut out = String::from(
        "seq,time_utc,at_ms,server,user,kind,balance_delta,escrow_delta,game,request,reason\r\n",
    );
    for e in entries {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{}\r\n",
            e.seq,
            date_time(e.at),
            e.at,
            e.guild,
            e.user,
            e.kind.name(),
            e.balance_delta,
            e.escrow_delta,
            opt(e.game.map(|g| g.to_string())),
            opt(e.request.map(|r| r.to_string())),
            field(&e.reason)
        ));
    }
    out
}

/// An amount with the currency (named in the plural): "1 coin", "40 coins"; the default
/// currency ("coins") in the language's own word.
pub fn money(lang: Lang, amount: u64, currency: &str) -> Text {
    let currency = if currency == jetan_store::Settings::default().currency {
        tr!(lang, "currency-default").unmarked()
    } else {
        currency.to_string()
    };
    let singular = currency.strip_suffix('s').unwrap_or(&currency).to_string();
    tr!(
        lang,
        "money",
        n = amount,
        singular = singular,
        currency = currency
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
pub fn signed_money(lang: Lang, amount: i64, currency: &str) -> Text {
    let sign = if amount < 0 { "-" } else { "+" };
    Text::words(sign).and(money(lang, amount.unsigned_abs(), currency))
}

/// A list joined with commas and the language's "and".
pub fn list(lang: Lang, items: &[Text]) -> Text {
    match items {
        [] => Text::new(),
        [one] => one.clone(),
        [rest @ .., last] => Text::join(rest, ", ")
            .and(" ")
            .and(tr!(lang, "and"))
            .and(" ")
            .and(last),
    }
}

#[cfg(test)]
mod date_tests {
    use jetan_store::{GuildId, UserId};
    #[test]
    fn dates_are_civil_days_in_utc() {
        assert_eq!(super::date(0), "1970.01.01");
        assert_eq!(super::date(951_782_400_000), "2000.02.29");
        assert_eq!(super::date(1_796_169_600_000 + 86_399_999), "2026.12.02");
        assert_eq!(
            super::date_time(1_796_169_600_000 + 86_399_999),
            "2026-12-02 23:59:59"
        );
    }

    #[test]
    fn the_ledger_reads_as_csv_with_quoted_reasons() {
        let e = |seq, reason: &str| jetan_store::LedgerEntry {
            seq,
            guild: GuildId(1),
            user: UserId(101),
            kind: jetan_store::EntryKind::Payment,
            balance_delta: -5,
            escrow_delta: 0,
            game: None,
            request: Some(77),
            at: 951_782_400_000,
            reason: reason.into(),
        };
        assert_eq!(
            super::ledger_csv(&[e(3, "payment to 102"), e(4, "payment to 102: \"thanks\", bob")]),
            "seq,time_utc,at_ms,server,user,kind,balance_delta,escrow_delta,game,request,reason\r\n\
             3,2000-02-29 00:00:00,951782400000,1,101,payment,-5,0,,77,payment to 102\r\n\
             4,2000-02-29 00:00:00,951782400000,1,101,payment,-5,0,,77,\"payment to 102: \"\"thanks\"\", bob\"\r\n"
        );
    }
}
