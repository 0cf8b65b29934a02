//! What the board shows of the pieces beyond their places: the duel odds of Manator
//! and the pieces each side has lost.

use jetan_rules::{Board, ByColor, Color, Piece, Position, Role, Variant};

/// The chances of a Manator duel (RULES.md §8): the attacker wins with probability
/// `va / (va + vd)`, their values. Returns the attacker's and the defender's chance in
/// whole percent (summing to 100).
///
/// (The rules' [`Duel`](jetan_rules::Duel) report does not carry the odds yet; this is
/// the rule book's formula, in one place.)
///
/// ```
/// use jetan_render::duel_odds;
/// use jetan_rules::Role;
/// assert_eq!(duel_odds(Role::Panthan, Role::Dwar), (25, 75));
/// ```
pub fn duel_odds(attacker: Role, defender: Role) -> (u32, u32) {
    let (va, vd) = (attacker.value(), defender.value());
    let a = (200 * va + va + vd) / (2 * (va + vd));
    (a, 100 - a)
}

/// The pieces each side has captured: for each side, the roles of the enemy pieces missing
/// from the board compared with the variant's starting set, highest value first.
///
/// ```
/// use jetan_render::captured;
/// use jetan_rules::Position;
/// let pos: Position = "wadfpcfdaw/t1nnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/W1DFCPFDAW o Bo - 7"
///     .parse()
///     .unwrap();
/// let taken = captured(&pos);
/// assert_eq!(taken.black.len(), 1); // Black took an Orange Panthan
/// assert_eq!(taken.orange.len(), 1); // Orange took Black's Padwar
/// ```
pub fn captured(pos: &Position) -> ByColor<Vec<Role>> {
    let start = match pos.variant() {
        Variant::Classic => Board::classic_start(),
        Variant::Manator => Board::manator_start(),
    };
    let lost = |color: Color| {
        let mut roles = Vec::new();
        for role in Role::ALL {
            let piece = Piece { color, role };
            let n = start
                .by_piece(piece)
                .count()
                .saturating_sub(pos.board().by_piece(piece).count());
            roles.extend(std::iter::repeat_n(role, n as usize));
        }
        roles.sort_by_key(|r| (std::cmp::Reverse(r.value()), *r));
        roles
    };
    ByColor {
        black: lost(Color::Orange),
        orange: lost(Color::Black),
    }
}
