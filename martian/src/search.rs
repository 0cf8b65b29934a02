//! The search behind computer levels 4 and 5: determinized ("perfect information") Monte
//! Carlo over the hidden cards, with successive halving over the candidate actions.
//!
//! The player is given a [`PublicView`], so the hidden part of the game is only ever
//! *sampled*: the unseen cards (the 52 less its own hand, the discard pile and the cards of
//! the battle in progress) are dealt at random into an opponent's hand of the right size
//! and a deck of the right size, and a fresh random stream stands in for the future dice.
//! The real opponent's hand and deck order never reach this module.
//!
//! For each decision:
//!
//! 1. **Candidates.** In a turn: the few best actions by level 3's heuristic score, plus
//!    ending the turn. In a battle: of each suit the lowest and the highest legal card,
//!    and of the led suit the lowest that would lead the battle now (the others are
//!    dominated for this battle).
//! 2. **Playouts.** A candidate is played in a sampled game, then the rest of the turn and
//!    the next turn (the opponent's reply, or the player's own turn after a defence) are
//!    played by level 3's policy for both sides, battles included (with the sampled
//!    hands, so a card's worth shows in the battles it wins). The position reached is
//!    scored by level 3's evaluation from the player's own view (board, prisons,
//!    reserves, threats weighed by its own cards' odds); a won game scores +1000, a lost
//!    one −1000; the quiet turns toward the fifty-turn draw count against a player who is
//!    not behind (and for one who is well behind). Every candidate is tried on the same samples (common random numbers).
//! 3. **Successive halving.** The budget of playouts is spread over rounds; after each
//!    round the worse half of the candidates is dropped. The best mean wins.
//!
//! The budget is a number of playouts (work, not time), so the same view and seed always
//! give the same action; a wall-time cap stops the search early only as a safety.

use std::time::{Duration, Instant};

use crate::heuristic::{self, Level, Odds};
use crate::state::sort_hand;
use crate::{Action, ByColor, Card, Color, PublicView, State, Stream, ToAct};

/// How much a search level may spend on one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Playouts in all, over every candidate.
    pub(crate) playouts: u32,
    /// The number of turn actions (besides ending the turn) the search looks at.
    pub(crate) candidates: usize,
    /// A safety cap on the time of one decision.
    pub(crate) wall: Duration,
}

impl Budget {
    /// The budget of a search level (`None` below level 4).
    pub(crate) fn of(level: Level) -> Option<Budget> {
        match level {
            Level::Search => Some(Budget {
                playouts: 48,
                candidates: 5,
                wall: Duration::from_millis(500),
            }),
            Level::DeepSearch => Some(Budget {
                playouts: 480,
                candidates: 10,
                wall: Duration::from_millis(1000),
            }),
            _ => None,
        }
    }
}

/// The policy the playouts use for both sides.
const POLICY: Level = Level::Lookahead;

/// A mixing constant (the golden ratio, as SplitMix64's).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The weight, per quiet turn, of the fifty-turn draw in a playout's score.
const QUIET_PUSH: f64 = 0.03;

/// The most actions a playout plays before it is scored.
const PLAYOUT_CAP: u32 = 120;

/// The search's action for the viewer of `view`, who is to act with the `legal` actions.
pub(crate) fn choose(
    view: &PublicView,
    legal: &[Action],
    budget: &Budget,
    seed: u64,
) -> Option<Action> {
    let mut rng = Stream::new(seed);
    let candidates: Vec<Action> = match view.to_act() {
        ToAct::Over(_) => return None,
        ToAct::Battle { .. } => battle_candidates(view, legal),
        ToAct::Turn(_) => {
            let mut scored = heuristic::turn_scores(view, POLICY, legal, &mut rng);
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut c: Vec<Action> = scored
                .iter()
                .map(|&(_, a)| a)
                .filter(|a| *a != Action::End)
                .take(budget.candidates)
                .collect();
            if legal.contains(&Action::End) {
                c.push(Action::End);
            }
            c
        }
    };
    if candidates.len() <= 1 {
        return candidates
            .first()
            .copied()
            .or_else(|| legal.first().copied());
    }
    let started = Instant::now();
    let sample_seed = rng.next_u64();
    let n = candidates.len();
    let mut sums = vec![0.0f64; n];
    let mut counts = vec![0u32; n];
    let mut alive: Vec<usize> = (0..n).collect();
    let rounds = usize::BITS - (n - 1).leading_zeros(); // ceil(log2 n), n ≥ 2
    let mean = |sums: &[f64], counts: &[u32], i: usize| {
        if counts[i] == 0 {
            f64::NEG_INFINITY
        } else {
            sums[i] / f64::from(counts[i])
        }
    };
    'rounds: for _ in 0..rounds {
        let per = (budget.playouts as usize / (rounds as usize * alive.len())).max(1);
        for &i in &alive {
            for _ in 0..per {
                let j = u64::from(counts[i]);
                let sample = sample_seed ^ (j + 1).wrapping_mul(GAMMA);
                sums[i] += playout(view, candidates[i], sample);
                counts[i] += 1;
                if started.elapsed() > budget.wall {
                    break 'rounds;
                }
            }
        }
        alive.sort_by(|&a, &b| mean(&sums, &counts, b).total_cmp(&mean(&sums, &counts, a)));
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() == 1 {
            break;
        }
    }
    let best = (0..n)
        .filter(|&i| counts[i] > 0 && alive.contains(&i))
        .max_by(|&a, &b| mean(&sums, &counts, a).total_cmp(&mean(&sums, &counts, b)))
        .unwrap_or(alive[0]);
    Some(candidates[best])
}

/// The battle cards worth searching among the `legal` ones: of each suit, the lowest and
/// the highest, and of the led suit also the lowest card that would lead the battle now.
/// Any other card of a suit is dominated for this battle (it wins no trick the highest
/// would not, and costs more of the hand than the lowest): the playouts are spread over
/// the few cards that differ instead of the whole hand.
fn battle_candidates(view: &PublicView, legal: &[Action]) -> Vec<Action> {
    let cards: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    let battle = view.battle();
    let led = battle.and_then(|b| b.led_suit());
    let top = battle.and_then(|b| {
        b.cards()
            .iter()
            .filter(|c| Some(c.suit()) == led)
            .map(|c| c.rank())
            .max()
    });
    let mut keep: Vec<Card> = Vec::new();
    for suit in crate::Suit::ALL {
        let of: Vec<Card> = cards.iter().copied().filter(|c| c.suit() == suit).collect();
        let (Some(lo), Some(hi)) = (of.iter().min(), of.iter().max()) else {
            continue;
        };
        keep.push(*lo);
        keep.push(*hi);
        if Some(suit) == led {
            if let Some(w) = of.iter().filter(|c| top.is_none_or(|t| c.rank() > t)).min() {
                keep.push(*w);
            }
        }
    }
    let out: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Play(c) if keep.contains(c)))
        .collect();
    if out.is_empty() {
        legal.to_vec()
    } else {
        out
    }
}

/// A game consistent with `view`: the unseen cards dealt at random (from `rng`) into the
/// opponent's hand and the deck, and a fresh random stream for the dice to come.
pub(crate) fn determinize(view: &PublicView, rng: &mut Stream) -> State {
    let me = view.viewer;
    let opp = me.other();
    let mut unseen: Vec<Card> = view.unseen_cards();
    rng.shuffle(&mut unseen);
    let take = view.hand_len(opp).min(unseen.len());
    let mut opp_hand = unseen.split_off(unseen.len() - take);
    sort_hand(&mut opp_hand);
    let mut hands = ByColor::new(Vec::new(), Vec::new());
    hands[me] = view.hand.clone();
    hands[opp] = opp_hand;
    State {
        table: view.table.clone(),
        hands,
        deck: unseen,
        rng: Stream::new(rng.next_u64()),
    }
}

/// One playout of `action` in a game sampled from `sample`, scored for the viewer.
fn playout(view: &PublicView, action: Action, sample: u64) -> f64 {
    let me = view.viewer;
    let mut rng = Stream::new(sample);
    let mut s = determinize(view, &mut rng);
    let Some(p) = s.player_to_act() else {
        return score(&s, me);
    };
    s = match s.play(p, action) {
        Ok(s) => s,
        Err(e) => *e.state,
    };
    // Play on until the end of the next turn after the current one: the opponent's reply to
    // the viewer's turn, or the viewer's own turn after a defence.
    let mut turns_left = 2u8;
    let mut turn = view.table.turn;
    let policy_seed = rng.next_u64();
    for k in 0..PLAYOUT_CAP {
        if s.table.turn != turn {
            turn = s.table.turn;
            turns_left -= 1;
            if turns_left == 0 || (turn == me && view.table.turn != me) {
                break;
            }
        }
        let Some(p) = s.player_to_act() else { break };
        let v = s.public_view(p);
        let Some(a) = heuristic::choose(&v, POLICY, policy_seed ^ u64::from(k)) else {
            break;
        };
        s = match s.play(p, a) {
            Ok(s) => s,
            Err(e) => *e.state,
        };
    }
    score(&s, me)
}

/// The viewer's score of a sampled game, from what the viewer would see of it.
fn score(s: &State, me: Color) -> f64 {
    if let Some(o) = s.outcome() {
        return match o.winner() {
            Some(w) if w == me => 1000.0,
            Some(_) => -1000.0,
            None => 0.0,
        };
    }
    let v = s.public_view(me);
    let value = heuristic::evaluate(&v.table, me, POLICY, &Odds::of(&v));
    // The fifty-turn draw lies beyond the playouts: a player not behind is pushed, more as
    // the quiet turns mount, toward a turn that resets them (an attack, a pawn move, a
    // paradrop); a player well behind, toward the draw.
    let quiet = QUIET_PUSH * f64::from(s.table.quiet);
    if value > -1.0 {
        value - quiet
    } else {
        value + quiet
    }
}
