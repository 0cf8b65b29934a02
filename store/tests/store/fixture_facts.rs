//! The facts of a store that the upgrade fixtures record (`tests/fixtures/`): every
//! record the store keeps, read through the public API and written as plain JSON in a
//! shape that names no type of the store (seats in order, the first mover first; a
//! game's options as the game words them), so that a later version of the store, whose
//! types differ, can compute the same facts from the same fixture and compare.
//!
//! Shared by the generator (`examples/fixtures.rs`, which writes them into the
//! manifest) and the upgrade test (`upgrade.rs`, which computes them again from the
//! fixture as the current code reads it).

#![allow(dead_code)] // the generator uses a part

use jetan_store::{ChannelId, GameId, GuildId, UserId};

use jetan_store::{
    ChallengeClosed, EndReason, FinishedGame, Game, GameResult, LedgerEntry, Rating, Receipt,
    Record, Records, Settings, Store, Terms, Wallet,
};
use serde_json::{json, Value};

/// What the facts are read for: the servers, players, channels, finished games and
/// requests the fixture holds (the store lists games in progress and challenges itself,
/// but not these).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Roster {
    /// The servers.
    pub guilds: Vec<u64>,
    /// Every user (players, admins and the bot), by name.
    pub users: Vec<(String, u64)>,
    /// Every channel and thread a game or challenge was in, by name.
    pub channels: Vec<(String, u64)>,
    /// Every finished game's id.
    pub finished: Vec<u64>,
    /// Every game id (in progress or finished) and challenge id, for the practice levels.
    pub ids: Vec<u64>,
    /// Every request id whose result the store keeps (its receipt).
    pub requests: Vec<u64>,
    /// The messages remembered (`b'c'` challenges, `b'd'` draw offers): (kind, id,
    /// channel, message). Reading one forgets it, so they are not in the facts.
    pub messages: Vec<(char, u64, u64, u64)>,
}

/// Every fact of `store` that `roster` names, as JSON.
pub fn facts(store: &Store, roster: &Roster) -> Value {
    let mut games = store.games().unwrap();
    games.sort_by_key(|g| g.channel);
    let mut challenges = store.open_challenges().unwrap();
    challenges.sort_by_key(|c| c.id);
    let report = store.verify().unwrap();
    json!({
        "settings": roster.guilds.iter().map(|&g| json!({
            "guild": g,
            "settings": settings(&store.settings(GuildId(g)).unwrap()),
        })).collect::<Vec<_>>(),
        "wallets": roster.guilds.iter().map(|&g| json!({
            "guild": g,
            "wallets": store.wallets(GuildId(g)).unwrap().iter().map(|(u, w)| wallet((*u).get(), w)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "games": games.iter().map(game).collect::<Vec<_>>(),
        "challenges": challenges.iter().map(|c| json!({
            "id": c.id,
            "guild": c.guild,
            "channel": c.channel,
            "challenger": c.challenger,
            "challenged": c.challenged,
            "terms": terms(&c.terms),
            "created_at": c.created_at,
            "expires_at": c.expires_at,
            "held": c.held,
        })).collect::<Vec<_>>(),
        "finished": roster.finished.iter().map(|&id| {
            finished(&store.finished_game(GameId(id)).unwrap().unwrap_or_else(|| panic!("finished game {id} is missing")))
        }).collect::<Vec<_>>(),
        "history": {
            "channels": roster.channels.iter().map(|(_, c)| json!({
                "channel": c,
                "games": store.history_channel(ChannelId(*c), 100).unwrap().iter().map(|f| f.game.id).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "players": roster.guilds.iter().flat_map(|&g| roster.users.iter().map(move |(_, u)| (g, *u)))
                .map(|(g, u)| json!({
                    "guild": g,
                    "user": u,
                    "games": store.history_player(GuildId(g), UserId(u), 100).unwrap().iter().map(|f| f.game.id).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
        },
        "ledger": roster.guilds.iter().map(|&g| json!({
            "guild": g,
            "entries": store.server_ledger(GuildId(g)).unwrap().iter().map(ledger_entry).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "receipts": roster.requests.iter().map(|&r| receipt(r, store.receipt(r).unwrap().as_ref())).collect::<Vec<_>>(),
        "outbox": store.pending_announcements().unwrap().iter().map(|p| json!({
            "request": p.request,
            "user": p.user,
            "at": p.at,
        })).collect::<Vec<_>>(),
        "profiles": {
            "names": roster.users.iter().map(|(_, u)| json!([u, store.display_name(UserId(*u))])).collect::<Vec<_>>(),
            "reminded_by_dm": roster.users.iter().filter(|(_, u)| store.reminds_by_dm(UserId(*u))).map(|(_, u)| u).collect::<Vec<_>>(),
            "practice_levels": roster.ids.iter().filter_map(|&id| store.practice_level(GameId(id)).map(|l| json!([id, l]))).collect::<Vec<_>>(),
        },
        "verify": {
            "clean": report.is_clean(),
            "problems": report.problems,
            "wallets": report.wallets,
            "ledger_entries": report.ledger_entries,
            "games": report.games,
            "challenges": report.challenges,
            "finished": report.finished,
            "money": report.money.to_string(),
        },
    })
}

fn settings(s: &Settings) -> Value {
    json!({
        "starting_grant": s.starting_grant,
        "daily_allowance": s.daily_allowance,
        "currency": s.currency,
        "default_piece_price": s.default_piece_price,
        "default_stake": s.default_stake,
        "challenge_expiry_ms": s.challenge_expiry_ms,
        "allowed_channels": s.allowed_channels,
        "denied_channels": s.denied_channels,
        "move_time_ms": s.move_time_ms,
        "language": s.language,
        "discord_locale": s.discord_locale,
        "max_stake": s.max_stake,
        "max_piece_price": s.max_piece_price,
        "max_balance": s.max_balance,
        "daily_pay_cap": s.daily_pay_cap,
        "min_account_days": s.min_account_days,
        "min_games": s.min_games,
        "audit_channel": s.audit_channel,
        "audit_pot": s.audit_pot,
        "threads": s.threads,
        "reminders": s.reminders,
    })
}

/// A rating, with its numbers' bits too: ratings are compared bit for bit.
fn rating(r: &Rating) -> Value {
    json!({
        "rating": r.rating,
        "deviation": r.deviation,
        "volatility": r.volatility,
        "games": r.games,
        "bits": format!("{:016x} {:016x} {:016x}", r.rating.to_bits(), r.deviation.to_bits(), r.volatility.to_bits()),
    })
}

fn wallet(user: u64, w: &Wallet) -> Value {
    json!({
        "user": user,
        "balance": w.balance,
        "escrow": w.escrow,
        "wins": w.wins,
        "losses": w.losses,
        "draws": w.draws,
        "net_won": w.net_won,
        "last_daily": w.last_daily,
        "ratings": w.ratings.iter().map(|(pool, r)| json!({"pool": pool.name(), "rating": rating(r)})).collect::<Vec<_>>(),
        "rated_with": w.rated_with,
        "sent": w.sent,
    })
}

/// A game's kind and its own options, as the game words them.
fn kind(t: &Terms) -> Value {
    let name = serde_json::to_value(t.kind()).unwrap();
    match t.game {
        jetan_store::GameOptions::Jetan(o) => json!({
            "game": name,
            "options": {
                "variant": serde_json::to_value(o.variant).unwrap(),
                "board": serde_json::to_value(o.topology).unwrap(),
            },
        }),
        jetan_store::GameOptions::MartianChess(_) => json!({"game": name, "options": {}}),
    }
}

fn terms(t: &Terms) -> Value {
    json!({
        "kind": kind(t),
        "stake": t.stake,
        "piece_price": t.piece_price,
        "first": serde_json::to_value(t.first).unwrap(),
        "move_time_minutes": t.move_time_minutes,
        "practice": t.practice,
        "casual": t.casual,
        "rating_pool": jetan_store::games::rating_pool(t).name(),
    })
}

fn record(r: &Record) -> Value {
    match r {
        Record::Jetan(m) => json!({
            "move": m.to_string(),
            "piece": m.piece.char().to_string(),
            "killed": m.killed.map(|p| p.char().to_string()),
            "duel": m.duel,
            "at": m.at,
        }),
        Record::MartianChess(a) => json!({
            "action": a.action.to_string(),
            "player": a.player.char().to_string(),
            "timeout": a.timeout,
            "at": a.at,
        }),
    }
}

fn records(r: &Records) -> Vec<Value> {
    match r {
        Records::Empty => Vec::new(),
        Records::Jetan(v) => v.iter().map(|m| record(&Record::Jetan(*m))).collect(),
        Records::MartianChess(v) => v
            .iter()
            .map(|a| record(&Record::MartianChess(*a)))
            .collect(),
    }
}

/// A game, in progress or as it ended.
pub fn game(g: &Game) -> Value {
    json!({
        "id": g.id,
        "guild": g.guild,
        "channel": g.channel,
        "parent": g.parent,
        "seats": [
            {"user": g.players.first, "escrow": g.escrow.first, "net": g.net.first},
            {"user": g.players.second, "escrow": g.escrow.second, "net": g.net.second},
        ],
        "challenger": g.challenger,
        "terms": terms(&g.terms),
        "seed": g.seed,
        "position": g.position,
        "records": records(&g.records),
        "started_at": g.started_at,
        "last_move_at": g.last_move_at,
        "version": g.version,
        "draw_offer": g.draw_offer,
        "reminded": g.reminded.map(|r| json!({
            "turn": r.turn,
            "nudge": serde_json::to_value(r.nudge).unwrap(),
        })),
        "to_act": g.to_move(),
        "deadline": g.deadline(),
    })
}

fn result(r: &GameResult) -> Value {
    match r {
        GameResult::Win { winner, loser } => json!({"win": {"winner": winner, "loser": loser}}),
        GameResult::Draw => json!("draw"),
        GameResult::Aborted => json!("aborted"),
    }
}

fn reason(r: EndReason) -> Value {
    json!(r.name())
}

fn finished(f: &FinishedGame) -> Value {
    json!({
        "game": game(&f.game),
        "result": result(&f.result),
        "reason": reason(f.reason),
        "ended_at": f.ended_at,
        "net": [f.net.first, f.net.second],
        "note": f.note,
        "rating": f.rating.as_ref().map(|c| json!({
            "pool": c.pool.name(),
            "before": [rating(&c.before.first), rating(&c.before.second)],
            "after": [rating(&c.after.first), rating(&c.after.second)],
        })),
    })
}

fn ledger_entry(e: &LedgerEntry) -> Value {
    json!({
        "seq": e.seq,
        "user": e.user,
        "kind": e.kind.name(),
        "balance_delta": e.balance_delta,
        "escrow_delta": e.escrow_delta,
        "game": e.game,
        "request": e.request,
        "at": e.at,
        "reason": e.reason,
    })
}

fn closed(c: &ChallengeClosed) -> Value {
    json!({
        "challenge": c.challenge.id,
        "how": serde_json::to_value(c.how).unwrap(),
        "refunded": c.refunded,
    })
}

/// What a request's stored result says (the parts a repeated request is answered with).
fn receipt(request: u64, r: Option<&Receipt>) -> Value {
    let Some(r) = r else {
        return json!({"request": request, "op": null});
    };
    let what = match r {
        Receipt::Challenge(c) => json!({"challenge": c.id, "channel": c.channel}),
        Receipt::Accept(g) | Receipt::Game(g) => json!({
            "game": g.id,
            "version": g.version,
            "records": g.records.len(),
            "draw_offer": g.draw_offer,
        }),
        Receipt::Closed(c) => closed(c),
        Receipt::Play(p) => json!({
            "game": p.game_id,
            "by": p.by,
            "version": p.version,
            "ply": p.ply,
            "record": record(&p.record),
            "payments": p.payments.iter().map(|x| json!([x.from, x.to, x.amount])).collect::<Vec<_>>(),
            "finished": p.finished.as_ref().map(|s| reason(s.reason)),
        }),
        Receipt::Finished(s) => json!({
            "game": s.game_id,
            "result": result(&s.result),
            "reason": reason(s.reason),
            "net": [s.net.first, s.net.second],
        }),
        Receipt::Daily(d) => {
            json!({"amount": d.amount, "balance": d.balance, "next_at": d.next_at})
        }
        Receipt::Grant(g) | Receipt::Reset(g) => {
            json!({"user": g.user, "amount": g.amount, "balance": g.balance})
        }
        Receipt::Settings(s) => settings(s),
        Receipt::Pay(p) => json!({
            "from": p.from,
            "to": p.to,
            "amount": p.amount,
            "note": p.note,
            "balance": p.balance,
        }),
        Receipt::Purge(p) => json!({"purged": p.purged, "kept": p.kept}),
    };
    // The operation's name as stored (`challenge`, `play`, …).
    let op = serde_json::to_value(r).unwrap()["op"].clone();
    json!({"request": request, "op": op, "result": what})
}
