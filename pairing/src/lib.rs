//! Tournament pairings for any two-seat game: Swiss and round robin, standings with
//! tie-breaks, and the split of a prize pot. Pure: no I/O, no clock, no randomness, no game.
//!
//! # The model
//!
//! The host keeps an [`Event`] as plain data and asks this crate what follows from it:
//!
//! - `players`: opaque ids ([`PlayerId`]) in the **initial order** (seed, rating or join
//!   order — the host's choice), best first. It numbers the round-robin table, orders
//!   players inside a Swiss score group, and breaks the last ties of the standings.
//! - `rounds`: every round paired so far, each a list of [`Pairing`]s — a game with a
//!   [`Seat::First`] and a [`Seat::Second`] player and its [`Outcome`] (`None` while it is
//!   played), or a bye. Seats are "first" and "second"; the host maps them onto its game's
//!   sides (Jetan: Black and Orange, say), "first" being the one balanced as White is.
//! - `withdrawn`: players never paired again. Their games already paired are the host's
//!   business (it records a forfeit, say).
//!
//! [`pair_next_round`] gives the next round, best board first; [`standings`] the ranking;
//! [`split_pot`] the prize money; [`Settings::validate`] and [`Settings::check_start`]
//! refuse unusable settings. Every function is deterministic: the same event, the same
//! answer. Everything that can go wrong is a [`PairingError`], never a panic.
//!
//! # Round robin
//!
//! Berger tables (FIDE Handbook C.05, Annex 1), number k being `players[k-1]`: every pair
//! meets once, or twice with `double` (the second cycle repeats the table with the seats
//! swapped; the first cycle has its last two rounds swapped, as FIDE advises, so that
//! nobody sits in the same seat three times in a row around the turn). With an odd count the missing last number is a dummy: its opponent of the
//! round gets a [`Pairing::Bye`], worth **no** point in a round robin (everyone rests the
//! same number of rounds). A withdrawn player's later games are left out of the rounds
//! returned; the opponent simply has no game that round. See [`round_robin_schedule`].
//!
//! # Swiss
//!
//! A simplified Dutch system (FIDE C.04.3 in spirit, not to the letter). Every previous
//! game must have its result. Players still in are ordered by points, then initial
//! order.
//!
//! **Hard rules** (never broken; if they cannot all hold, [`PairingError::NoPairing`]):
//! 1. two players are never paired twice (whatever the result, forfeits included);
//! 2. with an odd number of players still in, exactly one gets the bye, worth one point,
//!    at most once per player in the event: the lowest-ranked player without a bye yet
//!    whose absence leaves the others pairable under rule 1;
//! 3. every player still in is paired or has the bye, exactly once.
//!
//! **Seat rules**, hard where possible: for every player, after the round, (a) the
//! difference between first and second seats stays within ±2 and (b) nobody has the same
//! seat three times in a row. The round is paired at the strictest level that leaves a
//! complete pairing (after the bye is chosen): both (a) and (b) hard; else only (a); else
//! neither. So (b) is broken only when no pairing keeps both, and (a) only when no pairing
//! keeps (a). Every game paired counts for seats, forfeited ones included (FIDE ignores
//! unplayed games; this is simpler); byes do not.
//!
//! **Preferences** (followed when the hard rules allow): pairing goes down the ranked
//! list; the highest unpaired player takes the first opponent, in this order, whose
//! pairing still leaves the rest completely pairable (a perfect matching, Edmonds'
//! blossom algorithm — so the search never dead-ends and never needs to backtrack):
//! - same score first, then lower scores (a float down), the nearest score first;
//! - then the smaller clash of seat preferences (FIDE's absolute / strong / mild);
//! - then, inside the score group, Dutch order: the group's top half S1 meets the bottom
//!   half S2 in order (1st of S1 the 1st of S2, and so on; S2 from its top, then S1 from
//!   its bottom); outside it, the higher-ranked first.
//!
//! Seats of a game are allocated as FIDE does: both preferences if compatible, else the
//! stronger one, else alternate from the last round in which the two had different seats,
//! else the higher-ranked player's; with no preference at all, the higher-ranked player
//! sits first on odd boards (1st, 3rd…) and second on even ones.
//!
//! # Standings
//!
//! Points: win 1, draw ½, loss 0; forfeit win 1, forfeit loss and double forfeit 0; a
//! Swiss bye 1, a round-robin bye 0; unfinished games nothing yet. All values are kept
//! exact in half points (`score2`) or quarter points. Ties are broken in this order:
//!
//! 1. **Buchholz cut-1**: the sum of the opponents' points, less the lowest value. Games
//!    played over the board count the opponent's points; each round without one (bye,
//!    forfeit either way, double forfeit, a round not paired) counts as a virtual opponent
//!    with the player's own final points (FIDE 2023's rule for unplayed rounds, simplified:
//!    opponents' own points are taken as they are, unadjusted).
//! 2. **Sonneborn-Berger**: over games played over the board, a win adds the opponent's
//!    points, a draw half of them; unplayed rounds add nothing.
//! 3. **Direct encounter**: among the players equal so far, when every two of them played
//!    each other (over the board), the points they scored in those games; otherwise not
//!    applied (`None` for them all).
//! 4. **Wins**: games won, over the board or by forfeit (byes are not wins).
//! 5. The initial order — only to list the players; players equal on everything before it
//!    **share** the place (`place` is the best of the places they cover, `shared` is set).
//!
//! # Prizes
//!
//! [`split_pot`]: percentages by place, adding up to 100. Players sharing a place split
//! the shares of the places they cover equally; with fewer players than prize places, the
//! unreached places' shares go to the reached places in proportion to theirs (all to the
//! first place if theirs are all zero). Amounts are floored; the leftover units go one
//! each to the best-placed players with a share, in order. The total paid is exactly the
//! pot.

mod event;
mod matching;
mod prizes;
mod round_robin;
mod standings;
mod swiss;

pub use event::{
    Event, Format, Outcome, Pairing, PlayerId, Round, Seat, Settings, MAX_PLAYERS, MIN_PLAYERS,
};
pub use prizes::split_pot;
pub use round_robin::round_robin_schedule;
pub use standings::{standings, Standing};

/// Everything this crate refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("an event needs at least {MIN_PLAYERS} players, this one has {0}")]
    TooFewPlayers(usize),
    #[error("{got} players, but at most {max} may join")]
    TooManyPlayers { got: usize, max: u32 },
    #[error("the player limit must be between {MIN_PLAYERS} and {MAX_PLAYERS}, not {0}")]
    BadPlayerLimit(u32),
    #[error("a Swiss event needs between 1 and {max} rounds, not {got}")]
    BadRounds { got: u32, max: u32 },
    #[error("only {0} players are still in: nothing to pair")]
    TooFewActive(usize),
    #[error("all {0} rounds are already paired")]
    EventOver(usize),
    #[error("round {0} still has unfinished games")]
    RoundUnfinished(usize),
    #[error("round {round} cannot be paired: no pairing avoids a repeated game (with at most one bye per player)")]
    NoPairing { round: usize },
    #[error("invalid event: {0}")]
    InvalidEvent(String),
    #[error("the prize percentages add up to {0}, not 100")]
    BadPrizes(u64),
    #[error("no players to pay")]
    NoWinners,
}

/// The next round of the event, best board first (a bye, if any, last), outcomes `None`.
///
/// Refuses invalid settings or too many or too few players ([`Settings::check_start`]),
/// inconsistent event data, an event whose rounds are all paired, and — in Swiss — a
/// previous round with unfinished games, or a round no pairing can satisfy the hard rules
/// of (say more rounds than the players allow).
pub fn pair_next_round(event: &Event) -> Result<Round, PairingError> {
    event.settings.check_start(event.players.len())?;
    let table = event::Table::read(event)?;
    let total = event.settings.total_rounds(event.players.len());
    if event.rounds.len() >= total {
        return Err(PairingError::EventOver(total));
    }
    match event.settings.format {
        Format::Swiss { .. } => swiss::next_round(event, &table),
        Format::RoundRobin { .. } => round_robin::next_round(event, &table),
    }
}
