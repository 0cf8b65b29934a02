//! The computer's levels 1 to 3: a random legal action, a greedy one, and the greedy one
//! with every threat and both battle outcomes weighed. Their evaluation and turn scores
//! are also the policy of the search (levels 4 and 5) and of the draw estimate; the
//! public entry point is the `ai` module.

use crate::table::{Checked, Table};
use crate::{
    Action, BattleSide, Card, Color, Piece, PublicView, Role, Square, Stream, Suit, ToAct,
};

/// How well the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 1: any legal action, at random.
    Random = 1,
    /// 2: greedy, one action at a time.
    Greedy = 2,
    /// 3: greedy with every threat and both battle outcomes weighed.
    Lookahead = 3,
    /// 4: a Monte Carlo search over sampled hidden cards (the `search` module), small budget.
    Search = 4,
    /// 5: the same search with a larger budget.
    DeepSearch = 5,
}

impl Level {
    /// The level of a number 1–5.
    pub const fn from_number(n: u8) -> Option<Level> {
        match n {
            1 => Some(Level::Random),
            2 => Some(Level::Greedy),
            3 => Some(Level::Lookahead),
            4 => Some(Level::Search),
            5 => Some(Level::DeepSearch),
            _ => None,
        }
    }

    /// The level's number, 1–5.
    pub const fn number(self) -> u8 {
        self as u8
    }
}
/// The random stream of a decision: the seed mixed with the view's hand size and the
/// turn's remaining actions, so one seed gives different streams along a game.
pub(crate) fn stream(view: &PublicView, seed: u64) -> Stream {
    Stream::new(seed ^ (view.hand.len() as u64) << 32 ^ u64::from(view.table.left))
}

/// The action of a heuristic level (1–3) for the viewer of `view`, or `None` if the
/// viewer is not the one to act. Levels 4 and 5 are played as level 3 here.
pub(crate) fn choose(view: &PublicView, level: Level, seed: u64) -> Option<Action> {
    let legal = view.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = stream(view, seed);
    if level == Level::Random {
        return Some(legal[rng.below(legal.len() as u64) as usize]);
    }
    match view.to_act() {
        ToAct::Battle { side, .. } => battle_card(view, side),
        ToAct::Turn(_) => turn_action(view, level, &legal, &mut rng),
        ToAct::Over(_) => None,
    }
}

/// The probability that an opponent holding `hand_len` of the `unseen` cards holds none of
/// `k` particular ones.
fn none_held(unseen: usize, k: usize, hand_len: usize) -> f64 {
    if k == 0 {
        return 1.0;
    }
    let mut p = 1.0;
    for i in 0..hand_len.min(unseen) {
        let num = unseen as f64 - k as f64 - i as f64;
        if num <= 0.0 {
            return 0.0;
        }
        p *= num / (unseen as f64 - i as f64);
    }
    p
}

/// For each suit: the chance the holder of `hand` beats an opponent in that suit, i.e. that
/// the opponent holds no unseen card above the hand's best card of the suit (0 without a
/// card of the suit).
fn suit_odds(hand: &[Card], unseen: &[Card], opp_len: usize) -> [f64; 4] {
    let mut out = [0.0; 4];
    for s in Suit::ALL {
        let Some(best) = hand
            .iter()
            .filter(|c| c.suit() == s)
            .map(|c| c.rank())
            .max()
        else {
            continue;
        };
        let k = unseen
            .iter()
            .filter(|c| c.suit() == s && c.rank() > best)
            .count();
        out[s as usize] = none_held(unseen.len(), k, opp_len);
    }
    out
}

/// The chance the viewer wins an attack it leads now (best suit).
fn attack_odds(view: &PublicView) -> f64 {
    let unseen = view.unseen_cards();
    let opp = view.hand_len(view.viewer.other());
    suit_odds(&view.hand, &unseen, opp)
        .into_iter()
        .fold(0.0, f64::max)
}

/// The chance the opponent wins an attack against the viewer: it leads the suit where the
/// viewer is weakest.
fn defence_loss_odds(view: &PublicView) -> f64 {
    let unseen = view.unseen_cards();
    let opp = view.hand_len(view.viewer.other());
    let mut worst: f64 = 0.0;
    for s in Suit::ALL {
        let best = view
            .hand
            .iter()
            .filter(|c| c.suit() == s)
            .map(|c| c.rank())
            .max();
        let above: usize = unseen
            .iter()
            .filter(|c| c.suit() == s && best.is_none_or(|b| c.rank() > b))
            .count();
        worst = worst.max(1.0 - none_held(unseen.len(), above, opp));
    }
    worst
}

pub(crate) fn battle_card(view: &PublicView, side: BattleSide) -> Option<Action> {
    let b = view.battle()?;
    let legal: Vec<Card> = b.legal_cards(&view.hand).collect();
    let lowest = |cs: &[Card]| cs.iter().copied().min();
    let card = match (b.cards().len(), side) {
        (0, _) => {
            let unseen = view.unseen_cards();
            let odds = suit_odds(&view.hand, &unseen, view.hand_len(view.viewer.other()));
            let suit = Suit::ALL
                .into_iter()
                .filter(|s| view.hand.iter().any(|c| c.suit() == *s))
                .max_by(|a, b| odds[*a as usize].total_cmp(&odds[*b as usize]))?;
            let of_suit: Vec<Card> = view
                .hand
                .iter()
                .copied()
                .filter(|c| c.suit() == suit)
                .collect();
            // Keep the best card for the third play when there are two.
            lowest(&of_suit)?
        }
        (_, _) => {
            let led = b.led_suit()?;
            let top = b
                .cards()
                .iter()
                .filter(|c| c.suit() == led)
                .map(|c| c.rank())
                .max()?;
            let leading = b.leader() == Some(side);
            let winners: Vec<Card> = legal
                .iter()
                .copied()
                .filter(|c| c.suit() == led && c.rank() > top)
                .collect();
            let last_chance = b.cards().len() >= 2;
            if leading || winners.is_empty() {
                lowest(&legal)?
            } else if last_chance && side == BattleSide::Defender {
                // The last card: the cheapest card that wins.
                lowest(&winners)?
            } else if last_chance {
                // The attacker's second card: its best, the defender answers after.
                winners.iter().copied().max()?
            } else {
                // The defender's first card: hold the winner back for the last play.
                lowest(&legal)?
            }
        }
    };
    Some(Action::Play(card))
}

fn value(p: Piece) -> f64 {
    match p.role {
        Role::King => 100.0,
        _ => f64::from(p.role.value()),
    }
}

pub(crate) struct Odds {
    pub(crate) attack: f64,
    pub(crate) defend_loss: f64,
}

impl Odds {
    /// The viewer's odds of winning its attacks and of losing its defences.
    pub(crate) fn of(view: &PublicView) -> Odds {
        Odds {
            attack: attack_odds(view),
            defend_loss: defence_loss_odds(view),
        }
    }
}

/// The viewer's evaluation of a table (higher is better for `me`).
pub(crate) fn evaluate(t: &Table, me: Color, level: Level, odds: &Odds) -> f64 {
    let mut score = 0.0;
    for (s, p) in t.board.pieces() {
        let sign = if p.color == me { 1.0 } else { -1.0 };
        let mut v = if p.role == Role::King { 0.0 } else { value(p) };
        // A little for development and advance.
        let centre =
            3.5 - ((f64::from(s.file()) - 3.5).abs() + (f64::from(s.rank()) - 3.5).abs()) / 2.0;
        match p.role {
            Role::Pawn => {
                let adv = f64::from(
                    s.rank() as i8 * p.color.forward()
                        - p.color.pawn_rank() as i8 * p.color.forward(),
                );
                v += 0.04 * adv;
            }
            Role::Knight | Role::Bishop => v += 0.05 * centre,
            _ => {}
        }
        score += sign * v;
    }
    for c in Color::ALL {
        let sign = if c == me { 1.0 } else { -1.0 };
        score += sign * 0.8 * f64::from(t.reserves[c].value());
    }
    let mine = t.attacked_by(me);
    let theirs = attack_counts(t, me.other());
    for (s, p) in t.board.pieces() {
        let bit = 1u64 << s.index();
        let k = theirs[s.index()];
        if p.color == me && k > 0 && (level == Level::Lookahead || p.role == Role::King) {
            // The opponent moves next: it may attack this piece, with each attacker in turn
            // (a new battle each time) at the lookahead level.
            let risk = if level == Level::Lookahead {
                1.0 - (1.0 - odds.defend_loss).powi(i32::from(k.min(3)))
            } else {
                odds.defend_loss
            };
            score -= risk * value(p) * if p.role == Role::King { 1.0 } else { 0.7 };
        }
        if p.color != me && mine & bit != 0 && level == Level::Lookahead {
            score += 0.15 * odds.attack * value(p);
        }
    }
    score
}

/// How many pieces of `by` attack each square.
fn attack_counts(t: &Table, by: Color) -> [u8; 64] {
    let mut counts = [0u8; 64];
    for (s, p) in t.board.pieces() {
        if p.color != by {
            continue;
        }
        let mut m = t.targets(s, p);
        if p.role == Role::Pawn {
            // Only the diagonal steps attack.
            m &= !(s.offset(0, by.forward()).map_or(0, |x| 1u64 << x.index())
                | s.offset(0, 2 * by.forward())
                    .map_or(0, |x| 1u64 << x.index()));
        }
        while m != 0 {
            counts[m.trailing_zeros() as usize] += 1;
            m &= m - 1;
        }
    }
    counts
}

/// The table after a battle, board only (no cards).
fn after_battle(t: &Table, from: Square, to: Square, promotion: Option<Role>, won: bool) -> Table {
    let mut t = t.clone();
    let att = t.board.take(from);
    if won {
        let att = att.map(|p| match promotion {
            Some(role) => Piece {
                role,
                promoted: true,
                ..p
            },
            None => p,
        });
        if let Some(d) = t.board.take(to) {
            t.prisons[t.turn].add(d.prisoner_role());
        }
        t.board.set(to, att);
        t.moved |= to.bit();
    } else if let Some(a) = att {
        t.prisons[t.turn.other()].add(a.prisoner_role());
    }
    t.left = t.left.saturating_sub(1);
    t
}

fn turn_action(
    view: &PublicView,
    level: Level,
    legal: &[Action],
    rng: &mut Stream,
) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    for (score, a) in turn_scores(view, level, legal, rng) {
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, a));
        }
    }
    best.map(|(s, a)| if s > 0.001 { a } else { Action::End })
}

/// The heuristic score of each sensible turn action (gain over the current table; ending
/// the turn scores 0), with a small random tie-break. Non-Queen promotions and discards
/// other than of the lowest low card are left out.
pub(crate) fn turn_scores(
    view: &PublicView,
    level: Level,
    legal: &[Action],
    rng: &mut Stream,
) -> Vec<(f64, Action)> {
    let t = &view.table;
    let me = view.viewer;
    let odds = Odds::of(view);
    let base = evaluate(t, me, level, &odds);
    let lowest = view
        .hand
        .iter()
        .map(|c| c.rank().value())
        .min()
        .unwrap_or(14);
    let mut out = Vec::with_capacity(legal.len());
    for &a in legal {
        let score = match a {
            Action::End => 0.0,
            Action::Discard(c) => {
                if c.rank().value() == lowest && lowest <= 5 {
                    0.02 * f64::from(8 - lowest.min(8))
                } else {
                    continue;
                }
            }
            Action::Move {
                from,
                to,
                promotion,
            } if t.is_attack(&a) => {
                if promotion.is_some_and(|r| r != Role::Queen) {
                    continue;
                }
                let (Some(att), Some(def)) = (t.board.get(from), t.board.get(to)) else {
                    continue;
                };
                let p = odds.attack;
                if level == Level::Lookahead {
                    let win = evaluate(
                        &after_battle(t, from, to, promotion, true),
                        me,
                        level,
                        &odds,
                    ) + if def.role == Role::King { 1000.0 } else { 0.0 };
                    let lose = evaluate(
                        &after_battle(t, from, to, promotion, false),
                        me,
                        level,
                        &odds,
                    ) - if att.role == Role::King { 1000.0 } else { 0.0 };
                    p * win + (1.0 - p) * lose - base
                } else {
                    let gain = if def.role == Role::King {
                        1000.0
                    } else {
                        value(def)
                    };
                    let loss = if att.role == Role::King {
                        1000.0
                    } else {
                        value(att)
                    };
                    p * gain - (1.0 - p) * loss
                }
            }
            Action::Move { promotion, .. } if promotion.is_some_and(|r| r != Role::Queen) => {
                continue
            }
            Action::Exchange(_) => {
                if t.left >= 2 {
                    0.3
                } else {
                    -0.1
                }
            }
            Action::Move { .. } | Action::Drop { .. } => {
                let Ok(c) = t.check(me, &a, &view.hand) else {
                    continue;
                };
                let mut after = t.clone();
                after.apply_simple(me, c);
                let mut s = evaluate(&after, me, level, &odds) - base;
                if let Checked::Drop(..) = c {
                    s += 0.05;
                }
                s
            }
            Action::Play(_) => continue,
        };
        // Small random tie-break.
        let score = score + (rng.below(1000) as f64) * 1e-6;
        out.push((score, a));
    }
    out
}
