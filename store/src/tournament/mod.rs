//! Tournaments: Swiss and round-robin events on one server, with entry fees held in
//! escrow and a prize pot paid by place, their pairings made by `jetan-pairing` and
//! their games played as ordinary games of the store (issue 40, the store's part).
//!
//! # Records
//! A [`Tournament`] (tree `tournaments`, by id; the id comes from the store's id
//! sequence, so no game or ledger entry shares it) holds its settings (name, format,
//! player limit, entry fee, prizes by place, the games' [`Terms`](crate::Terms)), its
//! state ([`TournamentState`]), its players in join order (the pairings' initial
//! order; [`Entrant::held`] is the entry fee each still has in escrow), every round's
//! pairings ([`Board`]: first and second player or a bye, the game once started, the
//! result once known) and its money: `fees_in = pot + refunded + paid_out`, `pot` the
//! sum of the fees held. The tree `tournament_games` maps each game a tournament
//! started to its (tournament, round, board); `tournament_requests` stores each
//! operation's result under its request id (a [`TournamentUpdate`]: the tournament
//! after it and the games it ended). New trees only: no earlier record changes.
//!
//! # Money
//! Joining moves the entry fee from the player's balance into their wallet's escrow
//! ([`EntryKind::Escrow`](crate::EntryKind)); leaving before the start, a removal
//! before it, or a cancellation gives it back (`Refund`); at the end every fee leaves
//! its payer's escrow and the prizes go to the winners' balances (`Payout`), with
//! [`jetan_pairing::split_pot`] (ties share; amounts floored, the leftover units one
//! each to the best placed; the total is exactly the pot). Withdrawn players win
//! nothing. Every such ledger entry names the tournament's id in its `game` field. A
//! tournament game has no stake; a piece price, if the organiser set one, is held and
//! paid as in any game. `verify` checks each tournament's money against its record,
//! its players' escrow and the ledger, and its games against its pairings.
//!
//! # Results
//! Every game's settlement (`settle.rs`) calls [`results::on_settled`] in its own
//! transaction: a tournament game's end (rule ending, resignation, agreed draw, time,
//! the sweep) records its pairing's result; when that completes the round, the next
//! round is paired at once (or, after the last round or when no round can be paired,
//! the event finishes and pays its pot) — all in that transaction. An admin's abort
//! records nothing: the pairing loses its game (listed in [`Board::aborted`]) and can
//! be started again ([`Store::start_pairing_game`](crate::Store::start_pairing_game))
//! or adjudicated. A cancellation aborts the games in progress through the same path,
//! in its transaction; a withdrawal loses the player's current pairing by forfeit, or
//! by resignation of a game in progress (settled as usual, in its transaction).
//!
//! # News
//! The transaction that pairs a round (the start, or the result completing the round
//! before it) or finishes the event also writes its news into the outbox (tree
//! `outbox`, keyed by tournament and round, 0 for the end: a
//! [`TournamentNews`](crate::TournamentNews) in a [`Pending`](crate::Pending)), so
//! that the announcement a commit owes survives a crash before the bot posts it; the
//! bot removes it once posted ([`Store::announced`](crate::Store::announced)). The
//! pruning of old requests leaves it.

pub(crate) mod model;
mod ops;
pub(crate) mod results;
pub(crate) mod verify;

pub use jetan_pairing::{PairingError, Standing};
pub use model::{
    Board, BoardResult, Entrant, Prize, Tournament, TournamentFormat, TournamentGame,
    TournamentState, TournamentUpdate,
};
pub use ops::{NewTournament, MAX_NAME};
