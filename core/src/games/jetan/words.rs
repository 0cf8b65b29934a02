//! The names of a game of Jetan: its variant and board, its piece prices.

use crate::lang::{tr, Lang};
use crate::text::variant_name;
use crate::words::money;
use jetan_rules::{Color, Role};
use jetan_store::Terms;

/// The name of a game of Jetan's rules and board.
pub(super) fn name(lang: Lang, t: &Terms) -> String {
    let name = variant_name(lang, t.variant);
    match t.topology {
        jetan_rules::Topology::Flat => name,
        jetan_rules::Topology::Circular => tr!(lang, "game-circular", variant = name),
    }
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
