//! Crash test: a child process (this test binary, re-executed with `JETAN_CRASH_DIR`, a
//! data directory or a database URL) runs random operations and prints each one the
//! store acknowledged; the parent kills it with SIGKILL at random moments, reopens the
//! store, and checks that every
//! acknowledged operation is there (re-sending its request id returns the same result
//! and changes nothing) and that `verify` is clean.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jetan_rules::{Square, Variant};
use jetan_store::{ChannelId, GuildId, Location, Stamp, Store, Terms, UserId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::{choose, GameIdOf, Place};

const GUILD: GuildId = GuildId(3);
const USERS: [UserId; 4] = [UserId(11), UserId(12), UserId(13), UserId(14)];
const CHANNELS: [ChannelId; 4] = [ChannelId(21), ChannelId(22), ChannelId(23), ChannelId(24)];
const ENV_DIR: &str = "JETAN_CRASH_DIR";
const ENV_ITER: &str = "JETAN_CRASH_ITERATION";

/// One acknowledged operation, as a line: enough to send it again.
#[derive(Debug, Clone, PartialEq)]
enum Ack {
    Grant {
        user: UserId,
        amount: u64,
    },
    Challenge {
        ch: ChannelId,
        opponent: UserId,
        stake: u64,
        price: u64,
    },
    Accept {
        ch: ChannelId,
        first: u64,
        seed: u64,
    },
    Play {
        ch: ChannelId,
        version: u64,
        from: Square,
        to: Square,
    },
    Resign {
        ch: ChannelId,
    },
}

fn line(req: Stamp, ack: &Ack, result: &str) -> String {
    let args = match ack {
        Ack::Grant { user, amount } => format!("grant {user} {amount}"),
        Ack::Challenge {
            ch,
            opponent,
            stake,
            price,
        } => format!("challenge {ch} {opponent} {stake} {price}"),
        Ack::Accept { ch, first, seed } => format!("accept {ch} {first} {seed}"),
        Ack::Play {
            ch,
            version,
            from,
            to,
        } => format!("play {ch} {version} {from} {to}"),
        Ack::Resign { ch } => format!("resign {ch}"),
    };
    format!("ACK {} {} {} {args} | {result}", req.id, req.user, req.now)
}

fn parse(text: &str) -> Option<(Stamp, Ack, String)> {
    let rest = text.strip_prefix("ACK ")?;
    let (head, result) = rest.split_once(" | ")?;
    let w: Vec<&str> = head.split(' ').collect();
    let n = |i: usize| w[i].parse::<u64>().unwrap();
    let user = |i: usize| UserId(n(i));
    let chan = |i: usize| ChannelId(n(i));
    let req = Stamp::new(n(0), user(1), n(2));
    let ack = match w[3] {
        "grant" => Ack::Grant {
            user: user(4),
            amount: n(5),
        },
        "challenge" => Ack::Challenge {
            ch: chan(4),
            opponent: user(5),
            stake: n(6),
            price: n(7),
        },
        "accept" => Ack::Accept {
            ch: chan(4),
            first: n(5),
            seed: n(6),
        },
        "play" => Ack::Play {
            ch: chan(4),
            version: n(5),
            from: w[6].parse().unwrap(),
            to: w[7].parse().unwrap(),
        },
        "resign" => Ack::Resign {
            ch: ChannelId(n(4)),
        },
        _ => return None,
    };
    Some((req, ack, result.to_owned()))
}

fn terms(stake: u64, price: u64) -> Terms {
    Terms {
        stake,
        piece_price: price,
        ..Terms::friendly(Variant::Classic)
    }
}

/// Sends an operation; `Ok(result as Debug)` if the store acknowledged it.
fn send(store: &Store, req: Stamp, ack: &Ack) -> Result<String, String> {
    let s = |r: Result<String, jetan_store::StoreError>| r.map_err(|e| e.to_string());
    s((|| {
        Ok(match *ack {
            Ack::Grant { user, amount } => {
                format!("{:?}", store.grant(req, GUILD, user, amount, "crash")?)
            }
            Ack::Challenge {
                ch,
                opponent,
                stake,
                price,
            } => {
                format!(
                    "{:?}",
                    store.challenge(req, GUILD, ch, opponent, terms(stake, price))?
                )
            }
            Ack::Accept { ch, first, seed } => {
                format!("{:?}", store.accept(req, ch, None, first, seed)?)
            }
            Ack::Play {
                ch,
                version,
                from,
                to,
            } => format!(
                "{:?}",
                store.play(req, ch, (store.gid(ch), version), from, to)?
            ),
            Ack::Resign { ch } => format!("{:?}", store.resign(req, ch, store.gid(ch))?),
        })
    })())
}

/// The child: random operations until killed (or 30 s, should the parent be gone).
/// Ignored, so that a normal run does not list it as a passing test: the parent runs it
/// explicitly (`--ignored --exact crash::crash_child`) with its directory in the
/// environment.
#[test]
#[ignore = "the crash test's child process, run by the crash test itself"]
fn crash_child() {
    let Ok(dir) = std::env::var(ENV_DIR) else {
        // Run by hand with `--ignored`: there is no parent to serve.
        eprintln!("crash_child is run by the crash test, with {ENV_DIR} set");
        return;
    };
    let iteration: u64 = std::env::var(ENV_ITER).unwrap().parse().unwrap();
    let store = Store::open_at(&Location::parse(&dir)).unwrap();
    let mut rng = StdRng::seed_from_u64(iteration);
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    for k in 0u64.. {
        if started.elapsed() > Duration::from_secs(30) {
            break;
        }
        let now = iteration * 1_000_000_000 + k;
        let id = iteration * 1_000_000_000 + k + 1;
        let ch = CHANNELS[rng.gen_range(0..CHANNELS.len())];
        let (user, ack) = if rng.gen_bool(0.05) {
            (
                UserId(1),
                Ack::Grant {
                    user: USERS[rng.gen_range(0..USERS.len())],
                    amount: rng.gen_range(1..100),
                },
            )
        } else if let Some(g) = store.game(ch).unwrap() {
            if rng.gen_bool(0.01) {
                (g.players.first, Ack::Resign { ch })
            } else {
                let (from, to) = choose(&g.position().unwrap(), &mut rng);
                (
                    g.to_move(),
                    Ack::Play {
                        ch,
                        version: g.version,
                        from,
                        to,
                    },
                )
            }
        } else if let Some(c) = store.open_challenge(ch).unwrap() {
            (
                c.challenged,
                Ack::Accept {
                    ch,
                    first: c.challenger.get(),
                    seed: rng.gen(),
                },
            )
        } else {
            let a = rng.gen_range(0..USERS.len());
            let b = (a + rng.gen_range(1..USERS.len())) % USERS.len();
            (
                USERS[a],
                Ack::Challenge {
                    ch,
                    opponent: USERS[b],
                    stake: rng.gen_range(0..30),
                    price: rng.gen_range(0..3),
                },
            )
        };
        let req = Stamp::new(id, user, now);
        if let Ok(result) = send(&store, req, &ack) {
            writeln!(out, "{}", line(req, &ack, &result)).unwrap();
            out.flush().unwrap();
        }
    }
}

#[test]
fn acknowledged_operations_survive_sigkill() {
    if std::env::var(ENV_DIR).is_ok() {
        return;
    }
    let place = Place::new();
    let exe = std::env::current_exe().unwrap();
    let mut rng = StdRng::seed_from_u64(0xC0FFEE);
    let budget = Instant::now();
    let mut all_acks: Vec<(Stamp, Ack, String)> = Vec::new();
    let mut iterations = 0;
    while iterations < 25 && budget.elapsed() < Duration::from_secs(12) {
        iterations += 1;
        let mut child = Command::new(&exe)
            .args([
                "--ignored",
                "--exact",
                "crash::crash_child",
                "--nocapture",
                "--test-threads=1",
                "-q",
            ])
            .env(ENV_DIR, place.spec())
            .env(ENV_ITER, iterations.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .filter_map(|l| parse(&l))
                .collect::<Vec<_>>()
        });
        std::thread::sleep(Duration::from_millis(rng.gen_range(20..400)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let acks = reader.join().unwrap();

        let store = place.open();
        let report = store.verify().unwrap();
        assert!(report.is_clean(), "after kill {iterations}: {report}");
        let before = export(&store);
        // Every acknowledged operation of this run, and a sample of older ones.
        let older: Vec<_> = (0..20.min(all_acks.len()))
            .map(|_| all_acks[rng.gen_range(0..all_acks.len())].clone())
            .collect();
        for (req, ack, result) in acks.iter().chain(&older) {
            let again = send(&store, *req, ack);
            assert_eq!(
                again.as_ref(),
                Ok(result),
                "after kill {iterations}, request {} ({ack:?})",
                req.id
            );
        }
        assert!(
            before == export(&store),
            "re-sending acknowledged requests changed the data"
        );
        all_acks.extend(acks);
    }
    assert!(
        all_acks.len() > 50,
        "the child acknowledged only {} operations",
        all_acks.len()
    );
    eprintln!(
        "{iterations} kills, {} acknowledged operations checked",
        all_acks.len()
    );
}

fn export(store: &Store) -> Vec<u8> {
    let mut out = Vec::new();
    store.export(&mut out).unwrap();
    out
}
