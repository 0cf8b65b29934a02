//! `verify`: recompute everything that can be recomputed and compare.

use std::collections::{BTreeMap, BTreeSet};

use crate::codec::{decode, key1, key_part};
use crate::games;
use crate::model::{
    Challenge, FinishedHead, GameHead, GameKind, GameResult, LedgerEntry, StoredReceipt, Wallet,
};
use crate::tx::t;
use crate::{GameId, GuildId, Result, Seat, Store, UserId};

/// What [`Store::verify`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Every problem, in words. Empty when all is well.
    pub problems: Vec<String>,
    /// Wallets checked.
    pub wallets: usize,
    /// Ledger entries read.
    pub ledger_entries: usize,
    /// Games in progress replayed.
    pub games: usize,
    /// Open challenges.
    pub challenges: usize,
    /// Finished games.
    pub finished: usize,
    /// All the money there is (balances + escrow, every server).
    pub money: u128,
}

impl VerifyReport {
    /// Whether nothing is wrong.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }
}

impl std::fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for p in &self.problems {
            writeln!(f, "PROBLEM: {p}")?;
        }
        write!(
            f,
            "{} wallets, {} ledger entries, {} games in progress, {} open challenges, {} finished games, {} in circulation: {}",
            self.wallets,
            self.ledger_entries,
            self.games,
            self.challenges,
            self.finished,
            self.money,
            if self.is_clean() {
                "clean".to_string()
            } else {
                format!("{} problems", self.problems.len())
            }
        )
    }
}

#[derive(Default)]
struct Sums {
    balance: i128,
    escrow: i128,
}

impl Store {
    /// Checks the data, reading everything:
    /// - every wallet equals the sum of its ledger entries (balance and escrow), and no
    ///   ledger entry names a wallet that does not exist;
    /// - per server, the conservation law: sum of balances + escrow = sum of the starting
    ///   grants, grants and daily claims, less what admins took and what the maximum
    ///   balance took out of winnings;
    /// - every payment between players is two ledger entries of one request, one from
    ///   the payer's balance and one to the receiver's, that cancel out;
    /// - every wallet's escrow equals what its open challenges and games in progress hold;
    /// - every game in progress replays from its move list (with its duel stream) to its
    ///   stored position, with the stored kills and duel results, and no move ends it;
    /// - every finished game replays the same way to its final position, and a move that
    ///   ends it matches its recorded result and reason (else it ended by resignation,
    ///   agreement, time or abort);
    /// - every wallet's wins, losses, draws and net won equal what its finished games
    ///   (not practice) add up to;
    /// - every move record belongs to a game in progress or finished, which has exactly
    ///   that many moves;
    /// - every record decodes, and the history indexes point at archived games;
    /// - every tournament's money (entry fees in = pot + refunds + prizes, the pot held
    ///   in its players' escrow, the ledger agreeing) and its games against its
    ///   pairings (`tournament::verify`).
    ///
    /// # Errors
    /// Storage failures only; everything else is a problem in the report.
    pub fn verify(&self) -> Result<VerifyReport> {
        let mut r = VerifyReport::default();
        let mut ledger: BTreeMap<(GuildId, UserId), Sums> = BTreeMap::new();
        let mut created: BTreeMap<GuildId, i128> = BTreeMap::new();
        // Each payment's entries, by request: (entries, sum of balance changes, payers).
        let mut payments: BTreeMap<(GuildId, u64), (u32, i128, u32)> = BTreeMap::new();
        for item in self.kv().scan(t::LEDGER, &[]) {
            let (k, v) = item?;
            let seq = key_part::<u64>(&k, 0).unwrap_or_default();
            let e: LedgerEntry = match decode(&v, || format!("ledger entry {seq}")) {
                Ok(e) => e,
                Err(e) => {
                    r.problems.push(e.to_string());
                    continue;
                }
            };
            r.ledger_entries += 1;
            if e.seq != seq {
                r.problems
                    .push(format!("ledger entry {seq} says it is number {}", e.seq));
            }
            let s = ledger.entry((e.guild, e.user)).or_default();
            s.balance += i128::from(e.balance_delta);
            s.escrow += i128::from(e.escrow_delta);
            if e.kind == crate::EntryKind::Payment {
                if e.escrow_delta != 0 || e.balance_delta == 0 || e.request.is_none() {
                    r.problems.push(format!(
                        "ledger entry {seq} (a payment) moves escrow, moves nothing or has no request"
                    ));
                }
                let p = payments
                    .entry((e.guild, e.request.unwrap_or_default()))
                    .or_default();
                p.0 += 1;
                p.1 += i128::from(e.balance_delta);
                p.2 += u32::from(e.balance_delta < 0);
            }
            if e.kind.is_new_money() {
                let wrong_sign = if e.kind.removes_money() {
                    e.balance_delta > 0
                } else {
                    e.balance_delta < 0
                };
                if e.escrow_delta != 0 || wrong_sign {
                    r.problems.push(format!(
                        "ledger entry {seq} ({:?}) moves escrow or is negative",
                        e.kind
                    ));
                }
                *created.entry(e.guild).or_default() += i128::from(e.balance_delta);
            }
        }

        // A payment moves money between two wallets of one server: its two entries, one
        // from the payer, cancel out.
        for ((guild, request), (n, sum, payers)) in &payments {
            if *n != 2 || *sum != 0 || *payers != 1 {
                r.problems.push(format!(
                    "the payment of request {request} in server {guild} has {n} ledger entries adding up to {sum}"
                ));
            }
        }

        let mut wallets: BTreeMap<(GuildId, UserId), Wallet> = BTreeMap::new();
        for item in self.kv().scan(t::WALLETS, &[]) {
            let (k, v) = item?;
            let (guild, user) = (
                key_part(&k, 0).unwrap_or_default(),
                key_part(&k, 1).unwrap_or_default(),
            );
            match decode::<Wallet>(&v, || crate::tx::wallet_name(guild, user)) {
                Ok(w) => {
                    wallets.insert((guild, user), w);
                }
                Err(e) => r.problems.push(e.to_string()),
            }
        }
        r.wallets = wallets.len();

        let mut held: BTreeMap<GuildId, i128> = BTreeMap::new();
        for (&(guild, user), w) in &wallets {
            let (b, e) = (i128::from(w.balance), i128::from(w.escrow));
            *held.entry(guild).or_default() += b + e;
            r.money += (b + e) as u128;
            match ledger.get(&(guild, user)) {
                Some(s) if s.balance == b && s.escrow == e => {}
                Some(s) => r.problems.push(format!(
                    "the wallet of {user} in server {guild} holds balance {b}, escrow {e}; the ledger says balance {}, escrow {}",
                    s.balance, s.escrow
                )),
                None => r
                    .problems
                    .push(format!("the wallet of {user} in server {guild} has no ledger entries")),
            }
        }
        for &(guild, user) in ledger.keys() {
            if !wallets.contains_key(&(guild, user))
                && !r
                    .problems
                    .iter()
                    .any(|p| p.contains(&crate::tx::wallet_name(guild, user)))
            {
                r.problems.push(format!(
                    "the ledger has entries for {user} in server {guild}, who has no wallet"
                ));
            }
        }
        let guilds: BTreeSet<GuildId> = held.keys().chain(created.keys()).copied().collect();
        for g in guilds {
            let (h, c) = (
                held.get(&g).copied().unwrap_or(0),
                created.get(&g).copied().unwrap_or(0),
            );
            if h != c {
                r.problems.push(format!(
                    "server {g}: balances + escrow add up to {h}, but grants and daily claims to {c}"
                ));
            }
        }

        // Escrow must match what challenges and games hold.
        let mut escrow: BTreeMap<(GuildId, UserId), u128> = BTreeMap::new();
        for item in self.kv().scan(t::CHALLENGES, &[]) {
            let (k, v) = item?;
            let channel = key_part(&k, 0).unwrap_or_default();
            match decode::<Challenge>(&v, || crate::tx::challenge_name(channel)) {
                Ok(c) => {
                    r.challenges += 1;
                    if c.channel != channel {
                        r.problems.push(format!(
                            "the challenge under channel {channel} says channel {}",
                            c.channel
                        ));
                    }
                    if key_part(&k, 1) != Some(c.challenger) {
                        r.problems.push(format!(
                            "challenge {} is not kept under its challenger {}",
                            c.id, c.challenger
                        ));
                    }
                    *escrow.entry((c.guild, c.challenger)).or_default() += u128::from(c.held);
                }
                Err(e) => r.problems.push(e.to_string()),
            }
        }
        // Game ids that own move records: every game in progress and finished game.
        // (`None`: the game's record does not decode; its moves are not strays.)
        // (Each game keeps its records in its own tree.)
        let mut move_owners: BTreeMap<GameId, Option<(u32, usize)>> = BTreeMap::new();
        for item in self.kv().scan(t::GAMES, &[]) {
            let (k, v) = item?;
            let channel = key_part(&k, 0).unwrap_or_default();
            let head = match decode::<GameHead>(&v, || crate::tx::game_name(channel)) {
                Ok(h) => h,
                Err(e) => {
                    r.problems.push(e.to_string());
                    continue;
                }
            };
            r.games += 1;
            move_owners.insert(
                head.game.id,
                Some((head.plies, games::records_tree(head.game.terms.kind()))),
            );
            let duels = head.duels;
            let g = match self.load_head(head) {
                Ok(g) => g,
                Err(e) => {
                    r.problems
                        .push(format!("the game in channel {channel}: {e}"));
                    continue;
                }
            };
            if g.channel != channel {
                r.problems.push(format!(
                    "the game under channel {channel} says channel {}",
                    g.channel
                ));
            }
            if g.records.duels() != duels as usize {
                r.problems.push(format!(
                    "the game in channel {channel} counts {duels} duels, its moves {}",
                    g.records.duels()
                ));
            }
            for s in Seat::ALL {
                *escrow.entry((g.guild, g.player(s))).or_default() += u128::from(g.escrow[s]);
            }
            if let Err(p) = crate::games::replay(&g, None) {
                r.problems
                    .push(format!("the game in channel {channel}: {p}"));
            }
        }
        // Entry fees held by tournaments, and their own checks.
        crate::tournament::verify::check(self, &mut r.problems, &mut escrow)?;
        for (&(guild, user), w) in &wallets {
            let want = escrow.remove(&(guild, user)).unwrap_or(0);
            if u128::from(w.escrow) != want {
                r.problems.push(format!(
                    "the wallet of {user} in server {guild} has {} in escrow, but its challenges and games hold {want}",
                    w.escrow
                ));
            }
        }
        for ((guild, user), want) in escrow {
            if want > 0 {
                r.problems.push(format!(
                    "challenges and games hold {want} of {user} in server {guild}, who has no wallet"
                ));
            }
        }

        // W/L/D and net won, recomputed from the archive.
        let mut records: BTreeMap<(GuildId, UserId), Record> = BTreeMap::new();
        let mut rated = Vec::new();
        for item in self.kv().scan(t::FINISHED, &[]) {
            let (k, v) = item?;
            let id = key_part(&k, 0).unwrap_or_default();
            let head = match decode::<FinishedHead>(&v, || format!("finished game {id}")) {
                Ok(h) => h,
                Err(e) => {
                    r.problems.push(e.to_string());
                    move_owners.insert(id, None);
                    continue;
                }
            };
            r.finished += 1;
            move_owners.insert(
                head.finished.game.id,
                Some((
                    head.plies,
                    games::records_tree(head.finished.game.terms.kind()),
                )),
            );
            let f = match self.load_finished(head) {
                Ok(f) => f,
                Err(e) => {
                    r.problems.push(format!("finished game {id}: {e}"));
                    continue;
                }
            };
            let g = &f.game;
            if g.id != id {
                r.problems
                    .push(format!("finished game {id} says it is game {}", g.id));
            }
            if let Err(p) = crate::games::replay(g, Some((&f.result, f.reason))) {
                r.problems.push(format!("finished game {id}: {p}"));
            }
            if f.net.first.checked_add(f.net.second) != Some(0) {
                r.problems.push(format!(
                    "finished game {id}: the players' net results do not cancel out"
                ));
            }
            if let Some(change) = f.rating {
                rated.push(crate::ratings::Rated {
                    ended_at: f.ended_at,
                    id: g.id,
                    guild: g.guild,
                    players: g.players,
                    result: f.result,
                    change,
                });
            }
            if g.terms.practice {
                continue;
            }
            for c in Seat::ALL {
                let rec = records.entry((g.guild, g.player(c))).or_default();
                match f.result {
                    GameResult::Win { winner, .. } if winner == g.player(c) => rec.wins += 1,
                    GameResult::Win { .. } => rec.losses += 1,
                    GameResult::Draw => rec.draws += 1,
                    GameResult::Aborted => {}
                }
                rec.net_won += i128::from(f.net[c]);
            }
        }
        for (&(guild, user), w) in &wallets {
            let want = records.remove(&(guild, user)).unwrap_or_default();
            let have = Record {
                wins: w.wins,
                losses: w.losses,
                draws: w.draws,
                net_won: i128::from(w.net_won),
            };
            if have != want {
                r.problems.push(format!(
                    "the wallet of {user} in server {guild} shows {} wins, {} losses, {} draws, net won {}; its finished games say {} wins, {} losses, {} draws, net won {}",
                    have.wins, have.losses, have.draws, have.net_won,
                    want.wins, want.losses, want.draws, want.net_won
                ));
            }
        }
        for ((guild, user), want) in records {
            if want != Record::default() {
                r.problems.push(format!(
                    "finished games count games for {user} in server {guild}, who has no wallet"
                ));
            }
        }

        // Every rating, recomputed from the rated games in order.
        r.problems
            .extend(crate::ratings::recompute(rated, &wallets));

        // Every move record belongs to a game, which has exactly its count of them.
        for tree in GameKind::ALL.map(games::records_tree) {
            let what = crate::schema::tree_name(tree);
            let mut counted: BTreeMap<GameId, u64> = BTreeMap::new();
            for item in self.kv().scan(tree, &[]) {
                let (k, _) = item?;
                *counted
                    .entry(key_part(&k, 0).unwrap_or_default())
                    .or_default() += 1;
            }
            for (id, n) in counted {
                match move_owners.get(&id) {
                    None => r.problems.push(format!(
                        "{n} records in {what} belong to game {id}, which is neither in progress nor archived"
                    )),
                    Some(&Some((_, own))) if own != tree => r.problems.push(format!(
                        "game {id} has {n} records in {what}, which its kind of game never has"
                    )),
                    Some(&Some((plies, _))) if u64::from(plies) != n => r.problems.push(format!(
                        "game {id} has {n} records in {what} but counts {plies}"
                    )),
                    Some(_) => {}
                }
            }
        }
        for (tree, part) in [(t::BY_CHANNEL, 1), (t::BY_PLAYER, 2)] {
            for item in self.kv().scan(tree, &[]) {
                let (k, _) = item?;
                let id = GameId(!key_part::<u64>(&k, part).unwrap_or_default());
                if !self.kv().contains(t::FINISHED, &key1(id))? {
                    r.problems.push(format!(
                        "a history index points at game {id}, which is not archived"
                    ));
                }
            }
        }
        for item in self.kv().scan(t::REQUESTS, &[]) {
            let (k, v) = item?;
            let id = key_part::<u64>(&k, 0).unwrap_or_default();
            if let Err(e) = decode::<StoredReceipt>(&v, || format!("the result of request {id}")) {
                r.problems.push(e.to_string());
            }
        }
        Ok(r)
    }
}

/// A player's counted games, as recomputed from the archive.
#[derive(Debug, Default, PartialEq, Eq)]
struct Record {
    wins: u32,
    losses: u32,
    draws: u32,
    net_won: i128,
}
