//! Jetan's rule options (RULES.md §12) in words: a game's options per side, and the
//! refusals that depend on them.

use jetan_rules::{Color, IllegalMove, Role, Rules, SideRules, Value};

use super::pieces::role_name;
use super::words::color_name;
use crate::lang::{tr, Lang};
use crate::reply::Text;

/// How many steps a piece's move has (RULES.md §2; the Odwar's as the Flier's).
fn steps(role: Role) -> u8 {
    match role {
        Role::Panthan => 1,
        Role::Warrior | Role::Padwar | Role::Thoat => 2,
        _ => 3,
    }
}

/// One side's changes from the standard rules, as clauses ("Warrior moves 1 to 2
/// steps", "Thoat jumps over pieces"), in the canonical order.
fn changes(lang: Lang, side: &SideRules) -> Vec<Text> {
    change_clauses(lang, side, None)
}

/// The clauses of one piece kind's changes on `side`.
pub(super) fn piece_changes(lang: Lang, side: &SideRules, role: Role) -> Vec<Text> {
    change_clauses(lang, side, Some(role))
}

fn change_clauses(lang: Lang, side: &SideRules, only: Option<Role>) -> Vec<Text> {
    side.changes()
        .filter(|(role, _)| only.is_none_or(|r| r == *role))
        .map(|(role, value)| {
            let piece = role_name(lang, role);
            let key = match value {
                Value::Upto => "rules-change-upto",
                Value::Mixed => "rules-change-mixed",
                Value::Jump => "rules-change-jump",
                Value::NoJump => "rules-change-nojump",
                Value::Brave => "rules-change-brave",
                Value::NoEscape => "rules-change-noescape",
                // Defaults are never changes.
                Value::Exact | Value::Pure | Value::Timid | Value::Escape => {
                    "rules-change-standard"
                }
            };
            tr!(lang, key, piece = piece, n = steps(role))
        })
        .collect()
}

/// A game's rule options in words, per side, or `None` for the standard rules:
/// "Rule options (`standard;D:upto`): Black plays the standard rules; Orange: Dwar moves
/// 1 to 3 steps."
pub(crate) fn rules_text(lang: Lang, rules: &Rules) -> Option<Text> {
    if rules.is_standard() {
        return None;
    }
    let side_text = |color: Color| {
        let side = rules.side(color);
        let name = color_name(lang, color);
        if side.is_standard() {
            tr!(lang, "rules-options-side-standard", side = name)
        } else {
            tr!(
                lang,
                "rules-options-side",
                side = name,
                changes = Text::join(changes(lang, &side), "; ")
            )
        }
    };
    let sides = if rules.side(Color::Black) == rules.side(Color::Orange) {
        tr!(
            lang,
            "rules-options-both",
            changes = Text::join(changes(lang, &rules.side(Color::Black)), "; ")
        )
    } else {
        side_text(Color::Black)
            .and(". ")
            .and(side_text(Color::Orange))
    };
    Some(tr!(
        lang,
        "rules-options",
        rules = rules.to_string(),
        sides = sides
    ))
}

/// A move the rules refuse in `pos`, in words that follow its rule options (RULES.md
/// §12): a piece out of reach is told how it moves in this game, and a Princess without an
/// escape is told so rather than that she used it.
pub(crate) fn illegal_under(lang: Lang, e: &IllegalMove, pos: &jetan_rules::Position) -> Text {
    let side = pos.rules().side(pos.turn());
    match e {
        IllegalMove::EscapeUsed { from, to } if !side.has_escape() => tr!(
            lang,
            "illegal-no-escape",
            from = from.to_string(),
            to = to.to_string()
        ),
        IllegalMove::OutOfReach { role, .. } | IllegalMove::Blocked { role, .. }
            if side.changes().any(|(r, _)| r == *role) =>
        {
            let options = piece_changes(lang, &side, *role);
            super::pieces::illegal(lang, e).and(" ").and(tr!(
                lang,
                "illegal-under-options",
                options = Text::join(options, "; ")
            ))
        }
        _ => super::pieces::illegal(lang, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under rule options the refusal says how the piece moves in this game, and a
    /// Princess without an escape is not told she used it.
    #[test]
    fn refusals_follow_the_rule_options() {
        use jetan_rules::{Position, Square};
        let pos = Position::start().with_rules("W:upto;P:noescape".parse().unwrap());
        let (a1, a4) = ("a1".parse().unwrap(), "a4".parse().unwrap());
        let e = pos.find_move(a1, a4).unwrap_err();
        let text = illegal_under(Lang::En, &e, &pos).plain();
        assert!(
            text.ends_with("In this game: Warrior moves 1 to 2 steps."),
            "{text}"
        );
        // An escape the standard rules allow at the start, refused under `P:noescape`.
        let standard = Position::start();
        let orange = Position::start().with_rules("P:noescape".parse().unwrap());
        let (f, t) = Square::all()
            .flat_map(|f| Square::all().map(move |t| (f, t)))
            .find(|&(f, t)| standard.find_move(f, t).is_ok_and(|m| m.escape))
            .expect("an escape at the start");
        let e = orange.find_move(f, t).unwrap_err();
        let text = illegal_under(Lang::En, &e, &orange).plain();
        assert!(text.contains("has no escape in this game"), "{text}");
        assert!(!super::super::pieces::illegal(Lang::En, &e)
            .plain()
            .contains("no escape in this game"));
    }
}
