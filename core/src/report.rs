//! A tournament's report as Markdown, what `jetan export-tournament` writes: its
//! settings, its money, every round's pairings and results, the standings with their
//! tie-breaks, the prizes paid and each game's record (the record `/jetan record`
//! posts). In English, like game records: it is an archive, not a message.

use std::fmt::Write as _;

use jetan_store::{Board, BoardResult, Tournament, TournamentFormat, TournamentId, UserId};

use super::crosstable::half;
use super::lang::{tr, Lang};
use super::{Core, CoreError};

impl Core {
    /// The report of tournament `id` (any server's), or `None` if there is no such
    /// tournament. Its games' records are read from the finished games; a game still in
    /// progress is listed as such.
    ///
    /// # Errors
    /// [`CoreError::Internal`] when the store cannot be read or the event's record is
    /// damaged.
    pub fn tournament_report(&self, id: TournamentId) -> Result<Option<String>, CoreError> {
        let Some(tm) = self.store.tournament(id)? else {
            return Ok(None);
        };
        report(self, &tm).map(Some)
    }
}

/// `text` safe in a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// A player as the report names them: "alice (123)".
fn who(core: &Core, id: UserId) -> String {
    cell(&format!("{} ({id})", core.name_of(id, Lang::En)))
}

/// A board's result from the first player's side.
fn result_text(b: &Board) -> &'static str {
    match b.result {
        None if b.game.is_some() => "in progress",
        None => "not started",
        Some(BoardResult::FirstWins) => "1-0",
        Some(BoardResult::SecondWins) => "0-1",
        Some(BoardResult::Draw) => "½-½",
        Some(BoardResult::FirstWinsByForfeit) => "1-0 (forfeit)",
        Some(BoardResult::SecondWinsByForfeit) => "0-1 (forfeit)",
        Some(BoardResult::DoubleForfeit) => "0-0 (both forfeited)",
        Some(BoardResult::Bye) => "bye",
    }
}

fn when(ms: Option<u64>) -> String {
    ms.map_or_else(
        || "-".to_string(),
        |m| format!("{} UTC", crate::words::date_time(m)),
    )
}

fn report(core: &Core, tm: &Tournament) -> Result<String, CoreError> {
    let en = Lang::En;
    let currency = core.currency_or_default(tm.guild);
    let money = |n: u64| crate::words::money(en, n, &currency).unmarked();
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "# {} (tournament {})\n", cell(&tm.name), tm.id);

    let format = match tm.format {
        TournamentFormat::Swiss { rounds } => tr!(en, "tournament-swiss", rounds = rounds),
        TournamentFormat::RoundRobin { double: false } => tr!(en, "tournament-rr"),
        TournamentFormat::RoundRobin { double: true } => tr!(en, "tournament-rr-double"),
    }
    .unmarked();
    let prizes = tm
        .prizes
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}. {p}%", i + 1))
        .collect::<Vec<_>>()
        .join(", ");
    let rules = crate::games::options_text(en, &tm.terms)
        .map_or_else(|| "standard".to_string(), |t| t.unmarked());
    let settings: Vec<(&str, String)> = vec![
        ("Name", cell(&tm.name)),
        ("Tournament", tm.id.to_string()),
        ("Server", tm.guild.to_string()),
        ("Channel", tm.channel.to_string()),
        ("Organiser", who(core, tm.organiser)),
        ("Format", format),
        (
            "Rounds",
            format!("{} played of {}", tm.rounds.len(), tm.total_rounds()),
        ),
        ("Game", crate::games::name(en, &tm.terms).unmarked()),
        ("Rule options", cell(&rules)),
        (
            "Move time",
            tm.terms
                .move_time_minutes
                .map_or_else(|| "none".to_string(), |m| format!("{m} min")),
        ),
        (
            "Rated",
            if tm.terms.casual {
                "no (casual)"
            } else {
                "yes"
            }
            .to_string(),
        ),
        ("Piece price", money(tm.terms.piece_price)),
        ("Entry fee", money(tm.entry_fee)),
        ("Prizes (share of the pot by place)", prizes),
        (
            "Players",
            format!("{} (at most {})", tm.players.len(), tm.max_players),
        ),
        ("State", tm.state.name().to_string()),
        ("Created", when(Some(tm.created_at))),
        ("Started", when(tm.started_at)),
        ("Ended", when(tm.ended_at)),
    ];
    let _ = writeln!(w, "## Settings\n\n| Setting | Value |\n|---|---|");
    for (k, v) in settings {
        let _ = writeln!(w, "| {k} | {v} |");
    }
    if let Some(note) = &tm.note {
        let _ = writeln!(w, "| Cancelled because | {} |", cell(note));
    }

    let _ = writeln!(
        w,
        "\n## Money\n\n| | |\n|---|---|\n| Entry fees paid in | {} |\n| Refunded | {} |\n| Paid out in prizes | {} |\n| Still held (the pot) | {} |",
        money(tm.fees_in),
        money(tm.refunded),
        money(tm.paid_out),
        money(tm.pot)
    );

    let _ = writeln!(w, "\n## Rounds");
    for (r, round) in tm.rounds.iter().enumerate() {
        let _ = writeln!(
            w,
            "\n### Round {}\n\n| Board | First seat | Second seat | Result | Game |\n|---|---|---|---|---|",
            r + 1
        );
        for (i, b) in round.iter().enumerate() {
            let second = b
                .second
                .map_or_else(|| "(bye)".to_string(), |s| who(core, s));
            let mut game = b.game.map(|g| g.to_string()).unwrap_or_default();
            if !b.aborted.is_empty() {
                let aborted: Vec<String> = b.aborted.iter().map(ToString::to_string).collect();
                let _ = write!(game, " (aborted: {})", aborted.join(", "));
            }
            let _ = writeln!(
                w,
                "| {} | {} | {second} | {} | {} |",
                i + 1,
                who(core, b.first),
                result_text(b),
                game.trim()
            );
        }
    }

    let rows = tm
        .standings()
        .map_err(|e| CoreError::Internal(format!("tournament {}: {e}", tm.id)))?;
    let title = if tm.state == jetan_store::TournamentState::Finished {
        "Final standings".to_string()
    } else {
        format!("Standings after {} rounds", tm.rounds.len())
    };
    let _ = writeln!(
        w,
        "\n## {title}\n\nPoints, then the tie-breaks in order: Buchholz cut-1, Sonneborn-Berger, direct encounter (among players tied on the others, when all of them met), wins.\n\n| Place | Player | Points | Buchholz cut-1 | Sonneborn-Berger | Direct encounter | Wins | |\n|---|---|---|---|---|---|---|---|"
    );
    for s in &rows {
        let place = if s.shared {
            format!("{}=", s.place)
        } else {
            s.place.to_string()
        };
        let _ = writeln!(
            w,
            "| {place} | {} | {} | {} | {} | {} | {} | {} |",
            who(core, UserId(s.player)),
            half(s.score2),
            half(s.buchholz2),
            f64::from(s.sonneborn_berger4) / 4.0,
            s.direct2.map(half).unwrap_or_else(|| "-".into()),
            s.wins,
            if s.withdrawn { "withdrew" } else { "" }
        );
    }

    if !tm.payouts.is_empty() {
        let _ = writeln!(
            w,
            "\n## Prizes paid\n\n| Place | Player | Amount |\n|---|---|---|"
        );
        for p in &tm.payouts {
            let _ = writeln!(
                w,
                "| {} | {} | {} |",
                p.place,
                who(core, p.user),
                money(p.amount)
            );
        }
    }

    let _ = writeln!(w, "\n## Games");
    for (r, round) in tm.rounds.iter().enumerate() {
        for (i, b) in round.iter().enumerate() {
            let (Some(second), Some(game)) = (b.second, b.game) else {
                continue;
            };
            let _ = writeln!(
                w,
                "\n### Round {}, board {}: {} vs {} (game {game})\n",
                r + 1,
                i + 1,
                who(core, b.first),
                who(core, second)
            );
            match core.store.finished_game(game)? {
                Some(f) => {
                    let record = core.game_record(&f);
                    let _ = writeln!(w, "```\n{}\n```", record.trim_end());
                }
                None => {
                    let _ = writeln!(w, "Still being played.");
                }
            }
        }
    }
    Ok(out)
}
