//! Playing: a move, the board, one piece's moves.

use jetan_rules::{Color, MoveText, Position, Square};
use jetan_store::{Game, MoveResult};

use super::request::{mention, Request};
use super::text::{self};
use super::{refuse, Core, CoreError, Reply, Response};

fn parse_square(text: &str, what: &str) -> Result<Square, CoreError> {
    text.trim()
        .parse::<Square>()
        .map_err(|e| CoreError::User(format!("The {what} square: {e}.")))
}

impl Core {
    pub(crate) fn game_in(&self, channel: u64) -> Result<Game, CoreError> {
        self.store.game(channel)?.ok_or_else(|| {
            CoreError::User(
                "There is no game in this channel. Start one with `/jetan challenge`.".into(),
            )
        })
    }

    pub(crate) fn position_of(game: &Game) -> Result<Position, CoreError> {
        game.position().map_err(CoreError::from)
    }

    /// The server's currency name, or "coins" if the settings cannot be read.
    pub(crate) fn currency_or_default(&self, guild: u64) -> String {
        self.currency(guild).unwrap_or_else(|_| "coins".into())
    }

    pub(crate) fn currency(&self, guild: u64) -> Result<String, CoreError> {
        Ok(self.store.settings(guild)?.currency)
    }

    /// A request id for something the bot does on its own, derived from what it does so
    /// that a retry is recognised as the same request.
    pub(crate) fn derived_id(parts: &[u64]) -> u64 {
        // FNV-1a over the parts, with the top bit set: Discord snowflakes never have it.
        use std::hash::Hasher;
        let mut h = fnv::FnvHasher::default();
        for p in parts {
            h.write(&p.to_le_bytes());
        }
        h.finish() | (1 << 63)
    }

    pub(crate) fn play(
        &self,
        req: &Request,
        from: Option<&str>,
        to: Option<&str>,
        notation: Option<&str>,
    ) -> Result<Response, CoreError> {
        let game = self.game_in(req.channel)?;
        if game.is_martian() {
            return self.martian_move(req, from, to, notation);
        }
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
        let result = self.store.play(
            Self::store_req(req),
            req.channel,
            (game.id, game.version),
            from,
            to,
        )?;
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
            text.push_str(" — the Princess's escape");
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
                picture(
                    pos,
                    self.bottom_at_end(&game, &s.result, pos.turn()),
                    Some(banner),
                )
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
        let mut reply = Reply::public(text);
        if !computer {
            reply
                .text
                .push_str(&format!("\n{}, your move.", mention(next)));
            reply = reply.pinging(next);
        }
        // Against the computer, one picture per exchange: the computer's reply shows the
        // board after both moves, so the human's own move is answered in words only.
        let png = if computer {
            None
        } else {
            after
                .as_ref()
                .and_then(|(pos, _)| picture(pos, self.bottom(&game, turn, None), None))
        };
        Ok(Response {
            computer_moves_in: computer.then_some(before.channel),
            ..with_picture(reply, png).into()
        })
    }

    pub(crate) fn board(&self, req: &Request) -> Result<Reply, CoreError> {
        let game = self.game_in(req.channel)?;
        if game.is_martian() {
            return self.martian_board(req, &game);
        }
        let pos = Self::position_of(&game)?;
        let bottom = self.bottom(&game, pos.turn(), Some(req.user.id));
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
                    text::format_duration(deadline - req.now)
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
        if game.is_martian() {
            return self.martian_moves(&game, square);
        }
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
        let bottom = self.bottom(&game, pos.turn(), Some(req.user.id));
        let png = self.board_picture(&game, &pos, bottom, Some(sq), None)?;
        let mut reply = Reply::ephemeral(text).with_file("moves.png", png);
        reply.ephemeral = true;
        Ok(reply)
    }
}
