//! The static evaluation: what a position is worth to the side to move, in hundredths of
//! a Panthan ("centipawns"), built from the rules (RULES.md §2–§6).
//!
//! - **Material** by piece values adjusted for how freely each piece moves; the Chief and
//!   the Princess are not material: losing either ends the game, which the search sees.
//! - **Mobility**: the squares each side attacks.
//! - **The own Princess's safety**: enemy attacks near her, her safe squares, whether her
//!   escape is still available, whether she stands attacked now.
//! - **Threats to the enemy Princess**: the same terms, seen from the other side.
//! - **The Chief's exposure**: a Chief attacked by the enemy can be taken; by a lesser
//!   piece that only draws, which hurts the side that is ahead, so the penalty grows with
//!   that side's lead.
//! - **The ten-move countdown**: while it runs the game heads for a draw, so the score is
//!   pulled towards the draw score as the moves run out.

use jetan_rules::{Color, Position, Role, SideRules, Square};

/// The engine's value of each role, indexed by `Role as usize` (Panthan 100). The Chief and
/// the Princess are 0: their capture ends the game and is scored by the search.
pub(crate) const VALUES: [i32; 9] = [
    100, // Panthan
    200, // Warrior: colour-bound
    180, // Padwar: reaches a quarter of the board
    260, // Thoat
    300, // Dwar
    300, // Flier
    0,   // Chief
    0,   // Princess
    520, // Odwar
];

/// The engine's value of a role (Chief and Princess: 0).
#[inline]
pub(crate) fn value(role: Role) -> i32 {
    VALUES[role as usize]
}

/// The engine's values of a side's pieces under its rule options (RULES.md §12), indexed
/// by `Role as usize`: [`VALUES`] scaled by how many squares the piece reaches on an empty
/// board under the options against the standard rules (halfway: a piece that reaches
/// three times as far is worth twice as much), a fifth more for a walking piece that
/// jumps, a fifth less for a Flier or Odwar that does not. Mobility counts the rest.
pub(crate) fn values(side: SideRules) -> [i32; 9] {
    if side.is_standard() {
        return VALUES;
    }
    let mut v = VALUES;
    for role in Role::ALL {
        let base = VALUES[role as usize];
        if base == 0 {
            continue;
        }
        // Empty-board reach far from the edges (RULES.md §3; the rules crate's tables
        // test checks these counts).
        let (standard, reach) = match role {
            Role::Warrior | Role::Padwar => (
                8,
                if side.is_mixed(role) {
                    24
                } else if side.is_upto(role) {
                    12
                } else {
                    8
                },
            ),
            Role::Dwar | Role::Flier | Role::Odwar => (
                16,
                if side.is_mixed(role) {
                    48
                } else if side.is_upto(role) {
                    24
                } else {
                    16
                },
            ),
            _ => (1, 1),
        };
        let mut value = base * (reach + standard) / (2 * standard);
        if side.jumps(role) != role.jumps() {
            value = if side.jumps(role) {
                value * 6 / 5
            } else {
                value * 4 / 5
            };
        }
        v[role as usize] = value;
    }
    v
}

/// The engine's value of a `color` piece of `role` in `pos`, by its side's options.
#[inline]
pub(crate) fn value_in(pos: &Position, color: Color, role: Role) -> i32 {
    let side = pos.rules().side(color);
    if side.is_standard() {
        value(role)
    } else {
        values(side)[role as usize]
    }
}

const MOBILITY: i32 = 3;
const TEMPO: i32 = 10;
const ESCAPE_KEPT: i32 = 40;
const PRINCESS_SAFE_SQUARE: i32 = 6;
const PRINCESS_TRAPPED: i32 = 80;
const PRINCESS_NEAR_ATTACK: i32 = 5;
const PRINCESS_ATTACKED_TO_MOVE: i32 = 50;
const PRINCESS_ATTACKED_WAITING: i32 = 400;
const CHIEF_ATTACKED: i32 = 30;
const CHIEF_NEAR_ATTACK: i32 = 4;
const CHIEF_CRAMPED: i32 = 8;
/// Per piece and ring of closeness to the enemy Princess (a piece one king step from her
/// counts 5 rings, five steps away 1), plus as much again per Panthan of lead.
const PROXIMITY: i32 = 2;
/// Per king step closer than 7 of the enemy Chief to the own Princess.
const CHIEF_HUNTS: i32 = 8;
/// Per king step closer than 4 of the own Chief to the own Princess.
const CHIEF_GUARDS: i32 = 25;
/// Per rank of the own Chief beyond the middle of the board, where enemy pieces can take
/// it for a draw.
const CHIEF_AWAY: i32 = 12;
/// The most material (engine values, pieces other than the royals) of an ending that
/// counts as [`dead`].
const DEAD_MATERIAL: i32 = 400;
/// The summed engine values of both sides at the start.
const START_MATERIAL: i32 = 6560;

/// Squares within `r` king steps of each square (the square itself excluded), r = 1..=5.
struct Zones {
    ring: [[u128; 100]; 6],
}

static ZONES: Zones = {
    let mut ring = [[0u128; 100]; 6];
    let mut r = 1;
    while r <= 5 {
        let mut s: usize = 0;
        while s < 100 {
            let (f, k) = ((s % 10) as i32, (s / 10) as i32);
            let mut t: usize = 0;
            while t < 100 {
                let (g, l) = ((t % 10) as i32, (t / 10) as i32);
                let d = if (f - g).abs() > (k - l).abs() {
                    (f - g).abs()
                } else {
                    (k - l).abs()
                };
                if d >= 1 && d <= r {
                    ring[r as usize][s] |= 1u128 << t;
                }
                t += 1;
            }
            s += 1;
        }
        r += 1;
    }
    Zones { ring }
};

/// King steps between two squares.
#[inline]
fn king_distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

#[inline]
fn zone(sq: Square, r: usize) -> u128 {
    ZONES.ring[r][sq.index()]
}

/// Squares within `r` (1..=3) king steps of `sq`, `sq` excluded.
#[inline]
pub(crate) fn zone_of(sq: Square, r: usize) -> u128 {
    zone(sq, r)
}

/// The summed engine values of `color`'s pieces.
pub(crate) fn material(pos: &Position, color: Color) -> i32 {
    let board = pos.board();
    let own = board.by_color(color).0;
    let values = values(pos.rules().side(color));
    [
        Role::Panthan,
        Role::Warrior,
        Role::Padwar,
        Role::Thoat,
        Role::Dwar,
        Role::Flier,
        Role::Odwar,
    ]
    .iter()
    .map(|&r| (board.by_role(r).0 & own).count_ones() as i32 * values[r as usize])
    .sum()
}

/// The material lead of `color`, in centipawns.
#[inline]
pub(crate) fn lead(pos: &Position, color: Color) -> i32 {
    material(pos, color) - material(pos, color.other())
}

/// What a drawn game is worth to `color` in `pos`: 0, less a contempt that grows with
/// `color`'s material lead — a draw is bad for the side that is ahead and good for the
/// side that is behind.
pub(crate) fn draw_score(pos: &Position, color: Color) -> i32 {
    draw_value(lead(pos, color))
}

/// What a draw is worth to a side with a material lead of `lead`.
#[inline]
pub(crate) fn draw_value(lead: i32) -> i32 {
    -(lead / 4).clamp(-150, 150)
}

/// Whether `pos` is an ending neither side can be expected to win: no side has more than
/// [`DEAD_MATERIAL`] in pieces. A Princess jumps three squares to any square not
/// attacked, and only the own Chief may take the enemy Chief without drawing: with so
/// little, the side ahead traps neither, and such games ran into the host's ply cap.
pub(crate) fn dead(pos: &Position) -> bool {
    material(pos, Color::Black).max(material(pos, Color::Orange)) <= DEAD_MATERIAL
}

/// The most [`stale_meeting`] gives.
pub(crate) const MEETING_MAX: i32 = 12;

/// How close, in a stale game, `color` is to a draw by a Chief taken by a lesser piece,
/// from 0 to [`MEETING_MAX`]: the nearer its Chief stands to an enemy piece other than
/// the royals, or its own such pieces to the enemy Chief, the more. Either ends the game
/// drawn when the piece takes the Chief.
pub(crate) fn stale_meeting(pos: &Position, color: Color) -> i32 {
    let board = pos.board();
    let royals = board.by_role(Role::Chief).0 | board.by_role(Role::Princess).0;
    let nearest = |chief: Option<Square>, pieces: u128| -> i32 {
        chief.map_or(i32::MAX, |c| {
            jetan_rules::Bitboard(pieces)
                .map(|p| king_distance(c, p))
                .min()
                .unwrap_or(i32::MAX)
        })
    };
    let own_chief = nearest(
        board.royal(color, Role::Chief),
        board.by_color(color.other()).0 & !royals,
    );
    let enemy_chief = nearest(
        board.royal(color.other(), Role::Chief),
        board.by_color(color).0 & !royals,
    );
    (MEETING_MAX + 1 - own_chief.min(enemy_chief)).clamp(0, MEETING_MAX)
}

/// The static evaluation of `pos` for the side to move (positive: good for it).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_static(pos).score
}

/// What the quiescence search needs to know about a position.
pub(crate) struct Static {
    /// The evaluation for the side to move.
    pub score: i32,
    /// Whether the side to move has its Princess attacked: a threat that loses the game
    /// if not answered.
    pub danger: bool,
    /// Whether the side to move attacks some enemy piece (has a capture, if the piece
    /// standing in the way is not its Princess).
    pub can_capture: bool,
}

/// The static evaluation, whether the side to move is in danger, and whether it can
/// capture.
pub(crate) fn evaluate_static(pos: &Position) -> Static {
    // What each side attacks: `threatened_squares(c)` is what c's enemy attacks.
    let attacks = |c: Color| pos.threatened_squares(c.other()).0;
    let att = [attacks(Color::Black), attacks(Color::Orange)];
    evaluate_with(pos, att, att)
}

/// [`evaluate_static`] with what each side attacks (by `Color as usize`) known, all
/// pieces and all but the Chief (whose reach counts for less: a Chief far from home is
/// exposed to draws).
pub(crate) fn evaluate_with(
    pos: &Position,
    att: [u128; 2],
    att_without_chief: [u128; 2],
) -> Static {
    let us = pos.turn();
    let mut danger = false;
    let board = pos.board();
    let occ = board.occupied().0;
    let mat = [material(pos, Color::Black), material(pos, Color::Orange)];
    let mut side = [0i32; 2];
    for color in Color::ALL {
        let i = color as usize;
        let them = 1 - i;
        let own = board.by_color(color).0;
        let mut s = mat[i];
        s += MOBILITY * (att_without_chief[i] & !own).count_ones() as i32
            + (att[i] & !att_without_chief[i] & !own).count_ones() as i32;

        // Progress: pieces closing in on the enemy Princess, the more so the further
        // ahead (a lead is only worth something once she is taken); and trades when
        // ahead, which leave her fewer defenders and the own Chief fewer hunters.
        let lead = mat[i] - mat[them];
        if let Some(p) = board.royal(color.other(), Role::Princess) {
            let attackers = own & !board.by_role(Role::Chief).0 & !board.by_role(Role::Princess).0;
            let close: i32 = (1..=5)
                .map(|r| (zone(p, r) & attackers).count_ones() as i32)
                .sum();
            s += close * PROXIMITY * (100 + lead.clamp(0, 600)) / 100;
        }
        if lead > 0 {
            s += lead * (START_MATERIAL - mat[0] - mat[1]).max(0) / (2 * START_MATERIAL);
        }
        if let Some(p) = board.royal(color, Role::Princess) {
            let safe = zone(p, 3) & !occ & !att[them];
            s += PRINCESS_SAFE_SQUARE * (safe.count_ones() as i32).min(8);
            if pos.escape_available(color) && pos.rules().side(color).has_escape() {
                s += ESCAPE_KEPT;
            } else if safe == 0 {
                s -= PRINCESS_TRAPPED;
            }
            s -= PRINCESS_NEAR_ATTACK * (zone(p, 2) & att[them]).count_ones() as i32;
            if att[them] & p.bit() != 0 {
                danger |= color == us;
                s -= if color == us {
                    PRINCESS_ATTACKED_TO_MOVE
                } else {
                    PRINCESS_ATTACKED_WAITING
                };
            }
        }
        if let Some(c) = board.royal(color, Role::Chief) {
            // Losing the Chief to a lesser piece draws: the further ahead, the more its
            // safety matters.
            let ahead = (mat[i] - mat[them]).max(0);
            let near = (zone(c, 2) & att[them]).count_ones() as i32;
            let room = (zone(c, 3) & !own & !att[them]).count_ones() as i32;
            let advanced = if color == Color::Black {
                i32::from(c.rank()) - 4
            } else {
                5 - i32::from(c.rank())
            };
            s -= advanced.max(0) * CHIEF_AWAY * (50 + ahead.min(600) / 2) / 100;
            let exposure = CHIEF_NEAR_ATTACK * near + CHIEF_CRAMPED * (6 - room).max(0);
            s -= exposure * (100 + ahead.min(400) / 4) / 100;
            if att[them] & c.bit() != 0 {
                let waiting = if color == us { 1 } else { 2 };
                s -= waiting * (CHIEF_ATTACKED + ahead / 4);
            }
        }
        // The enemy Chief near the own Princess: her attacker that can only be stopped
        // by taking it, which draws (bad when ahead), or by her running.
        if let (Some(p), Some(c)) = (
            board.royal(color, Role::Princess),
            board.royal(color.other(), Role::Chief),
        ) {
            let ahead = (mat[i] - mat[them]).max(0);
            let d = king_distance(p, c);
            if d <= 6 {
                s -= (7 - d) * CHIEF_HUNTS * (100 + ahead.min(600) / 2) / 100;
            }
            // The own Chief beside her: an enemy Chief that comes near her is taken by
            // it, and that wins.
            if let Some(own_chief) = board.royal(color, Role::Chief) {
                let d = king_distance(p, own_chief);
                s += (4 - d).max(0) * CHIEF_GUARDS * (50 + ahead.min(600) / 2) / 100;
            }
        }
        side[i] = s;
    }
    let mut score = side[us as usize] - side[1 - us as usize] + TEMPO;
    if mat[0].max(mat[1]) <= DEAD_MATERIAL {
        score /= 8;
    }
    if let Some(left) = pos.countdown() {
        let draw = draw_score(pos, us);
        score = draw + (score - draw) * i32::from(left) / 20;
    }
    let them = board.by_color(us.other()).0;
    Static {
        score,
        danger,
        can_capture: att[us as usize] & them != 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_rules::Position;

    #[test]
    fn the_start_position_is_balanced() {
        let pos = Position::start();
        let e = evaluate(&pos);
        assert!((0..=40).contains(&e), "start evaluates to {e}");
    }

    #[test]
    fn options_change_the_values_of_the_pieces_they_widen() {
        let side = |text: &str| {
            text.parse::<jetan_rules::Rules>()
                .unwrap()
                .side(Color::Black)
        };
        assert_eq!(values(side("standard")), VALUES);
        let v = values(side("W:mixed,D:upto,F:nojump,T:jump"));
        let i = |r: Role| r as usize;
        assert_eq!(v[i(Role::Warrior)], 400);
        assert_eq!(v[i(Role::Dwar)], 375);
        assert_eq!(v[i(Role::Flier)], 240);
        assert_eq!(v[i(Role::Thoat)], 312);
        assert_eq!(v[i(Role::Padwar)], VALUES[i(Role::Padwar)]);
        assert_eq!(v[i(Role::Chief)], 0);
        // Material follows each side's own options.
        let pos = Position::start().with_rules("standard;W:mixed".parse().unwrap());
        assert_eq!(
            material(&pos, Color::Orange) - material(&pos, Color::Black),
            400
        );
        // No escape bonus for a Princess without one.
        let no = Position::start().with_rules("P:noescape;standard".parse().unwrap());
        assert!(evaluate(&no) < evaluate(&Position::start()));
    }

    #[test]
    fn zones_count_king_steps() {
        let e5: Square = "e5".parse().unwrap();
        assert_eq!(zone(e5, 1).count_ones(), 8);
        assert_eq!(zone(e5, 3).count_ones(), 48);
        assert_eq!(zone(Square::A1, 3).count_ones(), 15);
    }

    #[test]
    fn draws_are_bad_for_the_side_ahead() {
        // Black is a Dwar up.
        let pos: Position =
            "wa1fpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Bo - 0"
                .parse()
                .unwrap();
        assert!(draw_score(&pos, Color::Black) < 0);
        assert!(draw_score(&pos, Color::Orange) > 0);
        assert_eq!(
            draw_score(&pos, Color::Black),
            -draw_score(&pos, Color::Orange)
        );
    }
}
