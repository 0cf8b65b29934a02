//! The wager policy: the terms players agree to, what a player must hold in escrow for
//! them (the stake and the piece reserve), and which terms are valid.

use crate::model::{FirstMover, GameKind, GameOptions, Terms, MAX_AMOUNT};
use crate::{Result, StoreError};

impl Terms {
    /// Terms with no money for a game with `options` (a game's options convert: Jetan's
    /// variant alone is Jetan on the flat board).
    pub fn friendly(options: impl Into<GameOptions>) -> Terms {
        Terms {
            game: options.into(),
            stake: 0,
            piece_price: 0,
            first: FirstMover::Challenger,
            move_time_minutes: None,
            practice: false,
            casual: false,
        }
    }

    /// Which game the terms are for.
    pub fn kind(&self) -> GameKind {
        self.game.kind()
    }

    /// The most points of piece value one player can lose in a game on these terms, as
    /// the game says (Jetan: Classic 42, Manator 46; see [`Terms::reserve`]).
    pub fn reserve_points(&self) -> u64 {
        crate::games::reserve_points(self)
    }

    /// The piece reserve: the most a player can pay in piece prices in one game,
    /// `piece_price ×` the points of piece value the game says a player can lose (each
    /// game's module in `games` says how many: Jetan 42 Classic, 46 Manator). Payments
    /// are capped at it.
    ///
    /// # Errors
    /// [`StoreError::InvalidTerms`] if it exceeds [`MAX_AMOUNT`].
    pub fn reserve(&self) -> Result<u64> {
        let points = crate::games::reserve_points(self);
        points
            .checked_mul(self.piece_price)
            .filter(|&r| r <= MAX_AMOUNT)
            .ok_or_else(|| StoreError::InvalidTerms("the piece price is too large".into()))
    }

    /// What each player puts in escrow: stake + piece reserve.
    ///
    /// # Errors
    /// [`StoreError::InvalidTerms`] if it exceeds [`MAX_AMOUNT`].
    pub fn escrow(&self) -> Result<u64> {
        self.reserve()?
            .checked_add(self.stake)
            .filter(|&e| e <= MAX_AMOUNT)
            .ok_or_else(|| StoreError::InvalidTerms("the stake is too large".into()))
    }

    /// Checks the terms.
    ///
    /// # Errors
    /// [`StoreError::InvalidTerms`] saying what is wrong.
    pub fn validate(&self) -> Result<()> {
        if self.practice && (self.stake != 0 || self.piece_price != 0) {
            return Err(StoreError::InvalidTerms(
                "a practice game cannot have a stake or piece prices".into(),
            ));
        }
        crate::games::check_terms(self)?;
        if self.move_time_minutes == Some(0) {
            return Err(StoreError::InvalidTerms(
                "the move time limit must be at least one minute".into(),
            ));
        }
        self.escrow().map(drop)
    }
}
