//! The analysis of a finished game of Jetan: the engine over its replay.

use crate::lang::{tr, Lang};
use crate::reply::Text;
use crate::request::mention;
use crate::{Core, CoreError, Reply};
use jetan_engine::analysis::CAP;
use jetan_store::games::jetan::seat_of;
use jetan_store::{FinishedGame, UserId};
use std::time::Duration;

/// The analysis of a finished game of Jetan (the game interface's
/// [`crate::game::GameUi::analysis`]).
pub(super) fn analysis(
    core: &Core,
    lang: Lang,
    asker: UserId,
    last: &FinishedGame,
    per_position: Duration,
) -> Result<Reply, CoreError> {
    let game = &last.game;
    let replay = super::pictures::replayed(game)?;
    let analysis = jetan_engine::analysis::analyse(&replay, per_position, None);
    let drops = analysis.biggest_drops(3);
    let mut text = tr!(
        lang,
        "analysis-head",
        id = game.id.to_string(),
        who = mention(asker),
        black = mention(game.players.first),
        orange = mention(game.players.second),
        moves = crate::text::moves_count(lang, game.moves().len())
    );
    if drops.is_empty() {
        text.line(tr!(lang, "analysis-clean"));
    }
    let mut pictures = Vec::new();
    for (i, d) in drops.iter().enumerate() {
        let better = d.better.map(|m| format!("{m:#}"));
        // A forced win or loss is said so; the difference is counted between
        // scores only.
        let forced = |cp: i32| cp.abs() >= CAP;
        let loss = if forced(d.before) || forced(d.after) {
            String::new()
        } else {
            format!(" ({})", pawns(-d.loss))
        };
        let line = tr!(
            lang,
            "analysis-drop",
            n = i + 1,
            move_number = super::words::move_number(lang, d.ply, d.mover),
            played = format!("{:#}", d.played),
            before = score(lang, d.before),
            after = score(lang, d.after),
            loss = loss,
            better = better
                .clone()
                .map_or_else(|| tr!(lang, "analysis-no-better"), Text::words)
        );
        text.line(line);
        let step = &replay.steps()[d.ply];
        let caption = match &better {
            Some(b) => tr!(lang, "analysis-picture", n = i + 1, better = b.as_str()),
            None => tr!(lang, "analysis-picture-plain", n = i + 1),
        }
        .unmarked();
        let png = super::pictures::move_picture(
            core,
            lang,
            game,
            &step.position,
            seat_of(d.mover),
            &step.report,
            caption,
        )?;
        pictures.push((format!("mistake-{}.png", i + 1), png));
    }
    if analysis.stopped {
        text.line(tr!(lang, "analysis-stopped"));
    }
    let mut reply = Reply::public(text).pinging(asker);
    for (name, png) in pictures {
        reply = reply.with_file(&name, png);
    }
    Ok(reply)
}

/// A score for the mover: "a forced win", "a forced loss", or Panthans.
fn score(lang: Lang, cp: i32) -> Text {
    if cp >= CAP {
        tr!(lang, "analysis-forced-win")
    } else if cp <= -CAP {
        tr!(lang, "analysis-forced-loss")
    } else {
        Text::words(pawns(cp))
    }
}

/// A score in centipawns as Panthans, signed, two decimals: "+0.40", "-2.10".
fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { '-' } else { '+' };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

#[cfg(test)]
mod tests {
    #[test]
    fn scores_read_as_signed_panthans() {
        assert_eq!(super::pawns(40), "+0.40");
        assert_eq!(super::pawns(-210), "-2.10");
        assert_eq!(super::pawns(0), "+0.00");
        assert_eq!(super::pawns(-2000), "-20.00");
    }
}
