//! A move of Jetan as the store played it, in words and picture: the public reply to a
//! move, and the game as it stood before one.
use jetan_store::GuildId;

use jetan_rules::{Position, Role};
use jetan_store::games::jetan::{color_of, seat_of};
use jetan_store::{Game, PlayResult, Records, Seat};

use super::words::move_number;
use crate::lang::tr;
use crate::reply::Text;
use crate::request::mention;
use crate::text;
use crate::{Core, CoreError, Reply, Response};

/// The attacker's chance in a Manator duel, in whole percent: `va / (va + vd)`.
pub(crate) fn duel_percent(attacker: Role, defender: Role) -> u32 {
    let (va, vd) = (attacker.value(), defender.value());
    (200 * va + va + vd) / (2 * (va + vd))
}

/// The stored position of a game of Jetan.
pub(crate) fn position(game: &Game) -> Result<Position, CoreError> {
    game.position().map_err(CoreError::from)
}

/// The game as it was before its move number `ply` (0-based): the moves before it,
/// and the position they lead to.
pub(crate) fn before_move(game: &Game, ply: usize) -> Result<Game, CoreError> {
    let replay = super::pictures::replayed(game)?;
    let pos = replay
        .positions()
        .nth(ply)
        .ok_or_else(|| CoreError::Internal(format!("game {} has no move {ply}", game.id)))?;
    let mut before = game.clone();
    before.records =
        Records::Jetan(game.moves()[..ply.min(game.moves().len())].to_vec()).normalized();
    before.position = pos.to_string();
    Ok(before)
}

/// The public reply to a move that was stored. The move is acknowledged whatever
/// happens here: a picture that cannot be drawn is logged and left out.
pub(crate) fn moved(
    core: &Core,
    guild: GuildId,
    before: &Game,
    result: &PlayResult,
    now: u64,
) -> Result<Response, CoreError> {
    let currency = core.currency_or_default(guild);
    let lang = core.public_lang(guild);
    let mv = result
        .record
        .as_move()
        .ok_or_else(|| CoreError::Internal("a Jetan result holds another game's record".into()))?;
    let mut game = before.clone();
    let mut moves = before.moves().to_vec();
    moves.push(*mv);
    game.records = Records::Jetan(moves);
    // The position after the move, replayed from the one before with the stored duel
    // result (a finished game's position lacks a royal, so it has no position string).
    let won = mv.duel.unwrap_or(true);
    let after = position(before).ok().and_then(|p| {
        let m = p.find_move(mv.from, mv.to).ok()?;
        p.play(m, &mut |_: jetan_rules::Role, _: jetan_rules::Role| won)
            .ok()
    });
    let notation = format!(
        "{}{}{}{}",
        mv.piece.role.upper_char(),
        mv.from,
        if mv.killed.is_some() || mv.duel.is_some() {
            'x'
        } else {
            '-'
        },
        mv.to
    );
    let mut text = tr!(
        lang,
        "played",
        who = mention(result.by),
        move = notation,
        number = move_number(lang, before.moves().len(), mv.piece.color)
    );
    // In a duel the attacker is the piece that moved; the defender is the killed piece
    // when the attacker won, else the piece still standing on the square.
    let what = match (mv.duel, mv.killed) {
        (Some(won), Some(k)) => {
            let defender = if won {
                k.role
            } else {
                after
                    .as_ref()
                    .and_then(|(p, _)| p.board().piece_at(mv.to))
                    .map_or(k.role, |p| p.role)
            };
            let key = if won {
                "played-duel-won"
            } else {
                "played-duel-lost"
            };
            Some(tr!(
                lang,
                key,
                chance = duel_percent(mv.piece.role, defender),
                piece = super::pieces::the_role(lang, k.role)
            ))
        }
        (None, Some(k)) => Some(tr!(
            lang,
            "played-takes",
            piece = super::pieces::the_role(lang, k.role)
        )),
        _ => None,
    };
    if let Some(what) = what {
        text.push(" — ");
        text.push(what);
    }
    if after.as_ref().is_some_and(|(_, report)| report.mv.escape) {
        text.push(" — ");
        text.push(tr!(lang, "played-escape"));
    }
    text.push(".");
    let jetan = crate::games::ui(jetan_store::GameKind::Jetan);
    let piece = |f: &Text, t: &Text, a: &Text, l: char| jetan.paid_piece(lang, f, t, a, l);
    for line in text::payments(lang, &result.payments, &currency, &piece) {
        text.line(Text::words("• ").and(line).and("."));
    }
    if result.countdown_started {
        text.line(tr!(lang, "countdown-started"));
    }
    if result.draw_offer_cleared {
        text.line(tr!(lang, "draw-offer-withdrawn"));
    }
    let picture = |pos: &Position, bottom: Seat, banner: Option<String>| {
        match super::pictures::board_picture(core, lang, &game, pos, bottom, None, banner) {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::error!(game = %game.id, "cannot draw the board after a move: {e}");
                None
            }
        }
    };
    let with_picture = |reply: Reply, png: Option<Vec<u8>>| match png {
        Some(png) => reply.with_file("board.png", png),
        None => reply,
    };
    if let Some(s) = &result.finished {
        text.line(text::settlement(lang, s, &currency, before.terms.practice));
        let banner = text::result_banner(lang, &s.result, s.reason, |id| core.name_of(id, lang));
        let png = after.as_ref().and_then(|(pos, _)| {
            picture(
                pos,
                crate::pictures::bottom_at_end(core, &game, &s.result, seat_of(pos.turn())),
                Some(banner),
            )
        });
        return Ok(with_picture(Reply::public(text), png).into());
    }
    let turn = after
        .as_ref()
        .map_or(before.turn().other(), |(p, _)| seat_of(p.turn()));
    let next = game.player(turn);
    if let Some((pos, _)) = &after {
        if let Some(n) = pos.countdown() {
            text.line(tr!(lang, "countdown-left", n = n));
        }
        if pos.princess_in_danger(color_of(turn)) {
            text.line(tr!(lang, "princess-threatened", who = mention(next)));
        }
    }
    // The wager and the clock, as `board` says them.
    let mut game = game.clone();
    for p in &result.payments {
        let delta = i64::try_from(p.amount).unwrap_or(i64::MAX);
        for (user, sign) in [(p.from, -1), (p.to, 1)] {
            if let Some(s) = game.seat_of(user) {
                game.net[s] = game.net[s].saturating_add(sign * delta);
            }
        }
    }
    game.last_move_at = now;
    text.push(crate::play::wager_and_clock(lang, &game, &currency, now));
    let computer = before.terms.practice && next == core.bot.id;
    let mut reply = Reply::public(text);
    if !computer {
        reply.text.line(tr!(lang, "your-move", who = mention(next)));
        reply = Core::with_move_button(lang, &game, reply.pinging(next));
    }
    // Against the computer, one picture per exchange: the computer's reply shows the
    // board after both moves, so the human's own move is answered in words only.
    let png = if computer {
        None
    } else {
        after.as_ref().and_then(|(pos, _)| {
            picture(pos, crate::pictures::bottom(core, &game, turn, None), None)
        })
    };
    Ok(Response {
        computer_moves_in: computer.then_some(before.channel),
        ..with_picture(reply, png).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duel_odds_are_rounded_percentages() {
        assert_eq!(duel_percent(Role::Dwar, Role::Odwar), 38);
        assert_eq!(duel_percent(Role::Panthan, Role::Chief), 9);
        assert_eq!(duel_percent(Role::Warrior, Role::Padwar), 50);
        assert_eq!(duel_percent(Role::Chief, Role::Panthan), 91);
    }
}
