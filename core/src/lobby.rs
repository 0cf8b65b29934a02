//! Starting games: challenge, accept, decline, cancel, rematch, and practice games
//! against the computer.

use jetan_rules::Color;
use jetan_store::{
    Challenge, ChallengeClosed, ClosedHow, FirstMover, Game, GameResult, Terms, MAX_AMOUNT,
};

use super::buttons::ButtonAction;
use super::request::{mention, ChallengeArgs, Request, UserRef};
use super::text::{self, money};
use super::{refuse, ButtonStyle, Core, CoreError, MessageEdit, Reply, Response, Shown};

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

impl Core {
    pub(crate) fn challenge(
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
            // Every game has a move time: the server's, unless the challenge names one.
            None => Some(
                ((settings.move_time_ms / 60_000).clamp(1, MAX_MOVE_TIME_MINUTES as u64)) as u32,
            ),
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
        let game = args.game.unwrap_or_default();
        if game == jetan_store::GameKind::MartianChess {
            if args.variant.is_some() || args.board.is_some() {
                return refuse(
                    "Martian Chess has no variants and one board: leave out `variant` and `board`.",
                );
            }
            if practice && level.get() > 3 {
                return refuse("In Martian Chess the computer plays at level 1 (random), 2 (greedy) or 3 (careful).");
            }
        }
        let variant = args.variant.unwrap_or_default();
        let first = args.first.unwrap_or_default();
        let terms = Terms {
            game,
            variant,
            topology: args.board.unwrap_or_default(),
            stake,
            piece_price,
            first,
            move_time_minutes: move_time,
            practice,
        };
        let challenge = self.store.challenge(
            Self::store_req(req),
            req.guild,
            req.channel,
            opponent.id,
            terms,
        )?;
        if practice {
            self.set_level(challenge.id, level);
            return self.start_practice(req, &challenge);
        }
        Ok(self.challenge_reply(&challenge, &settings.currency, req.now))
    }

    /// The public message of an open challenge, with its Accept and Decline buttons.
    pub(crate) fn challenge_reply(&self, c: &Challenge, currency: &str, now: u64) -> Response {
        let mut text = format!(
            "{} challenges {} to **{}**.",
            mention(c.challenger),
            mention(c.challenged),
            text::game_name(&c.terms)
        );
        text.push_str(&text::terms_text(&c.terms, currency));
        text.push_str(&format!(
            "\n{} moves first. {}, accept or decline within {}.",
            match c.terms.first {
                FirstMover::Challenger => mention(c.challenger),
                FirstMover::Challenged => mention(c.challenged),
                FirstMover::Random => "A coin toss decides who".to_string(),
            },
            mention(c.challenged),
            text::format_duration(c.expires_at.saturating_sub(now))
        ));
        let reply = Reply::public(text)
            .pinging(c.challenged)
            .with_button(
                ButtonAction::Accept(c.id).id(),
                "Accept",
                ButtonStyle::Success,
            )
            .with_button(
                ButtonAction::Decline(c.id).id(),
                "Decline",
                ButtonStyle::Danger,
            );
        Response {
            shows: Some(Shown::Challenge(c.id)),
            ..reply.into()
        }
    }

    /// Accepts a practice challenge on the computer's behalf and starts the game.
    fn start_practice(&self, req: &Request, c: &Challenge) -> Result<Response, CoreError> {
        let bot_req = jetan_store::Stamp::new(Self::derived_id(&[req.id, 1]), self.bot.id, req.now);
        let game = self.store.accept(
            bot_req,
            req.channel,
            Some(c.id),
            self.random_u64(),
            self.random_u64(),
        )?;
        self.practice_started(req, game)
    }

    /// The reply to a practice game that has just started.
    pub(crate) fn practice_started(
        &self,
        req: &Request,
        game: Game,
    ) -> Result<Response, CoreError> {
        let level = self.level(game.id);
        if game.is_martian() {
            let text = self.martian_practice_line(req.user.id, level.get());
            return self.martian_started(&game, text);
        }
        let text = format!(
            "Practice game: {} vs {} (level {}) — **{}**, nothing at stake.\n{} plays Black and moves first; {} plays Orange.",
            req.user.mention(),
            mention(self.bot.id),
            level.get(),
            text::game_name(&game.terms),
            mention(game.black),
            mention(game.orange),
        );
        self.started(game, text)
    }

    /// The reply to a game that has just started, and the computer's turn if it is first.
    fn started(&self, game: Game, text: String) -> Result<Response, CoreError> {
        if game.is_martian() {
            return self.martian_started(&game, text);
        }
        let pos = Self::position_of(&game)?;
        let computer = game.terms.practice && game.black == self.bot.id;
        let bottom = self.bottom(&game, Color::Black, None);
        // When the computer moves first, its reply shows the board.
        let png = if computer {
            None
        } else {
            Some(self.board_picture(&game, &pos, bottom, None, None)?)
        };
        let mut reply = Reply::public(text);
        if !computer {
            reply
                .text
                .push_str(&format!("\n{}, your move.", mention(game.black)));
            reply = reply.pinging(game.black);
        }
        Ok(Response {
            computer_moves_in: computer.then_some(game.channel),
            ..match png {
                Some(png) => reply.with_file("board.png", png),
                None => reply,
            }
            .into()
        })
    }

    /// A typed `accept` shows the open challenge's terms privately with a Confirm button
    /// bound to that challenge: nothing irreversible happens from a typed command, and a
    /// challenge swapped meanwhile is never accepted by mistake.
    pub(crate) fn accept_typed(&self, req: &Request) -> Result<Response, CoreError> {
        let Some(c) = self.store.open_challenge(req.channel)? else {
            return refuse("There is no open challenge in this channel.");
        };
        if req.user.id != c.challenged {
            return refuse(format!(
                "Only {} can answer this challenge.",
                mention(c.challenged)
            ));
        }
        let currency = self.currency(req.guild)?;
        let mut text = format!(
            "**Accept this challenge from {}?** {}.",
            mention(c.challenger),
            text::game_name(&c.terms)
        );
        text.push_str(&text::terms_text(&c.terms, &currency));
        if c.held > 0 {
            text.push_str(&format!(
                " Accepting puts {} of yours in escrow.",
                money(c.held, &currency)
            ));
        }
        text.push_str(match c.terms.first {
            FirstMover::Challenger => " Your opponent moves first.",
            FirstMover::Challenged => " You move first.",
            FirstMover::Random => " A coin toss decides who moves first.",
        });
        Ok(Reply::ephemeral(text)
            .with_button(
                ButtonAction::Accept(c.id).id(),
                "Confirm",
                ButtonStyle::Success,
            )
            .into())
    }

    /// Accepts the challenge `id` (from its button, or the Confirm of a typed accept).
    pub(crate) fn accept(&self, req: &Request, id: u64) -> Result<Response, CoreError> {
        let game = self.store.accept(
            Self::store_req(req),
            req.channel,
            Some(id),
            self.random_u64(),
            self.random_u64(),
        )?;
        self.accepted(req, game)
    }

    pub(crate) fn accepted(&self, req: &Request, game: Game) -> Result<Response, CoreError> {
        let currency = self.currency(req.guild)?;
        let mut text = if game.is_martian() {
            format!(
                "{} accepts. **{}**.",
                mention(game.challenged()),
                text::game_name(&game.terms)
            )
        } else {
            format!(
                "{} accepts. **{}**: {} plays Black and moves first, {} plays Orange.",
                mention(game.challenged()),
                text::game_name(&game.terms),
                mention(game.black),
                mention(game.orange)
            )
        };
        if game.escrow.black > 0 {
            text.push_str(&format!(
                "\n{} from each player is held in escrow (stake {} + piece reserve).",
                money(game.escrow.black, &currency),
                money(game.terms.stake, &currency)
            ));
        }
        let mut response = self.started(game.clone(), text)?;
        response.edits.extend(self.answered_challenge(
            game.id,
            format!(
                "~~Challenge~~ — accepted by {}: the game is on.",
                mention(game.challenged())
            ),
        ));
        Ok(response)
    }

    /// The edit that takes the buttons off challenge `id`'s message, if it was posted.
    pub(crate) fn answered_challenge(&self, id: u64, text: String) -> Option<MessageEdit> {
        let at = self.store.take_message(b'c', id)?;
        Some(MessageEdit {
            channel: at.channel,
            message: at.message,
            reply: Reply::public(text),
        })
    }

    pub(crate) fn decline(&self, req: &Request, id: Option<u64>) -> Result<Response, CoreError> {
        let closed = self.store.decline(Self::store_req(req), req.channel, id)?;
        Ok(self.closed_reply(req, &closed))
    }

    pub(crate) fn cancel(&self, req: &Request) -> Result<Response, CoreError> {
        let closed = self.store.cancel(Self::store_req(req), req.channel, None)?;
        Ok(self.closed_reply(req, &closed))
    }

    /// The public answer to a declined or cancelled challenge, and the edit of its message.
    pub(crate) fn closed_reply(&self, req: &Request, closed: &ChallengeClosed) -> Response {
        let currency = self.currency(req.guild).unwrap_or_else(|_| "coins".into());
        let c = &closed.challenge;
        let (text, edit) = match closed.how {
            ClosedHow::Declined => (
                format!(
                    "{} declines the challenge of {}.",
                    mention(c.challenged),
                    mention(c.challenger)
                ),
                format!("~~Challenge~~ — declined by {}.", mention(c.challenged)),
            ),
            ClosedHow::Cancelled => (
                format!(
                    "{} withdraws the challenge to {}.",
                    mention(c.challenger),
                    mention(c.challenged)
                ),
                format!("~~Challenge~~ — cancelled by {}.", mention(c.challenger)),
            ),
            ClosedHow::Aborted => (
                format!(
                    "{} called off the challenge of {} to {}.",
                    mention(req.user.id),
                    mention(c.challenger),
                    mention(c.challenged)
                ),
                format!("~~Challenge~~ — called off by {}.", mention(req.user.id)),
            ),
            ClosedHow::Expired => (
                format!(
                    "The challenge of {} to {} expired unanswered.",
                    mention(c.challenger),
                    mention(c.challenged)
                ),
                "~~Challenge~~ — expired unanswered.".to_string(),
            ),
        };
        let text = text + &text::refund_text(closed.refunded, c.challenger, &currency);
        Response {
            edits: self.answered_challenge(c.id, edit).into_iter().collect(),
            ..Reply::public(text).into()
        }
    }

    pub(crate) fn rematch(
        &self,
        req: &Request,
        first: Option<FirstMover>,
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
            (Some(w), None) if w == req.user.id => FirstMover::Challenger,
            (Some(_), _) => FirstMover::Challenged,
            (None, f) => f.unwrap_or(FirstMover::Random),
        };
        let practice = g.terms.practice;
        let opponent_ref = if practice {
            self.bot.clone()
        } else {
            UserRef::new(opponent, self.name_of(opponent))
        };
        let martian = g.is_martian();
        let args = ChallengeArgs {
            game: Some(g.terms.game),
            stake: Some(g.terms.stake as i64),
            piece_price: Some(g.terms.piece_price as i64),
            first: Some(first),
            variant: (!martian).then_some(g.terms.variant),
            board: (!martian).then_some(g.terms.topology),
            move_time: g.terms.move_time_minutes.map(i64::from),
            level: practice.then(|| i64::from(self.level(g.id).get())),
        };
        self.challenge(req, &opponent_ref, &args)
    }
}
