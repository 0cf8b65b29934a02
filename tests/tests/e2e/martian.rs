//! Scenario: a whole game of Martian Chess through slash commands, buttons, autocomplete
//! and the private card menus (select menus), played by two users who only know what
//! Discord shows them. Before every action both hands are read privately (`/martian hand`);
//! every public message the action caused is then checked: it names no card that was in
//! a hand, except the card the action itself played or discarded.

use std::collections::BTreeSet;

use jetan_tests::{Opt, Player, TestApp};

/// The two-character card names (`AS`, `TH`, `7D`) in a text.
fn cards_in(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let b = w.as_bytes();
            b.len() == 2 && b"AKQJT98765432".contains(&b[0]) && b"SHDC".contains(&b[1])
        })
        .map(str::to_owned)
        .collect()
}

/// A player's hand, read privately.
async fn hand(p: &Player) -> anyhow::Result<BTreeSet<String>> {
    let r = p
        .slash("martian hand", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    let cards = cards_in(&r.text());
    assert!(!cards.is_empty(), "{}", r.text());
    Ok(cards)
}

/// What one step did: the card it played or discarded, if any, and whether the game
/// ended.
struct Step {
    card: Option<String>,
    over: bool,
}

fn ended(text: &str) -> bool {
    text.contains("wins") || text.contains("drawn") || text.contains("Draw")
}

/// The player whose battle card is due plays the first card of their private menu;
/// `None` if no card is due from either.
async fn battle_card(players: &[&Player; 2]) -> anyhow::Result<Option<Step>> {
    for p in players {
        let r = p.slash("martian card", &[]).await?.expect_reply().await?;
        assert!(r.is_ephemeral(), "a card menu is private: {}", r.text());
        let Ok(menu) = r.menu() else {
            continue;
        };
        let card = menu.values[0].clone();
        let played = p
            .choose(&menu, &card)
            .await?
            .expect_reply()
            .await?
            .public()?;
        assert!(
            played.text().contains(&format!("plays **{card}**")),
            "{}",
            played.text()
        );
        return Ok(Some(Step {
            card: Some(card),
            over: ended(&played.text()),
        }));
    }
    Ok(None)
}

/// The turn player's step: one move (an attack on the King first, any attack next) per
/// turn, then `end`.
async fn turn_step(p: &Player, moved: &mut bool) -> anyhow::Result<Step> {
    if !*moved {
        let from = p.autocomplete("jetan move", &[], "from", "").await?;
        let mut best: Option<(u8, String, String)> = None;
        for (_, v) in from.iter().take(8) {
            let f = v.as_str().unwrap_or_default().to_owned();
            let to = p
                .autocomplete("jetan move", &[("from", Opt::Str(f.clone()))], "to", "")
                .await?;
            for (name, v) in to {
                let rank = if name.contains("attack the King") {
                    3
                } else if name.contains("attack") {
                    2
                } else {
                    1
                };
                if best.as_ref().is_none_or(|(r, _, _)| rank > *r) {
                    best = Some((rank, f.clone(), v.as_str().unwrap_or_default().to_owned()));
                }
            }
        }
        if let Some((_, from, to)) = best {
            let r = p
                .slash(
                    "jetan move",
                    &[("from", Opt::Str(from)), ("to", Opt::Str(to))],
                )
                .await?
                .expect_reply()
                .await?
                .public()?;
            *moved = true;
            return Ok(Step {
                card: None,
                over: ended(&r.text()),
            });
        }
    }
    let r = p.slash("martian end", &[]).await?.expect_reply().await?;
    // With the turn's actions all used the turn has passed already: `end` is refused.
    *moved = false;
    Ok(Step {
        card: None,
        over: !r.is_ephemeral() && ended(&r.text()),
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_martian_chess_game_shows_no_hidden_card_in_public() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("mars");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let start = alice.wallet().await?;
    let challenge = alice
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::from(&bob)),
                ("game", "martian-chess".into()),
                ("stake", Opt::Int(10)),
                ("piece_price", Opt::Int(1)),
                ("first", "me".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    assert!(
        challenge.text().contains("Martian Chess"),
        "{}",
        challenge.text()
    );
    let accepted = bob
        .click(&challenge.button("Accept")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    assert!(accepted.text().contains("rolls a"), "{}", accepted.text());
    let players = [&alice, &bob];
    let mut seen: BTreeSet<u64> = app.fake.public_messages().iter().map(|m| m.id).collect();
    let mut moved = false;
    let mut cards_played = 0;
    let mut over = false;
    for _ in 0..400 {
        let hands = [hand(&alice).await?, hand(&bob).await?];
        let step = match battle_card(&players).await? {
            Some(s) => {
                cards_played += 1;
                s
            }
            None => {
                // Whose turn: the public board says "<@id> (White) to act".
                let board = alice.board().await?;
                let text = board.text();
                let to_act = |p: &&&Player| {
                    ["White", "Black"]
                        .iter()
                        .any(|c| text.contains(&format!("{} ({c}) to act", p.mention())))
                };
                let Some(mover) = players.iter().find(to_act).copied() else {
                    panic!("the board names who is to act: {text}");
                };
                turn_step(mover, &mut moved).await?
            }
        };
        for m in app.fake.public_messages() {
            if !seen.insert(m.id) {
                continue;
            }
            let text = m.json["content"].as_str().unwrap_or_default();
            for c in cards_in(text) {
                let held = hands.iter().any(|h| h.contains(&c));
                assert!(
                    !held || step.card.as_deref() == Some(c.as_str()),
                    "a public message names {c} while it is in a hand: {text}"
                );
            }
        }
        if step.over {
            // "wins" may be a battle's: the game is over when there is no board.
            let board = alice
                .slash("jetan board", &[])
                .await?
                .expect_reply()
                .await?;
            if board.is_ephemeral() {
                over = true;
                break;
            }
        }
    }
    if !over {
        // A long game: Alice resigns (a whole game ends either way).
        let (_, end) = alice.resign().await?;
        assert!(end.text().contains("resigns"), "{}", end.text());
    }
    assert!(cards_played > 0, "the game had a battle");
    let (a, b) = (alice.wallet().await?, bob.wallet().await?);
    assert_eq!((a.escrow, b.escrow), (0, 0));
    assert_eq!(a.balance + b.balance, 2 * start.balance);
    assert_eq!(a.net_won, -b.net_won);
    app.finish().await
}
