//! The command core, end to end without Discord: whole games with money, every refusal,
//! Manator duels, clocks, restarts and buttons.
use jetan_core::{ChannelId, GameId, UserId};

use jetan_core::{
    AdminCommand, ButtonAction, ChallengeArgs, Command, Core, Departures, FirstMover, Reply,
    Request, Response, SettingsArgs, Span, Text, UserRef,
};
use jetan_store::Store;

const GUILD: jetan_core::GuildId = jetan_core::GuildId(10);
const CHANNEL: jetan_core::ChannelId = jetan_core::ChannelId(20);
const T0: u64 = 1_700_000_000_000;

fn alice() -> UserRef {
    UserRef::new(101, "alice")
}
fn bob() -> UserRef {
    UserRef::new(102, "bob")
}
fn carol() -> UserRef {
    UserRef::new(103, "carol")
}
/// A challenge to the computer: a practice game.
fn practice(args: ChallengeArgs) -> Command {
    Command::Challenge {
        opponent: computer(),
        args,
    }
}

fn computer() -> UserRef {
    UserRef {
        id: UserId(999),
        name: "jetan".into(),
        bot: true,
        outside: false,
    }
}

/// Every text of a response — the reply, its embed, its posts and edits — is free of
/// private-use characters (U+E000..U+F8FF): the core's text is typed parts, with no
/// marks in its words. Every command a test sends passes here.
#[track_caller]
fn no_private_use(response: &Response) {
    no_private_use_in(
        std::iter::once(&response.reply)
            .chain(response.posts.iter().map(|(_, r)| r))
            .chain(response.edits.iter().map(|e| &e.reply)),
    );
}

/// The same of every reply of a sweep (posts, edits, direct messages).
#[track_caller]
fn no_private_use_in_sweep(sweep: &jetan_core::Sweep) {
    no_private_use_in(
        sweep
            .posts
            .iter()
            .map(|(_, r)| r)
            .chain(sweep.edits.iter().map(|e| &e.reply))
            .chain(sweep.dms.iter().flat_map(|d| [&d.reply, &d.instead.1])),
    );
}

#[track_caller]
fn no_private_use_in<'a>(replies: impl Iterator<Item = &'a Reply>) {
    fn check(t: &Text, what: &str) {
        fn walk(t: &Text, out: &mut String) {
            for span in t.spans() {
                match span {
                    Span::Words(w) | Span::Code(w) => out.push_str(w),
                    Span::Strong(t) | Span::Emphasis(t) | Span::Strike(t) => walk(t, out),
                    Span::Link { label, url } => {
                        out.push_str(label);
                        out.push_str(url);
                    }
                    Span::User(_) | Span::Channel(_) => {}
                }
            }
        }
        let mut all = String::new();
        walk(t, &mut all);
        assert!(
            !all.chars().any(|c| ('\u{E000}'..='\u{F8FF}').contains(&c)),
            "a private-use character in {what}: {:?}",
            t.spans()
        );
    }
    for r in replies {
        check(&r.text, "the text");
        if let Some(e) = &r.embed {
            for t in [&e.title, &e.description]
                .into_iter()
                .chain(e.fields.iter().flat_map(|(n, v)| [n, v]))
                .chain(e.footer.as_ref())
            {
                check(t, "the embed");
            }
        }
    }
}

/// A core over a fresh data directory, with a clock the test moves.
struct Harness {
    dir: tempfile::TempDir,
    core: Option<Core>,
    now: u64,
    next_id: u64,
    /// Discord locales of users other than `en-US`.
    locales: std::collections::HashMap<UserId, &'static str>,
}

impl Harness {
    fn new() -> Harness {
        let _ = tracing_subscriber::fmt().with_test_writer().try_init();
        let dir = tempfile::tempdir().unwrap();
        let core = Core::new(Store::open(dir.path()).unwrap(), computer(), 42)
            .with_think_time(std::time::Duration::from_millis(30));
        Harness {
            dir,
            core: Some(core),
            now: T0,
            next_id: 1,
            locales: std::collections::HashMap::new(),
        }
    }

    fn core(&self) -> &Core {
        self.core.as_ref().unwrap()
    }

    /// Stops the bot and starts a new one on the same data directory.
    fn restart(&mut self) {
        drop(self.core.take());
        let store = Store::open(self.dir.path()).unwrap();
        self.core = Some(
            Core::new(store, computer(), 43).with_think_time(std::time::Duration::from_millis(30)),
        );
    }

    /// Puts the game in the channel in the state `position` (a state string of its
    /// game), as if it had been played there: the store is exported, the game's state
    /// replaced in the export, and a new bot started on a data directory imported from it.
    fn set_position(&mut self, position: &str) {
        let old = self.core().store().game(CHANNEL).unwrap().unwrap().position;
        let mut export = Vec::new();
        self.core().store().export(&mut export).unwrap();
        let export = String::from_utf8(export).unwrap();
        let field = |p: &str| format!("\"position\":\"{p}\"");
        assert!(export.contains(&field(&old)), "{export}");
        let export = export.replace(&field(&old), &field(position));
        drop(self.core.take());
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        Store::import(&data, export.as_bytes()).unwrap();
        self.dir = dir;
        self.core = Some(
            Core::new(Store::open(&data).unwrap(), computer(), 43)
                .with_think_time(std::time::Duration::from_millis(30)),
        );
    }

    fn request(&mut self, user: &UserRef, command: Command) -> Request {
        self.next_id += 1;
        Request {
            guild: GUILD,
            channel: CHANNEL,
            user: user.clone(),
            manager: false,
            locale: self.locales.get(&user.id).unwrap_or(&"en-US").to_string(),
            guild_locale: None,
            id: self.next_id,
            now: self.now,
            command,
        }
    }

    fn send(&mut self, user: &UserRef, command: Command) -> Response {
        let req = self.request(user, command);
        self.handle(req)
    }

    /// The core's answer to `req`, checked for private-use characters.
    #[track_caller]
    fn handle(&self, req: Request) -> Response {
        let response = Core::handle(self.core(), req);
        no_private_use(&response);
        response
    }

    /// The core's sweep at `now`, checked for private-use characters.
    #[track_caller]
    fn sweep(&self, now: u64) -> jetan_core::Sweep {
        let sweep = Core::sweep(self.core(), now);
        no_private_use_in_sweep(&sweep);
        sweep
    }

    /// A command that must succeed, answered publicly: every refusal (and the apology for
    /// an internal failure) is private, so a private reply fails here. A command whose
    /// success is private goes through [`Harness::private`].
    #[track_caller]
    fn ok(&mut self, user: &UserRef, command: Command) -> Reply {
        let r = self.send(user, command.clone()).reply;
        assert!(
            !r.ephemeral,
            "{command:?} should succeed publicly, answered privately (refused?): {}",
            r.text.plain()
        );
        assert!(
            !r.text.plain().contains("went wrong"),
            "{command:?}: {}",
            r.text.plain()
        );
        r
    }

    /// A command whose success is answered privately: the reply must be private and say
    /// `expected`, words of the success that no refusal has.
    #[track_caller]
    fn private(&mut self, user: &UserRef, command: Command, expected: &str) -> Reply {
        let r = self.send(user, command.clone()).reply;
        assert!(
            r.ephemeral,
            "{command:?} should be answered privately: {}",
            r.text.plain()
        );
        assert!(
            r.text.plain().contains(expected),
            "{command:?}: expected {expected:?} in {:?} (refused?)",
            r.text.plain()
        );
        r
    }

    /// A command answered with a private select menu (a refusal has none).
    #[track_caller]
    fn menu(&mut self, user: &UserRef, command: Command) -> Reply {
        let r = self.send(user, command.clone()).reply;
        assert!(
            r.ephemeral && r.menu.as_ref().is_some_and(|m| !m.options.is_empty()),
            "{command:?} should answer with a private menu (refused?): {}",
            r.text.plain()
        );
        r
    }

    fn refused(&mut self, user: &UserRef, command: Command, expected: &str) {
        let before = self.snapshot();
        let r = self.send(user, command.clone()).reply;
        assert!(
            r.ephemeral,
            "{command:?} should be refused privately: {}",
            r.text.plain()
        );
        assert!(
            r.text
                .plain()
                .to_lowercase()
                .contains(&expected.to_lowercase()),
            "{command:?}: expected {expected:?} in {:?}",
            r.text.plain()
        );
        assert_eq!(self.snapshot(), before, "{command:?} changed something");
    }

    /// A server manager's `/jetan admin settings` change, made by Carol.
    fn settings(&mut self, args: SettingsArgs) -> Reply {
        let mut req = self.request(&carol(), Command::Admin(AdminCommand::Settings(args)));
        req.manager = true;
        self.handle(req).reply
    }

    fn mv(&mut self, user: &UserRef, text: &str) -> Reply {
        let r = self.ok(
            user,
            Command::Move {
                from: None,
                to: None,
                notation: Some(text.into()),
            },
        );
        assert!(!r.ephemeral, "move {text}: {}", r.text.plain());
        assert_eq!(r.attachments.len(), 1, "a move shows the board");
        r
    }

    /// Resigns: the typed command asks privately, the Confirm button resigns.
    fn resign(&mut self, user: &UserRef) -> Reply {
        let ask = self.private(user, Command::Resign, "wins the game");
        self.ok(user, Command::Button(button(&ask, "Confirm resignation")))
    }

    fn balance(&self, user: &UserRef) -> (u64, u64) {
        let w = self.core().store().wallet(GUILD, user.id).unwrap();
        (w.balance, w.escrow)
    }

    /// Everything a refused command must leave alone.
    fn snapshot(&self) -> String {
        let store = self.core().store();
        let game = store
            .game(CHANNEL)
            .unwrap()
            .map(|g| (g.version, g.position.clone(), g.moves().len()));
        let challenge = store.open_challenge(CHANNEL).unwrap().map(|c| c.id);
        let wallets: Vec<_> = [alice(), bob(), carol()]
            .iter()
            .map(|u| self.balance(u))
            .collect();
        format!("{game:?} {challenge:?} {wallets:?}")
    }
}

fn challenge(opponent: UserRef, stake: i64, price: i64) -> Command {
    Command::Challenge {
        opponent,
        args: ChallengeArgs {
            stake: Some(stake),
            piece_price: Some(price),
            first: Some(FirstMover::Challenger),
            ..Default::default()
        },
    }
}

fn button(reply: &Reply, label: &str) -> ButtonAction {
    let b = reply
        .buttons
        .iter()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no {label} button in {reply:?}"));
    ButtonAction::parse(&b.id).unwrap()
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[1..4], b"PNG");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}

/// Black (alice) wins by taking the Princess after trading pieces; every coin accounted.
const PRINCESS_LINE: [&str; 9] = [
    "f1-e4", "e9-d8", "a2-b4", "g10-h7", "d1-g4", "d10-a7", "g4-h7", "a7-b4", "h7-e10",
];

#[test]
fn a_full_game_settles_stakes_and_piece_prices_exactly() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 50, 1));
    assert!(
        c.text.plain().contains("@102"),
        "the challenge mentions the opponent: {}",
        c.text.plain()
    );
    assert_eq!(
        h.balance(&alice()),
        (1000 - 92, 92),
        "stake 50 + reserve 42 held at once"
    );
    let accepted = h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let (w, h2) = png_size(&accepted.attachments[0].bytes);
    assert!(w >= 400 && h2 >= 400, "the board picture is {w}x{h2}");
    assert_eq!(h.balance(&bob()), (908, 92));

    let mut last = Reply::default();
    for (i, m) in PRINCESS_LINE.iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        last = h.mv(&player, m);
        if i + 1 < PRINCESS_LINE.len() {
            let next = if i % 2 == 0 { "@102" } else { "@101" };
            assert!(
                last.text.plain().contains(&format!("{next}, your move")),
                "{}",
                last.text.plain()
            );
        }
    }
    assert!(
        last.text.plain().contains("@101 wins"),
        "{}",
        last.text.plain()
    );
    assert!(
        last.text.plain().contains("the Princess was captured"),
        "{}",
        last.text.plain()
    );
    // Alice took a Flier (3) and the Princess (1), lost a Thoat (2), and won bob's stake.
    assert_eq!(h.balance(&alice()), (1052, 0));
    assert_eq!(h.balance(&bob()), (948, 0));
    let w = h.core().store().wallet(GUILD, alice().id).unwrap();
    assert_eq!((w.wins, w.losses, w.net_won), (1, 0, 52));
    let standings = h.ok(
        &carol(),
        Command::Standings {
            page: None,
            rating: None,
        },
    );
    let text = standings.text.plain();
    assert!(
        text.find("@101").unwrap() < text.find("@102").unwrap(),
        "alice first: {text}"
    );
    // The channel is free again, and the game can be replayed.
    let replay = h.ok(&carol(), Command::Replay { game: None });
    assert_eq!(replay.attachments[0].name, "replay.gif");
    assert_eq!(&replay.attachments[0].bytes[..3], b"GIF");
    h.refused(
        &alice(),
        Command::Move {
            from: Some("e2".into()),
            to: Some("e3".into()),
            notation: None,
        },
        "no game",
    );
}

#[test]
fn every_refusal_is_private_and_changes_nothing() {
    let mut h = Harness::new();
    h.refused(&alice(), challenge(alice(), 0, 0), "yourself");
    let other_bot = UserRef {
        id: UserId(555),
        name: "otherbot".into(),
        bot: true,
        outside: false,
    };
    h.refused(&alice(), challenge(other_bot, 0, 0), "Bots cannot play");
    h.refused(&alice(), challenge(bob(), 5000, 0), "@101 has 1000 coins");
    h.refused(&alice(), challenge(bob(), -5, 0), "cannot be negative");
    h.refused(&alice(), challenge(bob(), i64::MAX, 0), "too large");
    h.refused(&alice(), Command::Accept, "no open challenge");

    // Bob spends most of his money elsewhere first: the challenge checks he can cover it.
    let c = h.ok(
        &bob(),
        Command::Challenge {
            opponent: carol(),
            args: ChallengeArgs {
                stake: Some(900),
                piece_price: Some(0),
                ..Default::default()
            },
        },
    );
    assert!(!c.buttons.is_empty());
    h.refused(
        &bob(),
        challenge(alice(), 1, 0),
        "You already have an open challenge in this channel",
    );
    h.refused(&alice(), Command::Button(button(&c, "Accept")), "Only @103");
    h.ok(&bob(), Command::Cancel);
    assert_eq!(
        h.balance(&bob()),
        (1000, 0),
        "a cancelled challenge is refunded"
    );
    h.refused(
        &carol(),
        Command::Button(button(&c, "Accept")),
        "no longer open",
    );

    let c = h.ok(&alice(), challenge(bob(), 10, 1));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.refused(
        &bob(),
        Command::Move {
            from: Some("e9".into()),
            to: Some("e8".into()),
            notation: None,
        },
        "It is @101's turn",
    );
    h.refused(
        &carol(),
        Command::Move {
            from: Some("e2".into()),
            to: Some("e3".into()),
            notation: None,
        },
        "You are not playing",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: Some("e2".into()),
            to: Some("e1".into()),
            notation: None,
        },
        "your own",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: Some("k4".into()),
            to: Some("e3".into()),
            notation: None,
        },
        "`k4` is not a square",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: Some("e5".into()),
            to: Some("e6".into()),
            notation: None,
        },
        "e5 is empty",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: None,
            to: None,
            notation: Some("e2-e9".into()),
        },
        "cannot reach",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: None,
            to: None,
            notation: Some("e2e".into()),
        },
        "not a move",
    );
    h.refused(
        &alice(),
        Command::Move {
            from: Some("e2".into()),
            to: None,
            notation: None,
        },
        "Say which move",
    );
    h.mv(&alice(), "e2-e3");
    h.refused(
        &bob(),
        Command::Move {
            from: Some("e9".into()),
            to: Some("e10".into()),
            notation: None,
        },
        "your own",
    );
    h.refused(
        &bob(),
        Command::Move {
            from: Some("e8".into()),
            to: Some("e7".into()),
            notation: None,
        },
        "e8 is empty",
    );
    h.refused(
        &bob(),
        Command::Move {
            from: Some("d9".into()),
            to: Some("d10".into()),
            notation: None,
        },
        "your own",
    );
    h.mv(&bob(), "e9-e8");
    h.refused(
        &alice(),
        Command::Move {
            from: Some("e3".into()),
            to: Some("e2".into()),
            notation: None,
        },
        "cannot move backwards",
    );
    h.refused(&carol(), Command::Resign, "not playing");
    h.refused(&alice(), Command::Claim, "only your opponent can claim");
    h.refused(&carol(), Command::Draw, "not playing");
    let mut s = h.request(
        &alice(),
        Command::Admin(jetan_core::AdminCommand::Settings(
            jetan_core::SettingsArgs {
                daily_allowance: Some(5),
                ..Default::default()
            },
        )),
    );
    s.manager = false;
    let r = h.handle(s).reply;
    assert!(
        r.text.plain().contains("Only server managers"),
        "{}",
        r.text.plain()
    );
}

#[test]
fn draws_by_agreement_use_buttons_and_return_the_stakes() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 100, 2));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.mv(&alice(), "e2-e3");
    let offer = h.ok(&bob(), Command::Draw);
    h.refused(
        &bob(),
        Command::Button(button(&offer, "Accept draw")),
        "no draw offer",
    );
    let declined = h.ok(&alice(), Command::Button(button(&offer, "Decline")));
    assert!(declined.text.plain().contains("declines"));
    let offer = h.ok(&alice(), Command::Draw);
    let done = h.ok(&bob(), Command::Button(button(&offer, "Accept draw")));
    assert!(done.text.plain().contains("Draw"), "{}", done.text.plain());
    assert_eq!(h.balance(&alice()), (1000, 0));
    assert_eq!(h.balance(&bob()), (1000, 0));
    // The old offer's buttons no longer act.
    h.refused(
        &bob(),
        Command::Button(button(&offer, "Accept draw")),
        "no longer open",
    );
}

#[test]
fn resigning_pays_the_stake_and_rematch_keeps_the_terms() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 30, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let r = h.resign(&alice());
    assert!(r.text.plain().contains("@102 wins"), "{}", r.text.plain());
    // A rated game: the result says what it did to both ratings.
    assert!(
        r.text
            .plain()
            .contains("Ratings (Classic Jetan): @101 1500 → 1338 (-162), @102 1500 → 1662 (+162)."),
        "{}",
        r.text.plain()
    );
    assert_eq!(h.balance(&alice()), (970, 0));
    // One rated game is not enough to be ranked by rating.
    let by_rating = h.ok(
        &carol(),
        Command::Standings {
            page: None,
            rating: Some(jetan_store::RatingPool::named("classic")),
        },
    );
    assert!(
        by_rating
            .text
            .plain()
            .contains("Nobody has played 3 rated games of Classic Jetan yet."),
        "{}",
        by_rating.text.plain()
    );
    assert_eq!(h.balance(&bob()), (1030, 0));
    h.refused(
        &alice(),
        Command::Rematch {
            first: Some(FirstMover::Challenger),
        },
        "Only the winner",
    );
    let again = h.ok(
        &bob(),
        Command::Rematch {
            first: Some(FirstMover::Challenged),
        },
    );
    assert!(
        again.text.plain().contains("Stake: 30 coins"),
        "{}",
        again.text.plain()
    );
    let game = h.ok(&alice(), Command::Button(button(&again, "Accept")));
    assert!(
        game.text.plain().contains("@101 plays Black"),
        "the loser moves first as bob chose: {}",
        game.text.plain()
    );
    let history = h.private(
        &alice(),
        Command::History {
            user: Some(alice()),
        },
        "The last game of @101",
    );
    assert!(
        history.text.plain().contains("@102 beat @101"),
        "{}",
        history.text.plain()
    );
}

#[test]
fn challenges_expire_and_slow_players_lose_on_time() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 40, 0));
    h.now += 11 * 60 * 1000; // the default expiry is 10 minutes
    h.refused(&bob(), Command::Button(button(&c, "Accept")), "expired");
    // A new challenge replaces the expired one (which is refunded first).
    let c = h.ok(
        &alice(),
        Command::Challenge {
            opponent: bob(),
            args: ChallengeArgs {
                stake: Some(40),
                piece_price: Some(0),
                move_time: Some(5),
                first: Some(FirstMover::Challenger),
                ..Default::default()
            },
        },
    );
    assert_eq!(h.balance(&alice()), (960, 40));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.mv(&alice(), "e2-e3");
    h.now += 4 * 60 * 1000;
    h.refused(&alice(), Command::Claim, "not up");
    h.refused(&bob(), Command::Claim, "it is your turn");
    h.now += 2 * 60 * 1000;
    let r = h.ok(&alice(), Command::Claim);
    assert!(r.text.plain().contains("@101 wins"), "{}", r.text.plain());
    assert_eq!(h.balance(&alice()), (1040, 0));
    assert_eq!(h.balance(&bob()), (960, 0));
}

#[test]
fn manator_duels_are_decided_by_the_game_seed_and_replay() {
    // Two runs with the same seed give the same duels; the record replays.
    let mut outcomes = Vec::new();
    for _ in 0..2 {
        let mut h = Harness::new();
        let c = h.ok(
            &alice(),
            Command::Challenge {
                opponent: bob(),
                args: ChallengeArgs {
                    options: vec![("variant".into(), "manator".into())],
                    first: Some(FirstMover::Challenger),
                    stake: Some(0),
                    piece_price: Some(1),
                    ..Default::default()
                },
            },
        );
        h.ok(&bob(), Command::Button(button(&c, "Accept")));
        let mut duels = Vec::new();
        for ply in 0..200 {
            let Some(game) = h.core().store().game(CHANNEL).unwrap() else {
                break;
            };
            let pos = game.position().unwrap();
            let moves = pos.legal_moves();
            // Attack when possible, otherwise the first move: deterministic.
            let m = moves
                .iter()
                .find(|m| m.capture.is_some())
                .copied()
                .unwrap_or(moves[ply % moves.len()]);
            let player =
                if game.player(jetan_store::games::jetan::seat_of(pos.turn())) == alice().id {
                    alice()
                } else {
                    bob()
                };
            let r = h.mv(&player, &m.to_string());
            if r.text.plain().contains("duel") {
                duels.push(r.text.plain().contains("wins the duel"));
            }
        }
        assert!(!duels.is_empty(), "attacks in Manator fight duels");
        let wallets = (h.balance(&alice()), h.balance(&bob()));
        assert_eq!(
            wallets.0 .0 + wallets.1 .0 + wallets.0 .1 + wallets.1 .1,
            2000,
            "no money created or lost"
        );
        outcomes.push((duels, wallets));
    }
    assert_eq!(
        outcomes[0], outcomes[1],
        "the same seed gives the same duels"
    );
}

#[test]
fn a_restart_mid_game_loses_nothing_and_old_buttons_still_work() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 50, 1));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    for (i, m) in PRINCESS_LINE[..4].iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        h.mv(&player, m);
    }
    let offer = h.ok(&alice(), Command::Draw);
    h.restart();
    let board = h.ok(&carol(), Command::Board);
    assert!(
        board.text.plain().contains("move 3, Black"),
        "{}",
        board.text.plain()
    );
    // The draw offer made before the restart can still be declined with its button.
    h.ok(&bob(), Command::Button(button(&offer, "Decline")));
    for (i, m) in PRINCESS_LINE[4..].iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        h.mv(&player, m);
    }
    assert_eq!(h.balance(&alice()), (1052, 0));
    assert_eq!(h.balance(&bob()), (948, 0));
}

#[test]
fn a_repeated_request_acts_once() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 50, 0));
    let accept = h.request(&bob(), Command::Button(button(&c, "Accept")));
    let first = h.handle(accept.clone());
    let second = h.handle(accept);
    assert!(
        !first.reply.ephemeral && !second.reply.ephemeral,
        "{:?}",
        second.reply.text.plain()
    );
    assert_eq!(h.balance(&bob()), (950, 50), "one escrow");
    let m = h.request(
        &alice(),
        Command::Move {
            from: Some("e2".into()),
            to: Some("e3".into()),
            notation: None,
        },
    );
    let played = h.handle(m.clone()).reply;
    assert!(
        played.text.plain().contains("e2-e3"),
        "{}",
        played.text.plain()
    );
    // The opponent replies; then Discord redelivers the first move's interaction.
    h.mv(&bob(), "e9-e8");
    let again = h.handle(m).reply;
    assert_eq!(
        again.text, played.text,
        "the repeat is answered with the first result"
    );
    assert!(!again.ephemeral);
    assert_eq!(
        h.core()
            .store()
            .game(CHANNEL)
            .unwrap()
            .unwrap()
            .moves()
            .len(),
        2,
        "nothing played twice"
    );
}

#[test]
fn a_swapped_challenge_is_never_accepted_by_an_old_button_or_confirm() {
    let mut h = Harness::new();
    let old = h.ok(&alice(), challenge(bob(), 10, 0));
    // Bob types accept: the terms privately, with a Confirm bound to this challenge.
    let terms = h.private(&bob(), Command::Accept, "Accept this challenge from @101?");
    assert!(
        terms.text.plain().contains("Stake: 10 coins"),
        "{}",
        terms.text.plain()
    );
    assert_eq!(h.balance(&bob()), (1000, 0), "a typed accept takes nothing");
    // Alice swaps it for a bigger one.
    h.ok(&alice(), Command::Cancel);
    h.ok(&alice(), challenge(bob(), 500, 0));
    h.refused(
        &bob(),
        Command::Button(button(&terms, "Confirm")),
        "no longer open",
    );
    h.refused(
        &bob(),
        Command::Button(button(&old, "Accept")),
        "no longer open",
    );
    h.refused(
        &bob(),
        Command::Button(button(&old, "Decline")),
        "no longer open",
    );
    assert_eq!(h.balance(&bob()), (1000, 0));
}

#[test]
fn resigning_asks_first_and_says_what_it_costs() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 40, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let ask = h.private(&alice(), Command::Resign, "wins the game");
    assert!(
        ask.text.plain().contains("pay @102 the stake of 40 coins"),
        "{}",
        ask.text.plain()
    );
    assert_eq!(h.balance(&alice()), (960, 40), "asking changes nothing");
    // Carol cannot press alice's confirmation for her.
    h.refused(
        &carol(),
        Command::Button(button(&ask, "Confirm resignation")),
        "not playing",
    );
    let done = h.ok(
        &alice(),
        Command::Button(button(&ask, "Confirm resignation")),
    );
    assert!(
        done.text.plain().contains("@101 resigns"),
        "{}",
        done.text.plain()
    );
    assert_eq!(h.balance(&alice()), (960, 0));
    // The old confirmation no longer acts once the game is over.
    h.refused(
        &alice(),
        Command::Button(button(&ask, "Confirm resignation")),
        "already over",
    );
}

#[test]
fn messages_ping_only_who_must_act() {
    let mut h = Harness::new();
    let c = h.send(&alice(), challenge(bob(), 0, 0));
    assert_eq!(
        c.reply.pings,
        vec![bob().id],
        "a challenge pings the challenged player"
    );
    assert!(
        c.shows.is_some(),
        "the challenge message is remembered, to edit it later"
    );
    let started = h.ok(&bob(), Command::Button(button(&c.reply, "Accept")));
    assert_eq!(started.pings, vec![alice().id], "the first mover is pinged");
    let moved = h.mv(&alice(), "e2-e3");
    assert_eq!(
        moved.pings,
        vec![bob().id],
        "a move pings the player now to move"
    );
    for (quiet, expected) in [
        (Command::Board, None),
        (
            Command::Standings {
                page: None,
                rating: None,
            },
            None,
        ),
        (Command::Wallet { user: None }, Some("@103's wallet")),
        (
            Command::History { user: None },
            Some("No finished games in this channel's history yet"),
        ),
    ] {
        let r = match expected {
            None => h.ok(&carol(), quiet.clone()),
            Some(expected) => h.private(&carol(), quiet.clone(), expected),
        };
        assert!(r.pings.is_empty(), "{quiet:?} pings nobody");
    }
}

#[test]
fn an_answered_challenge_loses_its_buttons() {
    let mut h = Harness::new();
    let c = h.send(&alice(), challenge(bob(), 0, 0));
    h.core().remember_message(c.shows.unwrap(), CHANNEL, 777);
    let req = h.request(&bob(), Command::Button(button(&c.reply, "Decline")));
    let declined = h.handle(req);
    assert_eq!(declined.edits.len(), 1, "{declined:?}");
    let edit = &declined.edits[0];
    assert_eq!((edit.channel, edit.message), (CHANNEL, 777));
    assert!(edit.reply.buttons.is_empty());
    assert!(
        edit.reply.text.plain().contains("declined by @102"),
        "{}",
        edit.reply.text.plain()
    );
}

#[test]
fn a_challenge_answered_before_its_message_is_known_is_edited_all_the_same() {
    // Accepted before the front end remembers where the challenge was posted: the
    // message it then remembers comes back with the accept's text, buttons off.
    let mut h = Harness::new();
    let c = h.send(&alice(), challenge(bob(), 0, 0));
    h.ok(&bob(), Command::Button(button(&c.reply, "Accept")));
    let (at, text) = h
        .core()
        .remember_message(c.shows.unwrap(), CHANNEL, 778)
        .expect("the answered challenge's message comes back");
    assert_eq!((at.channel, at.message), (CHANNEL, 778));
    let text = text.expect("an accepted challenge says so");
    assert!(text.buttons.is_empty());
    assert!(
        text.text.plain().contains("accepted by @102"),
        "{}",
        text.text.plain()
    );
    // Declined before: the buttons come off, the text stays (nothing to say it with).
    let mut h = Harness::new();
    let c = h.send(&alice(), challenge(bob(), 0, 0));
    h.ok(&bob(), Command::Button(button(&c.reply, "Decline")));
    let (_, text) = h
        .core()
        .remember_message(c.shows.unwrap(), CHANNEL, 779)
        .expect("the answered challenge's message comes back");
    assert!(text.is_none());
    // Still open: kept, nothing to change.
    let c = h.send(&alice(), challenge(bob(), 0, 0));
    assert!(h
        .core()
        .remember_message(c.shows.unwrap(), CHANNEL, 780)
        .is_none());
}

#[test]
fn the_sweep_expires_challenges_and_settles_games_nobody_plays() {
    let mut h = Harness::new();
    let c = h.send(&alice(), challenge(bob(), 20, 0));
    h.core().remember_message(c.shows.unwrap(), CHANNEL, 9);
    h.now += 11 * 60_000;
    let sweep = h.sweep(h.now);
    assert_eq!(
        sweep.edits.len(),
        1,
        "the challenge message says it expired"
    );
    assert!(sweep.edits[0].reply.text.plain().contains("expired"));
    assert_eq!(h.balance(&alice()), (1000, 0), "refunded");

    // A game with money: the move time (the server's default, a day) passes three
    // times with nobody moving: the player to move loses on time.
    let c = h.ok(&alice(), challenge(bob(), 20, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.mv(&alice(), "e2-e3");
    h.now += 2 * 24 * 3_600_000;
    // Two days: still on. Bob, whose move time ran out, is told when the game will be
    // settled, and Alice that she may claim (one reminder, pinging both).
    let sweep = h.sweep(h.now);
    let told: Vec<_> = sweep
        .posts
        .iter()
        .map(|(c, r)| (*c, r.text.plain(), r.pings.clone()))
        .collect();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0]
            .1
            .starts_with("⏰ @102's move time in **Classic Jetan** ran out: @101 may claim"),
        "{told:?}"
    );
    assert_eq!(told[0].2, vec![UserId(102), UserId(101)]);
    h.now += 24 * 3_600_000;
    let sweep = h.sweep(h.now);
    assert_eq!(sweep.posts.len(), 1, "{sweep:?}");
    assert!(
        sweep.posts[0].1.text.plain().contains("@102 loses on time"),
        "{}",
        sweep.posts[0].1.text.plain()
    );
    assert_eq!(h.balance(&alice()), (1020, 0));
    assert_eq!(h.balance(&bob()), (980, 0));

    // A practice game nobody touches for the move time ends as abandoned, no money.
    h.ok(
        &carol(),
        practice(ChallengeArgs {
            first: Some(FirstMover::Challenged),
            move_time: Some(30),
            ..Default::default()
        }),
    );
    assert!(h.core().store().game(CHANNEL).unwrap().is_some());
    h.now += 31 * 60_000;
    let sweep = h.sweep(h.now);
    assert!(
        sweep.posts[0].1.text.plain().contains("abandoned"),
        "{sweep:?}"
    );
    assert!(
        h.core().store().game(CHANNEL).unwrap().is_none(),
        "the channel is free"
    );
    assert!(h.core().store().verify().unwrap().is_clean());
}

#[test]
fn admins_abort_grant_and_take_and_members_cannot() {
    let mut h = Harness::new();
    let admin = |h: &mut Harness, user: &UserRef, command: AdminCommand, manager: bool| {
        let mut req = h.request(user, Command::Admin(command));
        req.manager = manager;
        h.handle(req).reply
    };
    let c = h.ok(&alice(), challenge(bob(), 30, 1));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let r = admin(
        &mut h,
        &carol(),
        AdminCommand::Abort { reason: None },
        false,
    );
    assert!(
        r.ephemeral && r.text.plain().contains("Only server managers"),
        "{}",
        r.text.plain()
    );
    assert!(h.core().store().game(CHANNEL).unwrap().is_some());
    let r = admin(
        &mut h,
        &carol(),
        AdminCommand::Abort {
            reason: Some("spam".into()),
        },
        true,
    );
    assert!(!r.ephemeral, "an abort is public: {}", r.text.plain());
    assert!(
        r.text.plain().contains("Reason: spam") && r.text.plain().contains("No result"),
        "{}",
        r.text.plain()
    );
    assert_eq!(h.balance(&alice()), (1000, 0));
    assert_eq!(h.balance(&bob()), (1000, 0));
    let w = h.core().store().wallet(GUILD, alice().id).unwrap();
    assert_eq!((w.wins, w.losses, w.draws), (0, 0, 0), "no result counted");

    let grant = AdminCommand::Grant {
        user: bob(),
        amount: 250,
        reason: "tournament prize".into(),
    };
    let r = admin(&mut h, &carol(), grant, true);
    assert!(
        r.ephemeral && r.text.plain().contains("Granted 250 coins"),
        "{}",
        r.text.plain()
    );
    assert_eq!(h.balance(&bob()), (1250, 0));
    let take = |amount| AdminCommand::Take {
        user: bob(),
        amount,
        reason: "cheating".into(),
    };
    let r = admin(&mut h, &carol(), take(2000), true);
    assert!(
        r.text.plain().contains("has 1250 coins available"),
        "never below zero: {}",
        r.text.plain()
    );
    let r = admin(&mut h, &carol(), take(50), true);
    assert!(
        r.text.plain().contains("Took 50 coins"),
        "{}",
        r.text.plain()
    );
    assert_eq!(h.balance(&bob()), (1200, 0));
    let r = admin(&mut h, &bob(), take(50), false);
    assert!(
        r.text.plain().contains("Only server managers"),
        "{}",
        r.text.plain()
    );
    assert!(
        h.core().store().verify().unwrap().is_clean(),
        "grants and takes conserve money"
    );
}

#[test]
fn settings_cannot_break_the_server() {
    let mut h = Harness::new();
    let change = |h: &mut Harness, args: SettingsArgs| {
        let mut req = h.request(&alice(), Command::Admin(AdminCommand::Settings(args)));
        req.manager = true;
        h.handle(req).reply
    };
    let other = ChannelId(CHANNEL.get() + 1);
    // Allow then disallow the same channel: it ends disallowed, not every channel open.
    change(
        &mut h,
        SettingsArgs {
            allow_channel: Some(other),
            ..Default::default()
        },
    );
    let r = change(
        &mut h,
        SettingsArgs {
            disallow_channel: Some(other),
            ..Default::default()
        },
    );
    assert!(
        r.text
            .plain()
            .contains(&format!("every channel except #{other}")),
        "{}",
        r.text.plain()
    );
    let s = h.core().store().settings(GUILD).unwrap();
    assert!(!s.allows(other) && s.allows(CHANNEL));
    // A default that no challenge could use is refused.
    let r = change(
        &mut h,
        SettingsArgs {
            piece_price: Some(i64::from(u32::MAX) * 1_000_000),
            ..Default::default()
        },
    );
    assert!(
        r.ephemeral && !r.text.plain().contains("Settings saved"),
        "{}",
        r.text.plain()
    );
    // Currency names: no markup, no mentions, no line breaks, at most 20 characters.
    for bad in [
        "@everyone",
        "[x](http://a)",
        "a\nb",
        "gold\u{202e}",
        "<@&1>",
        "abcdefghijklmnopqrstu",
    ] {
        let r = change(
            &mut h,
            SettingsArgs {
                currency: Some(bad.into()),
                ..Default::default()
            },
        );
        assert!(
            r.text.plain().contains("currency name needs"),
            "{bad:?}: {}",
            r.text.plain()
        );
    }
    let r = change(
        &mut h,
        SettingsArgs {
            currency: Some("🪙 gold".into()),
            ..Default::default()
        },
    );
    assert!(
        r.text.plain().contains("Currency: 🪙 gold"),
        "{}",
        r.text.plain()
    );
    // Two changes both land (one transaction each).
    change(
        &mut h,
        SettingsArgs {
            stake: Some(5),
            ..Default::default()
        },
    );
    change(
        &mut h,
        SettingsArgs {
            daily_allowance: Some(7),
            ..Default::default()
        },
    );
    let s = h.core().store().settings(GUILD).unwrap();
    assert_eq!((s.default_stake, s.daily_allowance), (5, 7));
}

#[test]
fn the_computer_answers_practice_games_without_touching_wallets() {
    let mut h = Harness::new();
    let r = h.send(
        &alice(),
        practice(ChallengeArgs {
            first: Some(FirstMover::Challenged),
            level: Some(1),
            ..Default::default()
        }),
    );
    assert!(
        r.reply.text.plain().contains("Practice game"),
        "{}",
        r.reply.text.plain()
    );
    assert_eq!(
        r.computer_moves_in,
        Some(CHANNEL),
        "the computer moves first"
    );
    let reply = h
        .core()
        .computer_turn(GUILD, CHANNEL, || T0)
        .expect("the computer moves");
    assert!(
        reply.reply.text.plain().contains("@999 plays"),
        "{}",
        reply.reply.text.plain()
    );
    assert!(
        reply.reply.text.plain().contains("@101, your move"),
        "{}",
        reply.reply.text.plain()
    );
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert_eq!(game.moves().len(), 1);
    // A draw offered at the start: the computer judges the game, declines, and says why,
    // privately; nothing changes.
    h.refused(
        &alice(),
        Command::Draw,
        "The computer plays on: it does not judge itself behind",
    );
    // Alice answers with her first legal move; the computer is asked to move again.
    let pos = game.position().unwrap();
    let m = pos.legal_moves()[0];
    let r = h.send(
        &alice(),
        Command::Move {
            from: Some(m.from.to_string()),
            to: Some(m.to.to_string()),
            notation: None,
        },
    );
    assert_eq!(r.computer_moves_in, Some(CHANNEL));
    h.refused(
        &alice(),
        practice(ChallengeArgs {
            stake: Some(5),
            ..Default::default()
        }),
        "no stakes",
    );
    h.refused(&alice(), practice(ChallengeArgs::default()), "already");
    h.resign(&alice());
    assert!(
        h.core().computer_turn(GUILD, CHANNEL, || T0).is_none(),
        "no game: nothing to do"
    );
    assert_eq!(h.balance(&alice()), (1000, 0));
    assert_eq!(
        h.core().store().wallet(GUILD, alice().id).unwrap().games(),
        0,
        "practice is not counted"
    );
}

#[test]
fn the_computer_offers_a_draw_in_a_dead_practice_game() {
    let mut h = Harness::new();
    let r = h.send(
        &alice(),
        practice(ChallengeArgs {
            first: Some(FirstMover::Challenged),
            level: Some(2),
            ..Default::default()
        }),
    );
    assert_eq!(r.computer_moves_in, Some(CHANNEL));
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    let me = jetan_store::games::jetan::color_of(game.seat_of(computer().id).unwrap());
    // Each side a Chief and a Princess, the computer a Panthan more, far from the
    // enemy Chief: nobody can trap a Princess, the game is dead (uppercase is Black).
    let dead = match me {
        jetan_rules::Color::Black => "9p/4c5/10/10/10/10/4N5/10/10/C1P7 b - - 100",
        jetan_rules::Color::Orange => "9P/4C5/10/10/10/10/4n5/10/10/c1p7 o - - 100",
    };
    h.set_position(dead);
    let turn = h
        .core()
        .computer_turn(GUILD, CHANNEL, || T0)
        .expect("the computer moves");
    let text = turn.reply.text.plain();
    assert!(text.contains("@999 plays"), "{text}");
    assert!(
        text.contains("@999 offers a draw. @101, do you accept?"),
        "{text}"
    );
    assert!(turn.reply.pings.contains(&alice().id), "{:?}", turn.reply);
    assert!(turn.shows.is_some(), "the offer's message is remembered");
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert_eq!(
        game.draw_offer,
        Some(computer().id),
        "stored as a player's offer"
    );
    assert_eq!(game.moves().len(), 1, "and the move was played");
    // The player answers with the offer's own button: the game ends drawn.
    let done = h.ok(
        &alice(),
        Command::Button(button(&turn.reply, "Accept draw")),
    );
    assert!(done.text.plain().contains("Draw"), "{}", done.text.plain());
    assert!(h.core().store().game(CHANNEL).unwrap().is_none());
    assert_eq!(h.balance(&alice()), (1000, 0), "practice: no money moves");
    assert_eq!(
        h.core().store().wallet(GUILD, alice().id).unwrap().games(),
        0,
        "practice is not counted"
    );
    // (No `verify`: the state was put there by hand, its actions do not replay to it.)
}

#[test]
fn autocomplete_offers_the_legal_moves() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 0, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let from = h.core().suggest_from(CHANNEL, alice().id, "en-US", "");
    let pos = h
        .core()
        .store()
        .game(CHANNEL)
        .unwrap()
        .unwrap()
        .position()
        .unwrap();
    let mut squares: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.from.to_string())
        .collect();
    squares.sort();
    squares.dedup();
    let offered: Vec<String> = from.iter().map(|(_, v)| v.clone()).collect();
    let mut sorted = offered.clone();
    sorted.sort();
    assert_eq!(sorted, squares);
    assert!(
        h.core()
            .suggest_from(CHANNEL, bob().id, "en-US", "")
            .is_empty(),
        "not bob's turn"
    );
    let to = h.core().suggest_to(CHANNEL, alice().id, "en-US", "e2", "");
    let values: Vec<&str> = to.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(values.len(), pos.moves_from("e2".parse().unwrap()).len());
    assert!(values.contains(&"e3"));
    let princess = h.core().suggest_to(CHANNEL, alice().id, "en-US", "f1", "");
    assert!(princess.len() <= 25);
    assert!(princess.iter().any(|(name, _)| name.contains("escape")));
}

#[test]
fn a_circular_game_crosses_the_seam() {
    let mut h = Harness::new();
    let c = h.ok(
        &alice(),
        Command::Challenge {
            opponent: bob(),
            args: ChallengeArgs {
                options: vec![("board".into(), "circular".into())],
                first: Some(FirstMover::Challenger),
                ..Default::default()
            },
        },
    );
    assert!(
        c.text.plain().contains("circular board"),
        "{}",
        c.text.plain()
    );
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    let pos = game.position().unwrap();
    assert_eq!(pos.topology(), jetan_rules::Topology::Circular);
    // A move across the j–a seam (a Thoat stepping from a2 round to the j file).
    let across = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.from.file() == 0 && m.to.file() == 9)
        .expect("a piece on the a file can step across the seam");
    let r = h.mv(&alice(), &format!("{}-{}", across.from, across.to));
    assert!(
        r.text.plain().contains(&across.to.to_string()),
        "{}",
        r.text.plain()
    );
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert!(game.position.ends_with("circular"), "{}", game.position);
    assert!(h.core().store().verify().unwrap().is_clean());
}

/// A server manager's settings change.
fn set_language(h: &mut Harness, language: &str) -> Reply {
    let mut req = h.request(
        &carol(),
        Command::Admin(AdminCommand::Settings(SettingsArgs {
            language: Some(language.into()),
            ..Default::default()
        })),
    );
    req.manager = true;
    h.handle(req).reply
}

#[test]
fn a_spanish_server_posts_in_spanish_and_answers_each_player_in_their_language() {
    let mut h = Harness::new();
    h.locales.insert(UserId(bob().id.get()), "es-ES");
    let r = set_language(&mut h, "es");
    assert!(
        r.ephemeral
            && r.text
                .plain()
                .contains("Language of public messages: Spanish"),
        "the manager's own answer is in the manager's language: {}",
        r.text.plain()
    );
    let c = h.ok(&alice(), challenge(bob(), 50, 1));
    assert!(!c.ephemeral);
    for words in [
        "@101 desafía a @102 a una partida de **Jetan clásico**",
        "Apuesta: 50 monedas cada uno",
        "un Dwar cuesta 3 monedas",
        "Cada jugador deja 92 monedas en depósito: la apuesta de 50 monedas + hasta 42 monedas por piezas perdidas",
        "Empieza @101",
    ] {
        assert!(c.text.plain().contains(words), "{words:?} in {}", c.text.plain());
    }
    assert!(c.buttons.iter().any(|b| b.label == "Aceptar"));
    // Bob's private confirmation is in his Spanish.
    let ask = h.private(&bob(), Command::Accept, "¿Aceptas este desafío de @101?");
    let started = h.ok(&bob(), Command::Button(button(&ask, "Confirmar")));
    assert!(
        started.text.plain().contains("juega con Negras y empieza"),
        "{}",
        started.text.plain()
    );
    // Alice's refusals stay in her English; Bob's in his Spanish; squares in lower case.
    let board = h.ok(&bob(), Command::Board);
    assert!(
        board
            .text
            .plain()
            .starts_with("@101 (Negras) contra @102 (Naranjas), jugada 1, Negras: le toca a @101."),
        "{}",
        board.text.plain()
    );
    h.refused(
        &bob(),
        Command::Moves {
            square: "E5".into(),
        },
        "e5 está vacía.",
    );
    let first = h.mv(&alice(), PRINCESS_LINE[0]);
    assert!(
        first.text.plain().contains("(jugada 1, Negras)"),
        "moves are counted per side: {}",
        first.text.plain()
    );
    assert!(first
        .text
        .plain()
        .contains("Tiempo que queda para esta jugada: 24 h."));
    assert!(first.text.plain().contains(
        "En juego: apuesta de 50 monedas cada uno, 1 moneda por punto de pieza. Pagado por piezas perdidas hasta ahora: @101 0 monedas, @102 0 monedas."
    ));
    h.refused(
        &alice(),
        Command::Move {
            from: None,
            to: None,
            notation: Some("e2-e3".into()),
        },
        "It is @102's turn.",
    );
    let reply = h.mv(&bob(), PRINCESS_LINE[1]);
    assert!(
        reply.text.plain().contains("(jugada 1, Naranjas)"),
        "{}",
        reply.text.plain()
    );
    for (i, m) in PRINCESS_LINE[2..].iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        let r = h.mv(&player, m);
        if i == PRINCESS_LINE.len() - 3 {
            for words in [
                "**Gana @101** — capturó a la Princesa.",
                "pagó a",
                "Resultado neto: @101 +",
            ] {
                assert!(
                    r.text.plain().contains(words),
                    "{words:?} in {}",
                    r.text.plain()
                );
            }
        }
    }
    let history = h.private(
        &bob(),
        Command::History { user: None },
        "La última partida de este canal",
    );
    assert!(
        history
            .text
            .plain()
            .starts_with("La última partida de este canal"),
        "one game, in the singular: {}",
        history.text.plain()
    );
    assert!(
        history.text.plain().contains("5 jugadas"),
        "{}",
        history.text.plain()
    );
    // The id history shows is the one replay takes.
    let id = history.text.plain().split('`').nth(3).unwrap().to_string();
    let replay = h.ok(
        &carol(),
        Command::Replay {
            game: Some(id.clone()),
        },
    );
    assert!(
        replay
            .text
            .plain()
            .starts_with(&format!("Repetición de la partida `{id}`")),
        "{}",
        replay.text.plain()
    );
    h.refused(
        &carol(),
        Command::Replay {
            game: Some("999999".into()),
        },
        "There is no finished game `999999`",
    );
    // Back to the server's own language: English here (no guild locale).
    set_language(&mut h, "auto");
    h.private(&carol(), Command::Rules, "may turn between them");
    h.locales.insert(UserId(carol().id.get()), "es-419");
    let r = h.private(&carol(), Command::Rules, "puede girar entre ellos");
    assert!(
        r.text.plain().contains("puede girar entre ellos"),
        "{}",
        r.text.plain()
    );
}

#[test]
fn the_guild_locale_sets_public_messages_until_the_server_names_a_language() {
    let mut h = Harness::new();
    let mut req = h.request(&alice(), challenge(bob(), 0, 0));
    req.guild_locale = Some("es-419".into());
    let c = h.handle(req).reply;
    assert!(
        c.text
            .plain()
            .contains("Partida amistosa: no se juega dinero."),
        "{}",
        c.text.plain()
    );
    set_language(&mut h, "en");
    let r = h.ok(&alice(), Command::Cancel);
    assert!(
        r.text.plain().contains("withdraws the challenge"),
        "{}",
        r.text.plain()
    );
    let r = set_language(&mut h, "fr");
    assert!(
        r.ephemeral && r.text.plain().contains("`auto`"),
        "{}",
        r.text.plain()
    );
}

#[test]
fn the_guild_locale_survives_a_restart_for_the_bots_own_posts() {
    let mut h = Harness::new();
    let mut req = h.request(&alice(), challenge(bob(), 20, 0));
    req.guild_locale = Some("es-ES".into());
    let c = h.handle(req);
    assert!(!c.reply.ephemeral, "{}", c.reply.text.plain());
    h.core().remember_message(c.shows.unwrap(), CHANNEL, 9);
    assert_eq!(
        h.core()
            .store()
            .settings(GUILD)
            .unwrap()
            .discord_locale
            .as_deref(),
        Some("es-ES"),
        "stored with the server's settings"
    );
    // Restart; nobody interacts; the challenge expires: the edit is in Spanish.
    h.restart();
    h.now += 11 * 60_000;
    let sweep = h.sweep(h.now);
    assert_eq!(sweep.edits.len(), 1, "{sweep:?}");
    assert!(
        sweep.edits[0]
            .reply
            .text
            .plain()
            .contains("caducó sin respuesta"),
        "{}",
        sweep.edits[0].reply.text.plain()
    );
    // The server's own `language` setting still wins.
    set_language(&mut h, "en");
    assert_eq!(h.core().public_lang(GUILD), jetan_core::Lang::En);
    set_language(&mut h, "auto");
    assert_eq!(h.core().public_lang(GUILD), jetan_core::Lang::Es);
}

#[test]
fn a_friendly_game_shows_no_money_and_the_princess_escape_is_listed_once() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 0, 0));
    assert!(c.text.plain().contains("Friendly game: nothing at stake."));
    assert!(!c.text.plain().contains("Dwar costs"), "{}", c.text.plain());
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let moves = h.private(
        &alice(),
        Command::Moves {
            square: "f1".into(),
        },
        "on f1 can go to",
    );
    // The piece is named once, with its article: "The Princess on f1 …".
    assert!(
        moves.text.plain().contains("The Princess on f1 can go to")
            && !moves.text.plain().to_lowercase().contains("the the"),
        "{}",
        moves.text.plain()
    );
    assert_eq!(
        moves.text.plain().matches("escape").count(),
        1,
        "{}",
        moves.text.plain()
    );
    assert!(
        moves
            .text
            .plain()
            .contains("to any of 26 safe empty squares"),
        "{}",
        moves.text.plain()
    );
    let r = h.mv(&alice(), "f1-e4");
    assert!(!r.text.plain().contains("Wager"), "{}", r.text.plain());
    h.resign(&bob());
    let last = h.core().store().last_finished(CHANNEL).unwrap().unwrap();
    assert_eq!(last.game.moves().len(), 1);
    let replay = h.ok(&alice(), Command::Replay { game: None });
    assert!(
        replay.text.plain().contains(", 1 move."),
        "{}",
        replay.text.plain()
    );
    assert!(
        !replay.text.plain().contains("Net"),
        "{}",
        replay.text.plain()
    );
    let wallet = h.send(
        &alice(),
        Command::Wallet {
            user: Some(computer()),
        },
    );
    assert!(
        wallet
            .reply
            .text
            .plain()
            .contains("is a bot and has no wallet"),
        "{}",
        wallet.reply.text.plain()
    );
}

/// Plays the Princess line: alice (Black) beats bob, rated, 50 at stake and 1 a point.
fn princess_game(h: &mut Harness) -> GameId {
    let c = h.ok(&alice(), challenge(bob(), 50, 1));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let id = h.core().store().game(CHANNEL).unwrap().unwrap().id;
    for (i, m) in PRINCESS_LINE.iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        h.mv(&player, m);
    }
    assert!(h.core().store().game(CHANNEL).unwrap().is_none());
    id
}

/// A profile is private unless shared, comes as a picture with the same facts in words
/// (the record by game and colour, streak, favourite opening, biggest win), in the
/// asker's language; a bot has none.
#[test]
fn a_profile_shows_the_record_privately_as_a_picture_unless_shared() {
    let mut h = Harness::new();
    princess_game(&mut h);
    h.now += 60_000;
    let mine = h.private(
        &alice(),
        Command::Profile {
            user: None,
            share: false,
        },
        "@101's profile",
    );
    assert!(mine.ephemeral, "private by default: {}", mine.text.plain());
    assert_eq!(mine.attachments.len(), 1);
    assert_eq!(mine.attachments[0].name, "profile.png");
    let (w, ht) = png_size(&mine.attachments[0].bytes);
    assert!(w == 720 && ht > 500, "{w}x{ht}");
    let text = mine.text.plain();
    for fact in [
        "@101's profile",
        "1 finished game since",
        "Classic Jetan, Black: 1 won, 0 drawn, 0 lost",
        "Classic Jetan: rating 1",
        "Streak: 1 win",
        "Favourite opening: f1-e4 (1 game)",
        "Biggest win: +52 coins against bob",
        "Wallet: 1052 coins (0 coins in escrow)",
    ] {
        assert!(text.contains(fact), "{fact:?} in {text}");
    }
    // Shared: in the channel, in the server's language.
    let shared = h.ok(
        &bob(),
        Command::Profile {
            user: Some(alice()),
            share: true,
        },
    );
    assert!(!shared.ephemeral);
    assert!(shared.pings.is_empty(), "a shared profile pings nobody");
    // Bob's own, in Spanish: a loss, and no biggest win.
    h.locales.insert(UserId(bob().id.get()), "es-ES");
    let his = h.private(
        &bob(),
        Command::Profile {
            user: None,
            share: false,
        },
        "Perfil de @102",
    );
    let text = his.text.plain();
    assert!(his.ephemeral);
    assert!(text.contains("Perfil de @102"), "{text}");
    assert!(
        text.contains("Jetan clásico, Naranjas: ganadas 0, tablas 0, perdidas 1"),
        "{text}"
    );
    assert!(text.contains("Racha: 1 derrota"), "{text}");
    assert!(!text.contains("Mayor victoria"), "{text}");
    // Someone who never played: the picture says so; a bot has no profile.
    let new = h.private(
        &carol(),
        Command::Profile {
            user: None,
            share: false,
        },
        "@103's profile",
    );
    assert!(
        new.text.plain().contains("No finished games yet"),
        "{}",
        new.text.plain()
    );
    assert_eq!(new.attachments.len(), 1);
    h.refused(
        &carol(),
        Command::Profile {
            user: Some(computer()),
            share: false,
        },
        "is a bot",
    );
}

/// The analysis of a finished game answers at once, then posts the biggest mistakes
/// with a picture each and a better move, pinging only the asker; a game in progress,
/// an unknown id and a game without moves are refused and nothing runs.
#[test]
fn an_analysis_names_the_mistakes_of_a_finished_game_only() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 0, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let live = h.core().store().game(CHANNEL).unwrap().unwrap().id;
    h.mv(&alice(), "f1-e4");
    let r = h.send(
        &carol(),
        Command::Analyse {
            game: Some(live.to_string()),
        },
    );
    assert!(
        r.reply.ephemeral && r.analysis.is_none(),
        "{}",
        r.reply.text.plain()
    );
    assert!(
        r.reply.text.plain().contains("still being played"),
        "{}",
        r.reply.text.plain()
    );
    h.resign(&bob());
    // Resigned after one move: nothing of bob's to judge, but the game is analysable.
    let id = princess_game(&mut h);
    h.refused(
        &carol(),
        Command::Analyse {
            game: Some("424242".into()),
        },
        "no finished game `424242`",
    );
    let r = h.send(
        &carol(),
        Command::Analyse {
            game: Some(id.to_string()),
        },
    );
    assert!(!r.reply.ephemeral, "{}", r.reply.text.plain());
    assert!(
        r.reply
            .text
            .plain()
            .contains(&format!("Analysing game `{id}` for @103")),
        "{}",
        r.reply.text.plain()
    );
    let job = r.analysis.expect("an analysis to run");
    assert_eq!((job.game, job.asker), (id, carol().id));
    let done = h.core().run_analysis(&job);
    let text = done.text.plain();
    assert!(!done.ephemeral);
    assert_eq!(
        done.pings,
        vec![carol().id],
        "only the asker is pinged: {text}"
    );
    assert!(
        text.contains(&format!("the analysis of game `{id}`")),
        "{text}"
    );
    let drops: Vec<&str> = text.lines().filter(|l| l.contains("Better:")).collect();
    assert!(!drops.is_empty() && drops.len() <= 3, "{text}");
    assert_eq!(done.attachments.len(), drops.len(), "a picture per mistake");
    assert!(done
        .attachments
        .iter()
        .all(|a| a.bytes.starts_with(b"\x89PNG")));
    // The loser made the biggest mistake: their Princess was left to be taken.
    assert!(drops[0].contains("Orange"), "{text}");
}

/// The menu of a reply, as a command choosing `value` in it.
fn choose(reply: &Reply, value: &str) -> Command {
    let menu = reply
        .menu
        .as_ref()
        .unwrap_or_else(|| panic!("a menu in {reply:?}"));
    assert!(
        menu.options.iter().any(|(v, _)| v == value),
        "{value} is not offered: {:?}",
        menu.options
    );
    Command::Choose {
        menu: ButtonAction::parse(&menu.id).unwrap(),
        value: value.to_string(),
    }
}

/// Moves without typing: the board's Move button opens, for the player to move only, a
/// private menu of their pieces, then of the piece's destinations; the choice plays the
/// move as `/jetan move` would. A menu left open while the board changed is stale.
#[test]
fn a_move_is_played_through_the_move_button_and_its_menus() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 10, 1));
    let started = h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let press = Command::Button(button(&started, "Move"));
    h.refused(&bob(), press.clone(), "It is @101's turn");
    h.refused(&carol(), press.clone(), "You are not playing");
    let pieces = h.menu(&alice(), press.clone());
    assert!(pieces.text.plain().contains("Your move: choose a piece"));
    let version = h.core().store().game(CHANNEL).unwrap().unwrap().version;
    let options = &pieces.menu.as_ref().unwrap().options;
    assert!(options
        .iter()
        .any(|(v, l)| v == &format!("e2@{version}") && l.contains("e2")));
    let targets = h.private(
        &alice(),
        choose(&pieces, &format!("e2@{version}")),
        "Your Panthan on e2: choose where it goes",
    );
    assert!(
        targets.ephemeral && targets.update_message,
        "the same private message"
    );
    let played = h.ok(&alice(), choose(&targets, &format!("e2-e3@{version}")));
    assert!(!played.ephemeral, "{}", played.text.plain());
    assert!(
        played.text.plain().contains("@101 plays **Ne2-e3**"),
        "{}",
        played.text.plain()
    );
    assert_eq!(played.pings, vec![bob().id]);
    assert!(
        played.buttons.iter().any(|b| b.label == "Move"),
        "the next board has the button"
    );
    // The old menus are stale now; nothing changes.
    h.refused(
        &alice(),
        choose(&targets, &format!("e2-e3@{version}")),
        "@102's turn",
    );
    h.refused(
        &bob(),
        choose(&pieces, &format!("e2@{version}")),
        "the board has changed",
    );
    let board = h.ok(&carol(), Command::Board);
    assert!(board.buttons.iter().any(|b| b.label == "Move"));
}

#[path = "economy/mod.rs"]
mod economy;
#[path = "martian/mod.rs"]
mod martian;
#[path = "options/mod.rs"]
mod options;
#[path = "tournament/mod.rs"]
mod tournament;

/// A thread per game: an accepted game asks for a thread named after its players, moves
/// into it (the channel takes the next challenge at once), is played and ended there,
/// and its result is told in one line back in the channel, the thread to be archived;
/// `/jetan games` links every game in progress; `threads:off` keeps games in the channel.
#[test]
fn an_accepted_game_moves_into_its_thread_and_its_result_is_told_in_the_channel() {
    const THREAD: ChannelId = ChannelId(777);
    let mut h = Harness::new();
    let c = h.ok(&alice(), challenge(bob(), 30, 0));
    let accepted = h.send(&bob(), Command::Button(button(&c, "Accept")));
    let plan = accepted.thread.clone().expect("a thread is asked for");
    assert_eq!(plan.channel, CHANNEL);
    assert_eq!(plan.name, "alice vs bob · Classic Jetan");
    assert_eq!(
        accepted.reply.attachments.len(),
        1,
        "the board, for the thread"
    );
    let line = h
        .core()
        .into_thread(&plan, ChannelId(THREAD.get()), h.now)
        .expect("the game moves");
    assert_eq!(
        line.text.plain(),
        "⚔️ @102 accepted @101's challenge: **Classic Jetan** is played in #777."
    );
    assert!(line.pings.is_empty(), "the channel's line pings nobody");
    // Done again (a retried follow-up): the same line, the game not moved twice.
    assert_eq!(
        h.core().into_thread(&plan, ChannelId(THREAD.get()), h.now),
        Some(line)
    );
    let store = h.core().store();
    assert!(store.game(CHANNEL).unwrap().is_none());
    assert_eq!(
        store.game(ChannelId(THREAD.get())).unwrap().unwrap().parent,
        Some(CHANNEL)
    );
    // A player who asks for the game in the channel is told where it is; others only
    // that there is none here.
    for who in [alice(), bob()] {
        h.refused(
            &who,
            Command::Resign,
            "There is no game in this channel. Start one with `/jetan challenge`.\n\
             Your game with @",
        );
    }
    h.refused(
        &alice(),
        Command::Resign,
        "Your game with @102 (**Classic Jetan**) is played in #777.",
    );
    let r = h.send(&carol(), Command::Resign).reply;
    assert_eq!(
        r.text.plain(),
        "There is no game in this channel. Start one with `/jetan challenge`."
    );
    assert!(r.pings.is_empty());
    // The channel is free: carol challenges alice there while the game goes on.
    let c2 = h.ok(&carol(), challenge(alice(), 0, 0));
    assert!(!c2.ephemeral, "{}", c2.text.plain());
    let games = h.ok(&carol(), Command::Games);
    assert_eq!(
        games.text.plain(),
        "One game in progress:\n#777 · @101 vs @102 · Classic Jetan · @101 to move (0 s)"
    );
    // Moves and resignation work inside the thread.
    let in_thread = |h: &mut Harness, user: &UserRef, command: Command| {
        let mut req = h.request(user, command);
        req.channel = ChannelId(THREAD.get());
        h.handle(req)
    };
    let moved = in_thread(
        &mut h,
        &alice(),
        Command::Move {
            from: None,
            to: None,
            notation: Some("b2-b3".into()),
        },
    );
    assert!(!moved.reply.ephemeral, "{}", moved.reply.text.plain());
    let ask = in_thread(&mut h, &bob(), Command::Resign).reply;
    let ended = in_thread(
        &mut h,
        &bob(),
        Command::Button(button(&ask, "Confirm resignation")),
    );
    assert!(ended.reply.text.plain().contains("@101 wins"));
    let posts: Vec<_> = ended
        .posts
        .iter()
        .map(|(c, r)| (*c, r.text.plain(), r.pings.len()))
        .collect();
    assert_eq!(
        posts,
        vec![(
            CHANNEL,
            "🏁 @101 beat @102 · Classic Jetan · #777".to_string(),
            0
        )]
    );
    assert_eq!(ended.archive, vec![THREAD]);
    assert_eq!(h.balance(&alice()), (1030, 0));
    // A rematch asked for in the game's thread stays in it: no thread in a thread.
    let again = in_thread(&mut h, &alice(), Command::Rematch { first: None });
    let mut req = h.request(&bob(), Command::Button(button(&again.reply, "Accept")));
    req.channel = ChannelId(THREAD.get());
    assert_eq!(h.handle(req).thread, None);
    // With threads off, games stay where they are accepted.
    let mut req = h.request(
        &alice(),
        Command::Admin(AdminCommand::Settings(SettingsArgs {
            threads: Some(false),
            ..Default::default()
        })),
    );
    req.manager = true;
    let saved = h.handle(req).reply;
    assert!(
        saved
            .text
            .plain()
            .contains("played in the challenge's channel"),
        "{}",
        saved.text.plain()
    );
    let r = h.send(&alice(), Command::Button(button(&c2, "Accept")));
    assert_eq!(r.thread, None, "{}", r.reply.text.plain());
    assert!(h.core().store().game(CHANNEL).unwrap().is_some());
}

/// Reminders: the player to move is pinged in the game's channel at half and at a tenth
/// of the move time, once each; one who asked (`/jetan notify how:dm`) gets a direct
/// message instead, with where the game is; a server can turn them off.
#[test]
fn the_player_to_move_is_reminded_in_the_channel_or_by_direct_message() {
    let mut h = Harness::new();
    let c = h.ok(
        &alice(),
        Command::Challenge {
            opponent: bob(),
            args: ChallengeArgs {
                first: Some(FirstMover::Challenger),
                move_time: Some(60),
                ..Default::default()
            },
        },
    );
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.mv(&alice(), "e2-e3");
    let texts = |sweep: &jetan_core::Sweep| -> Vec<(ChannelId, String, Vec<UserId>)> {
        sweep
            .posts
            .iter()
            .map(|(c, r)| (*c, r.text.plain(), r.pings.clone()))
            .collect()
    };
    h.now += 29 * 60_000;
    assert!(h.sweep(h.now).posts.is_empty(), "29 of 60 minutes");
    h.now += 60_000;
    let half = h.sweep(h.now);
    assert_eq!(
        texts(&half),
        vec![(
            CHANNEL,
            "⏳ @102, it is your move in **Classic Jetan**: half of your move time is left (30 min)."
                .to_string(),
            vec![UserId(102)]
        )]
    );
    assert!(h.sweep(h.now + 1000).posts.is_empty(), "once");
    // Bob asks for direct messages: the next reminder comes privately, with the link.
    h.private(
        &bob(),
        Command::Notify { dm: Some(true) },
        "reminded of your moves by **direct message**",
    );
    h.now += 25 * 60_000;
    let tenth = h.sweep(h.now);
    assert!(tenth.posts.is_empty(), "{:?}", texts(&tenth));
    assert_eq!(tenth.dms.len(), 1);
    let dm = &tenth.dms[0];
    assert_eq!(dm.user, UserId(102));
    assert_eq!(
        dm.reply.text.plain(),
        "⌛ @102, it is your move in **Classic Jetan**: only 5 min of your move time is left, \
         then @101 may claim the win. (in #20)"
    );
    assert!(!dm.reply.ephemeral);
    assert_eq!(dm.instead.0, CHANNEL, "posted there if the DM fails");
    assert_eq!(dm.instead.1.pings, vec![UserId(102)]);
    // Bob moves: his reminders are done; Alice's turn starts afresh. With reminders off,
    // nobody is reminded.
    h.mv(&bob(), "e9-e8");
    let mut req = h.request(
        &carol(),
        Command::Admin(AdminCommand::Settings(SettingsArgs {
            reminders: Some(false),
            ..Default::default()
        })),
    );
    req.manager = true;
    h.handle(req);
    h.now += 59 * 60_000;
    let off = h.sweep(h.now);
    assert!(
        off.posts.is_empty() && off.dms.is_empty(),
        "{:?}",
        texts(&off)
    );
}

/// Several challenges open at once in one channel, one per challenger: a challenged
/// player with two must press the button of the one they mean (a typed accept or
/// decline says so and changes nothing); each accepted game goes to its own thread
/// and the other challenge stays open beside them.
#[test]
fn a_channel_holds_several_challenges_one_per_challenger() {
    let mut h = Harness::new();
    let dave = UserRef::new(104, "dave");
    let from_alice = h.ok(&alice(), challenge(bob(), 10, 0));
    let from_carol = h.ok(&carol(), challenge(bob(), 0, 0));
    let from_dave = h.ok(&dave, challenge(alice(), 0, 0));
    for c in [&from_alice, &from_carol, &from_dave] {
        assert!(!c.ephemeral, "{}", c.text.plain());
    }
    assert_eq!(
        h.core().store().open_challenges_in(CHANNEL).unwrap().len(),
        3
    );
    h.refused(
        &alice(),
        challenge(carol(), 0, 0),
        "You already have an open challenge",
    );
    h.refused(
        &bob(),
        Command::Accept,
        "2 challenges to you are open in this channel",
    );
    h.refused(&bob(), Command::Decline, "press **Accept** or **Decline**");
    // Carol's is accepted by its button: its game asks for a thread and moves there.
    let accepted = h.send(&bob(), Command::Button(button(&from_carol, "Accept")));
    let plan = accepted.thread.expect("a thread is asked for");
    assert!(h.core().into_thread(&plan, ChannelId(701), h.now).is_some());
    // Alice's still stands; Bob's typed accept now names it alone (a Confirm button).
    let confirm = h.private(&bob(), Command::Accept, "Accept this challenge from @101?");
    let accepted = h.send(&bob(), Command::Button(button(&confirm, "Confirm")));
    let plan = accepted.thread.expect("a thread is asked for");
    assert!(h.core().into_thread(&plan, ChannelId(702), h.now).is_some());
    assert_eq!(h.balance(&bob()), (990, 10), "the stake of Alice's game");
    // Dave's to Alice is still open; Dave withdraws it, typed, and is refunded.
    let open = h.core().store().open_challenges_in(CHANNEL).unwrap();
    assert_eq!(
        open.iter().map(|c| c.challenger).collect::<Vec<_>>(),
        [UserId(104)]
    );
    let cancelled = h.ok(&dave, Command::Cancel);
    assert!(!cancelled.ephemeral, "{}", cancelled.text.plain());
    let games = h.ok(&carol(), Command::Games);
    assert!(
        games.text.plain().starts_with("2 games in progress"),
        "{}",
        games.text.plain()
    );
}
