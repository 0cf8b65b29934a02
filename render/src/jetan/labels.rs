//! Every word drawn on a picture, so the caller can draw them in its players' language.

use jetan_rules::{Color, DrawReason, Outcome, WinReason};

/// The words a picture draws. [`Default`] is English; a caller translating the bot fills
/// the fields in its language (any script the embedded fonts cover, accents included) and
/// passes them with [`View::with_labels`](crate::View::with_labels) or
/// [`Replay::labels`](crate::Replay::labels).
///
/// Texts with `{n}` have the number put in its place.
///
/// ```
/// use jetan_render::{Labels, View};
/// use jetan_rules::Color;
/// let labels = Labels {
///     black: "Negras".into(),
///     orange: "Naranjas".into(),
///     to_move: "JUEGAN".into(),
///     princess_threatened: "¡PRINCESA AMENAZADA!".into(),
///     ..Labels::default()
/// };
/// let view = View::new(Color::Black).with_labels(labels);
/// assert_eq!(view.labels.color(Color::Orange), "Naranjas");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Labels {
    /// Black's name, also shown for a player without a (drawable) display name.
    pub black: String,
    /// Orange's name.
    pub orange: String,
    /// The side to move's pill and panel.
    pub to_move: String,
    /// The warning when the side to move's Princess is threatened.
    pub princess_threatened: String,
    /// The ten-move countdown warning, `{n}` the moves left.
    pub countdown: String,
    /// The Princess's escape is still available.
    pub escape_ready: String,
    /// The Princess's escape is used up.
    pub escape_used: String,
    /// A side's rule options (RULES.md §12), `{rules}` its rules string; shown in its
    /// strip only when it does not play the standard rules.
    pub rules: String,
    /// A move number as players count them (one per side), `{n}` the number.
    pub move_n: String,
    /// Over the piece the last move killed.
    pub killed: String,
    /// Over a Manator duel.
    pub duel: String,
    /// Under the piece that won a duel.
    pub won: String,
    /// Under the piece that lost a duel.
    pub lost: String,
    /// The headline when a side won, `{color}` its name.
    pub wins: String,
    /// The headline of a drawn game.
    pub draw: String,
    /// Under the result, `{n}` the moves played (as players count them).
    pub after_moves: String,
    /// Under the result of a game of one move (the singular of `after_moves`).
    pub after_one_move: String,
    /// Win: a piece ended its move on the enemy Princess.
    pub princess_captured: String,
    /// Win: a Chief took the enemy Chief.
    pub chief_takes_chief: String,
    /// Draw: a Chief was taken by a lesser piece.
    pub chief_captured: String,
    /// Draw: the player to move has no legal move.
    pub no_legal_moves: String,
    /// Draw: the ten-move countdown ran out.
    pub ten_move_rule: String,
}

impl Default for Labels {
    fn default() -> Labels {
        Labels {
            black: "Black".into(),
            orange: "Orange".into(),
            to_move: "TO MOVE".into(),
            princess_threatened: "PRINCESS THREATENED".into(),
            countdown: "COUNTDOWN {n}".into(),
            escape_ready: "escape ready".into(),
            escape_used: "escape used".into(),
            rules: "rules {rules}".into(),
            move_n: "move {n}".into(),
            killed: "KILLED".into(),
            duel: "DUEL".into(),
            won: "WON".into(),
            lost: "LOST".into(),
            wins: "{color} wins".into(),
            draw: "Draw".into(),
            after_moves: "after {n} moves".into(),
            after_one_move: "after 1 move".into(),
            princess_captured: "the Princess was captured".into(),
            chief_takes_chief: "a Chief took the enemy Chief".into(),
            chief_captured: "a Chief was taken by a lesser piece".into(),
            no_legal_moves: "the player to move has no legal move".into(),
            ten_move_rule: "the ten-move countdown ran out".into(),
        }
    }
}

impl Labels {
    /// The name of a colour.
    pub fn color(&self, color: Color) -> &str {
        match color {
            Color::Black => &self.black,
            Color::Orange => &self.orange,
        }
    }

    /// A move number as players count it: plies 0 and 1 are move 1.
    pub fn move_number(&self, ply: u32) -> String {
        self.move_n.replace("{n}", &(ply / 2 + 1).to_string())
    }

    /// The countdown warning.
    pub fn countdown_text(&self, n: u8) -> String {
        self.countdown.replace("{n}", &n.to_string())
    }

    /// "after N moves", `plies` played.
    pub fn after_moves_text(&self, plies: u32) -> String {
        match plies.div_ceil(2) {
            1 => self.after_one_move.clone(),
            n => self.after_moves.replace("{n}", &n.to_string()),
        }
    }

    /// The result of a game as a headline ("Black wins", "Draw") and the reason.
    pub fn outcome(&self, outcome: &Outcome) -> (String, String) {
        match outcome {
            Outcome::Win { winner, reason } => (
                self.wins.replace("{color}", self.color(*winner)),
                match reason {
                    WinReason::PrincessCaptured => self.princess_captured.clone(),
                    WinReason::ChiefTakesChief => self.chief_takes_chief.clone(),
                },
            ),
            Outcome::Draw { reason } => (
                self.draw.clone(),
                match reason {
                    DrawReason::ChiefCaptured => self.chief_captured.clone(),
                    DrawReason::NoLegalMoves => self.no_legal_moves.clone(),
                    DrawReason::TenMoveRule => self.ten_move_rule.clone(),
                },
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_outcomes_read_as_the_rules_print_them() {
        let l = Labels::default();
        let o = Outcome::Win {
            winner: Color::Orange,
            reason: WinReason::PrincessCaptured,
        };
        let (head, reason) = l.outcome(&o);
        assert_eq!(format!("{head}: {reason}"), o.to_string());
        assert_eq!(l.move_number(0), "move 1");
        assert_eq!(l.move_number(1), "move 1");
        assert_eq!(l.move_number(2), "move 2");
        assert_eq!(l.after_moves_text(3), "after 2 moves");
        assert_eq!(l.after_moves_text(1), "after 1 move");
    }
}
