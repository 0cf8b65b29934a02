//! A move of Jetan, typed or chosen from the Move menus; the board and one piece's moves.

use super::moved::duel_percent;
use crate::game::{ActionMenu, Entry};
use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::request::{mention, Request};
use crate::{refuse, Core, CoreError, Reply, Response};
use jetan_rules::Variant;
use jetan_rules::{MoveText, Square};
use jetan_store::games::jetan::seat_of;
use jetan_store::{Game, UserId};

/// A move as typed in a game of Jetan.
pub(super) fn play(
    core: &Core,
    req: &Request,
    game: &Game,
    (from, to, notation): (Option<&str>, Option<&str>, Option<&str>),
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let pos = super::moved::position(game)?;
    let (from, to, named) = match (notation.map(str::trim).filter(|s| !s.is_empty()), from, to) {
        (Some(n), None, None) => {
            let t: MoveText = n
                .parse()
                .map_err(|_| CoreError::User(tr!(lang, "move-bad-text", text = n)))?;
            (t.from, t.to, Some(t))
        }
        (None, Some(f), Some(t)) => (
            parse_square(lang, f, "square-from")?,
            parse_square(lang, t, "square-to")?,
            None,
        ),
        (Some(_), _, _) => return refuse(tr!(lang, "move-both")),
        (None, _, _) => return refuse(tr!(lang, "move-which")),
    };
    check_mover(lang, game, &pos, req.user.id)?;
    // Check with the rules first for the clearest answer; the store checks again.
    let checked = match named {
        Some(t) => t.resolve(&pos),
        None => pos.find_move(from, to),
    };
    if let Err(e) = checked {
        return refuse(super::options::illegal_under(lang, &e, &pos));
    }
    let result = core.store.play(
        Core::store_req(req),
        req.channel,
        (game.id, game.version),
        from,
        to,
    )?;
    super::moved::moved(core, req.guild, game, &result, req.now)
}

/// Refuses `user` unless they play in `game` and are to move in `pos`.
pub(super) fn check_mover(
    lang: Lang,
    game: &Game,
    pos: &jetan_rules::Position,
    user: UserId,
) -> Result<(), CoreError> {
    let Some(seat) = game.seat_of(user) else {
        return refuse(tr!(
            lang,
            "not-playing-vs",
            black = mention(game.players.first),
            orange = mention(game.players.second)
        ));
    };
    if seat != seat_of(pos.turn()) {
        return refuse(tr!(lang, "not-your-turn", who = mention(game.to_move())));
    }
    Ok(())
}

/// What the Move button offers the player to move in the Jetan game `game` (refused
/// to anyone else): their pieces that can move, each with its destinations (captures,
/// the Princess's escape and Manator's odds marked).
pub(super) fn action_menu(req: &Request, game: &Game) -> Result<ActionMenu, CoreError> {
    let lang = Lang::of(&req.locale);
    let pos = super::moved::position(game)?;
    check_mover(lang, game, &pos, req.user.id)?;
    let mut moves = pos.legal_moves();
    moves.sort();
    let mut entries: Vec<Entry> = Vec::new();
    for m in moves.iter() {
        let key = m.from.to_string();
        if entries
            .iter()
            .any(|e| matches!(e, Entry::Group { key: k, .. } if *k == key))
        {
            continue;
        }
        let mine: Vec<_> = moves.iter().filter(|n| n.from == m.from).collect();
        let piece = super::pieces::role_name(lang, m.role);
        let label = tr!(
            lang,
            "suggest-from",
            square = key.as_str(),
            piece = &piece,
            moves = tr!(lang, "moves-count", n = mine.len())
        )
        .unmarked();
        let actions = mine
            .iter()
            .map(|n| {
                let mut label = destination(
                    lang,
                    jetan_store::games::jetan::options(&game.terms).variant,
                    n,
                );
                if n.escape {
                    label.push_str(" — ");
                    label.push_str(&tr!(lang, "suggest-escape").unmarked());
                }
                (format!("{}-{}", n.from, n.to), label)
            })
            .collect();
        entries.push(Entry::Group {
            title: tr!(lang, "menu-move-to", square = key.as_str(), piece = piece),
            placeholder: tr!(lang, "menu-move-to-placeholder").unmarked(),
            key,
            label,
            actions,
        });
    }
    Ok(ActionMenu {
        title: tr!(lang, "menu-move-piece"),
        placeholder: tr!(lang, "menu-move-piece-placeholder").unmarked(),
        entries,
    })
}

/// The board of a game of Jetan.
pub(super) fn board(core: &Core, req: &Request, game: &Game) -> Result<Reply, CoreError> {
    let lang = core.public_lang(req.guild);
    let pos = super::moved::position(game)?;
    let bottom = crate::pictures::bottom(core, game, seat_of(pos.turn()), Some(req.user.id));
    let png = super::pictures::board_picture(core, lang, game, &pos, bottom, None, None)?;
    let mut text = tr!(
        lang,
        "board",
        black = mention(game.players.first),
        orange = mention(game.players.second),
        number = super::words::move_number(lang, pos.ply() as usize, pos.turn()),
        who = mention(game.to_move())
    );
    if let Some(n) = pos.countdown() {
        text.line(tr!(lang, "countdown-left", n = n));
    }
    let currency = core.currency_or_default(req.guild);
    text.push(crate::play::wager_and_clock(lang, game, &currency, req.now));
    let reply = Reply::public(text).with_file("board.png", png);
    Ok(Core::with_move_button(lang, game, reply))
}

/// The legal moves of one piece in a game of Jetan.
pub(super) fn moves(
    core: &Core,
    req: &Request,
    game: &Game,
    square: &str,
) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let pos = super::moved::position(game)?;
    let sq = parse_square(lang, square, "square-piece")?;
    let Some(piece) = pos.board().piece_at(sq) else {
        return refuse(tr!(lang, "piece-empty", square = sq.to_string()));
    };
    let mut moves = pos.moves_from(sq);
    moves.sort();
    let the_piece = super::pieces::the_role(lang, piece.role).capitalised();
    let text = if piece.color != pos.turn() {
        tr!(
            lang,
            "piece-not-to-move",
            piece = the_piece,
            square = sq.to_string(),
            color = super::words::color_name(lang, piece.color)
        )
    } else if moves.is_empty() {
        tr!(
            lang,
            "piece-no-moves",
            piece = the_piece,
            square = sq.to_string()
        )
    } else {
        let (escapes, ordinary): (Vec<_>, Vec<_>) = moves.iter().partition(|m| m.escape);
        let list: Vec<Text> = ordinary
            .iter()
            .map(|m| {
                Text::words(destination(
                    lang,
                    jetan_store::games::jetan::options(&game.terms).variant,
                    m,
                ))
            })
            .collect();
        let mut text = Text::new();
        if !list.is_empty() {
            text = tr!(
                lang,
                "piece-moves",
                piece = the_piece,
                square = sq.to_string(),
                list = Text::join(list, ", ")
            );
        }
        if !escapes.is_empty() {
            // One line for the escape, however many squares it reaches.
            let squares: Vec<String> = escapes.iter().map(|m| m.to.to_string()).collect();
            if !text.is_empty() {
                text.push("\n");
            }
            text.push(tr!(
                lang,
                "piece-escapes",
                n = squares.len(),
                list = squares.join(", ")
            ));
        }
        text
    };
    let bottom = crate::pictures::bottom(core, game, seat_of(pos.turn()), Some(req.user.id));
    let png = super::pictures::board_picture(core, lang, game, &pos, bottom, Some(sq), None)?;
    Ok(Reply::ephemeral(text).with_file("moves.png", png))
}

/// Reads a typed square; `what` is the message key of which square it is.
fn parse_square(lang: Lang, text: &str, what: &str) -> Result<Square, CoreError> {
    text.trim().parse::<Square>().map_err(|_| {
        CoreError::User(tr!(
            lang,
            "square-bad",
            what = lang.text(what, vec![]),
            text = text.trim()
        ))
    })
}

/// A legal move's destination as `moves` and the `to` autocomplete list it: the square,
/// and what happens there ("takes the Dwar", or in Manator "duel vs the Odwar: 38 % to
/// win"; the Princess is taken without a duel).
pub(super) fn destination(lang: Lang, variant: Variant, m: &jetan_rules::Move) -> String {
    let mut s = m.to.to_string();
    if let Some(r) = m.capture {
        let piece = super::pieces::the_role(lang, r);
        let what = if variant == Variant::Manator && r != jetan_rules::Role::Princess {
            tr!(
                lang,
                "duel-short",
                piece = piece,
                chance = duel_percent(m.role, r)
            )
        } else {
            tr!(lang, "takes-short", piece = piece)
        };
        s.push_str(&format!(" ({})", what.unmarked()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use jetan_rules::{Position, Role, Topology};

    #[test]
    fn manator_captures_are_duels_with_their_odds_except_the_princess() {
        let pos = Position::start_on(Variant::Classic, Topology::Flat);
        let mut m = pos.legal_moves()[0];
        m.role = Role::Dwar;
        m.capture = Some(Role::Odwar);
        assert_eq!(
            destination(Lang::En, Variant::Manator, &m),
            format!("{} (duel vs the Odwar: 38 % to win)", m.to)
        );
        assert_eq!(
            destination(Lang::Es, Variant::Manator, &m),
            format!("{} (duelo contra el Odwar: 38 % de ganar)", m.to)
        );
        m.capture = Some(Role::Princess);
        assert_eq!(
            destination(Lang::En, Variant::Manator, &m),
            format!("{} (takes the Princess)", m.to)
        );
        m.capture = Some(Role::Flier);
        assert_eq!(
            destination(Lang::Es, Variant::Classic, &m),
            format!("{} (captura el Volador)", m.to)
        );
    }
}
