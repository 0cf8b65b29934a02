//! Tournaments through the core (`/jetan tournament …`): a whole Swiss and a round
//! robin played through `Core::handle` — each round's games started in threads of their
//! own from the response's pairings, ended every way a game ends (resignation, the
//! sweep, a withdrawal, an adjudication), the next round announced in the event's
//! channel, the final standings posted and the pot paid — and every refusal private,
//! changing nothing.

use jetan_core::{ChannelId, PairingPlan, TournamentArgs, TournamentCommand, UserId};
use jetan_store::{TournamentId, TournamentState};

use super::*;

mod robust;

fn player(n: u64) -> UserRef {
    UserRef::new(300 + n, format!("p{n}"))
}

fn t(c: TournamentCommand) -> Command {
    Command::Tournament(c)
}

fn create_args(name: &str, format: jetan_core::TournamentKind) -> TournamentArgs {
    TournamentArgs {
        name: name.into(),
        format,
        rounds: None,
        entry: None,
        prizes: None,
        max_players: None,
        double: false,
        game: ChallengeArgs {
            move_time: Some(60),
            ..ChallengeArgs::default()
        },
    }
}

impl Harness {
    /// A command by a member with Manage Server.
    fn manage(&mut self, user: &UserRef, command: Command) -> Response {
        let mut req = self.request(user, command);
        req.manager = true;
        self.handle(req)
    }

    /// A command in `channel` (a game's thread).
    fn send_in(&mut self, channel: ChannelId, user: &UserRef, command: Command) -> Response {
        let mut req = self.request(user, command);
        req.channel = channel;
        self.handle(req)
    }

    /// Opens the threads a response asks for, as the front end does: each pairing's game
    /// starts in its thread, whose board pings both players. Returns (thread, game).
    fn open(&mut self, pairings: &[PairingPlan]) -> Vec<(ChannelId, jetan_store::Game)> {
        let mut out = Vec::new();
        for p in pairings {
            assert_eq!(p.channel, CHANNEL, "threads open in the event's channel");
            let thread = ChannelId(5_000 + 100 * p.round as u64 + p.board as u64);
            let board = self
                .core()
                .start_pairing(p, thread, self.now)
                .expect("the pairing's game starts in its thread");
            let game = self.core().store().game(thread).unwrap().expect("a game");
            assert!(board.pings.contains(&game.players.first), "{board:?}");
            assert!(board.pings.contains(&game.players.second), "{board:?}");
            assert!(board.text.plain().contains(&format!("round {}", p.round)));
            // Another thread for the same pairing starts nothing.
            assert!(self
                .core()
                .start_pairing(p, ChannelId(thread.get() + 50), self.now)
                .is_none());
            assert!(self
                .core()
                .store()
                .game(ChannelId(thread.get() + 50))
                .unwrap()
                .is_none());
            out.push((thread, game));
        }
        out
    }

    /// `user` resigns the game in `thread` (the confirmation button).
    fn resign_in(&mut self, thread: ChannelId, user: &UserRef) -> Response {
        let id = self.core().store().game(thread).unwrap().unwrap().id;
        let r = self.send_in(thread, user, Command::Button(ButtonAction::Resign(id)));
        assert!(!r.reply.ephemeral, "{}", r.reply.text.plain());
        r
    }

    fn event(&self, id: TournamentId) -> jetan_store::Tournament {
        self.core().store().tournament(id).unwrap().unwrap()
    }

    /// A tournament refusal: private, saying `expected`, the event and the wallets
    /// unchanged.
    #[track_caller]
    fn t_refused(&mut self, user: &UserRef, manager: bool, command: Command, expected: &str) {
        let before = (
            self.core().store().tournaments(GUILD).unwrap(),
            (0..8).map(|n| self.balance(&player(n))).collect::<Vec<_>>(),
        );
        let mut req = self.request(user, command.clone());
        req.manager = manager;
        let r = self.handle(req);
        assert!(
            r.reply.ephemeral,
            "{command:?} should be refused privately: {}",
            r.reply.text.plain()
        );
        assert!(
            r.reply.text.plain().contains(expected),
            "{command:?}: expected {expected:?} in {:?}",
            r.reply.text.plain()
        );
        assert!(r.pairings.is_empty() && r.posts.is_empty() && r.announcements.is_empty());
        let after = (
            self.core().store().tournaments(GUILD).unwrap(),
            (0..8).map(|n| self.balance(&player(n))).collect::<Vec<_>>(),
        );
        assert_eq!(after, before, "{command:?} changed something");
    }
}

/// What a response or a sweep asks the front end to do for tournaments.
trait Asks {
    /// Its posts: its own and its news's.
    fn all_posts(&self) -> Vec<(ChannelId, Reply)>;
    /// The threads to open: its news's, and those its own `pairings` ask for again.
    fn plans(&self) -> Vec<PairingPlan>;
}

impl Asks for Response {
    fn all_posts(&self) -> Vec<(ChannelId, Reply)> {
        let news = self.announcements.iter().flat_map(|a| a.posts.clone());
        self.posts.iter().cloned().chain(news).collect()
    }
    fn plans(&self) -> Vec<PairingPlan> {
        let news = self.announcements.iter().flat_map(|a| a.pairings.clone());
        self.pairings.iter().cloned().chain(news).collect()
    }
}

impl Asks for jetan_core::Sweep {
    fn all_posts(&self) -> Vec<(ChannelId, Reply)> {
        let news = self.announcements.iter().flat_map(|a| a.posts.clone());
        self.posts.iter().cloned().chain(news).collect()
    }
    fn plans(&self) -> Vec<PairingPlan> {
        self.announcements
            .iter()
            .flat_map(|a| a.pairings.clone())
            .collect()
    }
}

fn posted_in_channel(r: &impl Asks, words: &str) -> bool {
    r.all_posts()
        .iter()
        .any(|(c, p)| *c == CHANNEL && p.text.plain().contains(words))
}

/// The final standings among a response's posts in the event's channel: pinned, with
/// the crosstable picture.
#[track_caller]
fn final_standings(r: &impl Asks) -> jetan_core::Reply {
    let posts = r.all_posts();
    let (_, post) = posts
        .iter()
        .find(|(c, p)| *c == CHANNEL && p.text.plain().contains("is over"))
        .unwrap_or_else(|| panic!("no final standings in {posts:?}"));
    assert!(post.pin, "the final standings are pinned");
    assert!(
        posts.iter().filter(|(_, p)| p.pin).count() == 1,
        "only they are pinned"
    );
    crosstable(post);
    post.clone()
}

/// The reply's crosstable picture, a PNG at least 720 pixels wide; returns its size.
#[track_caller]
fn crosstable(reply: &jetan_core::Reply) -> (u32, u32) {
    let a = reply
        .attachments
        .iter()
        .find(|a| a.name == "crosstable.png")
        .unwrap_or_else(|| panic!("no crosstable.png in {:?}", reply.text));
    assert_eq!(&a.bytes[1..4], b"PNG");
    let w = u32::from_be_bytes(a.bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(a.bytes[20..24].try_into().unwrap());
    assert!(w >= 720 && h > 200, "{w}×{h}");
    (w, h)
}

fn user_of(id: UserId) -> UserRef {
    (0..8).map(player).find(|p| p.id == id).unwrap()
}

/// A 5-player Swiss of 3 rounds with an entry fee, run from Discord's side: created
/// with Join/Leave buttons, joined by command and button, started; round 1's games end
/// by resignation, round 2's by a withdrawal and by the sweep (time), round 3's by an
/// adjudication and a resignation; each round's threads come with the response that
/// paired it, and the final standings and prizes are posted; nothing created or lost.
#[test]
fn a_five_player_swiss_is_played_in_threads_and_pays_its_pot() {
    let mut h = Harness::new();
    let org = player(0);
    let mut args = create_args("Spring Swiss", jetan_core::TournamentKind::Swiss);
    args.entry = Some(100);
    args.prizes = Some("60,40".into());
    let created = h.manage(&org, t(TournamentCommand::Create(args)));
    assert!(!created.reply.ephemeral, "{}", created.reply.text.plain());
    assert!(created.reply.text.plain().contains("Spring Swiss"));
    let join_button = created.reply.buttons[0].id.clone();
    assert_eq!(created.reply.buttons.len(), 2, "Join and Leave");
    let id = h.core().store().tournaments(GUILD).unwrap()[0].id;
    let total_before: u64 = (1..=5).map(|n| h.balance(&player(n)).0).sum();

    for n in 1..=4 {
        let r = h.ok(
            &player(n),
            t(TournamentCommand::Join {
                tournament: Some(id.get() as i64),
            }),
        );
        assert!(r.text.plain().contains("joined"), "{}", r.text.plain());
    }
    let Some(ButtonAction::TournamentJoin(n)) = ButtonAction::parse(&join_button) else {
        panic!("{join_button}");
    };
    h.ok(&player(5), Command::Button(ButtonAction::TournamentJoin(n)));
    assert_eq!(
        h.balance(&player(5)),
        (900, 100),
        "the fee is held in escrow"
    );
    assert_eq!(h.event(id).pot, 500);

    // Round 1: two games in threads and a bye.
    let started = h.send(&org, t(TournamentCommand::Start { tournament: None }));
    assert!(!started.reply.ephemeral, "{}", started.reply.text.plain());
    assert!(posted_in_channel(&started, "round 1 of 3"));
    assert_eq!(started.plans().len(), 2);
    // Threads that never opened (Discord refused, the bot stopped) are asked for again
    // by the organiser's `start`, and by nobody else's.
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Start { tournament: None }),
        "Only the organiser",
    );
    let again = h.send(&org, t(TournamentCommand::Start { tournament: None }));
    assert!(!again.reply.ephemeral, "{}", again.reply.text.plain());
    assert_eq!(again.pairings, started.plans());
    assert!(again.announcements.is_empty(), "round 1 is announced once");
    h.t_refused(
        &org,
        false,
        t(TournamentCommand::Adjudicate {
            game: 999_999,
            result: "draw".into(),
        }),
        "not a tournament's game",
    );
    let games = h.open(&started.plans());
    h.t_refused(
        &org,
        false,
        t(TournamentCommand::Start { tournament: None }),
        "already started",
    );
    let r = h.resign_in(games[0].0, &user_of(games[0].1.players.first));
    assert!(r.plans().is_empty(), "the round goes on");
    assert!(!posted_in_channel(&r, "round 2"));
    let r = h.resign_in(games[1].0, &user_of(games[1].1.players.second));
    assert!(posted_in_channel(&r, "round 2 of 3"), "{:?}", r.all_posts());
    assert!(
        r.archive.contains(&games[1].0),
        "the game's thread is archived"
    );
    assert_eq!(r.plans().len(), 2, "round 2 is paired at once");
    assert_eq!(h.event(id).current_round(), Some(2));

    // Round 2: a player withdraws mid-game (their game is resigned), the other game
    // ends on time in the sweep, which pairs round 3 and asks for its threads.
    let games = h.open(&r.plans());
    let quitter = user_of(games[0].1.players.first);
    let w = h.send(
        &quitter,
        t(TournamentCommand::Withdraw {
            tournament: Some(id.get() as i64),
        }),
    );
    assert!(
        w.reply.text.plain().contains("withdrew"),
        "{}",
        w.reply.text.plain()
    );
    assert!(w.archive.contains(&games[0].0));
    assert!(w.plans().is_empty(), "one game of round 2 is still played");
    h.now += 4 * 60 * 60_000;
    let sweep = h.sweep(h.now);
    assert!(
        posted_in_channel(&sweep, "round 3 of 3"),
        "{:?}",
        sweep.all_posts()
    );
    assert_eq!(sweep.plans().len(), 2, "four players still in: two games");
    let ev = h.event(id);
    assert!(
        ev.rounds[2].iter().all(|b| !b.has(quitter.id)),
        "a withdrawn player is not paired"
    );

    // Round 3: an adjudication (the organiser's) and a resignation end the event.
    let games = h.open(&sweep.plans());
    h.t_refused(
        &player(games[0].1.players.first.get() - 300),
        false,
        t(TournamentCommand::Adjudicate {
            game: games[0].1.id.get() as i64,
            result: "draw".into(),
        }),
        "Only the organiser",
    );
    let a = h.send(
        &org,
        t(TournamentCommand::Adjudicate {
            game: games[0].1.id.get() as i64,
            result: "draw".into(),
        }),
    );
    assert!(
        a.reply.text.plain().contains("drawn"),
        "{}",
        a.reply.text.plain()
    );
    let last = h.resign_in(games[1].0, &user_of(games[1].1.players.first));
    final_standings(&last);
    assert!(!last.reply.pin, "the game's own answer is not pinned");
    assert!(last.plans().is_empty());
    let ev = h.event(id);
    assert_eq!(ev.state, TournamentState::Finished);
    assert_eq!(ev.paid_out, 500);
    assert_eq!(ev.payouts.iter().map(|p| p.amount).sum::<u64>(), 500);
    assert!(ev.payouts.iter().all(|p| p.user != quitter.id));
    let total_after: u64 = (1..=5).map(|n| h.balance(&player(n)).0).sum();
    assert_eq!(total_after, total_before, "nothing created or lost");
    assert!(
        (1..=5).all(|n| h.balance(&player(n)).1 == 0),
        "no escrow left"
    );
    let report = h.core().store().verify().unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);

    // The standings and pairings read back, publicly.
    let s = h.ok(
        &player(1),
        t(TournamentCommand::Standings { tournament: None }),
    );
    assert!(
        s.text.plain().contains("after 3 rounds"),
        "{}",
        s.text.plain()
    );
    assert!(s.text.plain().contains("(withdrew)"));
    assert!(!s.pin, "a standings command is not pinned");
    let (width, height) = crosstable(&s);
    // Five rows and three rounds fit the narrowest picture.
    assert_eq!(width, 720, "{width}×{height}");
    // In Spanish, the same picture in other words.
    let mut req = h.request(
        &player(2),
        t(TournamentCommand::Standings { tournament: None }),
    );
    req.locale = "es-ES".into();
    let es = h.core().handle(req).reply;
    assert!(
        es.text.plain().contains("clasificación"),
        "{}",
        es.text.plain()
    );
    let es_png = &es.attachments[0].bytes;
    assert_ne!(es_png, &s.attachments[0].bytes, "the words differ");
    let p = h.ok(
        &player(1),
        t(TournamentCommand::Pairings {
            tournament: None,
            round: Some(1),
        }),
    );
    assert!(p.text.plain().contains("bye"), "{}", p.text.plain());
}

/// Refusals are private and change nothing: creating without Manage Server or with
/// prizes that do not add up, joining twice or without the fee, starting by another
/// than the organiser or with too few players, leaving what one is not in,
/// withdrawing before the start. Leaving refunds; cancelling refunds everyone.
#[test]
fn tournament_refusals_are_private_and_change_nothing() {
    let mut h = Harness::new();
    let org = player(0);
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Create(create_args(
            "Nope",
            jetan_core::TournamentKind::Swiss,
        ))),
        "Manage Server",
    );
    let mut bad = create_args("Bad prizes", jetan_core::TournamentKind::Swiss);
    bad.prizes = Some("60,30".into());
    h.t_refused(
        &org,
        true,
        t(TournamentCommand::Create(bad)),
        "adding up to 100",
    );
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Join { tournament: None }),
        "no tournament here",
    );
    let mut args = create_args("Club", jetan_core::TournamentKind::Swiss);
    args.entry = Some(2_000);
    let r = h.manage(&org, t(TournamentCommand::Create(args)));
    assert!(!r.reply.ephemeral, "{}", r.reply.text.plain());
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Join { tournament: None }),
        "2000 coins",
    );
    let mut args = create_args("Free", jetan_core::TournamentKind::Swiss);
    args.entry = Some(50);
    h.manage(&org, t(TournamentCommand::Create(args)));
    let id = Some(h.core().store().tournaments(GUILD).unwrap()[0].id.get() as i64);
    h.ok(&player(1), t(TournamentCommand::Join { tournament: id }));
    assert_eq!(h.balance(&player(1)), (950, 50));
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Join { tournament: id }),
        "already joined",
    );
    h.t_refused(
        &player(2),
        false,
        t(TournamentCommand::Leave { tournament: id }),
        "not playing in this tournament",
    );
    h.ok(&player(2), t(TournamentCommand::Join { tournament: id }));
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Start { tournament: id }),
        "Only the organiser",
    );
    h.t_refused(
        &org,
        false,
        t(TournamentCommand::Start { tournament: id }),
        "at least 3 players",
    );
    h.t_refused(
        &player(1),
        false,
        t(TournamentCommand::Withdraw { tournament: id }),
        "Not now",
    );
    h.t_refused(
        &org,
        false,
        t(TournamentCommand::Pairings {
            tournament: id,
            round: Some(1),
        }),
        "no such round",
    );
    let left = h.ok(&player(2), t(TournamentCommand::Leave { tournament: id }));
    assert!(left.text.plain().contains("refunded"));
    assert_eq!(h.balance(&player(2)), (1000, 0));
    let c = h.send(
        &org,
        t(TournamentCommand::Cancel {
            tournament: id,
            reason: "rain".into(),
        }),
    );
    assert!(
        c.reply.text.plain().contains("rain"),
        "{}",
        c.reply.text.plain()
    );
    assert_eq!(h.balance(&player(1)), (1000, 0), "refunded");
    h.t_refused(
        &player(3),
        false,
        t(TournamentCommand::Join { tournament: id }),
        "cancelled",
    );
}

/// A round robin of 4: three rounds of two games, everyone meets everyone once, the
/// final standings posted after the last game.
#[test]
fn a_round_robin_pairs_everyone_once() {
    let mut h = Harness::new();
    let org = player(0);
    h.manage(
        &org,
        t(TournamentCommand::Create(create_args(
            "Club RR",
            jetan_core::TournamentKind::RoundRobin,
        ))),
    );
    for n in 1..=4 {
        h.ok(&player(n), t(TournamentCommand::Join { tournament: None }));
    }
    let mut pairings = h
        .send(&org, t(TournamentCommand::Start { tournament: None }))
        .plans();
    let mut met = std::collections::HashSet::new();
    for round in 1..=3 {
        assert_eq!(pairings.len(), 2, "round {round}");
        let games = h.open(&pairings);
        let mut last = None;
        for (thread, g) in games {
            let (a, b) = (g.players.first.get(), g.players.second.get());
            assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} met twice");
            last = Some(h.resign_in(thread, &user_of(g.players.second)));
        }
        let last = last.unwrap();
        if round < 3 {
            assert!(posted_in_channel(
                &last,
                &format!("round {} of 3", round + 1)
            ));
        } else {
            final_standings(&last);
        }
        pairings = last.plans();
    }
    assert_eq!(met.len(), 6);
    let id = h.core().store().tournaments(GUILD).unwrap()[0].id;
    assert_eq!(h.event(id).state, TournamentState::Finished);
}
