//! End-to-end scenarios: the real `jetan serve` binary against the fake Discord, plus a
//! self-test of the fake with a tiny in-process poise bot.

mod accept_confirm;
mod admin;
mod analysis;
mod autocomplete;
mod burst;
mod circular;
mod classic_game;
/// The throwaway PostgreSQL server of the scenarios on PostgreSQL (one per test process).
#[path = "../../../store/tests/store/cluster.rs"]
mod cluster;
mod computer_resume;
mod discord_fails;
mod double_click;
mod fake_selftest;
mod load;
mod martian;
mod mentions;
mod menus;
mod payments;
mod postgres;
mod private_answers;
mod quick_answers;
mod race;
mod refusals;
mod reminders;
mod resign_confirm;
mod restart;
mod rule_options;
mod shards;
mod spanish;
mod startup;
mod threads;
mod tournament;
mod tournament_crash;
