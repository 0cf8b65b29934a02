//! Jetan in words: its pieces' names and moves, the rules in short (`/jetan rules`), and
//! a move the rules refuse.

use jetan_rules::{IllegalMove, Role};

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::text::list;

fn role_key(role: Role) -> &'static str {
    match role {
        Role::Panthan => "panthan",
        Role::Warrior => "warrior",
        Role::Padwar => "padwar",
        Role::Thoat => "thoat",
        Role::Dwar => "dwar",
        Role::Flier => "flier",
        Role::Chief => "chief",
        Role::Princess => "princess",
        Role::Odwar => "odwar",
    }
}

/// A piece's name: "Warrior", "Guerrero".
pub(crate) fn role_name(lang: Lang, role: Role) -> Text {
    lang.text(&format!("piece-{}", role_key(role)), vec![])
}

/// A piece with its article: "the Warrior", "la Princesa".
pub(crate) fn the_role(lang: Lang, role: Role) -> Text {
    lang.text(&format!("the-{}", role_key(role)), vec![])
}

/// How a piece moves, in a sentence.
pub(crate) fn movement(lang: Lang, role: Role) -> Text {
    lang.text(&format!("move-{}", role_key(role)), vec![])
}

/// The rules, short, with each piece, its value and how it moves (RULES.md).
pub(crate) fn rules_summary(lang: Lang) -> Text {
    let mut s = Text::new();
    for key in [
        "rules-intro",
        "rules-steps",
        "rules-princess",
        "rules-win",
        "rules-circular",
    ] {
        s.push(lang.text(key, vec![]));
        s.push("\n\n");
    }
    s.push(tr!(lang, "rules-pieces"));
    s.push("\n");
    for role in Role::ALL {
        s.push(tr!(
            lang,
            "rules-piece",
            piece = role_name(lang, role),
            letter = role.upper_char().to_string(),
            value = role.value(),
            movement = movement(lang, role)
        ));
        s.push("\n");
    }
    for key in [
        "rules-manator",
        "rules-options-help",
        "rules-wagers",
        "rules-moves",
    ] {
        s.line(lang.text(key, vec![]));
    }
    s
}

/// A move the rules refuse, in words.
pub(crate) fn illegal(lang: Lang, e: &IllegalMove) -> Text {
    let sq = |s: jetan_rules::Square| s.to_string();
    match e {
        IllegalMove::GameOver(_) => tr!(lang, "illegal-game-over"),
        IllegalMove::Empty(s) => tr!(lang, "illegal-empty", square = sq(*s)),
        IllegalMove::NotYours { square, piece } => tr!(
            lang,
            "illegal-not-yours",
            piece = the_role(lang, piece.role),
            square = sq(*square)
        )
        .capitalised(),
        IllegalMove::SameSquare(s) => tr!(lang, "illegal-same-square", square = sq(*s)),
        IllegalMove::OwnPiece { to, piece } => tr!(
            lang,
            "illegal-own-piece",
            piece = role_name(lang, piece.role),
            square = sq(*to)
        ),
        IllegalMove::PrincessCannotCapture { to, piece } => tr!(
            lang,
            "illegal-princess-capture",
            piece = the_role(lang, piece.role),
            square = sq(*to)
        ),
        IllegalMove::Threatened { to } => tr!(lang, "illegal-threatened", square = sq(*to)),
        IllegalMove::EscapeUsed { from, to } => {
            tr!(lang, "illegal-escape-used", from = sq(*from), to = sq(*to))
        }
        IllegalMove::PanthanBackwards { from, .. } => {
            tr!(lang, "illegal-panthan-backwards", square = sq(*from))
        }
        IllegalMove::OutOfReach { role, from, to } => tr!(
            lang,
            "illegal-out-of-reach",
            piece = the_role(lang, *role),
            from = sq(*from),
            to = sq(*to),
            movement = movement(lang, *role)
        )
        .capitalised(),
        IllegalMove::Blocked { role, from, to, by } => tr!(
            lang,
            "illegal-blocked",
            piece = the_role(lang, *role),
            from = sq(*from),
            to = sq(*to),
            by = list(
                lang,
                &(*by)
                    .map(|s| Text::words(s.to_string()))
                    .collect::<Vec<_>>()
            )
        )
        .capitalised(),
        IllegalMove::WrongPiece {
            square,
            named,
            actual,
        } => tr!(
            lang,
            "illegal-wrong-piece",
            square = sq(*square),
            named = the_role(lang, *named),
            actual = the_role(lang, *actual)
        ),
        _ => tr!(lang, "illegal-other"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refusal of every illegal move from the start positions and a few moves
    /// into each game (both variants, both board shapes) reads right in both languages:
    /// no article written twice ("The the Dwar"), and no sentence starts with "the".
    #[test]
    fn illegal_move_refusals_read_right() {
        use jetan_rules::{DuelStream, Position, Square, Topology, Variant};
        let doubled = ["the the ", "el el ", "la la ", "los los "];
        let mut checked = 0;
        for variant in [Variant::Classic, Variant::Manator] {
            for topology in Topology::ALL {
                let mut pos = Position::start_on(variant, topology);
                let mut dice = DuelStream::resume(7, 0);
                for _ in 0..6 {
                    for from in Square::all() {
                        for to in Square::all() {
                            let Err(e) = pos.find_move(from, to) else {
                                continue;
                            };
                            for lang in [Lang::En, Lang::Es] {
                                let text = illegal(lang, &e).plain();
                                let lower = text.to_lowercase();
                                assert!(
                                    !doubled.iter().any(|d| lower.contains(d)),
                                    "{from}-{to}: {text}"
                                );
                                assert!(!text.starts_with("the "), "{from}-{to}: {text}");
                                checked += 1;
                            }
                        }
                    }
                    let moves = pos.legal_moves();
                    let Some(m) = moves.iter().find(|m| !m.is_capture()).copied() else {
                        break;
                    };
                    pos = pos.play(m, &mut dice).unwrap().0;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_blocked_move_reads_right_in_english() {
        let pos = jetan_rules::Position::start();
        let blocked = jetan_rules::Square::all()
            .flat_map(|f| jetan_rules::Square::all().map(move |t| (f, t)))
            .find_map(|(f, t)| match pos.find_move(f, t) {
                Err(e @ IllegalMove::Blocked { .. }) => Some(e),
                _ => None,
            })
            .expect("a blocked move at the start");
        let text = illegal(Lang::En, &blocked).plain();
        assert!(text.starts_with("The "), "{text}");
        assert!(text.contains("cannot reach"), "{text}");
        assert!(text.contains("the way is blocked at"), "{text}");
        assert!(!text.to_lowercase().contains("the the"), "{text}");
    }

    #[test]
    fn the_rules_name_every_piece() {
        for lang in Lang::ALL {
            let rules = rules_summary(lang).plain();
            for role in Role::ALL {
                assert!(rules.contains(&role_name(lang, role).plain()), "{role}");
            }
        }
    }

    #[test]
    fn rules_say_that_steps_turn_and_who_jumps() {
        let en = rules_summary(Lang::En).plain();
        assert!(
            en.contains("may turn between them: e5→e7, e5→g5, e5→f6"),
            "{en}"
        );
        assert!(en.contains("va ÷ (va + vd)"));
        assert!(en.contains("38 %"));
        let es = rules_summary(Lang::Es).plain();
        for word in [
            "Guerrero", "Volador", "Jefe", "Princesa", "la huida", "Tablas",
        ] {
            assert!(es.contains(word), "{word}");
        }
    }

    #[test]
    fn squares_stay_lower_case() {
        let e = IllegalMove::Empty("e5".parse().unwrap());
        assert_eq!(illegal(Lang::En, &e), "e5 is empty.");
        assert_eq!(illegal(Lang::Es, &e), "e5 está vacía.");
    }
}
