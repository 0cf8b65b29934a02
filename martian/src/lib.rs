//! The rules of the Mars Society's **Martian Chess** (Robert Zubrin's game), exactly as the
//! project's rule book `MARTIAN_CHESS.md` states them: chess pieces on a chess board moving
//! without check, a die that sets each turn's number of actions, attacks decided by a card
//! battle, prisons, exchanges of prisoners and paradrops.
//!
//! Pure: no I/O. The randomness (die rolls, shuffles) comes from a seeded [`Stream`]
//! stored in the game, so a game replays exactly from its seed and actions ([`replay`]).
//!
//! - Vocabulary: [`Color`], [`Role`], [`Piece`], [`Square`], [`Card`] ([`Rank`], [`Suit`]),
//!   [`Pool`] (a prison or a reserve), [`Castling`], [`Action`].
//! - [`State`] is a whole game: [`State::new`] from a seed, [`State::to_act`] (who must act:
//!   the turn player, a battle player, or nobody), [`State::legal_actions`],
//!   [`State::play`] (`(self, player, action) -> Result<State, PlayError>`, the state handed
//!   back on error, [`IllegalAction`] saying why), [`State::lowest_legal_card`] for a
//!   defender who ran out of time, [`State::public_view`].
//! - [`PublicView`] is what one player may see; the [`ai`] module plays from it (levels
//!   1–5; levels 4 and 5 by the Monte Carlo [`search`]).
//! - Wagers: [`piece_price`], [`PieceAccount`] (payments capped at `unit × 39`).
//!
//! ```
//! use martian_chess::{Action, Color, State, ToAct};
//!
//! let game = State::new(0); // White rolls a 6
//! assert_eq!(game.to_act(), ToAct::Turn(Color::White));
//! let game = game.play(Color::White, "e2-e4".parse().unwrap()).unwrap();
//! let err = game.clone().play(Color::Black, "e7-e5".parse().unwrap()).unwrap_err();
//! assert_eq!(err.to_string(), "it is not your turn: White is to act");
//! let game = game.play(Color::White, Action::End).unwrap();
//! assert_eq!(game.to_act(), ToAct::Turn(Color::Black));
//! // The state string round-trips exactly.
//! let text = game.to_string();
//! assert_eq!(text.parse::<State>().unwrap().to_string(), text);
//! ```
//!
//! # The state string
//!
//! Fifteen fields separated by single spaces:
//!
//! 1. **board**: FEN piece placement, rank 8 first; upper case White, lower case Black;
//!    a promoted pawn is followed by `~` (`Q~`).
//! 2. **side** to move: `w` or `b` (during a battle: the attacker).
//! 3. **die/actions left**: `5/3`.
//! 4. **moved**: squares of the pieces that moved this turn (castling marks King and Rook;
//!    a winning attacker is marked on its new square), comma-separated, or `-`.
//! 5. **dropped**: squares of the pieces paradropped this turn, or `-`.
//! 6. **castling** rights: `KQkq` or `-`.
//! 7. **quiet** turns in a row without attack, pawn move or paradrop (the current turn not
//!    counted), followed by `+` if the current turn already had one: `12`, `0+`.
//! 8. **prisons**: White's prison (Black pieces, lower case) `/` Black's prison (upper
//!    case), each Queen first, or `-`: `rp/NP`. Promoted pieces are recorded as pawns.
//! 9. **reserves**: White's (upper case) `/` Black's (lower case): `N/-`.
//! 10. **hands**: White's cards `/` Black's cards, back to back, each sorted by suit
//!     (C D H S) then rank: `2C9CAD.../3C4H...`.
//! 11. **deck**, bottom card first (the last card is drawn next), or `-`.
//! 12. **discard** pile, bottom card first, or `-`.
//! 13. **battle** in progress: `-`, or `from x to`, `=R` if a promotion was chosen, `:` and
//!     the cards played so far: `d4xe5:AS3S`.
//! 14. **stream**: `seed:draws`, the random stream's seed and the number of values drawn.
//! 15. **outcome**: `*` (going on), `1-0:king`, `0-1:king-attack`, `1/2:fifty` (the
//!     rules' endings only: resignation, time and agreement are the host's).
//!
//! The start of the game with seed 0:
//!
//! ```
//! # use martian_chess::State;
//! let s = State::new(0).to_string();
//! assert!(s.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "));
//! assert!(s.ends_with(" - - 0:52 *"));
//! ```
//!
//! A [`PublicView`] prints the same fields except that the hidden hand and the deck are
//! replaced by their sizes and field 14 by `view:w` or `view:b`.
//!
//! # Action text
//!
//! As MARTIAN_CHESS.md §7: `e2-e4` (or `e2e4`), `d4xe5`, `e1-g1` (castling), `e7-e8=N`
//! (a bare `e7-e8` promotes to a Queen), `N@f3` (paradrop), `exchange N`, `discard 7H`,
//! `play AS` (a battle card), `end`. See [`Action`].
#![deny(missing_docs)]

mod action;
pub mod ai;
mod battle;
mod board;
mod card;
mod castling;
mod color;
mod draw;
mod error;
mod event;
mod heuristic;
mod outcome;
mod pool;
mod rng;
mod role;
pub mod search;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
mod state;
mod table;
mod text;
mod view;
mod wager;

pub use action::{Action, ParseActionError};
pub use battle::{Battle, BattleSide};
pub use board::Board;
pub use card::{Card, ParseCardError, Rank, Suit};
pub use castling::{Castling, CastlingSide};
pub use color::{ByColor, Color};
pub use error::{IllegalAction, PlayError, ReplayError};
pub use event::Event;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use pool::Pool;
pub use rng::Stream;
pub use role::{Piece, Role};
pub use square::{ParseSquareError, Square};
pub use state::{replay, State, HAND_SIZE, QUIET_TURNS_DRAW};
pub use table::ToAct;
pub use text::{Field, InvalidState, ParseStateError, StateProblem};
pub use view::PublicView;
pub use wager::{piece_price, role_value, PieceAccount, PIECE_RESERVE_FACTOR};
