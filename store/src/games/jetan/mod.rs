//! Jetan (RULES.md) behind the host's game interface: Classic and Manator, flat or
//! circular. A game's state is the position string of RULES.md §9; its records are
//! [`MoveRecord`]s in the `moves` tree; Manator duels draw from the game's seeded duel
//! stream ([`DuelStream`]), advanced past the duels already fought. Black, named first
//! and moving first from the start, sits in the first seat ([`seat_of`]).

mod ops;
pub(crate) mod values;

pub use values::Options;

use jetan_rules::{Color, DuelStream, Position, Role, Square, Topology, Variant};

use crate::game::End;
use crate::game::{Applied, Clock, HostedGame, Replayed};
use crate::model::Refusal;
use crate::model::{
    Game, GameHead, GameKind, GameOptions, PaymentKind, RatingPool, Records, Terms,
};
use crate::schema::jetan::{Ending, MoveRecord};
use crate::schema::{t, RuleEnding};
use crate::{Millis, Result, Seat, StoreError};

impl From<Options> for GameOptions {
    fn from(o: Options) -> GameOptions {
        GameOptions::Jetan(o)
    }
}

impl From<Variant> for GameOptions {
    /// The variant on the flat board.
    fn from(variant: Variant) -> GameOptions {
        GameOptions::Jetan(Options {
            variant,
            topology: Topology::Flat,
            rules: jetan_rules::Rules::STANDARD,
        })
    }
}

/// Jetan's options in `terms` (the defaults for another game's terms, which the host
/// never hands to Jetan).
pub fn options(terms: &Terms) -> Options {
    match terms.game {
        GameOptions::Jetan(o) => o,
        GameOptions::MartianChess(_) => Options::default(),
    }
}

/// Classic Jetan on the flat board.
const CLASSIC: RatingPool = RatingPool::named("classic");
/// Manator Jetan on the flat board.
const MANATOR: RatingPool = RatingPool::named("manator");
/// Jetan on the circular board of the Ninth Ray, either variant.
const NINTH_RAY: RatingPool = RatingPool::named("ninth_ray");

/// Jetan.
pub(crate) struct Jetan;

impl HostedGame for Jetan {
    const KIND: GameKind = GameKind::Jetan;
    const RECORDS: usize = t::MOVES;
    const RECORDS_NAME: &'static str = "moves";
    const PUBLIC_STATE: bool = true;
    /// A move by its start and end squares (RULES.md §3.5).
    type Action = (Square, Square);
    type Record = MoveRecord;

    const POOLS: &'static [RatingPool] = &[CLASSIC, MANATOR, NINTH_RAY];

    fn option_samples() -> Vec<GameOptions> {
        vec![Variant::Classic.into(), Variant::Manator.into()]
    }

    fn start(terms: &Terms, _seed: u64) -> String {
        let o = options(terms);
        start_position(&o).to_string()
    }

    /// The value of one side's starting pieces minus the Princess's 1 (the game ends as
    /// soon as a Chief or a Princess falls, so only one of them can be lost): Classic 42,
    /// Manator 46.
    fn reserve_points(terms: &Terms) -> u64 {
        let start = Position::start_of(options(terms).variant);
        u64::from(start.board().material(Color::Black)) - u64::from(Role::Princess.value())
    }

    fn check_terms(_terms: &Terms) -> Result<()> {
        Ok(())
    }

    /// Classic and Manator on the flat board; either on the circular board is
    /// Ninth-Ray Jetan, a game of its own. A game with rule options rates (when the
    /// server rates them at all) in a pool of its own per canonical rules string:
    /// `classic/W:upto,T:jump`.
    fn rating_pool(terms: &Terms) -> RatingPool {
        let o = options(terms);
        let base = match (o.topology, o.variant) {
            (Topology::Circular, _) => NINTH_RAY,
            (_, Variant::Classic) => CLASSIC,
            (_, Variant::Manator) => MANATOR,
        };
        if o.rules.is_standard() {
            base
        } else {
            RatingPool::owned(format!("{}/{}", base.name(), o.rules))
        }
    }

    fn clock(game: &Game) -> Result<Clock> {
        let pos = position(game)?;
        Ok(if pos.outcome().is_some() {
            Clock::Over
        } else {
            Clock::Move(seat_of(pos.turn()))
        })
    }

    fn apply(
        head: &GameHead,
        _seat: Seat,
        (from, to): (Square, Square),
        at: Millis,
        _timeout: bool,
    ) -> Result<Applied<Self>> {
        let pos = position(&head.game)?;
        let m = pos.find_move(from, to).map_err(Refusal::from)?;
        let mut dice = duel_stream(head.game.seed, u64::from(head.duels));
        let (next, report) = pos
            .play(m, &mut dice)
            .map_err(|e| Refusal::from(e.reason))?;
        let record = MoveRecord {
            from,
            to,
            piece: report.piece,
            killed: report.killed,
            duel: report.duel.map(|d| d.attacker_won),
            at,
        };
        let losses = report
            .killed
            .map(|victim| {
                (
                    seat_of(victim.color),
                    u64::from(victim.role.value()),
                    PaymentKind::Piece {
                        piece: victim.char(),
                    },
                )
            })
            .into_iter()
            .collect();
        Ok(Applied {
            record,
            position: next.to_string(),
            losses,
            ending: report.outcome.map(ending),
            duel: report.duel.is_some(),
            countdown_started: report.countdown_started,
        })
    }

    fn set_records(game: &mut Game, records: Vec<MoveRecord>) {
        game.records = Records::Jetan(records).normalized();
    }

    fn replay(g: &Game) -> std::result::Result<Replayed, String> {
        let mut pos = start_position(&options(&g.terms));
        let mut dice = duel_stream(g.seed, 0);
        let mut outcome = None;
        for (i, rec) in moves(g).iter().enumerate() {
            let n = i + 1;
            if let Some(o) = outcome {
                return Err(format!(
                    "move {n} ({rec}) follows the end of the game ({o})"
                ));
            }
            let m = pos
                .find_move(rec.from, rec.to)
                .map_err(|e| format!("move {n} ({rec}) is illegal on replay: {e}"))?;
            let (next, report) = pos
                .play(m, &mut dice)
                .map_err(|e| format!("move {n} ({rec}) is illegal on replay: {e}"))?;
            if report.killed != rec.killed
                || report.duel.map(|d| d.attacker_won) != rec.duel
                || report.piece != rec.piece
            {
                return Err(format!(
                    "move {n} ({rec}) replays differently (what it killed, or its duel)"
                ));
            }
            outcome = report.outcome;
            pos = next;
        }
        if options(&g.terms).variant == Variant::Classic && g.records.duels() > 0 {
            return Err("a Classic game records a duel".into());
        }
        Ok(Replayed {
            position: pos.to_string(),
            ending: outcome.map(ending),
        })
    }
}

/// The seat of a Jetan colour: Black, named first and moving first, sits in the first
/// seat ([`Seat::First`]), Orange in the second; stored as `black` and `orange`.
pub const fn seat_of(c: Color) -> Seat {
    match c {
        Color::Black => Seat::First,
        Color::Orange => Seat::Second,
    }
}

/// The Jetan colour of a seat (the inverse of [`seat_of`]).
pub const fn color_of(seat: Seat) -> Color {
    match seat {
        Seat::First => Color::Black,
        Seat::Second => Color::Orange,
    }
}

/// The host's ending of a rule outcome.
fn ending(o: jetan_rules::Outcome) -> (End, RuleEnding) {
    use jetan_rules::{DrawReason, Outcome, WinReason};
    let reason = match o {
        Outcome::Win {
            reason: WinReason::PrincessCaptured,
            ..
        } => Ending::PrincessCaptured,
        Outcome::Win {
            reason: WinReason::ChiefTakesChief,
            ..
        } => Ending::ChiefTakesChief,
        Outcome::Draw {
            reason: DrawReason::ChiefCaptured,
        } => Ending::ChiefCaptured,
        Outcome::Draw {
            reason: DrawReason::NoLegalMoves,
        } => Ending::NoLegalMoves,
        Outcome::Draw {
            reason: DrawReason::TenMoveRule,
        } => Ending::TenMoveRule,
    };
    (
        o.winner().map_or(End::Draw, |w| End::Win(seat_of(w))),
        RuleEnding::Jetan(reason),
    )
}

/// The moves of a Jetan game (none if it holds no records of Jetan).
fn moves(game: &Game) -> &[MoveRecord] {
    match &game.records {
        Records::Jetan(v) => v,
        _ => &[],
    }
}

/// The duel stream of `seed`, advanced past `duels` duels (how many numbers a duel
/// draws is the rules' business: [`DuelStream::resume`]).
fn duel_stream(seed: u64, duels: u64) -> DuelStream {
    DuelStream::resume(seed, duels)
}

impl Game {
    /// The moves of a game of Jetan, first to last.
    pub fn moves(&self) -> &[MoveRecord] {
        moves(self)
    }

    /// The current position of a game of Jetan.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the stored position string does not read.
    pub fn position(&self) -> Result<Position> {
        position(self)
    }
}

/// The start position of a game of Jetan on `o`: its variant, board and rule options.
pub fn start_position(o: &Options) -> Position {
    Position::start_on(o.variant, o.topology).with_rules(o.rules)
}

/// The current position of a Jetan game.
fn position(game: &Game) -> Result<Position> {
    let o = options(&game.terms);
    Position::from_position_str(&game.position, o.variant)
        .map(|pos| pos.with_rules(o.rules))
        .map_err(|e| StoreError::Corrupt {
            what: format!(
                "the position of game {} in channel {}",
                game.id, game.channel
            ),
            detail: e.to_string(),
        })
}
