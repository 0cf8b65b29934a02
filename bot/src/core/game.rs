//! Game commands: challenge, accept, decline, cancel, move, board, moves, resign, draw,
//! claim, rematch, replay.

use jetan_rules::{Color, MoveText, Position, Square, Variant};
use jetan_store::{
    Challenge, FirstMover, Game, GameResult, MoveResult, Settlement, StoreError, Terms, MAX_AMOUNT,
};

use super::buttons::ButtonAction;
use super::request::{mention, ChallengeArgs, First, Request, UserRef};
use super::text::{self, money};
use super::{refuse, ButtonStyle, Core, CoreError, Reply, Response};

/// The longest move time limit a challenge may set: one week, in minutes.
pub const MAX_MOVE_TIME_MINUTES: i64 = 7 * 24 * 60;

/// Reads an amount typed by a user: whole, not negative, not absurd.
pub(crate) fn amount(value: i64, what: &str) -> Result<u64, CoreError> {
    if value < 0 {
        return refuse(format!("The {what} cannot be negative."));
    }
    let v = value as u64;
    if v > MAX_AMOUNT {
        return refuse(format!("The {what} is too large (at most {MAX_AMOUNT})."));
    }
    Ok(v)
}

fn parse_square(text: &str, what: &str) -> Result<Square, CoreError> {
    text.trim()
        .parse::<Square>()
        .map_err(|e| CoreError::User(format!("The {what} square: {e}.")))
}

fn first_mover(first: First) -> FirstMover {
    match first {
        First::Me => FirstMover::Challenger,
        First::Opponent => FirstMover::Challenged,
        First::Random => FirstMover::Random,
    }
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Classic => "Classic Jetan",
        Variant::Manator => "Manator Jetan",
    }
}

impl Core {
    fn game_in(&self, channel: u64) -> Result<Game, CoreError> {
        self.store.game(channel)?.ok_or_else(|| {
            CoreError::User(
                "There is no game in this channel. Start one with `/jetan challenge`.".into(),
            )
        })
    }

    pub(crate) fn position_of(game: &Game) -> Result<Position, CoreError> {
        game.position().map_err(CoreError::from)
    }

    fn currency(&self, guild: u64) -> Result<String, CoreError> {
        Ok(self.store.settings(guild)?.currency)
    }

    /// A request id for something the bot does on its own, derived from what it does so
    /// that a retry is recognised as the same request.
    pub(crate) fn derived_id(parts: &[u64]) -> u64 {
        // FNV-1a over the parts, with the top bit set: Discord snowflakes never have it.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for p in parts {
            for b in p.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        h | (1 << 63)
    }

    pub(crate) async fn challenge(
        &self,
        req: &Request,
        opponent: &UserRef,
        args: &ChallengeArgs,
    ) -> Result<Response, CoreError> {
        self.remember(opponent);
        let practice = opponent.id == self.bot.id;
        if opponent.bot && !practice {
            return refuse(format!(
                "Bots cannot play Jetan — except me: challenge {} for a practice game.",
                mention(self.bot.id)
            ));
        }
        if opponent.id == req.user.id {
            return refuse("You cannot challenge yourself.");
        }
        let settings = self.store.settings(req.guild)?;
        let stake = match args.stake {
            Some(v) => amount(v, "stake")?,
            None if practice => 0,
            None => settings.default_stake,
        };
        let piece_price = match args.piece_price {
            Some(v) => amount(v, "piece price")?,
            None if practice => 0,
            None => settings.default_piece_price,
        };
        if practice && (stake > 0 || piece_price > 0) {
            return refuse("Games against me are for practice: no stakes and no piece prices.");
        }
        let move_time = match args.move_time {
            None => None,
            Some(m) if (1..=MAX_MOVE_TIME_MINUTES).contains(&m) => Some(m as u32),
            Some(_) => {
                return refuse(format!(
                    "The move time is in minutes, from 1 to {MAX_MOVE_TIME_MINUTES} (a week)."
                ))
            }
        };
        let level = match args.level {
            None => jetan_engine::Level::DEFAULT,
            Some(_) if !practice => {
                return refuse(format!(
                    "A level is for games against the computer: challenge {} to use one.",
                    mention(self.bot.id)
                ))
            }
            Some(l) => u8::try_from(l)
                .ok()
                .and_then(|l| jetan_engine::Level::new(l).ok())
                .ok_or_else(|| {
                    CoreError::User("The level goes from 1 (easy) to 5 (strongest).".into())
                })?,
        };
        let variant = args.variant.unwrap_or_default();
        let first = args.first.unwrap_or_default();
        let terms = Terms {
            variant,
            stake,
            piece_price,
            first: first_mover(first),
            move_time_minutes: move_time,
            practice,
        };
        let challenge = self
            .store
            .challenge(
                Self::store_req(req),
                req.guild,
                req.channel,
                opponent.id,
                terms,
            )
            .await?;
        if practice {
            self.set_level(challenge.id, level);
            return self.start_practice(req, &challenge).await;
        }
        let currency = settings.currency;
        let mut text = format!(
            "{} challenges {} to **{}**.",
            req.user.mention(),
            opponent.mention(),
            variant_name(variant)
        );
        text.push_str(&terms_text(&challenge.terms, &currency));
        text.push_str(&format!(
            "\n{} moves first. {}, accept or decline within {}.",
            match first {
                First::Me => req.user.mention(),
                First::Opponent => opponent.mention(),
                First::Random => "A coin toss decides who".to_string(),
            },
            opponent.mention(),
            jetan_store::format_duration(challenge.expires_at.saturating_sub(req.now))
        ));
        Ok(Reply::public(text)
            .with_button(
                ButtonAction::Accept(challenge.id).id(),
                "Accept",
                ButtonStyle::Success,
            )
            .with_button(
                ButtonAction::Decline(challenge.id).id(),
                "Decline",
                ButtonStyle::Danger,
            )
            .into())
    }

    /// Accepts a practice challenge on the computer's behalf and starts the game.
    async fn start_practice(&self, req: &Request, c: &Challenge) -> Result<Response, CoreError> {
        let first = match c.terms.first {
            FirstMover::Challenger => c.challenger,
            FirstMover::Challenged => c.challenged,
            FirstMover::Random => self.coin_toss(c),
        };
        let bot_req =
            jetan_store::Request::new(Self::derived_id(&[req.id, 1]), self.bot.id, req.now);
        let game = self
            .store
            .accept(bot_req, req.channel, first, self.random_u64())
            .await?;
        let level = self.level(c.id);
        let text = format!(
            "Practice game: {} vs {} (level {}) — **{}**, nothing at stake.\n{} plays Black and moves first; {} plays Orange.",
            req.user.mention(),
            mention(self.bot.id),
            level.get(),
            variant_name(game.terms.variant),
            mention(game.black),
            mention(game.orange),
        );
        self.started(game, text)
    }

    fn coin_toss(&self, c: &Challenge) -> u64 {
        if self.random_u64() & 1 == 0 {
            c.challenger
        } else {
            c.challenged
        }
    }

    /// The reply to a game that has just started, and the computer's turn if it is first.
    fn started(&self, game: Game, mut text: String) -> Result<Response, CoreError> {
        let pos = Self::position_of(&game)?;
        let png = self.board_picture(&game, &pos, Color::Black, None, None)?;
        let computer = game.terms.practice && game.black == self.bot.id;
        if !computer {
            text.push_str(&format!("\n{}, your move.", mention(game.black)));
        }
        Ok(Response {
            reply: Reply::public(text).with_file("board.png", png),
            computer_moves_in: computer.then_some(game.channel),
        })
    }

    pub(crate) async fn accept(
        &self,
        req: &Request,
        id: Option<u64>,
    ) -> Result<Response, CoreError> {
        // With no open challenge the store still answers: a repeated request gets the game
        // its first delivery started; anything else is refused.
        let first = match self.store.open_challenge(req.channel)? {
            Some(c) => {
                if id.is_some_and(|id| id != c.id) {
                    return refuse("This challenge is no longer open.");
                }
                if req.user.id != c.challenged {
                    return refuse(format!(
                        "Only {} can answer this challenge.",
                        mention(c.challenged)
                    ));
                }
                match c.terms.first {
                    FirstMover::Challenger => c.challenger,
                    FirstMover::Challenged => c.challenged,
                    FirstMover::Random => self.coin_toss(&c),
                }
            }
            None => 0,
        };
        let accepted = self
            .store
            .accept(Self::store_req(req), req.channel, first, self.random_u64())
            .await;
        match accepted {
            Ok(game) => self.accepted(req, game),
            Err(StoreError::AlreadyStarted | StoreError::NoChallenge) if id.is_some() => {
                refuse("This challenge is no longer open.")
            }
            Err(e) => Err(e.into()),
        }
    }

    fn accepted(&self, req: &Request, game: Game) -> Result<Response, CoreError> {
        let currency = self.currency(req.guild)?;
        let mut text = format!(
            "{} accepts. **{}**: {} plays Black and moves first, {} plays Orange.",
            req.user.mention(),
            variant_name(game.terms.variant),
            mention(game.black),
            mention(game.orange)
        );
        if game.escrow.black > 0 {
            text.push_str(&format!(
                "\n{} from each player is held in escrow (stake {} + piece reserve).",
                money(game.escrow.black, &currency),
                money(game.terms.stake, &currency)
            ));
        }
        self.started(game, text)
    }

    pub(crate) async fn decline(&self, req: &Request, id: Option<u64>) -> Result<Reply, CoreError> {
        if let (Some(id), Some(c)) = (id, self.store.open_challenge(req.channel)?) {
            if c.id != id {
                return refuse("This challenge is no longer open.");
            }
        }
        let closed = self
            .store
            .decline(Self::store_req(req), req.channel)
            .await?;
        let currency = self.currency(req.guild)?;
        Ok(Reply::public(format!(
            "{} declines the challenge of {}.{}",
            req.user.mention(),
            mention(closed.challenge.challenger),
            refund_text(closed.refunded, closed.challenge.challenger, &currency)
        )))
    }

    pub(crate) async fn cancel(&self, req: &Request) -> Result<Reply, CoreError> {
        let closed = self.store.cancel(Self::store_req(req), req.channel).await?;
        let currency = self.currency(req.guild)?;
        Ok(Reply::public(format!(
            "{} withdraws the challenge to {}.{}",
            req.user.mention(),
            mention(closed.challenge.challenged),
            refund_text(closed.refunded, closed.challenge.challenger, &currency)
        )))
    }

    pub(crate) async fn play(
        &self,
        req: &Request,
        from: Option<&str>,
        to: Option<&str>,
        notation: Option<&str>,
    ) -> Result<Response, CoreError> {
        let game = self.game_in(req.channel)?;
        let pos = Self::position_of(&game)?;
        let (from, to, named) = match (notation.map(str::trim).filter(|s| !s.is_empty()), from, to) {
            (Some(n), None, None) => {
                let t: MoveText = n.parse().map_err(|e: jetan_rules::ParseMoveError| CoreError::User(format!("{}.", text::capitalise(&e.to_string()))))?;
                (t.from, t.to, Some(t))
            }
            (None, Some(f), Some(t)) => (parse_square(f, "from")?, parse_square(t, "to")?, None),
            (Some(_), _, _) => return refuse("Give either `notation` or `from` and `to`, not both."),
            (None, _, _) => return refuse("Say which move: `from` and `to` squares (like e2 and e3), or `notation` (like e2-e3)."),
        };
        let Some(color) = game.color_of(req.user.id) else {
            return refuse(format!(
                "You are not playing in this game: it is {} vs {}.",
                mention(game.black),
                mention(game.orange)
            ));
        };
        if color != pos.turn() {
            return refuse(format!("It is {}'s turn.", mention(game.to_move())));
        }
        // Check with the rules first for the clearest answer; the store checks again.
        let checked = match named {
            Some(t) => t.resolve(&pos),
            None => pos.find_move(from, to),
        };
        if let Err(e) = checked {
            return refuse(format!("{}.", text::capitalise(&e.to_string())));
        }
        let result = self
            .store
            .play(Self::store_req(req), req.channel, game.version, from, to)
            .await?;
        self.moved(req.guild, &game, result)
    }

    /// The public reply to a move that was stored. The move is acknowledged whatever
    /// happens here: a picture that cannot be drawn is logged and left out.
    pub(crate) fn moved(
        &self,
        guild: u64,
        before: &Game,
        result: MoveResult,
    ) -> Result<Response, CoreError> {
        let currency = self.currency(guild).unwrap_or_else(|_| "coins".into());
        let mv = &result.mv;
        let mut game = before.clone();
        game.moves.push(*mv);
        // The position after the move, replayed from the one before with the stored duel
        // result (a finished game's position lacks a royal, so it has no position string).
        let won = mv.duel.unwrap_or(true);
        let after = Self::position_of(before).ok().and_then(|p| {
            let m = p.find_move(mv.from, mv.to).ok()?;
            p.play(m, &mut |_: jetan_rules::Role, _: jetan_rules::Role| won)
                .ok()
        });
        let mut text = format!(
            "{} plays **{}{}{}{}**",
            mention(result.by),
            mv.piece.role.upper_char(),
            mv.from,
            if mv.killed.is_some() || mv.duel.is_some() {
                'x'
            } else {
                '-'
            },
            mv.to
        );
        match (mv.duel, mv.killed) {
            (Some(true), Some(k)) => {
                text.push_str(&format!(" — wins the duel and kills the {}", k.role))
            }
            (Some(false), Some(k)) => {
                text.push_str(&format!(" — loses the duel: the {} dies", k.role))
            }
            (None, Some(k)) => text.push_str(&format!(" — takes the {}", k.role)),
            _ => {}
        }
        if after.as_ref().is_some_and(|(_, report)| report.mv.escape) {
            text.push_str(" — the Princess's escape!");
        }
        text.push('.');
        for line in text::payments(&result.payments, &currency) {
            text.push_str(&format!("\n• {line}."));
        }
        if result.countdown_started {
            text.push_str(
                "\nThe ten-move countdown has started: win within ten moves or it is a draw.",
            );
        }
        if result.draw_offer_cleared {
            text.push_str("\nThe draw offer is withdrawn.");
        }
        let picture = |pos: &Position, bottom: Color, banner: Option<String>| match self
            .board_picture(&game, pos, bottom, None, banner)
        {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::error!(game = game.id, "cannot draw the board after a move: {e}");
                None
            }
        };
        let with_picture = |reply: Reply, png: Option<Vec<u8>>| match png {
            Some(png) => reply.with_file("board.png", png),
            None => reply,
        };
        if let Some(s) = &result.finished {
            text.push('\n');
            text.push_str(&text::settlement(s, &currency, before.terms.practice));
            let banner = text::result_banner(&s.result, s.reason, |id| self.name_of(id));
            let png = after.as_ref().and_then(|(pos, _)| {
                let bottom = match s.result {
                    GameResult::Win { winner, .. } => game.color_of(winner).unwrap_or(Color::Black),
                    _ => pos.turn(),
                };
                picture(pos, bottom, Some(banner))
            });
            return Ok(with_picture(Reply::public(text), png).into());
        }
        let turn = after
            .as_ref()
            .map_or(before.turn().other(), |(p, _)| p.turn());
        let next = game.player(turn);
        if let Some((pos, _)) = &after {
            if let Some(n) = pos.countdown() {
                text.push_str(&format!("\nCountdown: {n} moves left."));
            }
            if pos.princess_in_danger(turn) {
                text.push_str(&format!("\n⚠ {}'s Princess is threatened!", mention(next)));
            }
        }
        let computer = before.terms.practice && next == self.bot.id;
        if !computer {
            text.push_str(&format!("\n{}, your move.", mention(next)));
        }
        let png = after.as_ref().and_then(|(pos, _)| picture(pos, turn, None));
        Ok(Response {
            reply: with_picture(Reply::public(text), png),
            computer_moves_in: computer.then_some(before.channel),
        })
    }

    pub(crate) fn board(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let pos = Self::position_of(&game)?;
        let bottom = match game.color_of(req.user.id) {
            Some(c) => c,
            None => pos.turn(),
        };
        let png = self.board_picture(&game, &pos, bottom, None, None)?;
        let mut text = format!(
            "{} (Black) vs {} (Orange), move {}. {} to move.",
            mention(game.black),
            mention(game.orange),
            pos.ply() + 1,
            mention(game.to_move())
        );
        if let Some(n) = pos.countdown() {
            text.push_str(&format!(" Countdown: {n} moves left."));
        }
        if let Some(deadline) = game.deadline() {
            if deadline > req.now {
                text.push_str(&format!(
                    " Time left for this move: {}.",
                    jetan_store::format_duration(deadline - req.now)
                ));
            } else {
                text.push_str(
                    " The time for this move is up: the opponent may `/jetan claim` the win.",
                );
            }
        }
        Ok(Reply::public(text).with_file("board.png", png))
    }

    pub(crate) fn moves(&self, req: &Request, square: &str) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let pos = Self::position_of(&game)?;
        let sq = parse_square(square, "piece's")?;
        let Some(piece) = pos.board().piece_at(sq) else {
            return refuse(format!("{sq} is empty."));
        };
        let mut moves = pos.moves_from(sq);
        moves.sort();
        let whose = if piece.color == pos.turn() {
            ""
        } else {
            " (not its side's turn)"
        };
        let text = if piece.color != pos.turn() {
            format!(
                "The {} on {sq} belongs to {}, who is not to move.",
                piece, piece.color
            )
        } else if moves.is_empty() {
            format!("The {} on {sq} has no legal move{whose}.", piece.role)
        } else {
            let list: Vec<String> = moves
                .iter()
                .map(|m| {
                    let mut s = m.to.to_string();
                    if let Some(r) = m.capture {
                        s.push_str(&format!(" (takes the {r})"));
                    }
                    if m.escape {
                        s.push_str(" (escape)");
                    }
                    s
                })
                .collect();
            format!("The {} on {sq} can go to: {}.", piece.role, list.join(", "))
        };
        let bottom = game.color_of(req.user.id).unwrap_or(pos.turn());
        let png = self.board_picture(&game, &pos, bottom, Some(sq), None)?;
        let mut reply = Reply::ephemeral(text).with_file("moves.png", png);
        reply.ephemeral = true;
        Ok(reply)
    }

    fn ended(&self, req: &Request, game: &Game, s: &Settlement) -> Result<Reply, CoreError> {
        let currency = self.currency(req.guild)?;
        let text = text::settlement(s, &currency, game.terms.practice);
        let pos = Self::position_of(game)?;
        let banner = text::result_banner(&s.result, s.reason, |id| self.name_of(id));
        let bottom = match s.result {
            GameResult::Win { winner, .. } => game.color_of(winner).unwrap_or(Color::Black),
            _ => pos.turn(),
        };
        let png = self.board_picture(game, &pos, bottom, None, Some(banner))?;
        Ok(Reply::public(text).with_file("board.png", png))
    }

    pub(crate) async fn resign(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let s = self.store.resign(Self::store_req(req), req.channel).await?;
        self.stop_thinking(game.id);
        let mut reply = self.ended(req, &game, &s)?;
        reply.text = format!("{} resigns.\n{}", req.user.mention(), reply.text);
        Ok(reply)
    }

    pub(crate) async fn draw(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let Some(opponent) = game.opponent_of(req.user.id) else {
            return refuse("You are not playing in this game.");
        };
        if game.draw_offer == Some(opponent) {
            return self.answer_draw(req, game.id, true).await;
        }
        if game.terms.practice {
            return refuse(
                "The computer plays on: it does not take draws. Resign if you want to stop.",
            );
        }
        let game = self
            .store
            .offer_draw(Self::store_req(req), req.channel)
            .await?;
        Ok(Reply::public(format!(
            "{} offers a draw. {}, do you accept?",
            req.user.mention(),
            mention(opponent)
        ))
        .with_button(
            ButtonAction::DrawAccept(game.id).id(),
            "Accept draw",
            ButtonStyle::Success,
        )
        .with_button(
            ButtonAction::DrawDecline(game.id).id(),
            "Decline",
            ButtonStyle::Danger,
        ))
    }

    pub(crate) async fn answer_draw(
        &self,
        req: &Request,
        id: u64,
        accept: bool,
    ) -> Result<Reply, CoreError> {
        let game = match self.store.game(req.channel)? {
            Some(g) if g.id == id => g,
            _ => return refuse("This draw offer is no longer open."),
        };
        if accept {
            let s = self
                .store
                .accept_draw(Self::store_req(req), req.channel)
                .await?;
            let mut reply = self.ended(req, &game, &s)?;
            reply.text = format!("{} accepts the draw.\n{}", req.user.mention(), reply.text);
            Ok(reply)
        } else {
            self.store
                .decline_draw(Self::store_req(req), req.channel)
                .await?;
            Ok(Reply::public(format!(
                "{} declines the draw. Play on!",
                req.user.mention()
            )))
        }
    }

    pub(crate) async fn claim(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        let s = self
            .store
            .claim_time(Self::store_req(req), req.channel)
            .await?;
        let mut reply = self.ended(req, &game, &s)?;
        reply.text = format!(
            "{} ran out of time; {} claims the win.\n{}",
            mention(game.to_move()),
            req.user.mention(),
            reply.text
        );
        Ok(reply)
    }

    pub(crate) async fn rematch(
        &self,
        req: &Request,
        first: Option<First>,
    ) -> Result<Response, CoreError> {
        let Some(last) = self.store.last_finished(req.channel)? else {
            return refuse("There is no finished game in this channel to rematch.");
        };
        let g = &last.game;
        let Some(opponent) = g.opponent_of(req.user.id) else {
            return refuse(format!(
                "Only the players of the last game, {} and {}, can ask for a rematch.",
                mention(g.black),
                mention(g.orange)
            ));
        };
        let winner = match last.result {
            GameResult::Win { winner, .. } => Some(winner),
            _ => None,
        };
        let first = match (winner, first) {
            (Some(w), Some(_)) if w != req.user.id => {
                return refuse(format!(
                    "Only the winner of the last game, {}, chooses who moves first.",
                    mention(w)
                ))
            }
            (Some(w), Some(f)) if w == req.user.id => f,
            (Some(w), None) if w == req.user.id => First::Me,
            (Some(_), _) => First::Opponent,
            (None, f) => f.unwrap_or(First::Random),
        };
        let practice = g.terms.practice;
        let opponent_ref = if practice {
            self.bot.clone()
        } else {
            UserRef::new(opponent, self.name_of(opponent))
        };
        let args = ChallengeArgs {
            stake: Some(g.terms.stake as i64),
            piece_price: Some(g.terms.piece_price as i64),
            first: Some(first),
            variant: Some(g.terms.variant),
            move_time: g.terms.move_time_minutes.map(i64::from),
            level: practice.then(|| i64::from(self.level(g.id).get())),
        };
        self.challenge(req, &opponent_ref, &args).await
    }

    pub(crate) fn replay(&self, req: &Request) -> Result<Reply, CoreError> {
        let Some(last) = self.store.last_finished(req.channel)? else {
            return refuse("There is no finished game in this channel to replay.");
        };
        let banner = text::result_banner(&last.result, last.reason, |id| self.name_of(id));
        let gif = self.replay_picture(&last, banner)?;
        Ok(Reply::public(format!(
            "Replay of game #{}: {} (Black) vs {} (Orange), {} moves. {}",
            last.game.id,
            mention(last.game.black),
            mention(last.game.orange),
            last.game.moves.len(),
            text::result_line(&last.result, last.reason)
        ))
        .with_file("replay.gif", gif))
    }
}

fn terms_text(t: &Terms, currency: &str) -> String {
    let mut s = String::new();
    if t.stake > 0 {
        s.push_str(&format!(
            " Stake: {} each, the winner takes both.",
            money(t.stake, currency)
        ));
    }
    if t.piece_price > 0 {
        s.push_str(&format!(
            " Piece price: {} per point of value (a Dwar costs {}).",
            money(t.piece_price, currency),
            money(t.piece_price.saturating_mul(3), currency)
        ));
    }
    if t.stake == 0 && t.piece_price == 0 {
        s.push_str(" Friendly game: nothing at stake.");
    }
    if let Some(m) = t.move_time_minutes {
        s.push_str(&format!(" Move time: {m} min."));
    }
    s
}

fn refund_text(amount: u64, to: u64, currency: &str) -> String {
    if amount == 0 {
        String::new()
    } else {
        format!(" {} returned to {}.", money(amount, currency), mention(to))
    }
}
