//! End-to-end scenarios: the real `jetan serve` binary against the fake Discord, plus a
//! self-test of the fake with a tiny in-process poise bot.

mod autocomplete;
mod classic_game;
mod fake_selftest;
mod startup;
