//! The server economy through the core: payments (the payer's private answer, the
//! receiver's notice pinging only them, every refusal private and changing nothing, a
//! repeated interaction paying once).

use jetan_core::{ChannelId, UserId};

use super::*;

fn pay(user: UserRef, amount: i64, note: Option<&str>) -> Command {
    Command::Pay {
        user,
        amount,
        note: note.map(str::to_string),
    }
}

#[test]
fn a_payment_answers_the_payer_privately_and_pings_only_the_receiver() {
    let mut h = Harness::new();
    let r = h.send(&alice(), pay(bob(), 300, Some("for the lesson")));
    assert!(r.reply.ephemeral, "{:?}", r.reply);
    assert_eq!(
        r.reply.text.plain(),
        "You paid **300 coins** to @102. Your balance: 700 coins. Note: “for the lesson”"
    );
    assert!(r.reply.pings.is_empty());
    assert_eq!(r.posts.len(), 1, "one notice: {:?}", r.posts);
    let (channel, notice) = &r.posts[0];
    assert_eq!(*channel, CHANNEL);
    assert!(!notice.ephemeral);
    assert_eq!(
        notice.text.plain(),
        "@102, @101 paid you **300 coins**. Note: “for the lesson”"
    );
    assert_eq!(notice.pings, vec![bob().id], "only the receiver is pinged");
    assert_eq!(
        (h.balance(&alice()), h.balance(&bob())),
        ((700, 0), (1300, 0))
    );
    assert!(h.core().store().verify().unwrap().is_clean());
}

#[test]
fn a_repeated_payment_interaction_pays_once_and_notifies_once() {
    let mut h = Harness::new();
    let req = h.request(&alice(), pay(bob(), 120, None));
    let first = h.handle(req.clone());
    let again = h.handle(req);
    assert_eq!(again.reply, first.reply, "answered with what the first did");
    assert!(again.posts.is_empty(), "the receiver is not pinged twice");
    assert_eq!(
        (h.balance(&alice()), h.balance(&bob())),
        ((880, 0), (1120, 0))
    );
}

#[test]
fn every_payment_refusal_is_private_and_changes_nothing() {
    let mut h = Harness::new();
    h.refused(&alice(), pay(alice(), 10, None), "cannot pay yourself");
    h.refused(&alice(), pay(computer(), 10, None), "is a bot");
    let other_bot = UserRef {
        id: UserId(555),
        name: "otherbot".into(),
        bot: true,
        outside: false,
    };
    h.refused(&alice(), pay(other_bot, 10, None), "is a bot");
    let gone = UserRef {
        outside: true,
        ..carol()
    };
    h.refused(&alice(), pay(gone, 10, None), "not a member of this server");
    h.refused(&alice(), pay(bob(), 0, None), "whole number of at least 1");
    h.refused(
        &alice(),
        pay(bob(), -50, None),
        "whole number of at least 1",
    );
    h.refused(&alice(), pay(bob(), i64::MAX, None), "too large");
    h.refused(
        &alice(),
        pay(bob(), 1001, None),
        "You have 1000 coins available",
    );
    h.refused(
        &alice(),
        pay(bob(), 5, Some("two\nlines")),
        "one line of at most 200",
    );
    h.refused(
        &alice(),
        pay(bob(), 5, Some(&"x".repeat(201))),
        "one line of at most 200",
    );
    // Money in escrow cannot be paid.
    h.ok(&alice(), challenge(bob(), 900, 0));
    assert_eq!(h.balance(&alice()), (100, 900));
    h.refused(
        &alice(),
        pay(bob(), 101, None),
        "money in escrow cannot be paid",
    );
    // The refusals wrote nothing: only the challenge's escrow is in the ledger.
    let ledger = h.core().store().ledger(GUILD, alice().id, 10).unwrap();
    assert!(
        ledger
            .iter()
            .all(|e| e.kind != jetan_store::EntryKind::Payment),
        "{ledger:?}"
    );
}

#[test]
fn a_note_cannot_forge_a_mention() {
    let mut h = Harness::new();
    // Discord's syntax, the core's old private-use mark, and Markdown: all stay words.
    let forged = "hi <@103> \u{E000}@103 **bold** `code` @everyone";
    let r = h.send(&alice(), pay(bob(), 1, Some(forged)));
    let notice = &r.posts[0].1;
    assert_eq!(
        notice.text.users(),
        vec![bob().id, alice().id],
        "{notice:?}"
    );
    let words = |t: &jetan_core::Text| {
        t.spans()
            .iter()
            .filter_map(|s| match s {
                jetan_core::Span::Words(w) => Some(w.clone()),
                _ => None,
            })
            .collect::<String>()
    };
    assert!(
        words(&notice.text).contains("hi <@103> @103 **bold** `code` @everyone"),
        "{:?}",
        notice.text.spans()
    );
}

#[test]
fn a_spanish_payer_is_answered_in_spanish() {
    let mut h = Harness::new();
    h.locales.insert(UserId(alice().id.get()), "es-ES");
    let r = h.send(&alice(), pay(bob(), 2, None));
    assert_eq!(
        r.reply.text.plain(),
        "Has pagado **2 monedas** a @102. Tu saldo: 998 monedas."
    );
    h.refused(
        &alice(),
        pay(alice(), 2, None),
        "No puedes pagarte a ti mismo",
    );
}

/// A server manager's settings change, answered.
fn settings(h: &mut Harness, args: SettingsArgs) -> Reply {
    let mut req = h.request(&carol(), Command::Admin(AdminCommand::Settings(args)));
    req.manager = true;
    h.handle(req).reply
}

/// A member whose Discord account was created `days_old` days before the harness's
/// clock (the id's timestamp).
fn newcomer(days_old: u64) -> UserRef {
    let created = T0 - days_old * 24 * 3_600_000;
    UserRef::new((created - 1_420_070_400_000) << 22, "newcomer")
}

#[test]
fn the_limits_are_admin_settings_validated_and_shown() {
    let mut h = Harness::new();
    let r = settings(
        &mut h,
        SettingsArgs {
            max_stake: Some(200),
            max_piece_price: Some(5),
            max_balance: Some(5000),
            pay_cap: Some(300),
            min_account_age: Some(7),
            min_games: Some(2),
            ..Default::default()
        },
    );
    assert!(r.ephemeral);
    assert!(
        r.text.plain().contains(
            "Limits (0 sets none): largest stake 200 coins, largest piece price 5 coins, \
             maximum balance 5000 coins, payments sent a day 300 coins; to pay or stake: \
             account age 7 days, finished games 2."
        ),
        "{}",
        r.text.plain()
    );
    for (args, expected) in [
        (
            SettingsArgs {
                max_stake: Some(-1),
                ..Default::default()
            },
            "cannot be negative",
        ),
        (
            SettingsArgs {
                min_account_age: Some(4000),
                ..Default::default()
            },
            "from 0 to 3650",
        ),
        (
            SettingsArgs {
                min_games: Some(10_001),
                ..Default::default()
            },
            "from 0 to 10000",
        ),
        (
            SettingsArgs {
                stake: Some(201),
                ..Default::default()
            },
            "largest stake on this server is 200 coins",
        ),
    ] {
        let r = settings(&mut h, args);
        assert!(
            r.ephemeral && r.text.plain().contains(expected),
            "{expected}: {}",
            r.text.plain()
        );
    }
    assert_eq!(h.core().store().settings(GUILD).unwrap().max_stake, 200);
    // 0 lifts a limit.
    settings(
        &mut h,
        SettingsArgs {
            max_stake: Some(0),
            ..Default::default()
        },
    );
    let shown = h.private(&alice(), Command::Settings, "**Server settings**");
    assert!(
        shown.text.plain().contains("largest stake no limit"),
        "{}",
        shown.text.plain()
    );
}

#[test]
fn a_challenge_above_the_limits_is_refused_privately() {
    let mut h = Harness::new();
    settings(
        &mut h,
        SettingsArgs {
            max_stake: Some(100),
            max_piece_price: Some(2),
            ..Default::default()
        },
    );
    h.refused(
        &alice(),
        challenge(bob(), 101, 1),
        "largest stake on this server is 100 coins",
    );
    h.refused(
        &alice(),
        challenge(bob(), 10, 3),
        "largest piece price on this server is 2 coins",
    );
    // Exactly at both limits: the challenge is posted and its money held.
    let c = h.ok(&alice(), challenge(bob(), 100, 2));
    assert!(
        c.text.plain().contains("Stake: 100 coins each"),
        "{}",
        c.text.plain()
    );
    let posted = h
        .core()
        .store()
        .open_challenge(CHANNEL)
        .unwrap()
        .expect("the challenge is posted");
    assert_eq!(
        (
            posted.challenger,
            posted.terms.stake,
            posted.terms.piece_price
        ),
        (alice().id, 100, 2)
    );
    assert_eq!(posted.held, 100 + 2 * 42, "the stake and the piece reserve");
    assert_eq!(h.balance(&alice()), (1000 - posted.held, posted.held));
    // And accepted: the game starts with both stakes held.
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let game = h.core().store().game(CHANNEL).unwrap().expect("a game");
    assert_eq!((game.terms.stake, game.terms.piece_price), (100, 2));
    assert_eq!(h.balance(&bob()), (1000 - 184, 184));
}

#[test]
fn new_accounts_and_members_without_games_cannot_pay_or_stake() {
    let mut h = Harness::new();
    settings(
        &mut h,
        SettingsArgs {
            min_account_age: Some(30),
            min_games: Some(1),
            ..Default::default()
        },
    );
    let young = newcomer(10);
    h.refused(
        &young,
        pay(bob(), 5, None),
        "once it is 30 days old: yours may in 480 h",
    );
    h.refused(&young, challenge(bob(), 10, 0), "30 days old");
    // Alice's account is old, but she has finished no game yet.
    h.refused(
        &alice(),
        pay(bob(), 5, None),
        "after 1 finished games; you have 0",
    );
    h.refused(
        &alice(),
        challenge(bob(), 10, 0),
        "after 1 finished games; you have 0",
    );
    // A friendly game needs neither, and counts.
    h.ok(&alice(), challenge(bob(), 0, 0));
    let ask = h.private(&bob(), Command::Accept, "Accept this challenge from @101?");
    h.ok(&bob(), Command::Button(button(&ask, "Confirm")));
    let game = h.core().store().game(CHANNEL).unwrap().expect("a game");
    assert_eq!((game.players.first, game.terms.stake), (alice().id, 0));
    h.resign(&bob());
    h.private(
        &alice(),
        pay(bob(), 5, None),
        "You paid **5 coins** to @102",
    );
    assert_eq!(
        (h.balance(&alice()), h.balance(&bob())),
        ((995, 0), (1005, 0))
    );
    // The young account can still be paid (its wallet opened with the starting grant),
    // and plays friendly games.
    h.private(
        &alice(),
        pay(young.clone(), 5, None),
        "You paid **5 coins** to @",
    );
    assert_eq!(
        (h.balance(&alice()), h.balance(&young)),
        ((990, 0), (1005, 0))
    );
    h.ok(&young, challenge(carol(), 0, 0));
    let posted = h.core().store().open_challenge(CHANNEL).unwrap();
    assert_eq!(posted.map(|c| c.challenger), Some(young.id));
}

#[test]
fn accepting_a_money_challenge_is_staking() {
    let mut h = Harness::new();
    h.ok(&alice(), challenge(bob(), 10, 0));
    settings(
        &mut h,
        SettingsArgs {
            min_games: Some(1),
            ..Default::default()
        },
    );
    h.refused(
        &bob(),
        Command::Accept,
        "after 1 finished games; you have 0",
    );
}

#[test]
fn a_payment_past_the_daily_cap_or_the_receivers_maximum_is_refused() {
    let mut h = Harness::new();
    settings(
        &mut h,
        SettingsArgs {
            pay_cap: Some(100),
            max_balance: Some(1100),
            ..Default::default()
        },
    );
    h.private(
        &alice(),
        pay(bob(), 40, None),
        "You paid **40 coins** to @102",
    );
    assert_eq!(
        (h.balance(&alice()), h.balance(&bob())),
        ((960, 0), (1040, 0))
    );
    h.refused(
        &alice(),
        pay(carol(), 70, None),
        "capped at 100 coins a day on this server: you can still send 60 coins",
    );
    // Exactly up to the daily cap: paid; then not a coin more.
    h.private(
        &alice(),
        pay(carol(), 60, None),
        "You paid **60 coins** to @103",
    );
    assert_eq!(
        (h.balance(&alice()), h.balance(&carol())),
        ((900, 0), (1060, 0))
    );
    h.refused(
        &alice(),
        pay(carol(), 1, None),
        "capped at 100 coins a day on this server: you can still send 0 coins",
    );
    h.refused(
        &carol(),
        pay(bob(), 61, None),
        "@102 cannot receive that much: their balance would pass the server's limit (room for 60 coins)",
    );
    // Exactly up to the receiver's maximum: paid.
    h.private(
        &carol(),
        pay(bob(), 60, None),
        "You paid **60 coins** to @102",
    );
    assert_eq!(
        (h.balance(&carol()), h.balance(&bob())),
        ((1000, 0), (1100, 0))
    );
}

const AUDIT: u64 = 77;

/// A manager's command and its whole response.
fn admin(h: &mut Harness, command: AdminCommand) -> Response {
    let mut req = h.request(&carol(), Command::Admin(command));
    req.manager = true;
    h.handle(req)
}

/// The audit lines of a response: (text, pings).
fn audited(r: &Response) -> Vec<String> {
    r.posts
        .iter()
        .filter(|(c, _)| *c == ChannelId(AUDIT))
        .map(|(_, reply)| {
            assert!(!reply.ephemeral && reply.pings.is_empty(), "{reply:?}");
            reply.text.plain()
        })
        .collect()
}

#[test]
fn the_audit_channel_gets_one_line_per_admin_action_payment_and_big_game() {
    let mut h = Harness::new();
    let r = admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            audit_pot: Some(25),
            ..Default::default()
        }),
    );
    assert_eq!(
        audited(&r),
        vec![format!(
            "🧾 @103 changed the settings: audit_pot 25, audit_channel #{AUDIT}."
        )]
    );
    let r = admin(
        &mut h,
        AdminCommand::Grant {
            user: bob(),
            amount: 50,
            reason: "prize".into(),
        },
    );
    assert_eq!(
        audited(&r),
        vec!["🧾 @103 granted 50 coins to @102 (prize); their balance: 1050 coins."]
    );
    let r = admin(
        &mut h,
        AdminCommand::Take {
            user: bob(),
            amount: 20,
            reason: "fine".into(),
        },
    );
    assert_eq!(
        audited(&r),
        vec!["🧾 @103 took 20 coins from @102 (fine); their balance: 1030 coins."]
    );
    let r = h.send(&alice(), pay(bob(), 5, Some("thanks")));
    assert_eq!(
        audited(&r),
        vec![format!(
            "🧾 @101 paid 5 coins to @102 in #{CHANNEL} (thanks)."
        )]
    );
    // A refusal posts nothing.
    assert!(h.send(&alice(), pay(bob(), 0, None)).posts.is_empty());
    // A game where 20 changed hands is under the threshold; one with 30 is posted.
    for (stake, posted) in [(20, false), (30, true)] {
        let c = h.ok(&alice(), challenge(bob(), stake, 0));
        h.ok(&bob(), Command::Button(button(&c, "Accept")));
        let ask = h.private(&bob(), Command::Resign, "wins the game");
        let r = h.send(&bob(), Command::Button(button(&ask, "Confirm resignation")));
        let lines = audited(&r);
        assert_eq!(lines.len(), usize::from(posted), "stake {stake}: {lines:?}");
        if posted {
            assert!(
                lines[0].ends_with("@101 beat @102; 30 coins changed hands."),
                "{lines:?}"
            );
        }
    }
    // An abort of a game and of a challenge.
    let c = h.ok(&alice(), challenge(bob(), 10, 1));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let game = h.core().store().game(CHANNEL).unwrap().unwrap().id;
    let r = admin(
        &mut h,
        AdminCommand::Abort {
            reason: Some("spam".into()),
        },
    );
    assert_eq!(
        audited(&r),
        vec![format!("🧾 @103 aborted game {game} in #{CHANNEL} (spam).")]
    );
    h.ok(&alice(), challenge(bob(), 10, 1));
    let r = admin(&mut h, AdminCommand::Abort { reason: None });
    assert_eq!(
        audited(&r),
        vec![format!(
            "🧾 @103 called off the challenge in #{CHANNEL} (no reason given); refunded 52 coins."
        )]
    );
    // Turning the audit off is its last line.
    let r = admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_off: true,
            ..Default::default()
        }),
    );
    assert_eq!(
        audited(&r),
        vec!["🧾 @103 changed the settings: audit_off."]
    );
    let r = h.send(&alice(), pay(bob(), 5, None));
    assert_eq!(
        r.posts.len(),
        1,
        "only the receiver's notice: {:?}",
        r.posts
    );
}

#[test]
fn a_repeated_interaction_is_audited_once() {
    let mut h = Harness::new();
    admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            ..Default::default()
        }),
    );
    let req = h.request(&alice(), pay(bob(), 9, None));
    assert_eq!(audited(&h.handle(req.clone())).len(), 1);
    assert!(audited(&h.handle(req)).is_empty());
}

#[test]
fn a_game_the_upkeep_settles_on_time_is_audited() {
    let mut h = Harness::new();
    admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            ..Default::default()
        }),
    );
    let c = h.ok(&alice(), challenge(bob(), 40, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    h.now += 4 * 24 * 3_600_000;
    let sweep = h.sweep(h.now);
    let lines: Vec<String> = sweep
        .posts
        .iter()
        .filter(|(c, _)| *c == ChannelId(AUDIT))
        .map(|(_, r)| r.text.plain())
        .collect();
    assert_eq!(lines.len(), 1, "{:?}", sweep.posts);
    assert!(
        lines[0].ends_with("@102 beat @101; 40 coins changed hands."),
        "{lines:?}"
    );
}

#[test]
fn an_admin_reset_is_private_audited_and_refused_to_members_and_for_bots() {
    let mut h = Harness::new();
    admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            ..Default::default()
        }),
    );
    let reset = |user: UserRef| {
        Command::Admin(AdminCommand::Reset {
            user,
            reason: "alt account".into(),
        })
    };
    h.refused(&alice(), reset(bob()), "Only server managers");
    let mut req = h.request(&carol(), reset(computer()));
    req.manager = true;
    let r = h.handle(req);
    assert!(r.reply.ephemeral && r.reply.text.plain().contains("Bots have no wallet"));
    h.ok(&alice(), challenge(bob(), 100, 0));
    let r = admin(
        &mut h,
        AdminCommand::Reset {
            user: alice(),
            reason: "alt account".into(),
        },
    );
    assert!(r.reply.ephemeral);
    assert_eq!(
        r.reply.text.plain(),
        "Reset the wallet of @101: 900 coins removed from the balance, which is now 0. \
         100 coins in escrow stays with their games."
    );
    assert_eq!(
        audited(&r),
        vec!["🧾 @103 reset the wallet of @101: 900 coins removed (alt account)."]
    );
    assert_eq!(h.balance(&alice()), (0, 100));
    assert!(h.core().store().verify().unwrap().is_clean());
}

fn purge(reason: &str) -> Command {
    Command::Admin(AdminCommand::Purge {
        reason: reason.into(),
        checked: None,
    })
}

/// A purge is answered at once with the wallets to check; handed back with who left, it
/// empties those without escrow, keeps the one in a challenge, answers privately, audits
/// one line, and a repeat purges nothing more.
#[test]
fn an_admin_purge_asks_who_left_then_empties_their_wallets_privately_and_audited() {
    let mut h = Harness::new();
    admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            ..Default::default()
        }),
    );
    h.refused(&alice(), purge(""), "Only server managers");
    let mut req = h.request(&carol(), purge(""));
    req.manager = true;
    let r = h.handle(req);
    assert!(r.reply.ephemeral && r.purge.is_none());
    assert!(
        r.reply.text.plain().contains("nothing to purge"),
        "{:?}",
        r.reply
    );

    h.ok(&alice(), challenge(bob(), 100, 0));
    h.private(&bob(), Command::Daily, "You receive 100 coins");
    let bob_had = h.balance(&bob()).0;
    let mut req = h.request(&carol(), purge("they left"));
    req.manager = true;
    let r = h.handle(req);
    assert!(r.reply.ephemeral, "{:?}", r.reply);
    assert!(
        r.reply
            .text
            .plain()
            .starts_with("Asking Discord which of the 2 members"),
        "{:?}",
        r.reply.text.plain()
    );
    assert!(audited(&r).is_empty(), "nothing done yet");
    let job = r.purge.expect("the members to check");
    assert_eq!(job.candidates, vec![alice().id, bob().id]);
    assert_eq!(
        h.balance(&bob()).0,
        bob_had,
        "nothing moves before the check"
    );

    let checked = job.checked(Departures {
        left: vec![alice().id, bob().id],
        unchecked: 1,
    });
    let done = h.handle(checked.clone());
    assert!(done.reply.ephemeral && done.reply.pings.is_empty());
    let text = done.reply.text.plain();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("Purged the wallet of one member who left: "),
        "{text}"
    );
    assert!(lines[1].starts_with("• @102 "), "{text}");
    assert_eq!(
        lines[2],
        "Kept, because money of theirs is still in a challenge or game: @101. Purge again once it ends."
    );
    assert!(
        lines[3].starts_with("One member could not be checked"),
        "{text}"
    );
    let audit = audited(&done);
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert!(
        audit[0].starts_with("🧾 @103 purged 1 wallet of members who left: ")
            && audit[0].ends_with(" removed (they left)."),
        "{audit:?}"
    );
    assert_eq!(h.balance(&bob()), (0, 0));
    assert_eq!(h.balance(&alice()), (900, 100));

    let again = h.handle(checked);
    let again_text = again.reply.text.plain();
    assert!(again.reply.ephemeral);
    assert_eq!(
        again_text.lines().take(3).collect::<Vec<_>>(),
        lines[..3],
        "a repeat is answered with what the first did"
    );
    assert!(again.posts.is_empty(), "and audited once");
    assert_eq!(h.balance(&alice()), (900, 100));
    assert!(h.core().store().verify().unwrap().is_clean());
}

/// Two deliveries of one payment racing past the repeat check: the store pays once and
/// gives both the same result; the notice and the audit line are posted once.
#[test]
fn racing_deliveries_of_one_payment_post_once() {
    let mut h = Harness::new();
    admin(
        &mut h,
        AdminCommand::Settings(SettingsArgs {
            audit_channel: Some(ChannelId(AUDIT)),
            ..Default::default()
        }),
    );
    for round in 0..10 {
        let req = h.request(&alice(), pay(bob(), 1, None));
        let core = h.core();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| core.handle(req.clone()));
            let b = s.spawn(|| core.handle(req.clone()));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!(a.reply, b.reply, "round {round}");
        assert_eq!(
            a.posts.len() + b.posts.len(),
            2,
            "round {round}: one notice and one audit line: {:?} {:?}",
            a.posts,
            b.posts
        );
    }
    assert_eq!(h.balance(&alice()), (990, 0));
}

/// Winnings above the maximum balance leave circulation, and the result says so.
#[test]
fn a_result_says_what_the_maximum_balance_took_out_of_the_winnings() {
    let mut h = Harness::new();
    settings(
        &mut h,
        SettingsArgs {
            max_balance: Some(960),
            ..Default::default()
        },
    );
    let c = h.ok(&alice(), challenge(bob(), 50, 0));
    h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let end = h.resign(&bob());
    assert!(
        end.text.plain().contains(
            "@102 paid @101 the stake: 50 coins (40 coins of it above the server's maximum \
             balance went out of circulation)"
        ),
        "{}",
        end.text.plain()
    );
    // 950 + 50 won, 40 of it over 960; then her own 50 of escrow back.
    assert_eq!(h.balance(&alice()), (1010, 0));
    let report = h.core().store().verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, 2000 - 40);
}
