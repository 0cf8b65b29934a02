//! The public part of a game and the rules that need nothing hidden.

use crate::square::squares;
use crate::{
    Action, Battle, BattleSide, Board, ByColor, Card, Castling, CastlingSide, Color, IllegalAction,
    Outcome, Piece, Pool, Role, Square,
};

/// Who must act now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ToAct {
    /// The turn player chooses an action (or ends the turn).
    Turn(Color),
    /// A battle card is due from this player.
    Battle {
        /// Who plays.
        player: Color,
        /// On which side of the battle.
        side: BattleSide,
    },
    /// Nobody: the game is over.
    Over(Outcome),
}

impl ToAct {
    /// The player who must act, if the game goes on.
    pub const fn player(self) -> Option<Color> {
        match self {
            ToAct::Turn(c) | ToAct::Battle { player: c, .. } => Some(c),
            ToAct::Over(_) => None,
        }
    }
}

/// A validated action, ready to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checked {
    Quiet {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Castle {
        king_from: Square,
        king_to: Square,
        rook_from: Square,
        rook_to: Square,
    },
    Attack {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Drop(Role, Square),
    Exchange(Role),
    Discard(Card),
    Play(Card),
    End,
}

/// Everything about a game that both players see.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Table {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) die: u8,
    pub(crate) left: u8,
    pub(crate) moved: u64,
    pub(crate) dropped: u64,
    pub(crate) castling: Castling,
    pub(crate) quiet: u32,
    pub(crate) eventful: bool,
    pub(crate) prisons: ByColor<Pool>,
    pub(crate) reserves: ByColor<Pool>,
    pub(crate) discard: Vec<Card>,
    pub(crate) battle: Option<Battle>,
    pub(crate) outcome: Option<Outcome>,
}

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

impl Table {
    pub(crate) fn to_act(&self) -> ToAct {
        if let Some(o) = self.outcome {
            return ToAct::Over(o);
        }
        match &self.battle {
            Some(b) => {
                let side = b.next_side();
                let player = match side {
                    BattleSide::Attacker => self.turn,
                    BattleSide::Defender => self.turn.other(),
                };
                ToAct::Battle { player, side }
            }
            None => ToAct::Turn(self.turn),
        }
    }

    /// The squares a piece attacks or moves to (pseudo-legal, no castling): empty squares
    /// it can reach and enemy pieces it can attack.
    pub(crate) fn targets(&self, from: Square, piece: Piece) -> u64 {
        let mut m = 0u64;
        let b = &self.board;
        let free_or_enemy = |s: Square| b.get(s).is_none_or(|p| p.color != piece.color);
        match piece.role {
            Role::Pawn => {
                let dir = piece.color.forward();
                if let Some(one) = from.offset(0, dir) {
                    if b.get(one).is_none() {
                        m |= one.bit();
                        if from.rank() == piece.color.pawn_rank() {
                            if let Some(two) = one.offset(0, dir) {
                                if b.get(two).is_none() {
                                    m |= two.bit();
                                }
                            }
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(t) = from.offset(df, dir) {
                        if b.get(t).is_some_and(|p| p.color != piece.color) {
                            m |= t.bit();
                        }
                    }
                }
            }
            Role::Knight | Role::King => {
                let steps = if piece.role == Role::Knight {
                    &KNIGHT
                } else {
                    &KING
                };
                for &(df, dr) in steps {
                    if let Some(t) = from.offset(df, dr) {
                        if free_or_enemy(t) {
                            m |= t.bit();
                        }
                    }
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let dirs: &[(i8, i8)] = match piece.role {
                    Role::Bishop => &BISHOP_DIRS,
                    Role::Rook => &ROOK_DIRS,
                    _ => &[
                        (1, 0),
                        (0, 1),
                        (-1, 0),
                        (0, -1),
                        (1, 1),
                        (-1, 1),
                        (-1, -1),
                        (1, -1),
                    ],
                };
                for &(df, dr) in dirs {
                    let mut s = from;
                    while let Some(t) = s.offset(df, dr) {
                        match b.get(t) {
                            None => m |= t.bit(),
                            Some(p) => {
                                if p.color != piece.color {
                                    m |= t.bit();
                                }
                                break;
                            }
                        }
                        s = t;
                    }
                }
            }
        }
        m
    }

    /// The castling a King move from its home square two files sideways would be.
    fn castling_for(&self, color: Color, from: Square, to: Square) -> Option<CastlingSide> {
        let home = Square::new(4, color.back_rank())?;
        if from != home || to.rank() != from.rank() {
            return None;
        }
        match to.file() {
            6 => Some(CastlingSide::King),
            2 => Some(CastlingSide::Queen),
            _ => None,
        }
    }

    /// Checks a castling; returns the Rook's squares.
    fn check_castling(
        &self,
        color: Color,
        side: CastlingSide,
    ) -> Result<(Square, Square), IllegalAction> {
        let rank = color.back_rank();
        let rook_from = Square::new(side.rook_file(), rank).expect("square");
        let rook_to = Square::new(side.rook_to_file(), rank).expect("square");
        let rook_ok = self
            .board
            .get(rook_from)
            .is_some_and(|p| p.color == color && p.role == Role::Rook);
        if !self.castling.has(color, side) || !rook_ok {
            return Err(IllegalAction::NoCastlingRight);
        }
        let (lo, hi) = match side {
            CastlingSide::King => (5, 7),
            CastlingSide::Queen => (1, 4),
        };
        for file in lo..hi {
            let s = Square::new(file, rank).expect("square");
            if self.board.get(s).is_some() {
                return Err(IllegalAction::CastlingBlocked(s));
            }
        }
        if self.moved & rook_from.bit() != 0 {
            return Err(IllegalAction::AlreadyMoved {
                square: rook_from,
                role: Role::Rook,
            });
        }
        Ok((rook_from, rook_to))
    }

    /// Validates an action of `player`, whose hand is `hand`.
    pub(crate) fn check(
        &self,
        player: Color,
        action: &Action,
        hand: &[Card],
    ) -> Result<Checked, IllegalAction> {
        match self.to_act() {
            ToAct::Over(o) => return Err(IllegalAction::GameOver(o)),
            ToAct::Battle { player: p, .. } => {
                let battle = self.battle.as_ref().expect("battle");
                let Action::Play(card) = *action else {
                    return Err(IllegalAction::BattleInProgress(p));
                };
                if p != player {
                    return Err(IllegalAction::NotYourCard(p));
                }
                if !hand.contains(&card) {
                    return Err(IllegalAction::CardNotInHand(card));
                }
                if let Some(led) = battle.led_suit() {
                    if card.suit() != led && hand.iter().any(|c| c.suit() == led) {
                        return Err(IllegalAction::MustFollowSuit(led));
                    }
                }
                return Ok(Checked::Play(card));
            }
            ToAct::Turn(t) => {
                if t != player {
                    return Err(IllegalAction::NotYourTurn(t));
                }
            }
        }
        if let Action::Play(_) = action {
            return Err(IllegalAction::NoBattle);
        }
        if let Action::End = action {
            return Ok(Checked::End);
        }
        if self.left == 0 {
            return Err(IllegalAction::NoActionsLeft);
        }
        match *action {
            Action::Move {
                from,
                to,
                promotion,
            } => self.check_move(player, from, to, promotion),
            Action::Drop { role, to } => {
                if role == Role::King {
                    return Err(IllegalAction::KingNotExchangeable);
                }
                if !self.reserves[player].contains(role) {
                    return Err(IllegalAction::NotInReserve(role));
                }
                if self.board.get(to).is_some() {
                    return Err(IllegalAction::SquareOccupied(to));
                }
                if role == Role::Pawn && (to.rank() == 0 || to.rank() == 7) {
                    return Err(IllegalAction::PawnDropOnBackRank(to));
                }
                Ok(Checked::Drop(role, to))
            }
            Action::Exchange(role) => {
                if role == Role::King {
                    return Err(IllegalAction::KingNotExchangeable);
                }
                if !self.prisons[player].contains(role) {
                    return Err(IllegalAction::NotInYourPrison(role));
                }
                if !self.prisons[player.other()].contains(role) {
                    return Err(IllegalAction::NotInOpponentPrison(role));
                }
                Ok(Checked::Exchange(role))
            }
            Action::Discard(card) => {
                if !hand.contains(&card) {
                    return Err(IllegalAction::CardNotInHand(card));
                }
                Ok(Checked::Discard(card))
            }
            Action::Play(_) | Action::End => unreachable!("handled above"),
        }
    }

    fn check_move(
        &self,
        player: Color,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Checked, IllegalAction> {
        let piece = self
            .board
            .get(from)
            .ok_or(IllegalAction::EmptySquare(from))?;
        let role = piece.role;
        if piece.color != player {
            return Err(IllegalAction::NotYourPiece { square: from, role });
        }
        if self.dropped & from.bit() != 0 {
            return Err(IllegalAction::DroppedThisTurn { square: from, role });
        }
        if self.moved & from.bit() != 0 {
            return Err(IllegalAction::AlreadyMoved { square: from, role });
        }
        if role == Role::King {
            if let Some(side) = self.castling_for(player, from, to) {
                let (rook_from, rook_to) = self.check_castling(player, side)?;
                if promotion.is_some() {
                    return Err(IllegalAction::NotAPromotion);
                }
                return Ok(Checked::Castle {
                    king_from: from,
                    king_to: to,
                    rook_from,
                    rook_to,
                });
            }
        }
        if let Some(p) = self.board.get(to) {
            if p.color == player {
                return Err(IllegalAction::OwnPiece { to, role: p.role });
            }
        }
        if self.targets(from, piece) & to.bit() == 0 {
            if role == Role::Pawn && to.file() == from.file() && self.board.get(to).is_some() {
                let dist =
                    (i16::from(to.rank()) - i16::from(from.rank())) * i16::from(player.forward());
                if dist == 1 || (dist == 2 && from.rank() == player.pawn_rank()) {
                    return Err(IllegalAction::PawnBlocked(to));
                }
            }
            return Err(IllegalAction::CannotReach { role, from, to });
        }
        let promotes = role == Role::Pawn && to.rank() == player.other().back_rank();
        let promotion = match (promotes, promotion) {
            (true, None) => Some(Role::Queen),
            (true, Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))) => Some(r),
            (true, Some(r)) => return Err(IllegalAction::BadPromotion(r)),
            (false, None) => None,
            (false, Some(_)) => return Err(IllegalAction::NotAPromotion),
        };
        if self.board.get(to).is_some() {
            Ok(Checked::Attack {
                from,
                to,
                promotion,
            })
        } else {
            Ok(Checked::Quiet {
                from,
                to,
                promotion,
            })
        }
    }

    /// Every legal action of the player to act, whose hand is `hand`.
    pub(crate) fn legal_actions(&self, hand: &[Card]) -> Vec<Action> {
        let mut out = Vec::new();
        match self.to_act() {
            ToAct::Over(_) => {}
            ToAct::Battle { .. } => {
                let b = self.battle.as_ref().expect("battle");
                out.extend(b.legal_cards(hand).map(Action::Play));
            }
            ToAct::Turn(me) => {
                if self.left > 0 {
                    self.moves(me, &mut out);
                    self.drops_and_exchanges(me, &mut out);
                    out.extend(hand.iter().map(|&c| Action::Discard(c)));
                }
                out.push(Action::End);
            }
        }
        out
    }

    /// The moves and attacks of a side (one action each).
    pub(crate) fn moves(&self, me: Color, out: &mut Vec<Action>) {
        let blocked = self.moved | self.dropped;
        for (from, piece) in self.board.pieces() {
            if piece.color != me || blocked & from.bit() != 0 {
                continue;
            }
            for to in squares(self.targets(from, piece)) {
                if piece.role == Role::Pawn && to.rank() == me.other().back_rank() {
                    for r in Role::PROMOTIONS {
                        out.push(Action::Move {
                            from,
                            to,
                            promotion: Some(r),
                        });
                    }
                } else {
                    out.push(Action::Move {
                        from,
                        to,
                        promotion: None,
                    });
                }
            }
            if piece.role == Role::King {
                for side in CastlingSide::ALL {
                    let to = Square::new(side.king_to_file(), me.back_rank()).expect("square");
                    if self.castling_for(me, from, to).is_some()
                        && self.check_castling(me, side).is_ok()
                    {
                        out.push(Action::Move {
                            from,
                            to,
                            promotion: None,
                        });
                    }
                }
            }
        }
    }

    fn drops_and_exchanges(&self, me: Color, out: &mut Vec<Action>) {
        for role in self.reserves[me].roles() {
            for to in Square::all() {
                if self.board.get(to).is_none()
                    && !(role == Role::Pawn && (to.rank() == 0 || to.rank() == 7))
                {
                    out.push(Action::Drop { role, to });
                }
            }
        }
        for role in self.prisons[me].roles() {
            if self.prisons[me.other()].contains(role) {
                out.push(Action::Exchange(role));
            }
        }
    }

    /// Whether an action of the player to act is an attack.
    pub(crate) fn is_attack(&self, action: &Action) -> bool {
        match *action {
            Action::Move { from, to, .. } => match (self.board.get(from), self.board.get(to)) {
                (Some(a), Some(d)) => a.color != d.color,
                _ => false,
            },
            _ => false,
        }
    }

    /// The squares the side `by` attacks (could attack if those pieces could move).
    pub(crate) fn attacked_by(&self, by: Color) -> u64 {
        let mut m = 0;
        for (s, p) in self.board.pieces() {
            if p.color == by {
                let t = self.targets(s, p);
                m |= if p.role == Role::Pawn {
                    t & !pawn_pushes(s, p)
                } else {
                    t
                };
            }
        }
        m
    }

    /// Applies the board part of a validated quiet move, castling, drop or exchange, and
    /// spends the action. (Cards, battles and turn ends are the state's.)
    pub(crate) fn apply_simple(&mut self, player: Color, c: Checked) {
        match c {
            Checked::Quiet {
                from,
                to,
                promotion,
            } => {
                let mut p = self.board.take(from).expect("piece");
                if p.role == Role::Pawn {
                    self.eventful = true;
                }
                if let Some(r) = promotion {
                    p = Piece {
                        color: p.color,
                        role: r,
                        promoted: true,
                    };
                }
                self.board.set(to, Some(p));
                self.moved |= to.bit();
                self.castling.touch(from);
                self.castling.touch(to);
            }
            Checked::Castle {
                king_from,
                king_to,
                rook_from,
                rook_to,
            } => {
                let k = self.board.take(king_from);
                let r = self.board.take(rook_from);
                self.board.set(king_to, k);
                self.board.set(rook_to, r);
                self.moved |= king_to.bit() | rook_to.bit();
                self.castling.touch(king_from);
                self.castling.touch(rook_from);
            }
            Checked::Drop(role, to) => {
                self.reserves[player].remove(role);
                self.board.set(to, Some(Piece::new(player, role)));
                self.dropped |= to.bit();
                self.eventful = true;
            }
            Checked::Exchange(role) => {
                let other = player.other();
                self.prisons[player].remove(role);
                self.prisons[other].remove(role);
                self.reserves[other].add(role);
                self.reserves[player].add(role);
            }
            _ => return,
        }
        self.left -= 1;
    }
}

fn pawn_pushes(s: Square, p: Piece) -> u64 {
    let mut m = 0;
    let dir = p.color.forward();
    if let Some(one) = s.offset(0, dir) {
        m |= one.bit();
        if let Some(two) = one.offset(0, dir) {
            m |= two.bit();
        }
    }
    m
}
