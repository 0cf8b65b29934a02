use crate::table::{Checked, Table};
use crate::{
    Action, Battle, Board, ByColor, Card, Castling, Color, DrawReason, Event, IllegalAction,
    Outcome, PlayError, Pool, PublicView, ReplayError, Role, Square, Stream, ToAct, WinReason,
};

/// The number of cards in a hand outside battles.
pub const HAND_SIZE: usize = 13;

/// The number of quiet turns in a row that draw the game (§5).
pub const QUIET_TURNS_DRAW: u32 = 50;

/// A whole game of Martian Chess, hidden information included: board, turn and action
/// budget, hands, deck order, discard pile, prisons, reserves, battle in progress, outcome
/// and the random stream.
///
/// Never show a `State` to a player: show [`State::public_view`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) table: Table,
    pub(crate) hands: ByColor<Vec<Card>>,
    pub(crate) deck: Vec<Card>,
    pub(crate) rng: Stream,
}

impl State {
    /// A new game from a seed: the deck shuffled by the seed's stream, 13 cards dealt to
    /// each player one at a time from the top (White first), and White's die rolled.
    ///
    /// ```
    /// use martian_chess::{Color, State, ToAct};
    /// let g = State::new(42);
    /// assert_eq!(g.to_act(), ToAct::Turn(Color::White));
    /// assert_eq!(g.hand(Color::Black).len(), 13);
    /// assert_eq!(g.deck_len(), 26);
    /// assert_eq!(g, State::new(42));
    /// ```
    pub fn new(seed: u64) -> State {
        let mut rng = Stream::new(seed);
        let mut deck: Vec<Card> = Card::all().collect();
        rng.shuffle(&mut deck);
        let mut hands = ByColor::new(Vec::new(), Vec::new());
        for i in 0..2 * HAND_SIZE {
            let c = deck.pop().expect("52 cards");
            hands[if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }]
            .push(c);
        }
        for c in Color::ALL {
            sort_hand(&mut hands[c]);
        }
        let die = rng.die();
        State {
            table: Table {
                board: Board::start(),
                turn: Color::White,
                die,
                left: die,
                moved: 0,
                dropped: 0,
                castling: Castling::ALL,
                quiet: 0,
                eventful: false,
                prisons: ByColor::default(),
                reserves: ByColor::default(),
                discard: Vec::new(),
                battle: None,
                outcome: None,
            },
            hands,
            deck,
            rng,
        }
    }

    /// Who must act now.
    pub fn to_act(&self) -> ToAct {
        self.table.to_act()
    }

    /// The player who must act now, if the game goes on.
    pub fn player_to_act(&self) -> Option<Color> {
        self.table.to_act().player()
    }

    /// Every legal action of the player to act (none when the game is over). Promotions
    /// are listed once per kind (`=Q`, `=R`, `=B`, `=N`).
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.player_to_act() {
            Some(p) => self.table.legal_actions(&self.hands[p]),
            None => Vec::new(),
        }
    }

    /// Whether `player` may take `action` now.
    ///
    /// # Errors
    /// Why not, as [`IllegalAction`].
    pub fn check(&self, player: Color, action: &Action) -> Result<(), IllegalAction> {
        self.table
            .check(player, action, &self.hands[player])
            .map(|_| ())
    }

    /// Plays `player`'s action and returns the new state.
    ///
    /// ```
    /// use martian_chess::{Action, Color, State};
    /// let g = State::new(0); // White rolls a 6
    /// let g = g.play(Color::White, "e2-e4".parse().unwrap()).unwrap();
    /// let err = g.play(Color::White, "e4-e5".parse().unwrap()).unwrap_err();
    /// assert_eq!(err.to_string(), "the Pawn on e4 has already moved this turn: no piece moves twice in a turn");
    /// ```
    ///
    /// # Errors
    /// [`PlayError`]: why the action is illegal, with the state handed back unchanged.
    pub fn play(self, player: Color, action: Action) -> Result<State, PlayError> {
        self.play_with_events(player, action).map(|(s, _)| s)
    }

    /// Plays `player`'s action; also returns what happened, for the host to announce.
    ///
    /// # Errors
    /// As [`State::play`].
    pub fn play_with_events(
        mut self,
        player: Color,
        action: Action,
    ) -> Result<(State, Vec<Event>), PlayError> {
        match self.table.check(player, &action, &self.hands[player]) {
            Ok(c) => {
                let mut events = Vec::new();
                self.apply(player, c, &mut events);
                Ok((self, events))
            }
            Err(reason) => Err(PlayError {
                reason,
                state: Box::new(self),
            }),
        }
    }

    /// Plays the action of whoever is to act, without the caller naming the player.
    ///
    /// # Errors
    /// As [`State::play`].
    pub fn play_next(self, action: Action) -> Result<State, PlayError> {
        let player = self.player_to_act().unwrap_or(self.table.turn);
        self.play(player, action)
    }

    fn apply(&mut self, player: Color, c: Checked, ev: &mut Vec<Event>) {
        match c {
            Checked::Quiet {
                from,
                to,
                promotion,
            } => {
                self.table.apply_simple(player, c);
                ev.push(Event::Moved { from, to });
                if let Some(role) = promotion {
                    ev.push(Event::Promoted { square: to, role });
                }
            }
            Checked::Castle {
                king_from,
                king_to,
                rook_from,
                rook_to,
            } => {
                self.table.apply_simple(player, c);
                ev.push(Event::Castled {
                    king_from,
                    king_to,
                    rook_from,
                    rook_to,
                });
            }
            Checked::Drop(role, to) => {
                self.table.apply_simple(player, c);
                ev.push(Event::Dropped { player, role, to });
            }
            Checked::Exchange(role) => {
                self.table.apply_simple(player, c);
                ev.push(Event::Exchanged { player, role });
            }
            Checked::Attack {
                from,
                to,
                promotion,
            } => {
                self.table.left -= 1;
                self.table.eventful = true;
                self.table.battle = Some(Battle {
                    from,
                    to,
                    promotion,
                    cards: Vec::with_capacity(4),
                });
                ev.push(Event::Attack { from, to });
            }
            Checked::Discard(card) => {
                remove_card(&mut self.hands[player], card);
                self.table.discard.push(card);
                ev.push(Event::Discarded { player, card });
                self.draw(player, 1, ev);
                self.table.left -= 1;
            }
            Checked::Play(card) => {
                remove_card(&mut self.hands[player], card);
                ev.push(Event::CardPlayed { player, card });
                let battle = self.table.battle.as_mut().expect("battle");
                battle.cards.push(card);
                if battle.cards.len() == 4 {
                    self.resolve_battle(ev);
                }
            }
            Checked::End => {
                self.end_turn(ev);
                return;
            }
        }
        if self.table.battle.is_none() && self.table.outcome.is_none() && self.table.left == 0 {
            self.end_turn(ev);
        }
    }

    fn resolve_battle(&mut self, ev: &mut Vec<Event>) {
        let battle = self.table.battle.take().expect("battle");
        let attacker = self.table.turn;
        let defender = attacker.other();
        let led = battle.led_suit().expect("four cards");
        let (best, &card) = battle
            .cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.suit() == led)
            .max_by_key(|(_, c)| c.rank())
            .expect("the lead is of the led suit");
        let t = &mut self.table;
        let att = t.board.take(battle.from).expect("attacking piece");
        t.castling.touch(battle.from);
        let (winner, prisoner) = if best % 2 == 0 {
            let def = t.board.take(battle.to).expect("defending piece");
            t.castling.touch(battle.to);
            let piece = match battle.promotion {
                Some(role) => {
                    ev.push(Event::Promoted {
                        square: battle.to,
                        role,
                    });
                    crate::Piece {
                        color: att.color,
                        role,
                        promoted: true,
                    }
                }
                None => att,
            };
            t.board.set(battle.to, Some(piece));
            t.moved |= battle.to.bit();
            (attacker, def)
        } else {
            (defender, att)
        };
        t.prisons[winner].add(prisoner.prisoner_role());
        ev.push(Event::BattleWon {
            winner,
            attacker_won: winner == attacker,
            card,
            prisoner,
            recorded_as: prisoner.prisoner_role(),
        });
        t.discard.extend_from_slice(&battle.cards);
        self.draw(attacker, 2, ev);
        self.draw(defender, 2, ev);
        if prisoner.role == Role::King {
            let reason = if winner == attacker {
                WinReason::KingCaptured
            } else {
                WinReason::KingLostAttack
            };
            self.finish(Outcome::Decisive { winner, reason }, ev);
        }
    }

    fn draw(&mut self, player: Color, count: u8, ev: &mut Vec<Event>) {
        for _ in 0..count {
            if self.deck.is_empty() {
                self.deck = std::mem::take(&mut self.table.discard);
                self.rng.shuffle(&mut self.deck);
                ev.push(Event::Reshuffled {
                    cards: self.deck.len(),
                });
            }
            if let Some(c) = self.deck.pop() {
                self.hands[player].push(c);
            }
        }
        sort_hand(&mut self.hands[player]);
        ev.push(Event::Drew { player, count });
    }

    fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let t = &mut self.table;
        if t.eventful {
            t.quiet = 0;
        } else {
            t.quiet += 1;
        }
        t.eventful = false;
        t.moved = 0;
        t.dropped = 0;
        ev.push(Event::TurnEnded { player: t.turn });
        if t.quiet >= QUIET_TURNS_DRAW {
            self.finish(
                Outcome::Draw {
                    reason: DrawReason::FiftyTurns,
                },
                ev,
            );
            return;
        }
        t.turn = t.turn.other();
        t.die = self.rng.die();
        t.left = t.die;
        ev.push(Event::DieRolled {
            player: t.turn,
            value: t.die,
        });
    }

    fn finish(&mut self, o: Outcome, ev: &mut Vec<Event>) {
        self.table.outcome = Some(o);
        ev.push(Event::GameOver(o));
    }

    /// The card a battle player who ran out of time plays (MARTIAN_CHESS.md §4): their
    /// lowest legal card (lowest rank, ties broken C D H S). `None` outside battles.
    ///
    /// The host plays it with `state.play(player, Action::Play(card))`.
    pub fn lowest_legal_card(&self) -> Option<(Color, Card)> {
        let ToAct::Battle { player, .. } = self.to_act() else {
            return None;
        };
        let b = self.table.battle.as_ref()?;
        b.legal_cards(&self.hands[player])
            .min()
            .map(|c| (player, c))
    }

    /// Plays the lowest legal card for the battle player who ran out of time.
    /// Does nothing outside battles.
    pub fn play_timeout_card(self) -> State {
        match self.lowest_legal_card() {
            Some((p, c)) => self.play(p, Action::Play(c)).unwrap_or_else(|e| *e.state),
            None => self,
        }
    }

    /// What `viewer` may see: everything public plus their own hand.
    pub fn public_view(&self, viewer: Color) -> PublicView {
        PublicView {
            table: self.table.clone(),
            viewer,
            hand: self.hands[viewer].clone(),
            hand_sizes: ByColor::new_with(|c| self.hands[c].len()),
            deck_len: self.deck.len(),
        }
    }

    /// The action text with `x` for an attack (`d4xe5`), for announcements and lists.
    pub fn notate(&self, action: &Action) -> String {
        notate(&self.table, action)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.table.board
    }
    /// Whose turn it is (the attacker during a battle).
    pub fn turn(&self) -> Color {
        self.table.turn
    }
    /// This turn's die roll.
    pub fn die(&self) -> u8 {
        self.table.die
    }
    /// Actions left this turn.
    pub fn actions_left(&self) -> u8 {
        self.table.left
    }
    /// The squares of pieces that moved (or castled, or won an attack) this turn.
    pub fn moved_this_turn(&self) -> Vec<Square> {
        crate::square::squares(self.table.moved).collect()
    }
    /// The squares of pieces dropped this turn.
    pub fn dropped_this_turn(&self) -> Vec<Square> {
        crate::square::squares(self.table.dropped).collect()
    }
    /// Castling rights.
    pub fn castling(&self) -> Castling {
        self.table.castling
    }
    /// Turns in a row without attack, pawn move or paradrop (this turn not counted).
    pub fn quiet_turns(&self) -> u32 {
        self.table.quiet
    }
    /// The prison of `captor`: enemy pieces they took.
    pub fn prison(&self, captor: Color) -> &Pool {
        &self.table.prisons[captor]
    }
    /// The reserve of `owner`: own pieces back from exchanges.
    pub fn reserve(&self, owner: Color) -> &Pool {
        &self.table.reserves[owner]
    }
    /// A player's hand (secret: show it to its owner only).
    pub fn hand(&self, player: Color) -> &[Card] {
        &self.hands[player]
    }
    /// The number of cards in the face-down deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    /// The face-up discard pile, bottom first.
    pub fn discard_pile(&self) -> &[Card] {
        &self.table.discard
    }
    /// The battle in progress.
    pub fn battle(&self) -> Option<&Battle> {
        self.table.battle.as_ref()
    }
    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }
    /// The random stream (seed and draws so far).
    pub fn stream(&self) -> Stream {
        self.rng
    }
}

/// Replays a stored game: a new game from `seed`, then each action played by whoever is
/// to act. The same seed and actions give the same state, always.
///
/// ```
/// use martian_chess::{replay, Action, State};
/// let actions: Vec<Action> = ["e2-e4", "end"].iter().map(|a| a.parse().unwrap()).collect();
/// let g = replay(9, &actions).unwrap();
/// assert_eq!(g, replay(9, &actions).unwrap());
/// ```
///
/// # Errors
/// [`ReplayError`] names the first action that cannot be played.
pub fn replay(seed: u64, actions: &[Action]) -> Result<State, ReplayError> {
    let mut state = State::new(seed);
    for (index, &action) in actions.iter().enumerate() {
        let player = state.player_to_act().unwrap_or(state.table.turn);
        state = state.play(player, action).map_err(|e| ReplayError {
            index,
            action,
            reason: e.reason,
            state: e.state,
        })?;
    }
    Ok(state)
}

pub(crate) fn notate(table: &Table, action: &Action) -> String {
    if table.is_attack(action) {
        if let Action::Move {
            from,
            to,
            promotion,
        } = action
        {
            let mut s = format!("{from}x{to}");
            if let Some(r) = promotion {
                s.push('=');
                s.push(r.char());
            }
            return s;
        }
    }
    action.to_string()
}

pub(crate) fn sort_hand(hand: &mut [Card]) {
    hand.sort_by_key(|c| c.hand_key());
}

fn remove_card(hand: &mut Vec<Card>, card: Card) {
    if let Some(i) = hand.iter().position(|&c| c == card) {
        hand.remove(i);
    }
}
