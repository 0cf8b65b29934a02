//! Move tables, computed once per board shape: for every piece kind and square, the squares
//! it reaches and, for pieces that do not jump, which squares must be empty on each way
//! there. The move generator is the same for both shapes; only the table differs, so the
//! flat board's hot loop pays nothing for the circular one.

use std::sync::LazyLock;

use crate::options::{JUMP_FLIPPED, MIXED, UPTO};
use crate::{Color, Role, SideRules, Square, Topology};

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One way of a non-jumping piece: if every square of `need_empty` is empty, every square of
/// `ends` is reached.
#[derive(Clone, Copy)]
pub(crate) struct Way {
    pub need_empty: u128,
    pub ends: u128,
}

/// The kinds of step of a path, one plan per piece kind and option (RULES.md §2, §12).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Plan {
    Orthogonal2 = 0,
    Diagonal2 = 1,
    King2 = 2,
    Thoat = 3,
    Orthogonal3 = 4,
    Diagonal3 = 5,
    King3 = 6,
}

const PLANS: [Plan; 7] = [
    Plan::Orthogonal2,
    Plan::Diagonal2,
    Plan::King2,
    Plan::Thoat,
    Plan::Orthogonal3,
    Plan::Diagonal3,
    Plan::King3,
];

/// A plan with its reach: `shape = plan * 2 + upto`.
const SHAPES: usize = 14;

/// How a piece kind moves under one side's options: which table shape, and whether it
/// jumps. Looked up, never computed, in the hot loop ([`MOVERS`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mover {
    shape: u8,
    jumps: bool,
}

/// The [`Mover`] of a role under each combination of its option flags (five bits, see
/// [`SideRules`]). The Panthan's entry is unused (it has its own table).
static MOVERS: [[Mover; 32]; 9] = {
    let mut m = [[Mover {
        shape: 0,
        jumps: false,
    }; 32]; 9];
    let mut r = 0;
    while r < 9 {
        let role = Role::ALL[r];
        let mut flags = 0;
        while flags < 32 {
            m[r][flags] = mover(role, flags as u8);
            flags += 1;
        }
        r += 1;
    }
    m
};

const fn mover(role: Role, flags: u8) -> Mover {
    let upto = flags & UPTO != 0;
    let mixed = flags & MIXED != 0;
    let plan = match role {
        Role::Warrior if mixed => Plan::King2,
        Role::Warrior => Plan::Orthogonal2,
        Role::Padwar if mixed => Plan::King2,
        Role::Padwar => Plan::Diagonal2,
        Role::Thoat | Role::Panthan => Plan::Thoat,
        Role::Dwar if mixed => Plan::King3,
        Role::Dwar => Plan::Orthogonal3,
        Role::Flier | Role::Odwar if mixed => Plan::King3,
        Role::Flier | Role::Odwar => Plan::Diagonal3,
        Role::Chief | Role::Princess => Plan::King3,
    };
    // The Thoat has no reach: its plan is always exact.
    let upto = upto && !matches!(role, Role::Thoat | Role::Panthan);
    Mover {
        shape: plan as u8 * 2 + upto as u8,
        jumps: role.jumps() != (flags & JUMP_FLIPPED != 0),
    }
}

pub(crate) struct Tables {
    /// Reach on an empty board, by shape and square.
    pattern: [[u128; 100]; SHAPES],
    panthan: [[u128; 100]; 2],
    /// `ways[shape][sq]` is a range into `way_list`.
    ways: [[(u16, u16); 100]; SHAPES],
    way_list: Vec<Way>,
}

/// The tables of each [`Topology`], by [`Topology::index`].
static TABLES: LazyLock<[Tables; 2]> = LazyLock::new(|| Topology::ALL.map(Tables::compute));

/// The tables of a board shape.
#[inline]
pub(crate) fn tables(topology: Topology) -> &'static Tables {
    &TABLES[topology.index()]
}

/// The step kinds of each of a path's steps.
fn step_plan(plan: Plan) -> &'static [&'static [&'static [(i8, i8)]]] {
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
    match plan {
        Plan::Orthogonal2 => &[&[O, O]],
        Plan::Diagonal2 => &[&[D, D]],
        Plan::King2 => &[&[K, K]],
        Plan::Thoat => &[&[O, D], &[D, O]],
        Plan::Orthogonal3 => &[&[O, O, O]],
        Plan::Diagonal3 => &[&[D, D, D]],
        Plan::King3 => &[&[K, K, K]],
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
            pattern: [[0; 100]; SHAPES],
            panthan: [[0; 100]; 2],
            ways: [[(0, 0); 100]; SHAPES],
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
        }
        // The exact shapes first, as close together as before the options existed: the
        // standard game touches only them.
        for upto in [false, true] {
            for sq in Square::all() {
                for plan in PLANS {
                    let shape = plan as usize * 2 + usize::from(upto);
                    let mut by_middle: Vec<Way> = Vec::new();
                    let mut all_ends = 0u128;
                    for steps in step_plan(plan) {
                        // `upto`: every path of 1 to N steps of the same kinds (§12).
                        let shortest = if upto { 1 } else { steps.len() };
                        for len in shortest..=steps.len() {
                            each_path(topology, sq, &steps[..len], &mut |middle, end| {
                                all_ends |= end.bit();
                                match by_middle.iter_mut().find(|w| w.need_empty == middle) {
                                    Some(w) => w.ends |= end.bit(),
                                    None => by_middle.push(Way {
                                        need_empty: middle,
                                        ends: end.bit(),
                                    }),
                                }
                            });
                        }
                    }
                    t.pattern[shape][sq.index()] = all_ends;
                    let start = t.way_list.len() as u16;
                    t.way_list.extend(by_middle);
                    t.ways[shape][sq.index()] = (start, t.way_list.len() as u16);
                }
            }
        }
        t
    }

    #[inline]
    pub(crate) fn panthan(&self, color: Color, sq: Square) -> u128 {
        self.panthan[color.index()][sq.index()]
    }

    /// The ways of a non-jumping multi-step piece of a shape.
    #[inline]
    fn shape_ways(&self, shape: u8, sq: Square) -> &[Way] {
        let (a, b) = self.ways[shape as usize][sq.index()];
        &self.way_list[a as usize..b as usize]
    }

    /// The ways of a non-Panthan piece of `role` moving by `side`'s options.
    #[inline]
    pub(crate) fn ways(&self, side: &SideRules, role: Role, sq: Square) -> &[Way] {
        let m = MOVERS[role.index()][(side.flags(role) & 31) as usize];
        self.shape_ways(m.shape, sq)
    }

    /// The squares a piece of `role` on `sq` reaches on an empty board under `side`'s
    /// options (the Panthan as `color`'s). For the Princess: her ordinary move.
    #[inline]
    pub(crate) fn pattern(&self, side: &SideRules, color: Color, role: Role, sq: Square) -> u128 {
        if role == Role::Panthan {
            return self.panthan(color, sq);
        }
        let m = MOVERS[role.index()][(side.flags(role) & 31) as usize];
        self.pattern[m.shape as usize][sq.index()]
    }

    /// [`reach`](Self::reach) under the standard rules, with each role's shape a constant:
    /// the standard game's hot loop pays nothing for the options (RULES.md §12).
    #[inline]
    pub(crate) fn reach_standard(
        &self,
        color: Color,
        role: Role,
        sq: Square,
        occupied: u128,
    ) -> u128 {
        const fn shape(role: Role) -> u8 {
            mover(role, 0).shape
        }
        let ways = |shape: u8| {
            let mut r = 0;
            for w in self.shape_ways(shape, sq) {
                if w.need_empty & occupied == 0 {
                    r |= w.ends;
                }
            }
            r
        };
        match role {
            Role::Panthan => self.panthan(color, sq),
            Role::Flier | Role::Odwar => {
                self.pattern[const { shape(Role::Flier) } as usize][sq.index()]
            }
            Role::Princess => self.pattern[const { shape(Role::Princess) } as usize][sq.index()],
            Role::Warrior => ways(const { shape(Role::Warrior) }),
            Role::Padwar => ways(const { shape(Role::Padwar) }),
            Role::Thoat => ways(const { shape(Role::Thoat) }),
            Role::Dwar => ways(const { shape(Role::Dwar) }),
            Role::Chief => ways(const { shape(Role::Chief) }),
        }
    }

    /// The squares a piece of `color` and `role` on `sq`, moving by `side`'s options,
    /// reaches with the board occupied as `occupied`, whatever stands on the end squares.
    /// For the Princess: her ordinary reach.
    #[inline]
    pub(crate) fn reach(
        &self,
        side: &SideRules,
        color: Color,
        role: Role,
        sq: Square,
        occupied: u128,
    ) -> u128 {
        if role == Role::Panthan {
            return self.panthan(color, sq);
        }
        let m = MOVERS[role.index()][(side.flags(role) & 31) as usize];
        if m.jumps {
            return self.pattern[m.shape as usize][sq.index()];
        }
        let mut r = 0;
        for w in self.shape_ways(m.shape, sq) {
            if w.need_empty & occupied == 0 {
                r |= w.ends;
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece, Property, Value, Variant, MAX_MOVES};

    /// Every side rules a piece kind can have, one per combination of its values.
    fn every_side_rules(role: Role) -> Vec<SideRules> {
        let mut all = vec![SideRules::STANDARD];
        for p in Property::of(role) {
            let values: Vec<Value> = Value::ALL
                .into_iter()
                .filter(|v| v.property() == p)
                .collect();
            all = all
                .iter()
                .flat_map(|s| values.iter().map(|&v| s.with(role, v).unwrap()))
                .collect();
        }
        all
    }

    /// Recomputes the bound of [`MAX_MOVES`]'s documentation from the tables: the most
    /// moves of a side with its full starting material, every piece at its best square,
    /// under the standard rules (286) and under any options (RULES.md §12: 478).
    #[test]
    fn max_moves_is_a_proven_bound() {
        for topology in Topology::ALL {
            let t = tables(topology);
            for variant in [Variant::Classic, Variant::Manator] {
                let start = Board::start(variant);
                let color = Color::Black;
                for with_options in [false, true] {
                    let mut most = 0;
                    let mut own = 0;
                    for role in Role::ALL {
                        let count = start.by_piece(Piece { color, role }).count() as usize;
                        own += count;
                        if role == Role::Princess {
                            continue;
                        }
                        let sides = if with_options {
                            every_side_rules(role)
                        } else {
                            vec![SideRules::STANDARD]
                        };
                        let best = sides
                            .iter()
                            .flat_map(|side| {
                                Square::all().map(move |sq| {
                                    t.reach(side, color, role, sq, 0).count_ones() as usize
                                })
                            })
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
                    let expected = if with_options { 478 } else { 286 };
                    assert_eq!(most, expected, "{variant:?} on {topology:?}");
                    assert!(most <= MAX_MOVES);
                }
            }
        }
    }

    /// What each option gives on an empty board, counted from a square far from the
    /// edges, against counts worked out by hand from RULES.md §3 and §12.
    #[test]
    fn empty_board_counts_of_every_option() {
        let t = tables(Topology::Flat);
        let e5: Square = "e5".parse().unwrap();
        let count = |role: Role, values: &[Value]| {
            let side = values
                .iter()
                .fold(SideRules::STANDARD, |s, &v| s.with(role, v).unwrap());
            t.reach(&side, Color::Black, role, e5, 0).count_ones()
        };
        use Value::{Jump, Mixed, NoJump, Upto};
        // Standard (§3's table).
        assert_eq!(count(Role::Warrior, &[]), 8);
        assert_eq!(count(Role::Padwar, &[]), 8);
        assert_eq!(count(Role::Thoat, &[]), 12);
        assert_eq!(count(Role::Dwar, &[]), 16);
        assert_eq!(count(Role::Flier, &[]), 16);
        assert_eq!(count(Role::Chief, &[]), 48);
        // upto: the orthogonal neighbours (4) join the Warrior's 8, the diagonal ones the
        // Padwar's; the Dwar adds Manhattan distance 2 (8) to its 1 and 3 (4 + 12); the
        // Flier adds the 8 squares of two diagonal steps to its 16 (which hold the 4
        // diagonal neighbours).
        assert_eq!(count(Role::Warrior, &[Upto]), 12);
        assert_eq!(count(Role::Padwar, &[Upto]), 12);
        assert_eq!(count(Role::Dwar, &[Upto]), 24);
        assert_eq!(count(Role::Flier, &[Upto]), 24);
        assert_eq!(count(Role::Odwar, &[Upto]), 24);
        assert_eq!(count(Role::Chief, &[Upto]), 48);
        // mixed: two king steps reach the 5 x 5 square, three the 7 x 7 one.
        assert_eq!(count(Role::Warrior, &[Mixed]), 24);
        assert_eq!(count(Role::Padwar, &[Mixed]), 24);
        assert_eq!(count(Role::Dwar, &[Mixed]), 48);
        assert_eq!(count(Role::Flier, &[Mixed]), 48);
        assert_eq!(count(Role::Warrior, &[Upto, Mixed]), 24);
        // jump changes what blocks, not the empty board.
        assert_eq!(count(Role::Thoat, &[Jump]), 12);
        assert_eq!(count(Role::Flier, &[NoJump]), 16);
    }
}
