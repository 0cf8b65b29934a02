//! The event as plain data: settings, players in their initial order, the rounds paired so
//! far with their results, withdrawals; and what every other module reads from it.

use std::collections::HashMap;

use crate::PairingError;

/// A player: an opaque id the host chose (a Discord user id, say).
pub type PlayerId = u64;

/// The fewest players an event starts with.
pub const MIN_PLAYERS: usize = 3;

/// The most players an event may allow (the Swiss search is polynomial but not free).
pub const MAX_PLAYERS: u32 = 64;

/// One of the two seats of a game; the host maps them onto its game's sides (Jetan: Black
/// and Orange, say). "First" is the seat that counts as White for seat balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
    /// The second player forfeited (did not play): a win for the first.
    FirstWinsByForfeit,
    /// The first player forfeited: a win for the second.
    SecondWinsByForfeit,
    /// Neither played: nobody scores.
    DoubleForfeit,
}

impl Outcome {
    /// The points of the first and second seat, in half points.
    pub fn score2(self) -> (u32, u32) {
        match self {
            Outcome::FirstWins | Outcome::FirstWinsByForfeit => (2, 0),
            Outcome::SecondWins | Outcome::SecondWinsByForfeit => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::DoubleForfeit => (0, 0),
        }
    }

    /// Whether the game was played over the board (not forfeited by anyone).
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::FirstWins | Outcome::SecondWins | Outcome::Draw
        )
    }
}

/// One line of a round: a game between two players, or a bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pairing {
    /// A game; `outcome` is `None` while it is being played.
    Game {
        first: PlayerId,
        second: PlayerId,
        outcome: Option<Outcome>,
    },
    /// A round without a game: in Swiss the pairing-allocated bye (one point), in round
    /// robin the rest against the dummy player (no point).
    Bye { player: PlayerId },
}

/// The lines of one round, best board first.
pub type Round = Vec<Pairing>;

/// The pairing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Swiss over a fixed number of rounds.
    Swiss { rounds: u32 },
    /// Everyone meets everyone once (twice with `double`, seats swapped in the second cycle).
    RoundRobin { double: bool },
}

/// What the organiser chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub format: Format,
    /// The most players who may join (`MIN_PLAYERS..=MAX_PLAYERS`).
    pub max_players: u32,
}

impl Settings {
    /// Refuses settings no event could use: a player limit outside
    /// `MIN_PLAYERS..=MAX_PLAYERS`, a Swiss of zero rounds or of more rounds than the
    /// limit allows (`max_players - 1`: beyond that some pair must meet twice).
    pub fn validate(&self) -> Result<(), PairingError> {
        if !(MIN_PLAYERS as u32..=MAX_PLAYERS).contains(&self.max_players) {
            return Err(PairingError::BadPlayerLimit(self.max_players));
        }
        if let Format::Swiss { rounds } = self.format {
            let max = self.max_players - 1;
            if rounds == 0 || rounds > max {
                return Err(PairingError::BadRounds { got: rounds, max });
            }
        }
        Ok(())
    }

    /// Whether an event with these settings may start with `players` players: the
    /// settings valid, `MIN_PLAYERS..=max_players` players, and a Swiss of at most
    /// `players - 1` rounds.
    pub fn check_start(&self, players: usize) -> Result<(), PairingError> {
        self.validate()?;
        if players < MIN_PLAYERS {
            return Err(PairingError::TooFewPlayers(players));
        }
        if players > self.max_players as usize {
            return Err(PairingError::TooManyPlayers {
                got: players,
                max: self.max_players,
            });
        }
        if let Format::Swiss { rounds } = self.format {
            let max = players as u32 - 1;
            if rounds > max {
                return Err(PairingError::BadRounds { got: rounds, max });
            }
        }
        Ok(())
    }

    /// How many rounds the event has with `players` players.
    pub fn total_rounds(&self, players: usize) -> usize {
        match self.format {
            Format::Swiss { rounds } => rounds as usize,
            Format::RoundRobin { double } => {
                let cycle = players + players % 2 - 1;
                if double {
                    2 * cycle
                } else {
                    cycle
                }
            }
        }
    }
}

/// The whole event as the host stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub settings: Settings,
    /// Every player who started, in the initial ranking order (seed, rating or join order:
    /// the host decides), best first. It breaks the last ties and numbers the round-robin
    /// table.
    pub players: Vec<PlayerId>,
    /// The rounds paired so far, in order, with the results known.
    pub rounds: Vec<Round>,
    /// Players who left: never paired again; their games already paired are the host's.
    pub withdrawn: Vec<PlayerId>,
}

/// One player's record over the event's rounds, by index in `Event::players`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Record {
    /// Points from finished games and byes, in half points.
    pub score2: u32,
    /// The seat of every game paired (played, forfeited or unfinished), in round order.
    pub seats: Vec<Seat>,
    /// Byes received.
    pub byes: u32,
    /// Games won, over the board or by forfeit.
    pub wins: u32,
    /// Finished games played over the board: (opponent, own points in half points).
    pub played: Vec<(usize, u32)>,
    /// Rounds without a game played over the board and without an unfinished one: byes,
    /// forfeits either way, double forfeits, rounds not paired (withdrawn).
    pub unplayed: u32,
    /// Whether the player has an unfinished game.
    pub unfinished: bool,
}

/// The event read once: who is who, every record, who met whom.
pub(crate) struct Table {
    pub records: Vec<Record>,
    /// `met[a][b]`: a and b were paired in some round (whatever the result).
    pub met: Vec<Vec<bool>>,
    pub withdrawn: Vec<bool>,
    /// The first round (1-based) with an unfinished game.
    pub unfinished_round: Option<usize>,
}

impl Table {
    /// Reads the event, refusing inconsistent data: a player listed twice, an unknown id in
    /// a round or in the withdrawals, a player twice in one round.
    pub fn read(event: &Event) -> Result<Table, PairingError> {
        let n = event.players.len();
        let mut index = HashMap::with_capacity(n);
        for (i, &id) in event.players.iter().enumerate() {
            if index.insert(id, i).is_some() {
                return Err(PairingError::InvalidEvent(format!(
                    "player {id} listed twice"
                )));
            }
        }
        let of = |id: PlayerId, what: &str| {
            index
                .get(&id)
                .copied()
                .ok_or_else(|| PairingError::InvalidEvent(format!("{what}: unknown player {id}")))
        };
        let mut withdrawn = vec![false; n];
        for &id in &event.withdrawn {
            withdrawn[of(id, "withdrawn")?] = true;
        }
        let bye_score2 = match event.settings.format {
            Format::Swiss { .. } => 2,
            Format::RoundRobin { .. } => 0,
        };
        let mut records = vec![Record::default(); n];
        let mut met = vec![vec![false; n]; n];
        let mut unfinished_round = None;
        for (r, round) in event.rounds.iter().enumerate() {
            let mut seen = vec![false; n];
            let mut see = |i: usize, id: PlayerId| {
                if std::mem::replace(&mut seen[i], true) {
                    Err(PairingError::InvalidEvent(format!(
                        "player {id} twice in round {}",
                        r + 1
                    )))
                } else {
                    Ok(())
                }
            };
            for line in round {
                match *line {
                    Pairing::Game {
                        first,
                        second,
                        outcome,
                    } => {
                        let what = format!("round {}", r + 1);
                        let (a, b) = (of(first, &what)?, of(second, &what)?);
                        see(a, first)?;
                        see(b, second)?;
                        met[a][b] = true;
                        met[b][a] = true;
                        records[a].seats.push(Seat::First);
                        records[b].seats.push(Seat::Second);
                        match outcome {
                            None => {
                                unfinished_round.get_or_insert(r + 1);
                                records[a].unfinished = true;
                                records[b].unfinished = true;
                            }
                            Some(o) => {
                                let (sa, sb) = o.score2();
                                for (me, them, s) in [(a, b, sa), (b, a, sb)] {
                                    let rec = &mut records[me];
                                    rec.score2 += s;
                                    if s == 2 {
                                        rec.wins += 1;
                                    }
                                    if o.played() {
                                        rec.played.push((them, s));
                                    } else {
                                        rec.unplayed += 1;
                                    }
                                }
                            }
                        }
                    }
                    Pairing::Bye { player } => {
                        let a = of(player, &format!("round {}", r + 1))?;
                        see(a, player)?;
                        records[a].byes += 1;
                        records[a].score2 += bye_score2;
                        records[a].unplayed += 1;
                    }
                }
            }
            for (i, rec) in records.iter_mut().enumerate() {
                if !seen[i] {
                    rec.unplayed += 1;
                }
            }
        }
        Ok(Table {
            records,
            met,
            withdrawn,
            unfinished_round,
        })
    }
}
