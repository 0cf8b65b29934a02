//! Scenario 4: refusals. Out of turn, a stranger's move, an illegal move, a stake above the
//! balance: each is answered with an ephemeral reply, and nothing changes — the board and
//! every wallet read the same before and after.

use jetan_rules::Square;
use jetan_tests::jetan::{start_game, Wallet};
use jetan_tests::{Opt, Player, Reply, TestApp};

/// What a user can observe of the state: the board (text and pixels) and the wallets.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board_text: String,
    board_pixels: Vec<u8>,
    wallets: Vec<Wallet>,
}

async fn snapshot(viewer: &Player, people: &[&Player]) -> anyhow::Result<Snapshot> {
    let board = viewer.board().await?;
    let mut wallets = Vec::new();
    for p in people {
        wallets.push(p.wallet().await?);
    }
    Ok(Snapshot {
        board_text: board.text(),
        board_pixels: board.png()?.into_raw(),
        wallets,
    })
}

fn refused(reply: &Reply, what: &str) {
    assert!(
        reply.is_ephemeral(),
        "{what}: expected an ephemeral refusal, got {:?}",
        reply.text()
    );
    assert!(
        reply.files.is_empty(),
        "{what}: a refusal carries no picture"
    );
    assert!(!reply.text().is_empty(), "{what}: a refusal says why");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_ephemeral_and_change_nothing() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("refusals");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let carol = app.fake.user("carol").at(channel);
    let people = [&alice, &bob, &carol];

    let options = [
        ("stake", Opt::Int(100)),
        ("piece_price", Opt::Int(1)),
        ("first", "me".into()),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    // A couple of moves so the position is not the start.
    for _ in 0..2 {
        let m = game.legal()[0];
        game.play(m).await?;
    }
    let before = snapshot(&carol, &people).await?;

    let legal = game.legal();
    let m = legal[0];

    // Out of turn: the waiting player tries the mover's move.
    let reply = game.waiter().play(m).await?;
    refused(&reply, "out of turn");
    assert!(
        reply.text().contains(&game.mover().mention()),
        "says whose turn it is: {}",
        reply.text()
    );

    // A stranger tries to move.
    let reply = carol.play(m).await?;
    refused(&reply, "a stranger's move");

    // An illegal move: a piece that can move, to a square none of its moves reach.
    let from = m.from;
    let unreachable = Square::all()
        .find(|sq| *sq != from && !legal.iter().any(|l| l.from == from && l.to == *sq))
        .expect("some square is out of reach");
    let reply = game
        .mover()
        .slash(
            "jetan move",
            &[
                ("from", Opt::Str(from.to_string())),
                ("to", Opt::Str(unreachable.to_string())),
            ],
        )
        .await?
        .expect_reply()
        .await?;
    refused(&reply, "an illegal move");
    // Text that is not a square, and half a move.
    for opts in [
        vec![("from", Opt::from("z99")), ("to", Opt::from("a1"))],
        vec![("from", Opt::Str(from.to_string()))],
        vec![("notation", Opt::from("hello"))],
    ] {
        let reply = game
            .mover()
            .slash("jetan move", &opts)
            .await?
            .expect_reply()
            .await?;
        refused(&reply, &format!("move {opts:?}"));
    }

    // A stake above the balance, in another channel.
    let elsewhere = app.fake.channel("elsewhere");
    let reply = carol
        .at(elsewhere)
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::from(&alice)),
                ("stake", Opt::Int(1_000_000)),
            ],
        )
        .await?
        .expect_reply()
        .await?;
    refused(&reply, "a stake above the balance");
    assert!(reply.buttons().is_empty());
    // No challenge was opened there.
    let reply = alice
        .at(elsewhere)
        .slash("jetan accept", &[])
        .await?
        .expect_reply()
        .await?;
    refused(&reply, "accepting a challenge that was refused");

    let after = snapshot(&carol, &people).await?;
    assert_eq!(
        before.board_text, after.board_text,
        "the board text changed"
    );
    assert!(
        before.board_pixels == after.board_pixels,
        "the board picture changed"
    );
    assert_eq!(before.wallets, after.wallets, "a wallet changed");

    // And the game goes on from the same position.
    game.play(m).await?;
    assert_refusals_were_quick(&app)?;
    app.finish().await
}

fn assert_refusals_were_quick(app: &TestApp) -> anyhow::Result<()> {
    let slow: Vec<String> = app.fake.violations();
    anyhow::ensure!(slow.is_empty(), "{slow:?}");
    Ok(())
}
