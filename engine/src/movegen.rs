//! The search's own move generator for the flat 10 × 10 board (RULES.md §3–§4), built
//! from the same path rules as the rules crate but computing, once per node, what both
//! the evaluation and the move list need: each piece's reach and each side's attacks.
//! The rules crate's generator does this work two or three times per node (attacks for
//! the evaluation, again for the Princess's safe squares, again for the moves).
//!
//! It is used only when the root position is on the flat board and it agrees with
//! [`Position::legal_moves`] there (see [`Generator::usable`]); otherwise the search uses
//! the rules crate throughout. A test checks both generators agree along random games.
//!
//! Rule options (RULES.md §12): its own tables are the standard rules'; under other rules
//! each piece's reach comes from the rules crate ([`Position::reach`], by the piece's own
//! side's options), and the Princess follows her side's `brave`, `noescape` and `nojump`.

use std::sync::LazyLock;

use jetan_rules::{Bitboard, Color, Move, Position, Role, Square};

const FULL: u128 = (1u128 << 100) - 1;
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KING: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// If every square of `need_empty` is empty, every square of `ends` is reached.
#[derive(Clone, Copy)]
struct Way {
    need_empty: u128,
    ends: u128,
}

pub(crate) struct Tables {
    pattern: [[u128; 100]; 9],
    panthan: [[u128; 100]; 2],
    ways: [[(u16, u16); 100]; 9],
    way_list: Vec<Way>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::compute);

fn step_plan(role: Role) -> &'static [&'static [&'static [(i8, i8)]]] {
    const O: &[(i8, i8)] = &ORTHOGONAL;
    const D: &[(i8, i8)] = &DIAGONAL;
    const K: &[(i8, i8)] = &KING;
    match role {
        Role::Warrior => &[&[O, O]],
        Role::Padwar => &[&[D, D]],
        Role::Thoat => &[&[O, D], &[D, O]],
        Role::Dwar => &[&[O, O, O]],
        Role::Flier | Role::Odwar => &[&[D, D, D]],
        Role::Chief | Role::Princess => &[&[K, K, K]],
        Role::Panthan => &[],
    }
}

/// Calls `f(middle squares, end)` for every self-avoiding path of `plan` from `start`.
fn each_path(start: Square, plan: &[&[(i8, i8)]], f: &mut impl FnMut(u128, Square)) {
    fn go(path: &mut Vec<Square>, plan: &[&[(i8, i8)]], f: &mut impl FnMut(u128, Square)) {
        let here = *path.last().expect("a path starts with its square");
        let Some((steps, rest)) = plan.split_first() else {
            let middle = path[1..path.len() - 1].iter().fold(0, |m, s| m | s.bit());
            f(middle, here);
            return;
        };
        for &(dx, dy) in *steps {
            if let Some(next) = here.offset(dx, dy) {
                if !path.contains(&next) {
                    path.push(next);
                    go(path, rest, f);
                    path.pop();
                }
            }
        }
    }
    go(&mut vec![start], plan, f);
}

const ROLES: [Role; 9] = [
    Role::Panthan,
    Role::Warrior,
    Role::Padwar,
    Role::Thoat,
    Role::Dwar,
    Role::Flier,
    Role::Chief,
    Role::Princess,
    Role::Odwar,
];

impl Tables {
    fn compute() -> Tables {
        let mut t = Tables {
            pattern: [[0; 100]; 9],
            panthan: [[0; 100]; 2],
            ways: [[(0, 0); 100]; 9],
            way_list: Vec::new(),
        };
        for sq in Square::all() {
            for color in Color::ALL {
                let fwd = color.forward();
                t.panthan[color as usize][sq.index()] =
                    [(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)]
                        .iter()
                        .filter_map(|&(dx, dy)| sq.offset(dx, dy))
                        .fold(0, |m, s| m | s.bit());
            }
            for role in ROLES {
                if role == Role::Panthan {
                    continue;
                }
                let mut by_middle: Vec<Way> = Vec::new();
                let mut all_ends = 0u128;
                for plan in step_plan(role) {
                    each_path(sq, plan, &mut |middle, end| {
                        all_ends |= end.bit();
                        if role.jumps() {
                            return;
                        }
                        match by_middle.iter_mut().find(|w| w.need_empty == middle) {
                            Some(w) => w.ends |= end.bit(),
                            None => by_middle.push(Way {
                                need_empty: middle,
                                ends: end.bit(),
                            }),
                        }
                    });
                }
                t.pattern[role as usize][sq.index()] = all_ends;
                let start = t.way_list.len() as u16;
                t.way_list.extend(by_middle);
                t.ways[role as usize][sq.index()] = (start, t.way_list.len() as u16);
            }
        }
        t
    }

    /// The squares a piece reaches with the board occupied as `occ`, whatever stands on
    /// them (the Princess: her ordinary reach).
    #[inline]
    fn reach(&self, color: Color, role: Role, sq: Square, occ: u128) -> u128 {
        match role {
            Role::Panthan => self.panthan[color as usize][sq.index()],
            Role::Flier | Role::Odwar | Role::Princess => self.pattern[role as usize][sq.index()],
            _ => {
                let (a, b) = self.ways[role as usize][sq.index()];
                let mut r = 0;
                // Branch-free: which ways are open is unpredictable.
                for w in &self.way_list[a as usize..b as usize] {
                    let open = u128::from(w.need_empty & occ == 0);
                    r |= w.ends & open.wrapping_neg();
                }
                r
            }
        }
    }
}

/// The moves and attacks of a position, computed once.
pub(crate) struct Generator;

/// What one node needs: the side to move's pieces with their reach, both sides' attacks.
pub(crate) struct NodeInfo {
    /// What each side attacks, by `Color as usize`: the side to move with the board as it
    /// is, the other side with the side to move's Princess taken off (her threatened
    /// squares, RULES.md §4).
    pub att: [u128; 2],
    /// What each side's pieces other than the Chief attack.
    pub att_without_chief: [u128; 2],
    pieces: [(Square, Role, u128); 24],
    count: usize,
    princess: Option<Square>,
}

impl NodeInfo {
    /// The squares the side to move's Chief reaches (none without a Chief).
    #[inline]
    pub(crate) fn chief_reach(&self) -> u128 {
        self.pieces[..self.count]
            .iter()
            .find(|(_, role, _)| *role == Role::Chief)
            .map_or(0, |&(_, _, reach)| reach)
    }
}

impl Generator {
    /// Whether this generator plays by the rules of `pos`: the flat board (a position
    /// string of five fields), and the same moves as the rules crate at `pos`.
    pub(crate) fn usable(pos: &Position) -> bool {
        if pos.to_string().split_whitespace().count() != 5 {
            return false;
        }
        let info = Generator::info(pos);
        let mut ours: Vec<Move> = Vec::new();
        Generator::moves(pos, &info, false, &mut ours);
        let mut theirs: Vec<Move> = pos.legal_moves().to_vec();
        let key = |m: &Move| (m.from, m.to);
        ours.sort_unstable_by_key(key);
        theirs.sort_unstable_by_key(key);
        ours == theirs
    }

    /// Reaches and attacks of `pos`.
    #[inline]
    pub(crate) fn info(pos: &Position) -> NodeInfo {
        let t = &*TABLES;
        let board = pos.board();
        let us = pos.turn();
        let them = us.other();
        let occ = board.occupied().0;
        let princesses = board.by_role(Role::Princess).0;
        let own = board.by_color(us).0;
        let mut info = NodeInfo {
            att: [0; 2],
            att_without_chief: [0; 2],
            pieces: [(Square::A1, Role::Panthan, 0); 24],
            count: 0,
            princess: Bitboard(own & princesses).first(),
        };
        let standard = pos.rules().is_standard();
        let reach = |color: Color, role: Role, sq: Square, occ: u128| {
            if standard {
                t.reach(color, role, sq, occ)
            } else {
                pos.reach(sq, Bitboard(occ)).0
            }
        };
        let mut att_us = 0;
        for sq in Bitboard(own & !princesses) {
            let role = board.piece_at(sq).expect("occupied").role;
            let r = reach(us, role, sq, occ);
            att_us |= r;
            if role != Role::Chief {
                info.att_without_chief[us as usize] |= r;
            }
            if info.count < info.pieces.len() {
                info.pieces[info.count] = (sq, role, r);
                info.count += 1;
            }
        }
        let occ_them = occ & !(own & princesses);
        let mut att_them = 0;
        for sq in Bitboard(board.by_color(them).0 & !princesses) {
            let role = board.piece_at(sq).expect("occupied").role;
            let r = reach(them, role, sq, occ_them);
            att_them |= r;
            if role != Role::Chief {
                info.att_without_chief[them as usize] |= r;
            }
        }
        info.att[us as usize] = att_us & FULL;
        info.att[them as usize] = att_them & FULL;
        info
    }

    /// Appends the legal moves of `pos` to `out` (only the captures if `captures_only`).
    #[inline]
    pub(crate) fn moves(pos: &Position, info: &NodeInfo, captures_only: bool, out: &mut Vec<Move>) {
        let board = pos.board();
        let us = pos.turn();
        let own = board.by_color(us).0;
        let enemy = board.by_color(us.other()).0;
        let mask = if captures_only { enemy } else { !own & FULL };
        for &(from, role, reach) in &info.pieces[..info.count] {
            for to in Bitboard(reach & mask) {
                out.push(Move {
                    from,
                    to,
                    role,
                    capture: board.piece_at(to).map(|p| p.role),
                    escape: false,
                });
            }
        }
        if captures_only {
            return;
        }
        if let Some(from) = info.princess {
            let occ = board.occupied().0;
            let side = pos.rules().side(us);
            let (safe, ordinary) = if pos.rules().is_standard() {
                let t = &*TABLES;
                (
                    !occ & !info.att[us.other() as usize] & FULL,
                    t.pattern[Role::Princess as usize][from.index()],
                )
            } else {
                let threats = if side.is_brave() {
                    0
                } else {
                    info.att[us.other() as usize]
                };
                (!occ & !threats & FULL, pos.reach(from, Bitboard(occ)).0)
            };
            let mut push = |targets: u128, escape: bool| {
                for to in Bitboard(targets) {
                    out.push(Move {
                        from,
                        to,
                        role: Role::Princess,
                        capture: None,
                        escape,
                    });
                }
            };
            push(ordinary & safe, false);
            if pos.escape_available(us) && side.has_escape() {
                push(safe & !ordinary, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_rules::{DuelStream, Variant};

    #[test]
    fn agrees_with_the_rules_along_random_games() {
        for (variant, seed, rules) in [
            (Variant::Classic, 5, "standard"),
            (Variant::Manator, 6, "standard"),
            (Variant::Classic, 7, "W:upto+mixed,T:jump"),
            (Variant::Classic, 8, "standard;D:upto"),
            (
                Variant::Manator,
                9,
                "O:nojump+upto,P:brave+nojump;C:upto,A:mixed,P:noescape",
            ),
            (
                Variant::Classic,
                10,
                "F:mixed+nojump,D:jump,P:upto+nojump;W:jump,F:upto,P:brave",
            ),
        ] {
            let rules: jetan_rules::Rules = rules.parse().unwrap();
            let mut rng = DuelStream::new(seed);
            for _ in 0..30 {
                let mut pos = Position::start_of(variant).with_rules(rules);
                for _ in 0..200 {
                    let expected = pos.legal_moves();
                    let info = Generator::info(&pos);
                    let mut ours = Vec::new();
                    Generator::moves(&pos, &info, false, &mut ours);
                    let mut theirs = expected.to_vec();
                    ours.sort_unstable_by_key(|m| (m.from, m.to));
                    theirs.sort_unstable_by_key(|m| (m.from, m.to));
                    assert_eq!(ours, theirs, "{pos} by {rules}");
                    let us = pos.turn();
                    assert_eq!(
                        info.att[us.other() as usize],
                        pos.threatened_squares(us).0,
                        "{pos}"
                    );
                    let mut caps = Vec::new();
                    Generator::moves(&pos, &info, true, &mut caps);
                    assert_eq!(
                        caps.len(),
                        expected.iter().filter(|m| m.capture.is_some()).count()
                    );
                    if expected.is_empty() {
                        break;
                    }
                    let m = expected[(rng.next_u64() % expected.len() as u64) as usize];
                    if pos.play_unchecked(m, &mut rng).outcome.is_some() {
                        break;
                    }
                }
            }
        }
    }
}
