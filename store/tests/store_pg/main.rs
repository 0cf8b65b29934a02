//! The store's tests against PostgreSQL: the same modules as `tests/store` (operations,
//! races, the model-based proptests, the crash test, `verify`'s checks, Martian Chess, the
//! upgrade fixture restored from its dump), each test on a
//! fresh schema of a throwaway server (see `cluster.rs` for the variables that point
//! them elsewhere), plus what only a shared database has (`backends`).

/// This binary tests the PostgreSQL backend.
pub const POSTGRES: bool = true;

mod backends;
#[path = "../store/checks.rs"]
mod checks;
#[path = "../store/cluster.rs"]
mod cluster;
#[allow(dead_code)] // some helpers serve the sled binary only
#[path = "../store/common.rs"]
mod common;
#[path = "../store/crash.rs"]
mod crash;
#[path = "../store/economy.rs"]
mod economy;
#[path = "../store/fixture_facts.rs"]
mod fixture_facts;
#[path = "../store/host.rs"]
mod host;
#[path = "../store/martian.rs"]
mod martian;
#[path = "../store/model.rs"]
mod model;
#[path = "../store/ops.rs"]
mod ops;
#[path = "../store/race.rs"]
mod race;
#[path = "../store/ratings.rs"]
mod ratings;
#[path = "../store/tournament.rs"]
mod tournament;
#[path = "../store/upgrade.rs"]
mod upgrade;
