//! A tournament's robustness through the core: its news (a round paired, the final
//! standings) owed in the store until the front end delivers it, and delivered once
//! after a restart; a pairing whose game never started decided by its board; who may
//! create events (the server's `tournaments` setting).

use jetan_core::{Announcement, OutboxKey, SettingsArgs, TournamentCreators, TournamentNews};
use jetan_store::{BoardResult, Receipt, TournamentId, TournamentState};

use super::*;

/// The news an announcement carries, if it is a tournament's.
fn news_of(a: &Announcement) -> Option<TournamentNews> {
    match a.key {
        OutboxKey::Tournament(n) => Some(n),
        OutboxKey::Request(_) => None,
    }
}

fn news(id: TournamentId, round: usize) -> TournamentNews {
    TournamentNews {
        tournament: id,
        round,
    }
}

impl Harness {
    /// The tournament news a front end starting now would deliver from the outbox (the
    /// answers to requests, which this harness never marks delivered, left out).
    fn pending(&self) -> Vec<Announcement> {
        let mut all = self.core().pending_announcements(self.now + 1);
        all.retain(|a| news_of(a).is_some());
        all
    }

    /// Whether the store still owes `n`.
    fn owed(&self, n: TournamentNews) -> bool {
        self.core().store().owed(n).unwrap()
    }

    /// The front end delivered these: out of the outbox.
    fn delivered(&self, announcements: &[Announcement]) {
        for a in announcements {
            self.core().announced(a.key);
        }
    }

    /// A round robin of 4 (p1..p4), created and started by p0: its id and the start's
    /// response.
    fn round_robin_started(&mut self) -> (TournamentId, Response) {
        let org = player(0);
        self.manage(
            &org,
            t(TournamentCommand::Create(create_args(
                "Club RR",
                jetan_core::TournamentKind::RoundRobin,
            ))),
        );
        for n in 1..=4 {
            self.ok(&player(n), t(TournamentCommand::Join { tournament: None }));
        }
        let id = self.core().store().tournaments(GUILD).unwrap()[0].id;
        let started = self.send(&org, t(TournamentCommand::Start { tournament: None }));
        assert!(!started.reply.ephemeral, "{}", started.reply.text.plain());
        (id, started)
    }

    /// Ends every game of `plans` (opened in threads) by the second player's resignation;
    /// returns the last response.
    fn play_round(&mut self, plans: &[PairingPlan]) -> Response {
        let games = self.open(plans);
        let mut last = None;
        for (thread, g) in games {
            last = Some(self.resign_in(thread, &user_of(g.players.second)));
        }
        last.expect("a game")
    }
}

/// The news of each round and of the end is written by the transaction that pairs or
/// finishes, and stays owed until the front end says it delivered it: a bot stopped
/// before that (the response lost with it) delivers it at its next start — the round's
/// pairings with a thread for each game that never started, or the final standings —
/// once (another start delivers nothing), and news a later round superseded leaves the
/// outbox unposted. Within one process, one request words it (two games ending together
/// announce the next round once). Nothing else changes: money and `verify` clean.
#[test]
fn tournament_news_is_owed_until_delivered_and_delivered_once_after_a_restart() {
    let mut h = Harness::new();
    let (id, started) = h.round_robin_started();
    let r1 = news(id, 1);
    assert_eq!(started.announcements.len(), 1);
    assert_eq!(news_of(&started.announcements[0]), Some(r1));
    assert!(posted_in_channel(&started, "round 1 of 3"));
    assert!(h.owed(r1), "owed until delivered");
    // This process worded it once: nothing more to deliver here, even from the outbox.
    assert!(h.pending().is_empty());

    // The bot stops before delivering round 1's news (the response is lost).
    h.restart();
    let again = h.pending();
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(news_of(&again[0]), Some(r1));
    assert_eq!(
        again[0].posts, started.announcements[0].posts,
        "worded as the first time: the front end finds it if it was posted"
    );
    assert_eq!(again[0].pairings, started.plans(), "the threads of round 1");
    assert!(h.pending().is_empty(), "taken once");
    h.delivered(&again);
    assert!(!h.owed(r1));
    h.restart();
    assert!(h.pending().is_empty(), "delivered: never again");

    // Round 1 played: its last game pairs round 2, delivered at once.
    let last = h.play_round(&again[0].pairings);
    assert_eq!(last.announcements.len(), 1);
    assert_eq!(news_of(&last.announcements[0]), Some(news(id, 2)));
    h.delivered(&last.announcements);
    assert!(!h.owed(news(id, 2)));
    // Round 2 played, its news (round 3) never delivered; a restart, then round 3's
    // news is delivered; round 2's was.
    let last = h.play_round(&last.plans());
    let r3 = news(id, 3);
    assert_eq!(
        last.announcements.iter().map(news_of).collect::<Vec<_>>(),
        [Some(r3)]
    );
    h.restart();
    let again = h.pending();
    assert_eq!(again.iter().map(news_of).collect::<Vec<_>>(), [Some(r3)]);
    assert_eq!(again[0].pairings, last.plans());

    // That start opens round 3's threads but stops again before marking the news
    // delivered; round 3 is played, and the final standings' news is not delivered
    // either. At the next start the event is over: round 3's news is superseded and
    // leaves the outbox unposted; the final standings are delivered.
    let last = h.play_round(&again[0].pairings);
    let end = news(id, TournamentNews::FINAL);
    assert_eq!(
        last.announcements.iter().map(news_of).collect::<Vec<_>>(),
        [Some(end)]
    );
    assert!(posted_in_channel(&last, "is over"));
    assert!(h.owed(r3) && h.owed(end));
    h.restart();
    let again = h.pending();
    assert_eq!(again.iter().map(news_of).collect::<Vec<_>>(), [Some(end)]);
    assert!(!h.owed(r3), "superseded: out of the outbox");
    assert_eq!(again[0].posts, last.announcements[0].posts);
    assert!(again[0].pairings.is_empty());
    h.delivered(&again);
    h.restart();
    assert!(h.pending().is_empty());
    assert_eq!(h.event(id).state, TournamentState::Finished);
    let report = h.core().store().verify().unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
}

/// A pairing whose game never started (its thread never opened) is decided by its
/// board, by the organiser only, publicly, and the event goes on; a pairing being
/// played is decided the same way (its game ended, counting for nothing). Refused
/// privately, changing nothing: another than the organiser, a board that does not
/// exist, a bye, a board already decided, a result that is none.
#[test]
fn a_pairing_whose_game_never_started_is_decided_by_its_board() {
    let mut h = Harness::new();
    let org = player(0);
    let mut args = create_args("Swiss", jetan_core::TournamentKind::Swiss);
    args.entry = Some(10);
    h.manage(&org, t(TournamentCommand::Create(args)));
    for n in 1..=5 {
        h.ok(&player(n), t(TournamentCommand::Join { tournament: None }));
    }
    let id = h.core().store().tournaments(GUILD).unwrap()[0].id;
    let total: u64 = (0..8)
        .map(|n| h.balance(&player(n)).0 + h.balance(&player(n)).1)
        .sum();
    let started = h.send(&org, t(TournamentCommand::Start { tournament: None }));
    // Two games and a bye; no thread ever opens (Discord refused, the bot stopped).
    assert_eq!(started.plans().len(), 2);
    let ev = h.event(id);
    assert!(ev.rounds[0].iter().all(|b| b.game.is_none()));
    let board = |round: Option<i64>, board: i64, result: &str| {
        t(TournamentCommand::AdjudicateBoard {
            tournament: None,
            round,
            board,
            result: result.into(),
        })
    };
    h.t_refused(
        &player(1),
        false,
        board(None, 1, "first"),
        "Only the organiser",
    );
    h.t_refused(
        &org,
        false,
        board(None, 9, "first"),
        "There is no board 9 in round 1",
    );
    h.t_refused(
        &org,
        false,
        board(Some(2), 1, "first"),
        "There is no board 1 in round 2",
    );
    h.t_refused(&org, false, board(None, 3, "first"), "is a bye");
    h.t_refused(&org, false, board(None, 1, "nobody"), "The result must be");

    let decided = h.send(&org, board(None, 1, "second-forfeits"));
    assert!(!decided.reply.ephemeral, "{}", decided.reply.text.plain());
    assert!(
        decided
            .reply
            .text
            .plain()
            .contains("decided round 1, board 1"),
        "{}",
        decided.reply.text.plain()
    );
    assert_eq!(
        h.event(id).rounds[0][0].result,
        Some(BoardResult::FirstWinsByForfeit)
    );
    h.t_refused(
        &org,
        false,
        board(None, 1, "draw"),
        "already has its result",
    );
    // Board 2's game is being played: decided by its board all the same, its game
    // ended in its thread; that completes round 1, and round 2 is announced.
    let games = h.open(&started.plans()[1..]);
    let (thread, game) = &games[0];
    let decided = h.send(&org, board(Some(1), 2, "draw"));
    assert!(!decided.reply.ephemeral, "{}", decided.reply.text.plain());
    assert!(h.core().store().game(*thread).unwrap().is_none());
    assert!(decided.archive.contains(thread));
    assert!(
        posted_in_channel(&decided, "round 2 of 3"),
        "{:?}",
        decided.all_posts()
    );
    let ev = h.event(id);
    assert_eq!(ev.rounds[0][1].result, Some(BoardResult::Draw));
    assert_eq!(ev.rounds[0][1].aborted, [game.id]);
    assert_eq!(ev.current_round(), Some(2));
    // A past round's pairing: decided already.
    h.t_refused(
        &org,
        false,
        board(Some(1), 2, "first"),
        "already has its result",
    );
    let after: u64 = (0..8)
        .map(|n| h.balance(&player(n)).0 + h.balance(&player(n)).1)
        .sum();
    assert_eq!(after, total, "nothing created or lost");
    let report = h.core().store().verify().unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
}

/// Who may create tournaments is the server's setting: members with Manage Server by
/// default (anyone else refused privately); `tournaments:anyone` lets any member, and
/// the settings say so; the change is in the settings' receipt and the audit line;
/// `tournaments:managers` takes it back.
#[test]
fn the_server_setting_says_who_may_create_tournaments() {
    let mut h = Harness::new();
    let create = |name: &str| {
        t(TournamentCommand::Create(create_args(
            name,
            jetan_core::TournamentKind::Swiss,
        )))
    };
    h.t_refused(&player(1), false, create("Mine"), "Manage Server");
    let shown = h.settings(SettingsArgs::default());
    assert!(
        shown
            .text
            .plain()
            .contains("created by members with Manage Server"),
        "{}",
        shown.text.plain()
    );
    let audit = ChannelId(77);
    h.settings(SettingsArgs {
        audit_channel: Some(audit),
        ..SettingsArgs::default()
    });
    let mut req = h.request(
        &carol(),
        Command::Admin(AdminCommand::Settings(SettingsArgs {
            tournaments: Some(TournamentCreators::Anyone),
            ..SettingsArgs::default()
        })),
    );
    req.manager = true;
    let id = req.id;
    let r = h.core().handle(req);
    assert!(r.reply.ephemeral);
    assert!(
        r.reply.text.plain().contains("any member may create one"),
        "{}",
        r.reply.text.plain()
    );
    match h.core().store().receipt(id).unwrap() {
        Some(Receipt::Settings(s)) => assert_eq!(s.tournaments, TournamentCreators::Anyone),
        other => panic!("{other:?}"),
    }
    assert!(
        r.posts
            .iter()
            .any(|(c, p)| *c == audit && p.text.plain().contains("tournaments anyone")),
        "{:?}",
        r.posts
    );
    assert_eq!(
        h.core().store().settings(GUILD).unwrap().tournaments,
        TournamentCreators::Anyone
    );
    let made = h.send(&player(1), create("Mine"));
    assert!(!made.reply.ephemeral, "{}", made.reply.text.plain());
    let tm = &h.core().store().tournaments(GUILD).unwrap()[0];
    assert_eq!(tm.organiser, player(1).id, "its creator runs it");

    h.settings(SettingsArgs {
        tournaments: Some(TournamentCreators::Managers),
        ..SettingsArgs::default()
    });
    h.t_refused(&player(2), false, create("Theirs"), "Manage Server");
    let made = h.manage(&player(2), create("Theirs"));
    assert!(!made.reply.ephemeral, "{}", made.reply.text.plain());
}

/// A tournament request Discord delivers again, after a restart, returns its first
/// result (the store keeps it), from a round the event has left since: the news it
/// paired was delivered, and is not announced again (the store no longer owes it; this
/// process, new, never took it).
#[test]
fn a_request_delivered_again_after_a_restart_announces_nothing_delivered() {
    let mut h = Harness::new();
    let org = player(0);
    h.manage(
        &org,
        t(TournamentCommand::Create(create_args(
            "Swiss",
            jetan_core::TournamentKind::Swiss,
        ))),
    );
    for n in 1..=5 {
        h.ok(&player(n), t(TournamentCommand::Join { tournament: None }));
    }
    let id = h.core().store().tournaments(GUILD).unwrap()[0].id;
    let started = h.send(&org, t(TournamentCommand::Start { tournament: None }));
    h.delivered(&started.announcements);
    let games = h.open(&started.plans());
    h.resign_in(games[0].0, &user_of(games[0].1.players.first));
    // A player of the other game withdraws: their game is resigned, which completes
    // round 1 and pairs round 2, announced with the withdrawal's answer.
    let quitter = user_of(games[1].1.players.first);
    let req = h.request(
        &quitter,
        t(TournamentCommand::Withdraw {
            tournament: Some(id.get() as i64),
        }),
    );
    let w = h.core().handle(req.clone());
    assert!(
        w.reply.text.plain().contains("withdrew"),
        "{}",
        w.reply.text.plain()
    );
    assert_eq!(
        w.announcements.iter().map(news_of).collect::<Vec<_>>(),
        [Some(news(id, 2))]
    );
    h.delivered(&w.announcements);
    // Round 2 played: round 3 paired and announced.
    let last = h.play_round(&w.plans());
    assert_eq!(
        last.announcements.iter().map(news_of).collect::<Vec<_>>(),
        [Some(news(id, 3))]
    );
    h.delivered(&last.announcements);
    h.restart();
    assert!(h.pending().is_empty());
    // The withdrawal again: its first result, the event in round 2.
    let again = h.core().handle(req);
    assert!(again.reply.text.plain().contains("withdrew"));
    assert!(
        again.announcements.is_empty(),
        "round 2 announced again: {:?}",
        again.all_posts()
    );
    assert_eq!(h.event(id).current_round(), Some(3));
}
