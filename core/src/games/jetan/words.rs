//! The names of a game of Jetan: its variant and board, its rule options (RULES.md §12)
//! in words, its piece prices; and its options as a challenge types them.

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::words::money;
use crate::CoreError;
use jetan_rules::{Color, Role, Rules, Topology, Variant};
use jetan_store::games::jetan::{options, Options};
use jetan_store::Terms;

/// The name of a variant as players read it.
pub(crate) fn variant_name(lang: Lang, v: Variant) -> Text {
    match v {
        Variant::Classic => tr!(lang, "variant-classic"),
        Variant::Manator => tr!(lang, "variant-manator"),
    }
}

/// The name of a game of Jetan's rules and board.
pub(super) fn name(lang: Lang, t: &Terms) -> Text {
    let o = options(t);
    let name = variant_name(lang, o.variant);
    match o.topology {
        Topology::Flat => name,
        Topology::Circular => tr!(lang, "game-circular", variant = name),
    }
}

/// The variants as a challenge types them.
pub(super) const VARIANTS: [(&str, Variant); 2] =
    [("classic", Variant::Classic), ("manator", Variant::Manator)];
/// The boards as a challenge types them.
pub(super) const BOARDS: [(&str, Topology); 2] =
    [("flat", Topology::Flat), ("circular", Topology::Circular)];

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
                let names = choices.iter().map(|(n, _)| Text::code(*n));
                CoreError::User(tr!(
                    lang,
                    "option-value",
                    option = option,
                    value = value,
                    choices = Text::join(names, ", ")
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

/// The piece prices of a game of Jetan, in one sentence.
pub(super) fn piece_price_terms(lang: Lang, t: &Terms, currency: &str) -> Text {
    let m = |n: u64| money(lang, n, currency);
    tr!(
        lang,
        "terms-piece-price",
        price = m(t.piece_price),
        dwar = m(t.piece_price.saturating_mul(u64::from(Role::Dwar.value())))
    )
}

/// A side's name: "Black", "Naranjas".
pub(crate) fn color_name(lang: Lang, color: Color) -> Text {
    match color {
        Color::Black => tr!(lang, "color-black"),
        Color::Orange => tr!(lang, "color-orange"),
    }
}

/// The move made at `ply` (0-based) by `color` as players count moves, one per side:
/// "move 1, Orange".
pub(crate) fn move_number(lang: Lang, ply: usize, color: Color) -> Text {
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
