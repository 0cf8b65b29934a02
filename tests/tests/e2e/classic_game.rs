//! Scenario 2: a full Classic game with a stake and piece prices, played through slash
//! commands and buttons to a Princess capture. Every picture decodes at the board's size,
//! the wallets end exact, and the standings list both players in order.

use jetan_rules::{Color, Outcome, WinReason};
use jetan_tests::jetan::{princess_capture_line, start_game, Wallet};
use jetan_tests::{Opt, TestApp};

const STAKE: u64 = 50;
const PRICE: u64 = 2;
/// Classic: one side's pieces are worth 43 points; the reserve covers all but one.
const RESERVE_POINTS: u64 = 42;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_game_with_stakes_ends_with_exact_wallets_and_standings() -> anyhow::Result<()> {
    let (line, seed) = princess_capture_line(160, 2).expect("a Princess-capture line exists");
    let mut app = TestApp::spawn().await?;
    let board_size = jetan_render::default_renderer()?.size();
    let channel = app.fake.channel("classic");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);

    let start = alice.wallet().await?;
    assert_eq!(start, bob.wallet().await?, "both start with the same grant");
    assert_eq!(start.escrow, 0);

    let options = [
        ("stake", Opt::Int(STAKE as i64)),
        ("piece_price", Opt::Int(PRICE as i64)),
        ("first", "me".into()),
    ];
    let (challenge, accepted, mut game) = start_game(&alice, &bob, &options).await?;
    assert!(
        challenge.text().contains(&bob.mention()),
        "{}",
        challenge.text()
    );
    assert_eq!(
        game.black.id(),
        alice.id(),
        "first: me makes the challenger Black"
    );
    assert_eq!(accepted.png()?.dimensions(), board_size);
    let escrow = STAKE + PRICE * RESERVE_POINTS;
    for p in [&alice, &bob] {
        let w = p.wallet().await?;
        assert_eq!(
            (w.balance, w.escrow),
            (start.balance - escrow, escrow),
            "{} after accepting",
            p.user.name
        );
    }

    for (i, m) in line.iter().enumerate() {
        let reply = game
            .play(*m)
            .await
            .map_err(|e| e.context(format!("ply {i} (seed {seed})")))?;
        let png = reply.png()?;
        assert_eq!(png.dimensions(), board_size, "ply {i}");
        assert!(
            reply.elapsed.as_secs_f64() < 3.0,
            "ply {i} acknowledged after {:?}",
            reply.elapsed
        );
        if i + 1 == line.len() {
            assert!(
                reply.text().contains("Princess"),
                "the last reply names the Princess: {}",
                reply.text()
            );
        }
    }
    let Some(Outcome::Win {
        winner,
        reason: WinReason::PrincessCaptured,
    }) = game.outcome()
    else {
        panic!("the line ends with a Princess capture");
    };
    assert!(game.kills.len() >= 3, "pieces were taken along the way");

    // Expected money: each killed piece's owner paid value × price to the other player; the
    // loser's stake went to the winner.
    let mut net = [0i64; 2];
    for (victim_owner, role) in &game.kills {
        let price = i64::from(role.value()) * PRICE as i64;
        net[*victim_owner as usize] -= price;
        net[victim_owner.other() as usize] += price;
    }
    net[winner as usize] += STAKE as i64;
    net[winner.other() as usize] -= STAKE as i64;
    let expect = |c: Color| {
        let n = net[c as usize];
        Wallet {
            balance: start.balance.checked_add_signed(n).expect("no overdraft"),
            escrow: 0,
            wins: u64::from(c == winner),
            losses: u64::from(c != winner),
            draws: 0,
            net_won: n,
        }
    };
    assert_eq!(
        game.black.wallet().await?,
        expect(Color::Black),
        "Black's wallet"
    );
    assert_eq!(
        game.orange.wallet().await?,
        expect(Color::Orange),
        "Orange's wallet"
    );

    // The channel is free again and the standings list the winner first.
    let standings = alice
        .slash("jetan standings", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let text = standings.text();
    let winner_at = text.find(&game.player(winner).mention());
    let loser_at = text.find(&game.player(winner.other()).mention());
    assert!(
        winner_at.is_some() && loser_at.is_some(),
        "both players are listed: {text}"
    );
    assert!(winner_at < loser_at, "the winner is listed first: {text}");
    let board = alice
        .slash("jetan board", &[])
        .await?
        .expect_reply()
        .await?;
    assert!(
        board.is_ephemeral(),
        "no game in the channel any more: {}",
        board.text()
    );

    let report = app.stop_and_verify().await?;
    assert!(!report.is_empty());
    app.finish().await
}
