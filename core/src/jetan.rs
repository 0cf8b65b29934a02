//! Jetan (RULES.md) in the command core: its implementation of the game interface
//! ([`GameUi`]). The bodies live beside the host code they grew with (`play`, `endings`,
//! `lobby`, `computer`, `pictures`, `suggest`); this is where the core reaches them.

use jetan_store::{FinishedGame, Game, Settlement, Terms};

use crate::games::GameUi;
use crate::lang::tr;
use crate::request::{mention, ChallengeArgs, Request};
use crate::{text, Core, CoreError, Lang, Reply, Response};

/// Jetan: Classic and Manator, on the flat or the circular board.
pub(crate) struct Jetan;

impl GameUi for Jetan {
    fn name(&self, lang: Lang, terms: &Terms) -> String {
        text::jetan_name(lang, terms)
    }

    fn piece_price_terms(&self, lang: Lang, terms: &Terms, currency: &str) -> String {
        text::jetan_piece_price_terms(lang, terms, currency)
    }

    fn check_challenge(
        &self,
        _lang: Lang,
        _args: &ChallengeArgs,
        _practice: bool,
        _level: u8,
    ) -> Result<(), CoreError> {
        Ok(())
    }

    fn has_variants(&self) -> bool {
        true
    }

    fn accepted_line(&self, _core: &Core, lang: Lang, game: &Game) -> String {
        tr!(
            lang,
            "accepted",
            who = mention(game.challenged()),
            game = text::game_name(lang, &game.terms),
            black = mention(game.black),
            orange = mention(game.orange)
        )
    }

    fn practice_line(&self, core: &Core, lang: Lang, human: u64, level: u8, game: &Game) -> String {
        core.jetan_practice_line(lang, human, level, game)
    }

    fn started(&self, core: &Core, game: &Game, head: String) -> Result<Response, CoreError> {
        core.jetan_started(game, head)
    }

    fn play(
        &self,
        core: &Core,
        req: &Request,
        game: &Game,
        typed: (Option<&str>, Option<&str>, Option<&str>),
    ) -> Result<Response, CoreError> {
        core.jetan_play(req, game, typed)
    }

    fn board(&self, core: &Core, req: &Request, game: &Game) -> Result<Reply, CoreError> {
        core.jetan_board(req, game)
    }

    fn moves(
        &self,
        core: &Core,
        req: &Request,
        game: &Game,
        square: &str,
    ) -> Result<Reply, CoreError> {
        core.jetan_moves(req, game, square)
    }

    fn ended(
        &self,
        core: &Core,
        req: &Request,
        game: &Game,
        s: &Settlement,
        currency: &str,
    ) -> Result<Reply, CoreError> {
        core.jetan_ended(req, game, s, currency)
    }

    fn replay(&self, core: &Core, req: &Request, last: &FinishedGame) -> Result<Reply, CoreError> {
        core.jetan_replay(req, last)
    }

    fn suggest_from(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        user: u64,
        partial: &str,
    ) -> Vec<(String, String)> {
        Core::jetan_suggest_from(lang, game, user, partial)
    }

    fn suggest_to(
        &self,
        _core: &Core,
        lang: Lang,
        game: &Game,
        user: u64,
        from: &str,
        partial: &str,
    ) -> Vec<(String, String)> {
        Core::jetan_suggest_to(lang, game, user, from, partial)
    }

    fn computer_turn(
        &self,
        core: &Core,
        channel: u64,
        game: &Game,
        now: &dyn Fn() -> u64,
    ) -> Result<Option<Response>, CoreError> {
        core.jetan_computer_turn(channel, game, now)
    }
}
