//! The store's operations of Martian Chess: an action, in the host's one action path
//! ([`crate::turns`]), and the sweep of overdue battle cards.

use martian_chess::Action;

use super::Martian;
use crate::model::{PlayResult, Receipt};
use crate::{ChannelId, GameId, Millis, Result, Stamp, Store};

impl Store {
    /// Plays a Martian Chess action in the game `game_id`, chosen against version
    /// `expected_version` (the host's one action path, [`Store::play`]'s too).
    ///
    /// In one transaction: checks the game, the version and who must act, plays the
    /// action by the rules against the stored state (die rolls and shuffles from the
    /// game's seeded stream), records it under (game id, ply), pays the price of a piece
    /// taken prisoner from its owner's escrow to the captor (capped by what is left of
    /// the owner's piece reserve, MARTIAN_CHESS.md §6), and if the action ends the game
    /// settles the pot, archives the game and frees the channel.
    ///
    /// # Errors
    /// Refusals: [`StoreError::NoGame`], [`StoreError::GameReplaced`],
    /// [`StoreError::NotAPlayer`], [`StoreError::WrongGame`] (a Jetan game),
    /// [`StoreError::GameChanged`], [`StoreError::NotYourTurn`] (naming who must act,
    /// in a battle the player whose card is awaited), [`StoreError::Illegal`] with
    /// the rules' reason.
    pub fn act(
        &self,
        req: Stamp,
        channel: ChannelId,
        target: (GameId, u64),
        action: Action,
    ) -> Result<PlayResult> {
        self.mutate(req, receipt!(Play), |tx| {
            crate::turns::act::<Martian>(tx, channel, Some((req.user, target)), action)
        })
    }

    /// The bot's sweep of battles at `now`: in every Martian Chess game where a
    /// defender's card has been awaited for [`BATTLE_TIME_MS`](super::BATTLE_TIME_MS) or longer, the defender's
    /// lowest legal card is played for them, recorded as theirs with `timeout` set. Each
    /// game is its own transaction that checks again. Returns what was played.
    ///
    /// # Errors
    /// Storage failures.
    pub fn play_overdue_cards(&self, now: Millis) -> Result<Vec<PlayResult>> {
        self.play_overdue_cards_where(now, |_| true)
    }

    /// [`play_overdue_cards`](Self::play_overdue_cards) for the servers `owns` accepts
    /// only (a bot process plays the cards of its own shards' servers).
    ///
    /// # Errors
    /// Storage failures.
    pub fn play_overdue_cards_where(
        &self,
        now: Millis,
        owns: impl Fn(crate::GuildId) -> bool,
    ) -> Result<Vec<PlayResult>> {
        self.play_overdue::<Martian>(now, owns)
    }
}

/// Asserts `Receipt::Play` exists for `receipt!(Play)`.
const _: fn(PlayResult) -> Receipt = Receipt::Play;
