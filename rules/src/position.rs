use crate::bitboard::FULL;
use crate::tables::tables;
use crate::{
    AttackerWins, Bitboard, Board, ByColor, Color, Dice, DrawReason, Duel, IllegalMove,
    InvalidSetup, Move, MoveList, Outcome, Piece, Report, Role, Rules, Setup, SideRules, Square,
    Topology, Variant, WinReason,
};

/// A Jetan game in a valid state: the pieces, the side to move, the escapes, the
/// countdown, the move count, the variant, the board's shape ([`Topology`]), the rule
/// options ([`Rules`], RULES.md §12), and how the game ended if it has.
///
/// ```
/// use jetan_rules::{AttackerWins, Position};
/// let pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 78);
/// let m = pos.find_move("e2".parse().unwrap(), "e3".parse().unwrap()).unwrap();
/// let (pos, report) = pos.play(m, &mut AttackerWins).unwrap();
/// assert_eq!(pos.ply(), 1);
/// assert!(report.outcome.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    escapes: ByColor<bool>,
    /// 0 when not running.
    countdown: u8,
    ply: u32,
    variant: Variant,
    /// Flat or circular: selects the move tables.
    topology: Topology,
    /// Each side's rule options (standard unless [`Position::with_rules`] says otherwise).
    rules: Rules,
    /// Set by the move that ended the game by capture or countdown.
    ended: Option<Outcome>,
}

/// A move that `play` refused, with the position handed back untouched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError {
    /// Why the move is illegal.
    pub reason: IllegalMove,
    /// The position, unchanged.
    pub position: Box<Position>,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The standard Classic start position on the flat board, Black to move.
    pub fn start() -> Position {
        Position::start_of(Variant::Classic)
    }

    /// The start position of a variant on the flat board, Black to move.
    pub fn start_of(variant: Variant) -> Position {
        Position::start_on(variant, Topology::Flat)
    }

    /// The start position of a variant on a board of either shape, Black to move.
    /// The setup is the same on both (RULES.md §11).
    ///
    /// ```
    /// use jetan_rules::{Position, Topology, Variant};
    /// let pos = Position::start_on(Variant::Classic, Topology::Circular);
    /// assert_eq!(pos.legal_moves().len(), 82);
    /// assert!(pos.to_string().ends_with(" circular"));
    /// ```
    pub fn start_on(variant: Variant, topology: Topology) -> Position {
        Position::from_setup(Setup::start_on(variant, topology), variant)
            .expect("start positions are valid")
    }

    /// Checks a setup and makes it a position of `variant` (on the setup's board shape).
    ///
    /// # Errors
    /// Every reason the setup is invalid, at once (see [`SetupProblem`](crate::SetupProblem)).
    pub fn from_setup(setup: Setup, variant: Variant) -> Result<Position, InvalidSetup> {
        let problems = setup.problems(variant);
        if !problems.is_empty() {
            return Err(InvalidSetup { problems });
        }
        Ok(Position {
            board: setup.board,
            turn: setup.turn,
            escapes: setup.escapes,
            countdown: setup.countdown.unwrap_or(0),
            ply: setup.ply,
            variant,
            topology: setup.topology,
            rules: Rules::STANDARD,
            ended: None,
        })
    }

    /// The same position played by `rules` (RULES.md §12): every move, threat, escape and
    /// duel of the game follows them from here on. The position string does not show the
    /// rules; keep the rules string beside it.
    ///
    /// ```
    /// use jetan_rules::{perft, Position, Rules};
    /// let rules: Rules = "W:mixed,A:mixed,D:mixed,F:mixed".parse().unwrap();
    /// let pos = Position::start().with_rules(rules);
    /// assert_eq!(pos.rules(), rules);
    /// assert_eq!(pos.legal_moves().len(), 98);
    /// ```
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }

    /// The rule options the game is played by.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position as an unchecked setup (what a position string shows).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            escapes: self.escapes,
            countdown: (self.countdown > 0).then_some(self.countdown),
            ply: self.ply,
            topology: self.topology,
        }
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether `color`'s Princess may still escape.
    pub fn escape_available(&self, color: Color) -> bool {
        self.escapes[color]
    }

    /// The ten-move countdown: moves left, or `None` when not running.
    pub fn countdown(&self) -> Option<u8> {
        (self.countdown > 0).then_some(self.countdown)
    }

    /// Moves played so far (plies).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board's shape: flat, or circular (Ninth-Ray Jetan, RULES.md §11).
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// How the game ended, if it has: by the last move, or because the side to move has
    /// no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended;
        }
        (self.count_moves() == 0).then_some(Outcome::Draw {
            reason: DrawReason::NoLegalMoves,
        })
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The squares where `color`'s Princess would be threatened (RULES.md §4): those an
    /// enemy piece other than the enemy Princess could move to, with her taken off her
    /// current square.
    pub fn threatened_squares(&self, color: Color) -> Bitboard {
        let occ = self.board.occupied().0;
        let her = self.board.by_piece(Piece {
            color,
            role: Role::Princess,
        });
        Bitboard(self.attacks(color.other(), occ & !her.0))
    }

    /// The squares the piece on `from` could move to with the board occupied as
    /// `occupied`, by its side's options (§12), whatever stands on them: for the Princess
    /// her ordinary move (no escape, threats ignored). Empty if `from` is empty. For
    /// engines that compute attacks their own way.
    ///
    /// ```
    /// use jetan_rules::{Bitboard, Position, Rules};
    /// let pos = Position::start().with_rules("W:upto".parse().unwrap());
    /// let a1 = "a1".parse().unwrap();
    /// // a2 and b1, where own pieces stand; every longer way is blocked.
    /// assert_eq!(pos.reach(a1, pos.board().occupied()).count(), 2);
    /// assert_eq!(pos.reach(a1, Bitboard::EMPTY).count(), 5);
    /// ```
    pub fn reach(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let Some(piece) = self.board.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let t = tables(self.topology);
        let side = self.rules.side(piece.color);
        Bitboard(t.reach(&side, piece.color, piece.role, from, occupied.0) & FULL)
    }

    /// Whether `color`'s Princess stands where an enemy piece could take her next move.
    pub fn princess_in_danger(&self, color: Color) -> bool {
        let Some(sq) = self.board.royal(color, Role::Princess) else {
            return false;
        };
        self.attacks(color.other(), self.board.occupied().0) & sq.bit() != 0
    }

    /// Every square some piece of `color` other than its Princess could move to with the
    /// board occupied as `occ`, whatever stands there.
    /// Each piece moves by its own side's options (§12).
    fn attacks(&self, color: Color, occ: u128) -> u128 {
        let t = tables(self.topology);
        let side = &self.rules.side(color);
        if side.is_standard() {
            self.attacks_by(color, occ, |role, sq, occ| {
                t.reach_standard(color, role, sq, occ)
            })
        } else {
            self.attacks_by(color, occ, |role, sq, occ| {
                t.reach(side, color, role, sq, occ)
            })
        }
    }

    #[inline(always)]
    fn attacks_by(
        &self,
        color: Color,
        occ: u128,
        reach: impl Fn(Role, Square, u128) -> u128,
    ) -> u128 {
        let own = self.board.by_color(color).0 & !self.board.by_role(Role::Princess).0;
        let mut attacked = 0;
        for sq in Bitboard(own) {
            let role = self.board.piece_at(sq).expect("occupied").role;
            attacked |= reach(role, sq, occ);
        }
        attacked & FULL
    }

    /// Calls `f(from, role, targets, escape)` for each piece of the side to move (the
    /// Princess twice: ordinary moves, then escapes). Nothing if the game has ended.
    #[inline]
    fn for_each_target(&self, f: impl FnMut(Square, Role, u128, bool)) {
        if self.ended.is_some() {
            return;
        }
        let t = tables(self.topology);
        let us = self.turn;
        let side = &self.rules.side(us);
        if side.is_standard() {
            self.targets_by(side, f, |role, sq, occ| t.reach_standard(us, role, sq, occ));
        } else {
            self.targets_by(side, f, |role, sq, occ| t.reach(side, us, role, sq, occ));
        }
    }

    /// [`for_each_target`](Self::for_each_target) with the side to move's pieces reaching
    /// as `reach` says (by `side`'s options).
    #[inline(always)]
    fn targets_by(
        &self,
        side: &SideRules,
        mut f: impl FnMut(Square, Role, u128, bool),
        reach: impl Fn(Role, Square, u128) -> u128,
    ) {
        let us = self.turn;
        let own = self.board.by_color(us).0;
        let occ = self.board.occupied().0;
        let princess = self.board.by_role(Role::Princess).0;
        for from in Bitboard(own & !princess) {
            let role = self.board.piece_at(from).expect("occupied").role;
            let targets = reach(role, from, occ) & !own;
            if targets != 0 {
                f(from, role, targets, false);
            }
        }
        if let Some(from) = Bitboard(own & princess).first() {
            // Her ordinary reach on the board as it stands (§12: for a `nojump` Princess a
            // blocked square is beyond it, so an escape square).
            let ordinary = reach(Role::Princess, from, occ);
            let safe = if side.is_brave() {
                !occ & FULL
            } else {
                !occ & !self.attacks(us.other(), occ & !from.bit()) & FULL
            };
            f(from, Role::Princess, ordinary & safe, false);
            if self.escapes[us] && side.has_escape() {
                f(from, Role::Princess, safe & !ordinary, true);
            }
        }
    }

    /// Every legal move (none if the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_target(|from, role, targets, escape| {
            for to in Bitboard(targets) {
                list.push(Move {
                    from,
                    to,
                    role,
                    capture: self.board.piece_at(to).map(|p| p.role),
                    escape,
                });
            }
        });
        list
    }

    /// The legal moves of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        let mut out = MoveList::new();
        list.sort();
        for m in list.iter().filter(|m| m.from == from) {
            out.push(*m);
        }
        out
    }

    /// How many legal moves there are, without listing them.
    pub fn count_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_target(|_, _, targets, _| n += targets.count_ones() as usize);
        n
    }

    /// The legal move from `from` to `to`, or why there is none, in words a player
    /// understands.
    ///
    /// # Errors
    /// [`IllegalMove`] says why the move is not legal.
    pub fn find_move(&self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        if let Some(m) = self
            .legal_moves()
            .iter()
            .find(|m| m.from == from && m.to == to)
        {
            return Ok(*m);
        }
        Err(self.explain(from, to))
    }

    /// Why (from, to) is not a legal move.
    fn explain(&self, from: Square, to: Square) -> IllegalMove {
        if let Some(outcome) = self.outcome() {
            return IllegalMove::GameOver(outcome);
        }
        let Some(piece) = self.board.piece_at(from) else {
            return IllegalMove::Empty(from);
        };
        if piece.color != self.turn {
            return IllegalMove::NotYours {
                square: from,
                piece,
            };
        }
        if from == to {
            return IllegalMove::SameSquare(from);
        }
        let target = self.board.piece_at(to);
        if let Some(own) = target.filter(|p| p.color == self.turn) {
            return IllegalMove::OwnPiece { to, piece: own };
        }
        let role = piece.role;
        let t = tables(self.topology);
        let side = &self.rules.side(self.turn);
        let occ = self.board.occupied().0;
        if role == Role::Princess {
            if let Some(enemy) = target {
                return IllegalMove::PrincessCannotCapture { to, piece: enemy };
            }
            let ordinary = t.reach(side, self.turn, Role::Princess, from, occ) & to.bit() != 0;
            let may_escape = self.escapes[self.turn] && side.has_escape();
            if !ordinary && !may_escape {
                return IllegalMove::EscapeUsed { from, to };
            }
            return IllegalMove::Threatened { to };
        }
        let pattern = t.pattern(side, self.turn, role, from);
        if pattern & to.bit() == 0 {
            if role == Role::Panthan
                && (i16::from(to.rank()) - i16::from(from.rank())) * i16::from(self.turn.forward())
                    < 0
            {
                return IllegalMove::PanthanBackwards { from, to };
            }
            return IllegalMove::OutOfReach { role, from, to };
        }
        let blockers = t
            .ways(side, role, from)
            .iter()
            .filter(|w| w.ends & to.bit() != 0)
            .fold(0, |b, w| b | (w.need_empty & occ));
        IllegalMove::Blocked {
            role,
            from,
            to,
            by: Bitboard(blockers),
        }
    }

    /// Plays a move, checking it is legal. Manator duels are decided by `dice`; Classic
    /// games never consult it (pass [`AttackerWins`]).
    ///
    /// # Errors
    /// An illegal move is refused with the reason, and the position is handed back
    /// unchanged inside the error.
    pub fn play(self, m: Move, dice: &mut impl Dice) -> Result<(Position, Report), PlayError> {
        match self.find_move(m.from, m.to) {
            Ok(legal) if legal == m => {
                let mut next = self;
                let mut report = next.play_unchecked(m, dice);
                if report.outcome.is_none() && next.count_moves() == 0 {
                    report.outcome = Some(Outcome::Draw {
                        reason: DrawReason::NoLegalMoves,
                    });
                }
                Ok((next, report))
            }
            Ok(legal) => Err(PlayError {
                reason: IllegalMove::Mismatch { given: m, legal },
                position: Box::new(self),
            }),
            Err(reason) => Err(PlayError {
                reason,
                position: Box::new(self),
            }),
        }
    }

    /// Plays a move known to be legal (one from [`legal_moves`](Self::legal_moves) of this
    /// position), for hot loops such as perft and search. The report's outcome does not
    /// include "no legal move"; ask [`outcome`](Self::outcome) for that.
    ///
    /// An illegal move leaves the position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move, dice: &mut impl Dice) -> Report {
        let us = self.turn;
        let piece = Piece {
            color: us,
            role: m.role,
        };
        let mut report = Report {
            mv: m,
            piece,
            killed: None,
            duel: None,
            outcome: None,
            countdown_started: false,
        };
        let moving = self.board.remove(m.from).unwrap_or(piece);
        match self.board.remove(m.to) {
            None => self.board.put(m.to, moving),
            Some(victim) if victim.role == Role::Princess => {
                self.board.put(m.to, moving);
                report.killed = Some(victim);
                report.outcome = Some(Outcome::Win {
                    winner: us,
                    reason: WinReason::PrincessCaptured,
                });
            }
            Some(defender) => {
                let attacker_won = match self.variant {
                    Variant::Classic => true,
                    Variant::Manator => dice.attacker_wins(moving.role, defender.role),
                };
                if self.variant == Variant::Manator {
                    report.duel = Some(Duel {
                        attacker: moving,
                        defender,
                        square: m.to,
                        attacker_won,
                    });
                }
                let (winner, loser) = if attacker_won {
                    (moving, defender)
                } else {
                    (defender, moving)
                };
                self.board.put(m.to, winner);
                report.killed = Some(loser);
                if loser.role == Role::Chief {
                    report.outcome = Some(if winner.role == Role::Chief {
                        Outcome::Win {
                            winner: winner.color,
                            reason: WinReason::ChiefTakesChief,
                        }
                    } else {
                        Outcome::Draw {
                            reason: DrawReason::ChiefCaptured,
                        }
                    });
                }
            }
        }
        if m.escape {
            self.escapes[us] = false;
        }
        if report.outcome.is_none() {
            if self.countdown > 0 {
                self.countdown -= 1;
                if self.countdown == 0 {
                    report.outcome = Some(Outcome::Draw {
                        reason: DrawReason::TenMoveRule,
                    });
                }
            } else if self.countdown_condition() {
                self.countdown = 10;
                report.countdown_started = true;
            }
        }
        self.ended = report.outcome;
        self.turn = us.other();
        self.ply += 1;
        report
    }

    /// Each side has three pieces or fewer and their summed values are equal (§6).
    fn countdown_condition(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.board.by_color(c).count() <= 3)
            && self.board.material(Color::Black) == self.board.material(Color::Orange)
    }

    /// Plays `m` with Classic capture semantics (the attacker wins any duel): for tools
    /// and perft.
    pub(crate) fn play_fast(&mut self, m: Move) {
        self.play_unchecked(m, &mut AttackerWins);
    }
}
