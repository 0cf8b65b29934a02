//! Jetan's pictures: the glue between stored games of Jetan and the renderer (the
//! board after a move, a move of the analysis, the replay of a finished game).

use jetan_render::{board_png, replay_gif, BoardShape, Labels, LastMove, Replay, View};
use jetan_rules::{DuelStream, Move, Position, Square};
use jetan_store::games::jetan::color_of;
use jetan_store::schema::jetan::{Ending, MoveRecord};
use jetan_store::{EndReason, FinishedGame, Game, RuleEnding, Seat};

use super::words::color_name;
use crate::lang::{tr, Lang};
use crate::text;
use crate::{Core, CoreError};

/// A Jetan rule ending.
fn jetan(e: Ending) -> EndReason {
    EndReason::Rule(RuleEnding::Jetan(e))
}

/// The words drawn on pictures, in `lang`.
pub fn labels(lang: Lang) -> Labels {
    // The renderer puts numbers and colours in place of `{n}` and `{color}`.
    let n = "{n}";
    Labels {
        black: color_name(lang, color_of(Seat::First)).unmarked(),
        orange: color_name(lang, color_of(Seat::Second)).unmarked(),
        to_move: tr!(lang, "label-to-move").unmarked(),
        princess_threatened: tr!(lang, "label-princess-threatened").unmarked(),
        countdown: tr!(lang, "label-countdown", n = n).unmarked(),
        escape_ready: tr!(lang, "label-escape-ready").unmarked(),
        escape_used: tr!(lang, "label-escape-used").unmarked(),
        rules: tr!(lang, "label-rules", rules = "{rules}").unmarked(),
        move_n: tr!(lang, "label-move", n = n).unmarked(),
        killed: tr!(lang, "label-killed").unmarked(),
        duel: tr!(lang, "label-duel").unmarked(),
        won: tr!(lang, "label-won").unmarked(),
        lost: tr!(lang, "label-lost").unmarked(),
        wins: tr!(lang, "label-wins", color = "{color}").unmarked(),
        draw: tr!(lang, "label-draw").unmarked(),
        after_moves: tr!(lang, "label-after-moves", n = n).unmarked(),
        after_one_move: tr!(lang, "label-after-moves", n = 1).unmarked(),
        princess_captured: text::reason(lang, jetan(Ending::PrincessCaptured)).unmarked(),
        chief_takes_chief: text::reason(lang, jetan(Ending::ChiefTakesChief)).unmarked(),
        chief_captured: text::reason(lang, jetan(Ending::ChiefCaptured)).unmarked(),
        no_legal_moves: tr!(lang, "reason-no-legal-moves").unmarked(),
        ten_move_rule: text::reason(lang, jetan(Ending::TenMoveRule)).unmarked(),
    }
}

/// The last move of a stored game as the picture shows it.
pub fn last_move(rec: &MoveRecord) -> LastMove {
    LastMove {
        from: rec.from,
        to: rec.to,
        killed: rec.killed,
    }
}

/// The picture's board shape for a game's topology.
fn shape(game: &Game) -> BoardShape {
    match jetan_store::games::jetan::options(&game.terms).topology {
        jetan_rules::Topology::Flat => BoardShape::Square,
        jetan_rules::Topology::Circular => BoardShape::Round,
    }
}

/// The board of `game` at `pos` as a PNG, with `bottom` at the bottom.
pub(crate) fn board_picture(
    core: &Core,
    lang: Lang,
    game: &Game,
    pos: &Position,
    bottom: Seat,
    selected: Option<Square>,
    result: Option<String>,
) -> Result<Vec<u8>, CoreError> {
    let (black, orange) = crate::pictures::names(core, game, lang);
    let mut view = View::new(color_of(bottom))
        .with_names(black, orange)
        .with_shape(shape(game))
        .with_labels(labels(lang));
    match game.moves().last() {
        // A Manator duel: the rules' report says who attacked, the odds and who won.
        Some(rec) if rec.duel.is_some() => match replayed(game) {
            Ok(replay) => {
                if let Some(report) = replay.reports().last() {
                    view = view.with_last_move(LastMove::from(report));
                    if let Some(duel) = report.duel {
                        view = view.with_duel(duel);
                    }
                }
            }
            Err(e) => {
                tracing::warn!(game = %game.id, "{e}");
                view = view.with_last_move(last_move(rec));
            }
        },
        Some(rec) => view = view.with_last_move(last_move(rec)),
        None => {}
    }
    if let Some(sq) = selected {
        view = view.with_selected(sq);
    }
    if let Some(r) = result {
        view = view.with_result(r);
    }
    Ok(board_png(pos, &view)?)
}

/// The board of `game` at `pos` for a web page (the PNG's geometry, colours and marks),
/// with `bottom` at the bottom, and each piece's name by its square.
pub(crate) fn board_view(
    lang: Lang,
    game: &Game,
    pos: &Position,
    bottom: Seat,
) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError> {
    let last = match game.moves().last() {
        Some(rec) if rec.duel.is_some() => match replayed(game) {
            Ok(replay) => replay.reports().last().map(LastMove::from),
            Err(_) => Some(last_move(rec)),
        },
        Some(rec) => Some(last_move(rec)),
        None => None,
    };
    board_view_marked(lang, game, pos, bottom, last)
}

/// The board of `game` after each of its moves, the start first, each as
/// [`board_view`] draws the position with its last move marked.
pub(crate) fn replay_views(
    lang: Lang,
    game: &Game,
    bottom: Seat,
) -> Result<Vec<crate::game::NamedBoard>, CoreError> {
    let replay = replayed(game)?;
    let mut views = Vec::with_capacity(game.moves().len() + 1);
    for (i, pos) in replay.positions().enumerate() {
        let last = match i.checked_sub(1) {
            None => None,
            Some(j) => {
                let rec = &game.moves()[j];
                if rec.duel.is_some() {
                    replay.reports().nth(j).map(LastMove::from)
                } else {
                    Some(last_move(rec))
                }
            }
        };
        views.push(board_view_marked(lang, game, pos, bottom, last)?);
    }
    Ok(views)
}

/// The board of `game` at `pos` for a web page with `last` marked as the last move.
fn board_view_marked(
    lang: Lang,
    game: &Game,
    pos: &Position,
    bottom: Seat,
    last: Option<LastMove>,
) -> Result<(jetan_render::BoardView, Vec<(String, String)>), CoreError> {
    let mut view = View::new(color_of(bottom)).with_shape(shape(game));
    if let Some(last) = last {
        view = view.with_last_move(last);
    }
    let board = jetan_render::default_renderer()?.board_view(pos, &view);
    let names = pos
        .board()
        .pieces()
        .map(|(sq, p)| {
            (
                sq.to_string(),
                tr!(
                    lang,
                    "web-piece",
                    color = color_name(lang, p.color),
                    piece = super::pieces::role_name(lang, p.role)
                )
                .unmarked(),
            )
        })
        .collect();
    Ok((board, names))
}

/// The board of `game` at `pos` just after the move `report` tells of, with `bottom`
/// at the bottom and `caption` in the result strip (the analysis's pictures).
pub(crate) fn move_picture(
    core: &Core,
    lang: Lang,
    game: &Game,
    pos: &Position,
    bottom: Seat,
    report: &jetan_rules::Report,
    caption: String,
) -> Result<Vec<u8>, CoreError> {
    let (black, orange) = crate::pictures::names(core, game, lang);
    let mut view = View::new(color_of(bottom))
        .with_names(black, orange)
        .with_shape(shape(game))
        .with_labels(labels(lang))
        .with_last_move(LastMove::from(report))
        .with_result(caption);
    if let Some(duel) = report.duel {
        view = view.with_duel(duel);
    }
    Ok(board_png(pos, &view)?)
}

/// A stored game replayed by the rules from its start, its Manator duels drawn from
/// the game's own duel stream (as the store played them).
pub(crate) fn replayed(game: &Game) -> Result<jetan_rules::Replay, CoreError> {
    let o = jetan_store::games::jetan::options(&game.terms);
    let start = jetan_store::games::jetan::start_position(&o);
    let moves = game.moves().iter().map(|r| (r.from, r.to));
    jetan_rules::replay(start, moves, &mut DuelStream::new(game.seed))
        .map_err(|e| CoreError::Internal(format!("game {}: {e}", game.id)))
}

/// Every position of a game and the moves between them.
pub(crate) fn replay_positions(game: &Game) -> Result<(Vec<Position>, Vec<Move>), CoreError> {
    let replay = replayed(game)?;
    let moves = replay.moves().collect();
    Ok((replay.positions().cloned().collect(), moves))
}

/// An animated GIF of a finished game.
pub(crate) fn replay_picture(
    core: &Core,
    lang: Lang,
    finished: &FinishedGame,
    result: String,
) -> Result<Vec<u8>, CoreError> {
    let (positions, moves) = replay_positions(&finished.game)?;
    let (black, orange) = crate::pictures::names(core, &finished.game, lang);
    let mut replay = Replay {
        shape: shape(&finished.game),
        labels: labels(lang),
        ..Replay::default()
    };
    replay.names.black = black;
    replay.names.orange = orange;
    replay.result = Some(result);
    Ok(replay_gif(&positions, &moves, &replay)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_labels_come_in_each_language() {
        let es = labels(Lang::Es);
        assert_eq!(es.to_move, "LE TOCA");
        assert_eq!(es.color(color_of(Seat::Second)), "Naranjas");
        assert_eq!(es.move_number(1), "jugada 1");
        assert_eq!(es.countdown_text(4), "CUENTA ATRÁS 4");
        assert_eq!(es.after_moves_text(1), "tras 1 jugada");
        assert_eq!(es.after_moves_text(34), "tras 17 jugadas");
        assert_eq!(es.wins.replace("{color}", "Negras"), "Ganan Negras");
        let en = labels(Lang::En);
        assert_eq!(en.after_moves_text(1), "after 1 move");
        assert_eq!(en.princess_threatened, "PRINCESS THREATENED");
    }
}
