//! Model-based property test: random operation sequences against the store and against
//! a plain in-memory model written independently; same results, same wallets and games,
//! and `verify` clean after every step. On the backend of the binary: sled in `store`,
//! PostgreSQL in `store_pg` (each case a fresh schema). The sequences come from a fixed
//! seed (`PROPTEST_RNG_SEED` sets another); a failure prints the line that replays it.

use jetan_store::Refusal;
use std::collections::BTreeMap;

use jetan_rules::{Color, DuelStream, Position, Square, Variant};
use jetan_store::{ChannelId, FirstMover, GuildId, Stamp, Store, StoreError, Terms, UserId};

use crate::common::{GameIdOf, Place};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestRunner};

const GUILD: GuildId = GuildId(7);
const USERS: [UserId; 3] = [UserId(1), UserId(2), UserId(3)];
const CHANNELS: [ChannelId; 2] = [ChannelId(1), ChannelId(2)];
const GRANT: u64 = 1000;
const DAILY: u64 = 100;
const EXPIRY: u64 = 10 * 60 * 1000;
const DAY: u64 = 24 * 3600 * 1000;

#[derive(Debug, Clone)]
enum Op {
    Challenge {
        ch: usize,
        a: usize,
        b: usize,
        stake: u64,
        price: u64,
        manator: bool,
        practice: bool,
        timed: bool,
    },
    Accept {
        ch: usize,
        by: usize,
        challenger_first: bool,
        seed: u64,
    },
    Decline {
        ch: usize,
        by: usize,
    },
    Cancel {
        ch: usize,
        by: usize,
    },
    Expire {
        ch: usize,
        by: usize,
    },
    Move {
        ch: usize,
        pick: usize,
        wrong_player: bool,
        stale: bool,
        illegal: bool,
    },
    Resign {
        ch: usize,
        by: usize,
    },
    OfferDraw {
        ch: usize,
        by: usize,
    },
    AnswerDraw {
        ch: usize,
        by: usize,
        accept: bool,
    },
    ClaimTime {
        ch: usize,
        by: usize,
    },
    Abort {
        ch: usize,
    },
    Daily {
        user: usize,
    },
    Grant {
        user: usize,
        amount: u64,
    },
    Pay {
        from: usize,
        to: usize,
        amount: u64,
    },
    Reset {
        user: usize,
    },
    Purge {
        users: Vec<usize>,
    },
    Tick {
        ms: u64,
    },
    Repeat,
}

fn op() -> impl Strategy<Value = Op> {
    let ch = 0..CHANNELS.len();
    let u = || 0..USERS.len();
    prop_oneof![
        4 => (ch.clone(), u(), u(), 0..400u64, 0..8u64, any::<bool>(), prop::bool::weighted(0.15), any::<bool>())
            .prop_map(|(ch, a, b, stake, price, manator, practice, timed)| {
                let (stake, price) = if practice && stake % 2 == 0 { (0, 0) } else { (stake, price) };
                Op::Challenge { ch, a, b, stake, price, manator, practice, timed }
            }),
        4 => (ch.clone(), u(), any::<bool>(), any::<u64>())
            .prop_map(|(ch, by, challenger_first, seed)| Op::Accept { ch, by, challenger_first, seed }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::Decline { ch, by }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::Cancel { ch, by }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::Expire { ch, by }),
        20 => (ch.clone(), any::<usize>(), prop::bool::weighted(0.1), prop::bool::weighted(0.1), prop::bool::weighted(0.05))
            .prop_map(|(ch, pick, wrong_player, stale, illegal)| Op::Move { ch, pick, wrong_player, stale, illegal }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::Resign { ch, by }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::OfferDraw { ch, by }),
        1 => (ch.clone(), u(), any::<bool>()).prop_map(|(ch, by, accept)| Op::AnswerDraw { ch, by, accept }),
        1 => (ch.clone(), u()).prop_map(|(ch, by)| Op::ClaimTime { ch, by }),
        1 => ch.prop_map(|ch| Op::Abort { ch }),
        1 => u().prop_map(|user| Op::Daily { user }),
        1 => (u(), 0..300u64).prop_map(|(user, amount)| Op::Grant { user, amount }),
        3 => (u(), u(), prop_oneof![0..400u64, 900..1500u64])
            .prop_map(|(from, to, amount)| Op::Pay { from, to, amount }),
        1 => u().prop_map(|user| Op::Reset { user }),
        1 => prop::collection::vec(u(), 0..3).prop_map(|users| Op::Purge { users }),
        2 => prop_oneof![0..5_000u64, 50_000..200_000u64, Just(EXPIRY), Just(DAY)].prop_map(|ms| Op::Tick { ms }),
        2 => Just(Op::Repeat),
    ]
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct W {
    balance: u64,
    escrow: u64,
    wins: u32,
    losses: u32,
    draws: u32,
    net: i64,
    last_daily: Option<u64>,
}

#[derive(Debug, Clone)]
struct Ch {
    challenger: UserId,
    challenged: UserId,
    terms: Terms,
    expires: u64,
    held: u64,
}

#[derive(Debug, Clone)]
struct G {
    players: [UserId; 2], // black, orange
    terms: Terms,
    pos: Position,
    dice: DuelStream,
    version: u64,
    escrow: [u64; 2],
    net: [i64; 2],
    offer: Option<UserId>,
    last: u64,
    moves: usize,
}

#[derive(Debug, Clone)]
enum Slot {
    Empty,
    Game(Box<G>),
}

#[derive(Debug, Clone)]
struct Model {
    wallets: BTreeMap<UserId, W>,
    /// Each channel's game.
    slots: Vec<Slot>,
    /// Each channel's open challenges, oldest first (one per challenger).
    challenges: Vec<Vec<Ch>>,
}

/// Which open challenge a request without a challenge id names (as the store reads
/// it): the only one `mine` accepts; with none of those, the channel's newest.
enum Named {
    At(usize),
    Missing,
    Several,
}

type Res = Result<(), &'static str>;

fn idx(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::Orange => 1,
    }
}

impl Model {
    fn peek(&self, u: UserId) -> W {
        self.wallets.get(&u).cloned().unwrap_or(W {
            balance: GRANT,
            ..W::default()
        })
    }
    fn w(&mut self, u: UserId) -> &mut W {
        self.wallets.entry(u).or_insert(W {
            balance: GRANT,
            ..W::default()
        })
    }

    fn settle(&mut self, ch: usize, winner: Option<usize>, aborted: bool) {
        let Slot::Game(mut g) = std::mem::replace(&mut self.slots[ch], Slot::Empty) else {
            unreachable!()
        };
        if let Some(wi) = winner {
            let li = 1 - wi;
            let s = g.terms.stake;
            if s > 0 {
                g.escrow[li] -= s;
                g.net[li] -= s as i64;
                g.net[wi] += s as i64;
                self.w(g.players[li]).escrow -= s;
                self.w(g.players[wi]).balance += s;
            }
        }
        for i in 0..2 {
            if g.escrow[i] > 0 {
                let w = self.w(g.players[i]);
                w.escrow -= g.escrow[i];
                w.balance += g.escrow[i];
            }
        }
        if !g.terms.practice {
            for i in 0..2 {
                let w = self.w(g.players[i]);
                match (winner, aborted) {
                    (_, true) => {}
                    (Some(wi), _) if wi == i => w.wins += 1,
                    (Some(_), _) => w.losses += 1,
                    (None, _) => w.draws += 1,
                }
                w.net += g.net[i];
            }
        }
    }

    fn game(&mut self, ch: usize) -> Result<&mut G, &'static str> {
        match &mut self.slots[ch] {
            Slot::Game(g) => Ok(g),
            _ => Err("NoGame"),
        }
    }

    fn named(&self, ch: usize, mine: impl Fn(&Ch) -> bool) -> Named {
        let open = &self.challenges[ch];
        let matching: Vec<usize> = (0..open.len()).filter(|&i| mine(&open[i])).collect();
        match matching.as_slice() {
            [i] => Named::At(*i),
            [] if open.is_empty() => Named::Missing,
            [] => Named::At(open.len() - 1),
            _ => Named::Several,
        }
    }

    /// Applies an op; returns the expected result. On an error nothing changes.
    fn apply(&mut self, op: &Op, now: u64) -> Res {
        let before = self.clone();
        let res = self.apply_inner(op, now);
        if res.is_err() {
            *self = before;
        }
        res
    }

    fn apply_inner(&mut self, op: &Op, now: u64) -> Res {
        match *op {
            Op::Challenge {
                ch,
                a,
                b,
                stake,
                price,
                manator,
                practice,
                timed,
            } => {
                let (a, b) = (USERS[a], USERS[b]);
                if practice && (stake > 0 || price > 0) {
                    return Err("InvalidTerms");
                }
                if a == b {
                    return Err("SelfChallenge");
                }
                if let Slot::Game(_) = self.slots[ch] {
                    return Err("ChannelBusy");
                }
                if let Some(i) = self.challenges[ch].iter().position(|c| c.challenger == a) {
                    let c = &self.challenges[ch][i];
                    if now < c.expires {
                        return Err("ChannelBusy");
                    }
                    let (who, held) = (c.challenger, c.held);
                    let w = self.w(who);
                    if held > 0 {
                        w.escrow -= held;
                        w.balance += held;
                    }
                    self.challenges[ch].remove(i);
                }
                let variant = if manator {
                    Variant::Manator
                } else {
                    Variant::Classic
                };
                let escrow = stake + price * if manator { 46 } else { 42 };
                let mut held = 0;
                if !practice && escrow > 0 {
                    if self.peek(a).balance < escrow || self.peek(b).balance < escrow {
                        return Err("InsufficientFunds");
                    }
                    let w = self.w(a);
                    w.balance -= escrow;
                    w.escrow += escrow;
                    held = escrow;
                }
                let terms = Terms {
                    stake,
                    piece_price: price,
                    move_time_minutes: timed.then_some(1),
                    practice,
                    first: FirstMover::Random,
                    ..Terms::friendly(variant)
                };
                self.challenges[ch].push(Ch {
                    challenger: a,
                    challenged: b,
                    terms,
                    expires: now + EXPIRY,
                    held,
                });
                Ok(())
            }
            Op::Accept {
                ch,
                by,
                challenger_first,
                seed,
            } => {
                let by = USERS[by];
                let i = match self.named(ch, |c| c.challenged == by) {
                    Named::At(i) => i,
                    Named::Several => return Err("SeveralChallenges"),
                    Named::Missing => match self.slots[ch] {
                        Slot::Game(_) => return Err("AlreadyStarted"),
                        Slot::Empty => return Err("NoChallenge"),
                    },
                };
                let c = self.challenges[ch][i].clone();
                if by != c.challenged {
                    return Err("NotChallenged");
                }
                if now >= c.expires {
                    return Err("ChallengeExpired");
                }
                if let Slot::Game(_) = self.slots[ch] {
                    return Err("ChannelBusy");
                }
                let escrow = c.terms.escrow().unwrap();
                let held = if c.terms.practice { 0 } else { escrow };
                if held > 0 {
                    if self.peek(by).balance < held {
                        return Err("InsufficientFunds");
                    }
                    let w = self.w(by);
                    w.balance -= held;
                    w.escrow += held;
                }
                self.challenges[ch].remove(i);
                let players = if challenger_first {
                    [c.challenger, c.challenged]
                } else {
                    [c.challenged, c.challenger]
                };
                self.slots[ch] = Slot::Game(Box::new(G {
                    players,
                    pos: Position::start_of(jetan_store::games::jetan::options(&c.terms).variant),
                    terms: c.terms,
                    dice: DuelStream::new(seed),
                    version: 1,
                    escrow: [held, held],
                    net: [0, 0],
                    offer: None,
                    last: now,
                    moves: 0,
                }));
                Ok(())
            }
            Op::Decline { ch, by } | Op::Cancel { ch, by } | Op::Expire { ch, by } => {
                let by = USERS[by];
                let named = match op {
                    Op::Decline { .. } => self.named(ch, |c| c.challenged == by),
                    Op::Cancel { .. } => self.named(ch, |c| c.challenger == by),
                    _ => self.named(ch, |_| true),
                };
                let i = match named {
                    Named::At(i) => i,
                    Named::Several => return Err("SeveralChallenges"),
                    Named::Missing => return Err("NoChallenge"),
                };
                let c = &self.challenges[ch][i];
                match op {
                    Op::Decline { .. } if by != c.challenged => return Err("NotChallenged"),
                    Op::Cancel { .. } if by != c.challenger => return Err("NotChallenger"),
                    Op::Expire { .. } if now < c.expires => return Err("NotExpired"),
                    _ => {}
                }
                let (who, held) = (c.challenger, c.held);
                if held > 0 {
                    let w = self.w(who);
                    w.escrow -= held;
                    w.balance += held;
                }
                self.challenges[ch].remove(i);
                Ok(())
            }
            Op::Move { ch, .. } => {
                let g = self.game(ch)?;
                let _ = g;
                unreachable!("moves are applied by `apply_move`")
            }
            Op::Resign { ch, by } => {
                let by = USERS[by];
                let g = self.game(ch)?;
                let Some(i) = g.players.iter().position(|&p| p == by) else {
                    return Err("NotAPlayer");
                };
                self.settle(ch, Some(1 - i), false);
                Ok(())
            }
            Op::OfferDraw { ch, by } => {
                let by = USERS[by];
                let g = self.game(ch)?;
                if !g.players.contains(&by) {
                    return Err("NotAPlayer");
                }
                if g.offer.is_some() {
                    return Err("DrawAlreadyOffered");
                }
                g.offer = Some(by);
                g.version += 1;
                Ok(())
            }
            Op::AnswerDraw { ch, by, accept } => {
                let by = USERS[by];
                let g = self.game(ch)?;
                if !g.players.contains(&by) {
                    return Err("NotAPlayer");
                }
                match g.offer {
                    Some(o) if o != by => {}
                    _ => return Err("NoDrawOffer"),
                }
                if accept {
                    self.settle(ch, None, false);
                } else {
                    g.offer = None;
                    g.version += 1;
                }
                Ok(())
            }
            Op::ClaimTime { ch, by } => {
                let by = USERS[by];
                let g = self.game(ch)?;
                let Some(i) = g.players.iter().position(|&p| p == by) else {
                    return Err("NotAPlayer");
                };
                if g.terms.move_time_minutes.is_none() {
                    return Err("NoTimeLimit");
                }
                if idx(g.pos.turn()) == i {
                    return Err("CannotClaimOnOwnTurn");
                }
                if now <= g.last + 60_000 {
                    return Err("TimeNotUp");
                }
                self.settle(ch, Some(i), false);
                Ok(())
            }
            Op::Abort { ch } => {
                self.game(ch)?;
                self.settle(ch, None, true);
                Ok(())
            }
            Op::Daily { user } => {
                let u = USERS[user];
                let w = self.peek(u);
                if let Some(last) = w.last_daily {
                    if now < last + DAY {
                        return Err("DailyNotReady");
                    }
                }
                let w = self.w(u);
                w.balance += DAILY;
                w.last_daily = Some(now);
                Ok(())
            }
            Op::Grant { user, amount } => {
                if amount == 0 {
                    return Err("InvalidAmount");
                }
                self.w(USERS[user]).balance += amount;
                Ok(())
            }
            Op::Pay { from, to, amount } => {
                let (from, to) = (USERS[from], USERS[to]);
                if amount == 0 {
                    return Err("InvalidAmount");
                }
                if from == to {
                    return Err("SelfPayment");
                }
                if self.peek(from).balance < amount {
                    return Err("InsufficientFunds");
                }
                self.w(from).balance -= amount;
                self.w(to).balance += amount;
                Ok(())
            }
            Op::Reset { user } => {
                self.w(USERS[user]).balance = 0;
                Ok(())
            }
            Op::Purge { ref users } => {
                // Only existing wallets, and only those with nothing in escrow.
                for &u in users {
                    if let Some(w) = self.wallets.get_mut(&USERS[u]) {
                        if w.escrow == 0 {
                            w.balance = 0;
                        }
                    }
                }
                Ok(())
            }
            Op::Tick { .. } | Op::Repeat => Ok(()),
        }
    }

    /// A move: which squares, as which user, against which version; and the expected
    /// result, applied to the model.
    fn apply_move(
        &mut self,
        ch: usize,
        pick: usize,
        wrong_player: bool,
        stale: bool,
        illegal: bool,
        now: u64,
    ) -> (Option<(UserId, u64, Square, Square)>, Res) {
        let Slot::Game(g) = &mut self.slots[ch] else {
            return (None, Err("NoGame"));
        };
        let turn = idx(g.pos.turn());
        let user = g.players[if wrong_player { 1 - turn } else { turn }];
        let version = if stale { g.version - 1 } else { g.version };
        let moves = g.pos.legal_moves();
        let m = moves[pick % moves.len()];
        let (from, to) = if illegal {
            (m.from, m.from)
        } else {
            (m.from, m.to)
        };
        let call = Some((user, version, from, to));
        if stale {
            return (call, Err("GameChanged"));
        }
        if wrong_player {
            return (call, Err("NotYourTurn"));
        }
        if illegal {
            return (call, Err("IllegalMove"));
        }
        let (next, report) = g.pos.clone().play(m, &mut g.dice).unwrap();
        g.pos = next;
        g.version += 1;
        g.moves += 1;
        g.last = now;
        if g.offer.is_some_and(|o| o != user) {
            g.offer = None;
        }
        if let Some(victim) = report.killed {
            let price = u64::from(victim.role.value()) * g.terms.piece_price;
            if price > 0 {
                let (pi, ri) = (idx(victim.color), 1 - idx(victim.color));
                g.escrow[pi] -= price;
                g.net[pi] -= price as i64;
                g.net[ri] += price as i64;
                let (payer, receiver) = (g.players[pi], g.players[ri]);
                self.w(payer).escrow -= price;
                self.w(receiver).balance += price;
            }
        }
        if let Some(o) = report.outcome {
            self.settle(ch, o.winner().map(idx), false);
        }
        (call, Ok(()))
    }
}

fn kind(e: &StoreError) -> &'static str {
    match e {
        StoreError::ChannelBusy { .. } => "ChannelBusy",
        StoreError::SelfChallenge => "SelfChallenge",
        StoreError::InvalidTerms(_) => "InvalidTerms",
        StoreError::InsufficientFunds { .. } => "InsufficientFunds",
        StoreError::NoChallenge => "NoChallenge",
        StoreError::SeveralChallenges { .. } => "SeveralChallenges",
        StoreError::NoGame => "NoGame",
        StoreError::AlreadyStarted => "AlreadyStarted",
        StoreError::NotChallenged { .. } => "NotChallenged",
        StoreError::NotChallenger { .. } => "NotChallenger",
        StoreError::ChallengeExpired => "ChallengeExpired",
        StoreError::NotExpired { .. } => "NotExpired",
        StoreError::NotAPlayer => "NotAPlayer",
        StoreError::GameChanged { .. } => "GameChanged",
        StoreError::NotYourTurn { .. } => "NotYourTurn",
        StoreError::Illegal(Refusal::Jetan(_)) => "IllegalMove",
        StoreError::DrawAlreadyOffered { .. } => "DrawAlreadyOffered",
        StoreError::NoDrawOffer => "NoDrawOffer",
        StoreError::NoTimeLimit => "NoTimeLimit",
        StoreError::CannotClaimOnOwnTurn => "CannotClaimOnOwnTurn",
        StoreError::TimeNotUp { .. } => "TimeNotUp",
        StoreError::DailyNotReady { .. } => "DailyNotReady",
        StoreError::InvalidAmount(_) => "InvalidAmount",
        StoreError::SelfPayment => "SelfPayment",
        e => panic!("internal failure: {e}"),
    }
}

/// The store call an op makes; `Debug` of the result stands for its value.
fn call(
    store: &Store,
    op: &Op,
    req: Stamp,
    mv: Option<(UserId, u64, Square, Square)>,
    seed_first: Option<u64>,
) -> Result<String, StoreError> {
    let ch = |c: usize| CHANNELS[c];
    Ok(match *op {
        Op::Challenge {
            ch: c,
            b,
            stake,
            price,
            manator,
            practice,
            timed,
            ..
        } => {
            let variant = if manator {
                Variant::Manator
            } else {
                Variant::Classic
            };
            let terms = Terms {
                stake,
                piece_price: price,
                move_time_minutes: timed.then_some(1),
                practice,
                first: FirstMover::Random,
                ..Terms::friendly(variant)
            };
            format!("{:?}", store.challenge(req, GUILD, ch(c), USERS[b], terms)?)
        }
        Op::Accept { ch: c, seed, .. } => format!(
            "{:?}",
            store.accept(req, ch(c), None, seed_first.unwrap_or(0), seed)?
        ),
        Op::Decline { ch: c, .. } => format!("{:?}", store.decline(req, ch(c), None)?),
        Op::Cancel { ch: c, .. } => format!("{:?}", store.cancel(req, ch(c), None)?),
        Op::Expire { ch: c, .. } => format!("{:?}", store.expire(req, ch(c))?),
        Op::Move { ch: c, .. } => match mv {
            Some((_, version, from, to)) => {
                format!(
                    "{:?}",
                    store.play(req, ch(c), (store.gid(ch(c)), version), from, to)?
                )
            }
            None => format!(
                "{:?}",
                store.play(req, ch(c), (store.gid(ch(c)), 1), Square::A1, Square::J10)?
            ),
        },
        Op::Resign { ch: c, .. } => format!("{:?}", store.resign(req, ch(c), store.gid(ch(c)))?),
        Op::OfferDraw { ch: c, .. } => format!("{:?}", store.offer_draw(req, ch(c))?),
        Op::AnswerDraw {
            ch: c,
            accept: true,
            ..
        } => format!("{:?}", store.accept_draw(req, ch(c), store.gid(ch(c)))?),
        Op::AnswerDraw {
            ch: c,
            accept: false,
            ..
        } => format!("{:?}", store.decline_draw(req, ch(c), store.gid(ch(c)))?),
        Op::ClaimTime { ch: c, .. } => format!("{:?}", store.claim_time(req, ch(c))?),
        Op::Abort { ch: c } => format!("{:?}", store.abort(req, ch(c), store.gid(ch(c)), "model")?),
        Op::Daily { .. } => format!("{:?}", store.daily(req, GUILD)?),
        Op::Grant { user: u, amount } => {
            format!("{:?}", store.grant(req, GUILD, USERS[u], amount, "")?)
        }
        Op::Pay { to, amount, .. } => {
            format!("{:?}", store.pay(req, GUILD, USERS[to], amount, "model")?)
        }
        Op::Reset { user } => format!("{:?}", store.reset(req, GUILD, USERS[user], "model")?),
        Op::Purge { ref users } => {
            let users: Vec<UserId> = users.iter().map(|&u| USERS[u]).collect();
            format!("{:?}", store.purge(req, GUILD, &users, "model")?)
        }
        Op::Tick { .. } | Op::Repeat => String::new(),
    })
}

fn compare(store: &Store, model: &Model, step: usize, verify: bool) {
    for &u in &USERS {
        let w = store.wallet(GUILD, u).unwrap();
        let m = model.peek(u);
        let got = W {
            balance: w.balance,
            escrow: w.escrow,
            wins: w.wins,
            losses: w.losses,
            draws: w.draws,
            net: w.net_won,
            last_daily: w.last_daily,
        };
        assert_eq!(got, m, "wallet of {u} after step {step}");
    }
    for (i, &c) in CHANNELS.iter().enumerate() {
        let open: Vec<_> = store
            .open_challenges_in(c)
            .unwrap()
            .into_iter()
            .map(|s| (s.challenger, s.challenged, s.held, s.expires_at))
            .collect();
        let modelled: Vec<_> = model.challenges[i]
            .iter()
            .map(|m| (m.challenger, m.challenged, m.held, m.expires))
            .collect();
        assert_eq!(
            open, modelled,
            "challenges in channel {c} after step {step}"
        );
        match &model.slots[i] {
            Slot::Empty => {
                assert!(store.game(c).unwrap().is_none(), "step {step}");
            }
            Slot::Game(m) => {
                let s = store.game(c).unwrap().expect("a game");
                assert_eq!(
                    (
                        s.players.first,
                        s.players.second,
                        s.version,
                        s.moves().len()
                    ),
                    (m.players[0], m.players[1], m.version, m.moves),
                    "step {step}"
                );
                assert_eq!(s.position, m.pos.to_string(), "step {step}");
                assert_eq!(
                    (s.escrow.first, s.escrow.second, s.draw_offer),
                    (m.escrow[0], m.escrow[1], m.offer),
                    "step {step}"
                );
            }
        }
    }
    if verify {
        let report = store.verify().unwrap();
        assert!(report.is_clean(), "after step {step}: {report}");
    }
}

/// A call made: the op, its request, the move details, the first mover, the result.
type Sent = (
    Op,
    Stamp,
    Option<(UserId, u64, Square, Square)>,
    Option<u64>,
    Result<String, &'static str>,
);

fn run(ops: Vec<Op>, verify_every: usize) {
    // The backend of this binary: a sled directory in `store`, a fresh PostgreSQL schema
    // in `store_pg`.
    let place = Place::new();
    let store = place.open();
    let mut model = Model {
        wallets: BTreeMap::new(),
        slots: vec![Slot::Empty; CHANNELS.len()],
        challenges: vec![Vec::new(); CHANNELS.len()],
    };
    let mut now = 1_000_000u64;
    let mut last: Option<Sent> = None;
    for (step, op) in ops.iter().enumerate() {
        let id = step as u64 + 1;
        match op {
            Op::Tick { ms } => {
                now += ms;
                continue;
            }
            Op::Repeat => {
                if let Some((op, req, mv, first, expected)) = &last {
                    let got = call(&store, op, *req, *mv, *first).map_err(|e| kind(&e));
                    assert_eq!(&got, expected, "repeating step {step} ({op:?})");
                    compare(
                        &store,
                        &model,
                        step,
                        step % verify_every == 0 || step + 1 == ops.len(),
                    );
                }
                continue;
            }
            _ => {}
        }
        let (user, mv, first, expected) = match *op {
            Op::Move {
                ch,
                pick,
                wrong_player,
                stale,
                illegal,
            } => {
                let (mv, res) = model.apply_move(ch, pick, wrong_player, stale, illegal, now);
                (mv.map_or(USERS[0], |m| m.0), mv, None, res)
            }
            Op::Accept {
                by,
                challenger_first,
                ..
            } => {
                // The coin of a `first: random` challenge: 0 = the challenger first.
                let first = Some(u64::from(!challenger_first));
                (USERS[by], None, first, model.apply(op, now))
            }
            Op::Challenge { a, .. } => (USERS[a], None, None, model.apply(op, now)),
            Op::Decline { by, .. }
            | Op::Cancel { by, .. }
            | Op::Expire { by, .. }
            | Op::Resign { by, .. }
            | Op::OfferDraw { by, .. }
            | Op::AnswerDraw { by, .. }
            | Op::ClaimTime { by, .. } => (USERS[by], None, None, model.apply(op, now)),
            Op::Daily { user } => (USERS[user], None, None, model.apply(op, now)),
            Op::Pay { from, .. } => (USERS[from], None, None, model.apply(op, now)),
            Op::Abort { .. } | Op::Grant { .. } | Op::Reset { .. } | Op::Purge { .. } => {
                (UserId(99), None, None, model.apply(op, now))
            }
            Op::Tick { .. } | Op::Repeat => unreachable!(),
        };
        let req = Stamp::new(id, user, now);
        let got = call(&store, op, req, mv, first).map_err(|e| kind(&e));
        assert_eq!(got.clone().map(drop), expected, "step {step}: {op:?}");
        compare(
            &store,
            &model,
            step,
            step % verify_every == 0 || step + 1 == ops.len(),
        );
        last = Some((op.clone(), req, mv, first, got));
    }
}

/// The test binary, for the replay line.
const BINARY: &str = if crate::POSTGRES { "store_pg" } else { "store" };

/// Random sequences per run: each case opens a store of its own (on PostgreSQL a fresh
/// schema), so fewer there. `PROPTEST_CASES` sets it.
const CASES: u32 = if crate::POSTGRES { 24 } else { 32 };

/// The seed of the random sequences: `PROPTEST_RNG_SEED`, else a fixed one, so a run is
/// the same every time and a failure replays.
const SEED: u64 = 0x6a65_7461_6e5f_6d6f;

#[test]
fn store_matches_the_model() {
    let seed = match std::env::var("PROPTEST_RNG_SEED") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("PROPTEST_RNG_SEED={v}: not a u64")),
        Err(_) => SEED,
    };
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let started = std::time::Instant::now();
    let result = runner.run(&prop::collection::vec(op(), 1..80), |ops| {
        run(ops, 1);
        Ok(())
    });
    eprintln!(
        "{cases} cases, seed {seed}, on {}: {:.1?}",
        if crate::POSTGRES {
            "PostgreSQL"
        } else {
            "sled"
        },
        started.elapsed()
    );
    if let Err(e) = result {
        panic!(
            "{e}\nreplay: PROPTEST_RNG_SEED={seed} PROPTEST_CASES={cases} \
             cargo test -p jetan-store --test {BINARY} model::store_matches_the_model"
        );
    }
}

/// A long scripted run that reaches game ends: challenges and many moves.
#[test]
fn long_games_match_the_model() {
    let mut ops = Vec::new();
    for round in 0..3u64 {
        ops.push(Op::Challenge {
            ch: 0,
            a: 0,
            b: 1,
            stake: 50,
            price: 2,
            manator: round % 2 == 1,
            practice: false,
            timed: false,
        });
        ops.push(Op::Accept {
            ch: 0,
            by: 1,
            challenger_first: round % 2 == 0,
            seed: round,
        });
        for i in 0..300usize {
            ops.push(Op::Move {
                ch: 0,
                pick: i.wrapping_mul(2_654_435_761) >> 3,
                wrong_player: false,
                stale: false,
                illegal: false,
            });
        }
        ops.push(Op::Abort { ch: 0 });
    }
    // Moves after a game's end meet NoGame; the model says the same.
    run(ops, 40);
}
