//! Move tables, computed once per board shape: for every piece kind and square, the squares
//! it reaches and, for pieces that do not jump, which squares must be empty on each way
//! there. The move generator is the same for both shapes; only the table differs, so the
//! flat board's hot loop pays nothing for the circular one.

use std::sync::LazyLock;

use crate::{Color, Role, Square, Topology};

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One way of a non-jumping piece: if every square of `need_empty` is empty, every square of
/// `ends` is reached.
#[derive(Clone, Copy)]
pub(crate) struct Way {
    pub need_empty: u128,
    pub ends: u128,
}

pub(crate) struct Tables {
    /// Reach on an empty board, by role (Panthan: by colour below) and square.
    pattern: [[u128; 100]; 9],
    panthan: [[u128; 100]; 2],
    /// `ways[role][sq]` is a range into `way_list`, for the five non-jumping multi-step roles.
    ways: [[(u16, u16); 100]; 9],
    way_list: Vec<Way>,
}

/// The tables of each [`Topology`], by [`Topology::index`].
static TABLES: LazyLock<[Tables; 2]> = LazyLock::new(|| Topology::ALL.map(Tables::compute));

/// The tables of a board shape.
#[inline]
pub(crate) fn tables(topology: Topology) -> &'static Tables {
    &TABLES[topology.index()]
}

/// The step kinds of each of a path's steps, for the roles that take more than one step.
fn step_plan(role: Role) -> &'static [&'static [&'static [(i8, i8)]]] {
    const O: &[(i8, i8)] = &ORTHOGONAL;
    const D: &[(i8, i8)] = &DIAGONAL;
    const K: &[(i8, i8)] = &[
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
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

/// Calls `f(middle squares, end)` for every self-avoiding on-board path of `plan` from
/// `start` (RULES.md §3.2: a path never visits a square twice, its start included — also
/// on the circular board, where a path may cross the `j`–`a` seam).
fn each_path(
    topology: Topology,
    start: Square,
    plan: &[&[(i8, i8)]],
    f: &mut impl FnMut(u128, Square),
) {
    fn go(
        topology: Topology,
        path: &mut Vec<Square>,
        plan: &[&[(i8, i8)]],
        f: &mut impl FnMut(u128, Square),
    ) {
        let here = *path.last().expect("path starts with its square");
        let Some((steps, rest)) = plan.split_first() else {
            let middle = path[1..path.len() - 1].iter().fold(0, |m, s| m | s.bit());
            f(middle, here);
            return;
        };
        for &(dx, dy) in *steps {
            if let Some(next) = topology.offset(here, dx, dy) {
                if !path.contains(&next) {
                    path.push(next);
                    go(topology, path, rest, f);
                    path.pop();
                }
            }
        }
    }
    go(topology, &mut vec![start], plan, f);
}

impl Tables {
    fn compute(topology: Topology) -> Tables {
        let mut t = Tables {
            pattern: [[0; 100]; 9],
            panthan: [[0; 100]; 2],
            ways: [[(0, 0); 100]; 9],
            way_list: Vec::new(),
        };
        for sq in Square::all() {
            for color in Color::ALL {
                let fwd = color.forward();
                t.panthan[color.index()][sq.index()] =
                    [(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)]
                        .iter()
                        .filter_map(|&(dx, dy)| topology.offset(sq, dx, dy))
                        .fold(0, |m, s| m | s.bit());
            }
            t.pattern[Role::Panthan.index()][sq.index()] = t.panthan[0][sq.index()];
            for role in Role::ALL {
                if role == Role::Panthan {
                    continue;
                }
                let mut by_middle: Vec<Way> = Vec::new();
                let mut all_ends = 0u128;
                for plan in step_plan(role) {
                    each_path(topology, sq, plan, &mut |middle, end| {
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
                t.pattern[role.index()][sq.index()] = all_ends;
                let start = t.way_list.len() as u16;
                t.way_list.extend(by_middle);
                t.ways[role.index()][sq.index()] = (start, t.way_list.len() as u16);
            }
        }
        t
    }

    /// The squares a piece on `sq` reaches on an empty board (the Panthan as Black's).
    #[inline]
    pub(crate) fn pattern(&self, role: Role, sq: Square) -> u128 {
        self.pattern[role.index()][sq.index()]
    }

    #[inline]
    pub(crate) fn panthan(&self, color: Color, sq: Square) -> u128 {
        self.panthan[color.index()][sq.index()]
    }

    /// The ways of a non-jumping multi-step piece.
    #[inline]
    pub(crate) fn ways(&self, role: Role, sq: Square) -> &[Way] {
        let (a, b) = self.ways[role.index()][sq.index()];
        &self.way_list[a as usize..b as usize]
    }

    /// The squares a piece of `color` and `role` on `sq` reaches with the board occupied as
    /// `occupied`, whatever stands on the end squares. For the Princess: her ordinary reach.
    #[inline]
    pub(crate) fn reach(&self, color: Color, role: Role, sq: Square, occupied: u128) -> u128 {
        match role {
            Role::Panthan => self.panthan(color, sq),
            Role::Flier | Role::Odwar | Role::Princess => self.pattern(role, sq),
            _ => {
                let mut r = 0;
                for w in self.ways(role, sq) {
                    if w.need_empty & occupied == 0 {
                        r |= w.ends;
                    }
                }
                r
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece, Variant, MAX_MOVES};

    /// Recomputes the bound of [`MAX_MOVES`]'s documentation from the tables: the most
    /// moves of a side with its full starting material, every piece at its best square.
    #[test]
    fn max_moves_is_a_proven_bound() {
        for topology in Topology::ALL {
            let t = tables(topology);
            for variant in [Variant::Classic, Variant::Manator] {
                let start = Board::start(variant);
                let color = Color::Black;
                let mut most = 0;
                let mut own = 0;
                for role in Role::ALL {
                    let count = start.by_piece(Piece { color, role }).count() as usize;
                    own += count;
                    if role == Role::Princess {
                        continue;
                    }
                    let best = Square::all()
                        .map(|sq| t.reach(color, role, sq, 0).count_ones() as usize)
                        .max()
                        .unwrap_or(0);
                    assert!(
                        best >= 5 || count == 0,
                        "{role:?}: a piece adds more than a square"
                    );
                    most += count * best;
                }
                // The Princess: distinct empty squares, the two enemy royals on the board.
                most += 100 - own - 2;
                assert_eq!(most, 286, "{variant:?} on {topology:?}");
                assert!(most <= MAX_MOVES);
            }
        }
    }
}
