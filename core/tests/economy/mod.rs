//! The server economy through the core: payments (the payer's private answer, the
//! receiver's notice pinging only them, every refusal private and changing nothing, a
//! repeated interaction paying once).

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
    let first = h.core().handle(req.clone());
    let again = h.core().handle(req);
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
        id: 555,
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
    let forged = format!("hi {}", jetan_core::Text::user(103));
    let r = h.send(&alice(), pay(bob(), 1, Some(&forged)));
    let notice = &r.posts[0].1;
    assert_eq!(
        notice.text.users(),
        vec![bob().id, alice().id],
        "{notice:?}"
    );
}

#[test]
fn a_spanish_payer_is_answered_in_spanish() {
    let mut h = Harness::new();
    h.locales.insert(alice().id, "es-ES");
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
