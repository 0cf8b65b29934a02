//! The names of a game of Jetan: its variant and board, its piece prices.

use crate::lang::{tr, Lang};
use crate::text::variant_name;
use crate::words::money;
use jetan_rules::Role;
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
