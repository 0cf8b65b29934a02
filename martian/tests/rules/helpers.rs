//! Hand-built states from state strings.

use martian_chess::{Action, Card, Color, IllegalAction, State};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// A state: the given fields over a base (start board, White, die 6 with 6 left, full
/// castling, empty pools, White holding the given cards, Black the given cards, both filled
/// up from the rest in new-deck order, the rest in the deck, stream 1:0).
pub struct Build {
    pub board: String,
    pub side: &'static str,
    pub actions: &'static str,
    pub moved: &'static str,
    pub dropped: &'static str,
    pub castling: &'static str,
    pub quiet: &'static str,
    pub prisons: &'static str,
    pub reserves: &'static str,
    pub white: Vec<Card>,
    pub black: Vec<Card>,
    pub discard: Vec<Card>,
    pub deck_len: Option<usize>,
    pub battle: String,
    pub outcome: &'static str,
}

pub fn build() -> Build {
    Build {
        board: START.to_owned(),
        side: "w",
        actions: "6/6",
        moved: "-",
        dropped: "-",
        castling: "KQkq",
        quiet: "0",
        prisons: "-/-",
        reserves: "-/-",
        white: Vec::new(),
        black: Vec::new(),
        discard: Vec::new(),
        deck_len: None,
        battle: "-".to_owned(),
        outcome: "*",
    }
}

pub fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn join(cs: &[Card]) -> String {
    if cs.is_empty() {
        "-".to_owned()
    } else {
        cs.iter().map(|c| c.to_string()).collect()
    }
}

impl Build {
    pub fn board(mut self, b: &str) -> Self {
        self.board = b.to_owned();
        self
    }
    pub fn side(mut self, s: &'static str) -> Self {
        self.side = s;
        self
    }
    pub fn actions(mut self, a: &'static str) -> Self {
        self.actions = a;
        self
    }
    pub fn castling(mut self, c: &'static str) -> Self {
        self.castling = c;
        self
    }
    pub fn quiet(mut self, q: &'static str) -> Self {
        self.quiet = q;
        self
    }
    pub fn prisons(mut self, p: &'static str) -> Self {
        self.prisons = p;
        self
    }
    pub fn reserves(mut self, r: &'static str) -> Self {
        self.reserves = r;
        self
    }
    pub fn moved(mut self, m: &'static str) -> Self {
        self.moved = m;
        self
    }
    pub fn dropped(mut self, d: &'static str) -> Self {
        self.dropped = d;
        self
    }
    pub fn white(mut self, c: &str) -> Self {
        self.white = cards(c);
        self
    }
    pub fn black(mut self, c: &str) -> Self {
        self.black = cards(c);
        self
    }
    #[allow(dead_code)]
    pub fn discard(mut self, c: &str) -> Self {
        self.discard = cards(c);
        self
    }
    /// Keeps only this many cards in the deck (the others go to the discard pile).
    pub fn deck_len(mut self, n: usize) -> Self {
        self.deck_len = Some(n);
        self
    }
    pub fn battle(mut self, b: &str) -> Self {
        self.battle = b.to_owned();
        self
    }
    #[allow(dead_code)]
    pub fn outcome(mut self, o: &'static str) -> Self {
        self.outcome = o;
        self
    }

    pub fn text(&self) -> String {
        let mut used: Vec<Card> = self
            .white
            .iter()
            .chain(&self.black)
            .chain(&self.discard)
            .copied()
            .collect();
        let table: Vec<Card> = self
            .battle
            .split_once(':')
            .map(|(_, c)| {
                (0..c.len() / 2)
                    .map(|i| c[2 * i..2 * i + 2].parse().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        used.extend(&table);
        let mut rest: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
        let mut white = self.white.clone();
        let mut black = self.black.clone();
        let played = |attacker: bool| {
            table
                .iter()
                .enumerate()
                .filter(|(i, _)| (i % 2 == 0) == attacker)
                .count()
        };
        let w_att = self.side == "w";
        while white.len() + played(w_att) < 13 {
            white.push(rest.remove(0));
        }
        while black.len() + played(!w_att) < 13 {
            black.push(rest.remove(0));
        }
        white.sort_by_key(|c| (c.suit(), c.rank()));
        black.sort_by_key(|c| (c.suit(), c.rank()));
        let mut discard = self.discard.clone();
        if let Some(n) = self.deck_len {
            while rest.len() > n {
                discard.push(rest.remove(0));
            }
        }
        format!(
            "{} {} {} {} {} {} {} {} {} {}/{} {} {} {} 1:0 {}",
            self.board,
            self.side,
            self.actions,
            self.moved,
            self.dropped,
            self.castling,
            self.quiet,
            self.prisons,
            self.reserves,
            join(&white),
            join(&black),
            join(&rest),
            join(&discard),
            self.battle,
            self.outcome
        )
    }

    pub fn state(&self) -> State {
        let t = self.text();
        t.parse().unwrap_or_else(|e| panic!("{t}: {e}"))
    }
}

pub fn act(a: &str) -> Action {
    a.parse().unwrap_or_else(|e| panic!("{a}: {e}"))
}

/// Plays actions as `player`, panicking on refusal.
pub fn play(mut s: State, player: Color, actions: &[&str]) -> State {
    for a in actions {
        s = s
            .play(player, act(a))
            .unwrap_or_else(|e| panic!("{a}: {}", e.reason));
    }
    s
}

/// The refusal of an action.
pub fn refuse(s: &State, player: Color, a: &str) -> IllegalAction {
    s.clone()
        .play(player, act(a))
        .map(|_| ())
        .expect_err(a)
        .reason
}

/// Checks that the 52 cards are all somewhere, once.
pub fn assert_cards_accounted(s: &State) {
    let mut all: Vec<Card> = s.hand(Color::White).to_vec();
    all.extend(s.hand(Color::Black));
    all.extend(s.discard_pile());
    if let Some(b) = s.battle() {
        all.extend(b.cards());
    }
    assert_eq!(all.len() + s.deck_len(), 52, "{s}");
    let text = s.to_string();
    let parsed: State = text.parse().unwrap();
    assert_eq!(parsed, *s);
}

pub const W: Color = Color::White;
pub const B: Color = Color::Black;
