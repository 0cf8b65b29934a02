//! The names of a game of Jetan: its variant and board, its rule options (RULES.md §12)
//! in words, its piece prices; and its options as a challenge types them.

use crate::lang::{tr, Lang};
use crate::words::money;
use crate::CoreError;
use jetan_rules::{Color, Role, Rules, SideRules, Topology, Value, Variant};
use jetan_store::games::jetan::{options, Options};
use jetan_store::Terms;

/// The name of a variant as players read it.
pub(crate) fn variant_name(lang: Lang, v: Variant) -> String {
    match v {
        Variant::Classic => tr!(lang, "variant-classic"),
        Variant::Manator => tr!(lang, "variant-manator"),
    }
}

/// The name of a game of Jetan's rules and board.
pub(super) fn name(lang: Lang, t: &Terms) -> String {
    let o = options(t);
    let name = variant_name(lang, o.variant);
    match o.topology {
        Topology::Flat => name,
        Topology::Circular => tr!(lang, "game-circular", variant = name),
    }
}

/// The variants as a challenge types them.
const VARIANTS: [(&str, Variant); 2] =
    [("classic", Variant::Classic), ("manator", Variant::Manator)];
/// The boards as a challenge types them.
const BOARDS: [(&str, Topology); 2] = [("flat", Topology::Flat), ("circular", Topology::Circular)];

/// Jetan's options from a challenge's options as typed: `variant` (`classic`, the
/// default, or `manator`), `board` (`flat`, the default, or `circular`) and `rules` (a
/// rules string, RULES.md §12; `standard` by default); anything else is refused, naming
/// it.
pub(super) fn read_options(lang: Lang, typed: &[(String, String)]) -> Result<Options, CoreError> {
    fn pick<T: Copy>(
        lang: Lang,
        option: &str,
        value: &str,
        choices: &[(&str, T)],
    ) -> Result<T, CoreError> {
        let value = value.trim();
        choices
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(value))
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                let names: Vec<String> = choices.iter().map(|(n, _)| format!("`{n}`")).collect();
                CoreError::User(tr!(
                    lang,
                    "option-value",
                    option = option,
                    value = value,
                    choices = names.join(", ")
                ))
            })
    }
    let mut o = Options::default();
    for (name, value) in typed {
        match name.as_str() {
            "variant" => o.variant = pick(lang, name, value, &VARIANTS)?,
            "board" => o.topology = pick(lang, name, value, &BOARDS)?,
            "rules" => o.rules = read_rules(lang, value)?,
            other => {
                return Err(CoreError::User(tr!(
                    lang,
                    "option-unknown",
                    game = "Jetan",
                    option = other
                )))
            }
        }
    }
    Ok(o)
}

/// `o` as a challenge types it (what [`read_options`] reads back).
pub(super) fn typed_options(o: &Options) -> Vec<(String, String)> {
    let variant = VARIANTS
        .iter()
        .find(|(_, v)| *v == o.variant)
        .map(|(n, _)| *n);
    let board = BOARDS
        .iter()
        .find(|(_, t)| *t == o.topology)
        .map(|(n, _)| *n);
    let rules = (!o.rules.is_standard()).then(|| o.rules.to_string());
    [
        ("variant", variant.map(str::to_string)),
        ("board", board.map(str::to_string)),
        ("rules", rules),
    ]
    .into_iter()
    .filter_map(|(k, v)| Some((k.to_string(), v?)))
    .collect()
}

/// A rules string as typed, or a refusal that names what is wrong with it.
pub(super) fn read_rules(lang: Lang, typed: &str) -> Result<Rules, CoreError> {
    typed
        .trim()
        .parse::<Rules>()
        .map_err(|e| CoreError::User(tr!(lang, "rules-invalid", why = e.to_string())))
}

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
fn changes(lang: Lang, side: &SideRules) -> Vec<String> {
    change_clauses(lang, side, None)
}

/// The clauses of one piece kind's changes on `side`.
pub(super) fn piece_changes(lang: Lang, side: &SideRules, role: Role) -> Vec<String> {
    change_clauses(lang, side, Some(role))
}

fn change_clauses(lang: Lang, side: &SideRules, only: Option<Role>) -> Vec<String> {
    side.changes()
        .filter(|(role, _)| only.is_none_or(|r| r == *role))
        .map(|(role, value)| {
            let piece = super::pieces::role_name(lang, role);
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
pub(crate) fn rules_text(lang: Lang, rules: &Rules) -> Option<String> {
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
                changes = changes(lang, &side).join("; ")
            )
        }
    };
    let sides = if rules.side(Color::Black) == rules.side(Color::Orange) {
        tr!(
            lang,
            "rules-options-both",
            changes = changes(lang, &rules.side(Color::Black)).join("; ")
        )
    } else {
        format!("{}. {}", side_text(Color::Black), side_text(Color::Orange))
    };
    Some(tr!(
        lang,
        "rules-options",
        rules = rules.to_string(),
        sides = sides
    ))
}

/// The piece prices of a game of Jetan, in one sentence.
pub(super) fn piece_price_terms(lang: Lang, t: &Terms, currency: &str) -> String {
    let m = |n: u64| money(lang, n, currency);
    tr!(
        lang,
        "terms-piece-price",
        price = m(t.piece_price),
        dwar = m(t.piece_price.saturating_mul(u64::from(Role::Dwar.value())))
    )
}

/// A side's name: "Black", "Naranjas".
pub(crate) fn color_name(lang: Lang, color: Color) -> String {
    match color {
        Color::Black => tr!(lang, "color-black"),
        Color::Orange => tr!(lang, "color-orange"),
    }
}

/// The move made at `ply` (0-based) by `color` as players count moves, one per side:
/// "move 1, Orange".
pub(crate) fn move_number(lang: Lang, ply: usize, color: Color) -> String {
    tr!(
        lang,
        "move-number",
        n = ply / 2 + 1,
        color = color_name(lang, color)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_one_per_side_with_the_colour() {
        assert_eq!(move_number(Lang::En, 1, Color::Orange), "move 1, Orange");
        assert_eq!(move_number(Lang::Es, 2, Color::Black), "jugada 2, Negras");
    }
}
