//! The store's operations of Jetan: a move, in the host's one action path
//! ([`crate::turns`]).

use jetan_rules::Square;

use super::Jetan;
use crate::model::{PlayResult, Receipt};
use crate::turns::act;
use crate::{ChannelId, GameId, Result, Stamp, Store};

impl Store {
    /// Plays a move. `expected_version` is the game version the move was chosen against
    /// (what the player saw), in the game `game_id`; `from`/`to` name the move
    /// (RULES.md §3.5).
    ///
    /// In one transaction (the host's one action path, [`Store::act`]'s too): checks
    /// the version and the turn, plays the move by the rules (Manator duels from the
    /// game's seeded stream), records it, pays the price of a killed piece from its
    /// owner's escrow to the opponent, and if the move ends the game settles the pot,
    /// archives the game and frees the channel.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoGame`], [`StoreError::GameReplaced`],
    /// [`StoreError::NotAPlayer`], [`StoreError::WrongGame`] (a game of another kind),
    /// [`StoreError::GameChanged`], [`StoreError::NotYourTurn`],
    /// [`StoreError::Illegal`] with the rules' reason.
    pub fn play(
        &self,
        req: Stamp,
        channel: ChannelId,
        target: (GameId, u64),
        from: Square,
        to: Square,
    ) -> Result<PlayResult> {
        self.mutate(req, receipt!(Play), |tx| {
            act::<Jetan>(tx, channel, Some((req.user, target)), (from, to))
        })
    }
}

/// Asserts `Receipt::Play` exists for `receipt!(Play)`.
const _: fn(PlayResult) -> Receipt = Receipt::Play;
