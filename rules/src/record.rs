//! Game records: a game of Jetan as text that players can keep, read and replay — tag
//! pairs, then the moves in the notation of RULES.md §9, numbered by move pair, each
//! Manator attack followed by its duel's result, then the result.
//!
//! ```text
//! [Game "Jetan"]
//! [Variant "Manator"]
//! [Board "flat"]
//! [Black "alice"]
//! [Orange "bob"]
//! [Result "1-0"]
//! [Termination "princess_captured"]
//!
//! 1. Ne2-e3 Nf9-f8 2. Tc1xc5(+) ... 1-0
//! ```
//!
//! - A tag is `[Name "value"]` on its own line (a `"` or `\` in a value is escaped with
//!   `\`). `Variant` (`Classic`, `Manator`), `Board` (`flat`, `circular`) and `Rules`
//!   (a rules string, RULES.md §12; written only when not standard) say how to replay;
//!   any other tag is kept as it is (the host writes the players, the date, the
//!   server, the terms and the termination).
//! - Moves are separated by white space; a move number (`12.`) and `{comments}` are
//!   skipped. A move that fought a Manator duel carries `(+)` when the attacker won and
//!   `(-)` when it lost: the record replays without the game's secret duel stream.
//! - The result is `1-0` (Black won: Black moves first, as White does in chess), `0-1`
//!   (Orange won), `1/2-1/2` (drawn) or `*` (unfinished or aborted).

use std::fmt;
use std::str::FromStr;

use crate::{replay, MoveText, Position, Replay, ReplayError, Rules, Topology, Variant};

/// One move of a record: the move and, for a Manator attack, whether the attacker won
/// its duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordMove {
    /// The move.
    pub text: MoveText,
    /// The duel's result: `Some(true)` the attacker won, `Some(false)` it lost.
    pub duel: Option<bool>,
}

/// A game record: its tags and moves. [`fmt::Display`] writes the text format,
/// [`FromStr`] reads it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The moves, first to last.
    pub moves: Vec<RecordMove>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

/// Why a text is not a game record, or a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line of the tag section does not read.
    #[error("line {line}: {why}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The moves do not replay.
    #[error(transparent)]
    Replay(#[from] Box<ReplayError>),
    /// A duel mark on a move that fought none, or a duel without its mark.
    #[error("move {number} ({text}): {why}")]
    Duel {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        text: MoveText,
        /// What is wrong.
        why: &'static str,
    },
}

impl GameRecord {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The variant the record is played in (`Variant` tag; Classic without one).
    pub fn variant(&self) -> Result<Variant, RecordError> {
        self.tag("Variant").map_or(Ok(Variant::Classic), |v| {
            v.parse()
                .map_err(|why| RecordError::Syntax { line: 0, why })
        })
    }

    /// The board (`Board` tag; flat without one).
    pub fn topology(&self) -> Result<Topology, RecordError> {
        self.tag("Board").map_or(Ok(Topology::Flat), |v| {
            v.parse()
                .map_err(|why: String| RecordError::Syntax { line: 0, why })
        })
    }

    /// The rule options (`Rules` tag, RULES.md §12; standard without one).
    ///
    /// # Errors
    /// The tag is not a rules string; the message names the culprit.
    pub fn rules(&self) -> Result<Rules, RecordError> {
        self.tag("Rules").map_or(Ok(Rules::STANDARD), |v| {
            v.parse()
                .map_err(|e: crate::ParseRulesError| RecordError::Syntax {
                    line: 0,
                    why: format!("the Rules tag: {e}"),
                })
        })
    }

    /// Sets the `Rules` tag to `rules` in canonical form, after the `Board` tag (or
    /// `Variant`, or last) — or removes it for the standard rules, so a standard game's
    /// record reads as it always has.
    ///
    /// ```
    /// use jetan_rules::{GameRecord, Rules};
    /// let mut record = GameRecord::default();
    /// record.set_rules("t:jump;standard".parse().unwrap());
    /// assert_eq!(record.tag("Rules"), Some("T:jump;standard"));
    /// record.set_rules(Rules::STANDARD);
    /// assert_eq!(record.tag("Rules"), None);
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.tags.retain(|(n, _)| !n.eq_ignore_ascii_case("Rules"));
        if rules.is_standard() {
            return;
        }
        let after = ["Board", "Variant"].iter().find_map(|name| {
            self.tags
                .iter()
                .position(|(n, _)| n.eq_ignore_ascii_case(name))
        });
        let at = after.map_or(self.tags.len(), |i| i + 1);
        self.tags.insert(at, ("Rules".into(), rules.to_string()));
    }

    /// Replays the moves from the start position of the record's variant and board, by
    /// its rules, each duel decided as the record says.
    ///
    /// # Errors
    /// A move that does not replay, or a duel mark that does not match the move.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let start = Position::start_on(self.variant()?, self.topology()?).with_rules(self.rules()?);
        // The duels' results in order; a duel the record gives none for is checked below.
        let mut results = self.moves.iter().filter_map(|m| m.duel);
        let game = replay(
            start,
            self.moves.iter().map(|m| m.text),
            &mut |_: crate::Role, _: crate::Role| results.next().unwrap_or(true),
        )
        .map_err(Box::new)?;
        for (i, (m, step)) in self.moves.iter().zip(game.steps()).enumerate() {
            let fought = step.report.duel.is_some();
            let why = match (fought, m.duel) {
                (true, None) => "a Manator duel was fought but the record gives no result",
                (false, Some(_)) => "the record gives a duel result but no duel was fought",
                _ => continue,
            };
            return Err(RecordError::Duel {
                number: i + 1,
                text: m.text,
                why,
            });
        }
        Ok(game)
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let v = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{v}\"]")?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut put = |word: String, f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
            Ok(())
        };
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                put(format!("{}.", i / 2 + 1), f)?;
            }
            let mark = match m.duel {
                Some(true) => "(+)",
                Some(false) => "(-)",
                None => "",
            };
            put(format!("{}{mark}", m.text), f)?;
        }
        let result = if self.result.is_empty() {
            "*"
        } else {
            &self.result
        };
        put(result.to_string(), f)?;
        writeln!(f, "{line}")
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::default();
        let mut body = String::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if let Some(inner) = line.strip_prefix('[') {
                let syntax = |why: &str| RecordError::Syntax {
                    line: i + 1,
                    why: why.to_string(),
                };
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("a tag ends with ]"))?;
                let (name, rest) = inner
                    .split_once(' ')
                    .ok_or_else(|| syntax("a tag is [Name \"value\"]"))?;
                let quoted = rest
                    .trim()
                    .strip_prefix('"')
                    .and_then(|r| r.strip_suffix('"'))
                    .ok_or_else(|| syntax("a tag's value is in double quotes"))?;
                let mut value = String::new();
                let mut chars = quoted.chars();
                while let Some(c) = chars.next() {
                    value.push(if c == '\\' {
                        chars.next().unwrap_or('\\')
                    } else {
                        c
                    });
                }
                record.tags.push((name.to_string(), value));
            } else {
                body.push_str(line);
                body.push('\n');
            }
        }
        let mut rest = body.as_str();
        let mut words = Vec::new();
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
            } else if c == '{' {
                rest = rest.find('}').map_or("", |end| &rest[end + 1..]);
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(rest.len());
                words.push(&rest[..end]);
                rest = &rest[end..];
            }
        }
        for word in words {
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                record.result = word.to_string();
                continue;
            }
            if word.ends_with('.') && word[..word.len() - 1].bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let (text, duel) = match word {
                w if w.ends_with("(+)") => (&w[..w.len() - 3], Some(true)),
                w if w.ends_with("(-)") => (&w[..w.len() - 3], Some(false)),
                w => (w, None),
            };
            let text: MoveText =
                text.parse()
                    .map_err(|e: crate::ParseMoveError| RecordError::Syntax {
                        line: 0,
                        why: e.to_string(),
                    })?;
            record.moves.push(RecordMove { text, duel });
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DuelStream, Outcome};

    /// A game played by a seeded random player to its end, as a record.
    fn played(variant: Variant, topology: Topology, seed: u64) -> (GameRecord, Position) {
        let mut pos = Position::start_on(variant, topology);
        let mut dice = DuelStream::new(seed);
        let mut rng = DuelStream::new(seed ^ 99);
        let mut moves = Vec::new();
        while pos.outcome().is_none() && moves.len() < 300 {
            let legal = pos.legal_moves();
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            let (next, report) = pos.play(m, &mut dice).unwrap();
            moves.push(RecordMove {
                text: MoveText::from(report.mv),
                duel: report.duel.map(|d| d.attacker_won),
            });
            pos = next;
        }
        let result = match pos.outcome() {
            Some(Outcome::Win {
                winner: crate::Color::Black,
                ..
            }) => "1-0",
            Some(Outcome::Win { .. }) => "0-1",
            Some(Outcome::Draw { .. }) => "1/2-1/2",
            None => "*",
        };
        let record = GameRecord {
            tags: vec![
                ("Game".into(), "Jetan".into()),
                ("Variant".into(), format!("{variant:?}")),
                ("Board".into(), topology.to_string()),
                ("Black".into(), "al \"the\" ice\\".into()),
            ],
            moves,
            result: result.into(),
        };
        (record, pos)
    }

    #[test]
    fn records_round_trip_and_replay_to_the_same_end() {
        for (i, (variant, topology)) in [
            (Variant::Classic, Topology::Flat),
            (Variant::Manator, Topology::Flat),
            (Variant::Classic, Topology::Circular),
            (Variant::Manator, Topology::Circular),
        ]
        .into_iter()
        .enumerate()
        {
            for seed in 0..4 {
                let (record, end) = played(variant, topology, seed * 10 + i as u64);
                let text = record.to_string();
                assert!(text.lines().all(|l| l.len() <= 79), "{text}");
                let back: GameRecord = text.parse().unwrap();
                assert_eq!(back, record, "{text}");
                let game = back.replay().unwrap();
                assert_eq!(game.last(), &end);
                assert_eq!(back.tag("black"), Some("al \"the\" ice\\"));
            }
        }
    }

    #[test]
    fn a_wrong_duel_mark_or_move_is_named() {
        let r: GameRecord = "[Variant \"Classic\"]\n\n1. e2-e3(+) f9-f8 *"
            .parse()
            .unwrap();
        assert!(matches!(
            r.replay(),
            Err(RecordError::Duel { number: 1, .. })
        ));
        let r: GameRecord = "1. e2-e3 {a comment} e3-e4 *".parse().unwrap();
        let e = r.replay().unwrap_err();
        assert!(e.to_string().contains("move 2 (e3-e4)"), "{e}");
        assert!("[Variant Classic]".parse::<GameRecord>().is_err());
        assert!("1. e2-e99".parse::<GameRecord>().is_err());
    }
}
