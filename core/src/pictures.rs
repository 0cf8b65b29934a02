//! Pictures of games: the glue between stored games and the renderer.

use jetan_render::{board_png, replay_gif, LastMove, Replay, View};
use jetan_rules::{Color, Move, Position, Role, Square};
use jetan_store::{FinishedGame, Game, MoveRecord};

use super::{Core, CoreError};

/// The last move of a stored game as the picture shows it.
pub fn last_move(rec: &MoveRecord) -> LastMove {
    LastMove {
        from: rec.from,
        to: rec.to,
        killed: rec.killed,
    }
}

impl Core {
    /// The display names of a game's players, by colour.
    fn names(&self, game: &Game) -> (String, String) {
        (self.name_of(game.black), self.name_of(game.orange))
    }

    /// The board of `game` at `pos` as a PNG, with `bottom` at the bottom.
    pub(crate) fn board_picture(
        &self,
        game: &Game,
        pos: &Position,
        bottom: Color,
        selected: Option<Square>,
        result: Option<String>,
    ) -> Result<Vec<u8>, CoreError> {
        let (black, orange) = self.names(game);
        let mut view = View::new(bottom).with_names(black, orange);
        if let Some(rec) = game.moves.last() {
            view = view.with_last_move(last_move(rec));
        }
        if let Some(sq) = selected {
            view = view.with_selected(sq);
        }
        if let Some(r) = result {
            view = view.with_result(r);
        }
        Ok(board_png(pos, &view)?)
    }

    /// Every position of a finished game and the moves between them, replayed by the
    /// rules with the stored duel results.
    pub(crate) fn replay_positions(game: &Game) -> Result<(Vec<Position>, Vec<Move>), CoreError> {
        let mut pos = Position::start_of(game.terms.variant);
        let mut positions = vec![pos.clone()];
        let mut moves = Vec::with_capacity(game.moves.len());
        for (i, rec) in game.moves.iter().enumerate() {
            let m = pos.find_move(rec.from, rec.to).map_err(|e| {
                CoreError::Internal(format!(
                    "game {} move {} does not replay: {e}",
                    game.id,
                    i + 1
                ))
            })?;
            let won = rec.duel.unwrap_or(true);
            let (next, _) = pos.play(m, &mut |_: Role, _: Role| won).map_err(|e| {
                CoreError::Internal(format!("game {} move {}: {e}", game.id, i + 1))
            })?;
            moves.push(m);
            positions.push(next.clone());
            pos = next;
        }
        Ok((positions, moves))
    }

    /// An animated GIF of a finished game.
    pub(crate) fn replay_picture(
        &self,
        finished: &FinishedGame,
        result: String,
    ) -> Result<Vec<u8>, CoreError> {
        let (positions, moves) = Self::replay_positions(&finished.game)?;
        let (black, orange) = self.names(&finished.game);
        let mut replay = Replay::default();
        replay.names.black = black;
        replay.names.orange = orange;
        replay.result = Some(result);
        Ok(replay_gif(&positions, &moves, &replay)?)
    }
}
