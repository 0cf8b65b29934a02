//! The pages of finished games and standings, fetched over loopback from the web front
//! end as `jetan console --web` runs it (in process here, to compare with the core):
//! a finished game's stepping page, its boards per ply (they differ; the last is the
//! game page's end position), its record download (the very text `/jetan record`
//! posts), a Martian Chess game's pages with no card of a hand, and the standings.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use jetan::console::{bot_user, id_of, Console, CONSOLE_GUILD};
use jetan::web::{Front, Prepared};
use jetan_core::web::WebLinks;
use jetan_core::{ChannelId, Core, GuildId, Response};
use jetan_store::Store;

struct Quiet;

impl Front for Quiet {
    fn deliver(&self, _: GuildId, _: ChannelId, _: u64, _: Response) {}
}

fn run(console: &mut Console<'_>, l: &str) -> String {
    let mut out = Vec::new();
    console.run_line(l, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// An answer: status, headers (lower-case names), body.
struct Got {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Got {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` over loopback, HTTP/1.1 with the connection closed after.
fn get(addr: SocketAddr, path: &str) -> Got {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    assert!(
        !headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")),
        "{path}: a chunked answer"
    );
    Got {
        status,
        headers,
        body: body.to_string(),
    }
}

/// The board's SVG in a page.
fn svg_of(page: &str) -> &str {
    let start = page.find("<svg class=\"board\"").expect("a board");
    let end = start + page[start..].find("</svg>").unwrap() + "</svg>".len();
    &page[start..end]
}

/// The console's posted record of the channel's last finished game.
fn posted_record(console: &mut Console<'_>, channel: &str) -> String {
    let out = run(console, &format!("#{channel} @carol record"));
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("[attachment] "))
        .unwrap_or_else(|| panic!("an attachment: {out}"));
    std::fs::read_to_string(path).unwrap()
}

fn start(console: &mut Console<'_>, channel: &str, terms: &str) {
    let out = run(
        console,
        &format!("#{channel} @alice challenge opponent:@bob {terms} first:me"),
    );
    let accept = out
        .lines()
        .find_map(|l| l.strip_prefix("[button] Accept → click "))
        .unwrap_or_else(|| panic!("an Accept button: {out}"))
        .to_string();
    run(console, &format!("#{channel} @bob click {accept}"));
}

fn resign(console: &mut Console<'_>, channel: &str) {
    let ask = run(console, &format!("#{channel} @bob resign"));
    let confirm = ask
        .lines()
        .find_map(|l| l.split(" → click ").nth(1))
        .expect("a confirm button")
        .to_string();
    run(console, &format!("#{channel} @bob click {confirm}"));
}

#[test]
fn a_finished_game_steps_through_its_moves_and_downloads_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("data")).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let _entered = runtime.enter();
    let config = jetan::web::WebConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        public_url: None,
        secret: "a test secret, long enough for the keys here".into(),
    };
    let prepared = runtime.block_on(Prepared::bind(&config)).unwrap();
    let addr = prepared.local_addr().unwrap();
    let links = prepared.links();
    let core = Arc::new(
        Core::new(store, bot_user(), 7)
            .with_web_links(links.clone())
            .with_observer(prepared.observer()),
    );
    prepared.start(core.clone(), Arc::new(Quiet), None);
    let mut console = Console::new(&core, dir.path().join("out"));
    let server = links
        .server(CONSOLE_GUILD)
        .trim_start_matches(&format!("http://{addr}"))
        .to_string();

    // A Jetan game of four moves, then a resignation.
    start(&mut console, "g", "stake:10 piece_price:1");
    for m in [
        "#g @alice move from:f1 to:e4",
        "#g @bob move notation:e9-d8",
        "#g @alice move from:a2 to:b4",
        "#g @bob move from:g10 to:h7",
    ] {
        let out = run(&mut console, m);
        assert!(!out.contains("[ephemeral]"), "{m}: {out}");
    }
    resign(&mut console, "g");
    let last = core.store().last_finished(id_of("g")).unwrap().unwrap();
    let id = last.game.id;
    let game = format!("{server}/g/{id}");

    // The server's page links the finished game's moves and the standings.
    let list = get(addr, &server);
    assert_eq!(list.status, 200);
    assert!(
        list.body.contains(&format!("{game}/moves")),
        "{}",
        list.body
    );
    assert!(list.body.contains(&format!("{server}/standings")));

    // The game's page: its end position, and links to step and to download.
    let page = get(addr, &game);
    assert_eq!(page.status, 200);
    assert!(page.body.contains(&format!("{id}/moves")));
    assert!(page.body.contains(&format!("{id}/record.txt")));
    let end = svg_of(&page.body).to_string();

    // The stepping page, at the end by default, the last move marked.
    let steps = get(addr, &format!("{game}/moves"));
    assert_eq!(steps.status, 200, "{}", steps.body);
    assert!(steps.body.contains("data-last=\"4\""), "{}", steps.body);
    assert!(steps.body.contains("/static/archive.js"));
    assert!(steps.body.contains(r#"data-ply="4" aria-current="step""#));
    assert!(
        svg_of(&steps.body) == end,
        "the stepping page's board is not the game page's end board"
    );
    for key in ["start", "back", "forward", "end"] {
        assert!(
            steps.body.contains(&format!("data-step=\"{key}\"")),
            "{key}"
        );
    }
    // Without script: `?ply=2` shows the board after two moves.
    let at2 = get(addr, &format!("{game}/moves?ply=2"));
    assert!(at2.body.contains(r#"data-ply="2" aria-current="step""#));

    // One board per ply, each different; the last is the game page's.
    let mut boards = Vec::new();
    for n in 0..=4 {
        let got = get(addr, &format!("{game}/ply/{n}"));
        assert_eq!(got.status, 200, "ply {n}");
        assert!(got.header("x-ply").is_some(), "ply {n}");
        boards.push(got.body);
    }
    for i in 0..boards.len() {
        for j in i + 1..boards.len() {
            assert!(
                boards[i] != boards[j],
                "plies {i} and {j} show the same board"
            );
        }
    }
    assert!(
        boards[4] == end,
        "the last ply is not the game page's end board"
    );
    assert!(
        svg_of(&at2.body) == boards[2],
        "?ply=2 is not ply 2's board"
    );
    assert_eq!(get(addr, &format!("{game}/ply/5")).status, 404);

    // The record: the very text `/jetan record` posts, as an attachment.
    let record = get(addr, &format!("{game}/record.txt"));
    assert_eq!(record.status, 200);
    assert!(record
        .header("content-disposition")
        .is_some_and(|d| d.starts_with("attachment") && d.contains(&format!("game-{id}.txt"))));
    assert!(record
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain")));
    assert_eq!(record.body, core.game_record(&last));
    assert_eq!(record.body, posted_record(&mut console, "g"));

    // Another server's address, or a game in progress, has no such page.
    let fake = format!("/s/{}/g/{id}/record.txt", "x".repeat(20));
    assert_eq!(get(addr, &fake).status, 404);
    start(&mut console, "h", "stake:0 piece_price:0");
    let playing = core.server_games(CONSOLE_GUILD).unwrap().playing[0].id;
    assert_eq!(
        get(addr, &format!("{server}/g/{playing}/record.txt")).status,
        404
    );
    assert_eq!(
        get(addr, &format!("{server}/g/{playing}/moves")).status,
        404
    );

    // Standings: money and rating per pool, as `/jetan standings` shows them.
    let standings = get(addr, &format!("{server}/standings"));
    assert_eq!(standings.status, 200, "{}", standings.body);
    assert!(standings.body.contains("@alice"), "{}", standings.body);
    assert!(standings.body.contains("@bob"), "{}", standings.body);
    let tables = core.web_standings(CONSOLE_GUILD).unwrap();
    assert!(tables.len() >= 3, "money and each pool: {tables:?}");

    // A player's profile: their facts, picture and latest games, linked from the game.
    let alice = id_of::<jetan_core::UserId>("alice").get();
    assert!(steps.body.contains(&format!("../../u/{alice}")));
    let profile = get(addr, &format!("{server}/u/{alice}"));
    assert_eq!(profile.status, 200, "{}", profile.body);
    assert!(profile.body.contains("alice"), "{}", profile.body);
    assert!(
        profile.body.contains(&format!("{game}/moves")),
        "{}",
        profile.body
    );
    let png = get(addr, &format!("{server}/u/{alice}/profile.png"));
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.body.contains("PNG"));
    assert_eq!(get(addr, &format!("{server}/u/12345")).status, 404);

    // A Martian Chess game: its pages show no card of a hand.
    start(&mut console, "m", "game:martian-chess");
    let watch = links.watch(
        CONSOLE_GUILD,
        core.store().game(id_of("m")).unwrap().unwrap().id,
    );
    assert!(watch.contains("/g/"));
    let out = run(&mut console, "#m @alice move from:e2 to:e4");
    assert!(!out.contains("[ephemeral]"), "{out}");
    // The end of the turn, unless the die allowed one action (then it is Bob's turn).
    run(&mut console, "#m @alice end");
    let before = core.store().game(id_of("m")).unwrap().unwrap();
    let state = before.martian_state().unwrap();
    let held: Vec<String> = martian_chess::Color::ALL
        .into_iter()
        .flat_map(|c| state.hand(c).to_vec())
        .map(|c| c.to_string())
        .collect();
    assert!(!held.is_empty(), "the players hold cards");
    resign(&mut console, "m");
    let mars = core.store().last_finished(id_of("m")).unwrap().unwrap();
    let mgame = format!("{server}/g/{}", mars.game.id);
    let steps = get(addr, &format!("{mgame}/moves"));
    assert_eq!(steps.status, 200, "{}", steps.body);
    let plies = mars.game.actions().len();
    assert!(plies >= 1);
    let mut pages = vec![steps.body, get(addr, &mgame).body];
    for n in 0..=plies {
        pages.push(get(addr, &format!("{mgame}/ply/{n}")).body);
    }
    assert!(
        svg_of(&pages[1]) == pages[pages.len() - 1],
        "the last ply is not the game page's end board"
    );
    assert!(
        pages[2] != pages[pages.len() - 1],
        "the start and the end show the same board"
    );
    for page in &pages {
        let words: Vec<&str> = page.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        for card in &held {
            assert!(
                !words.contains(&card.as_str()),
                "a page names {card}, a card in a hand"
            );
        }
    }
    let record = get(addr, &format!("{mgame}/record.txt"));
    assert_eq!(record.body, core.game_record(&mars));
}

/// Plays the Jetan game in `#channel` to its end through the console: the most valuable
/// capture, else a move chosen by `seed` (as `records.rs` does).
fn play_out(core: &Core, console: &mut Console<'_>, channel: &str, seed: u64) {
    let mut n = seed;
    for _ in 0..600 {
        let Some(g) = core.store().game(id_of(channel)).unwrap() else {
            return;
        };
        let pos = g.position().unwrap();
        let moves = pos.legal_moves();
        let m = moves
            .iter()
            .filter(|m| m.is_capture())
            .max_by_key(|m| pos.board().piece_at(m.to).map(|p| p.role.value()))
            .copied()
            .unwrap_or_else(|| {
                n = n.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                moves[(n >> 33) as usize % moves.len()]
            });
        let who = if g.to_move() == id_of("alice") {
            "alice"
        } else {
            "bob"
        };
        let out = run(
            console,
            &format!("#{channel} @{who} move from:{} to:{}", m.from, m.to),
        );
        assert!(!out.contains("[ephemeral]"), "{out}");
    }
    panic!("the game does not end");
}

/// Whole games (Manator with its duels, the circular board): a board per record, each
/// after the one before it, the last the finished game's page's own board.
#[test]
fn every_ply_of_whole_games_ends_on_the_game_pages_board() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("data")).unwrap();
    let core = Core::new(store, bot_user(), 7);
    let mut console = Console::new(&core, dir.path().join("out"));
    let mut duels = 0;
    for (i, terms) in [
        "variant:manator stake:0 piece_price:0",
        "variant:manator board:circular stake:0 piece_price:0",
        "board:circular stake:0 piece_price:0",
        "variant:manator stake:0 piece_price:0",
        "variant:manator stake:0 piece_price:0",
        "variant:manator board:circular stake:0 piece_price:0",
        "variant:manator stake:0 piece_price:0",
    ]
    .into_iter()
    .enumerate()
    {
        let channel = format!("w{i}");
        start(&mut console, &channel, terms);
        play_out(&core, &mut console, &channel, i as u64 + 3);
        let last = core
            .store()
            .last_finished(id_of(&channel))
            .unwrap()
            .unwrap();
        duels += last
            .game
            .moves()
            .iter()
            .filter(|m| m.duel.is_some())
            .count();
        let f = core
            .finished_page(CONSOLE_GUILD, last.game.id)
            .unwrap()
            .expect("the finished game's page");
        assert_eq!(f.boards.len(), last.game.moves().len() + 1, "{terms}");
        let page = core
            .game_page(CONSOLE_GUILD, last.game.id, false)
            .unwrap()
            .unwrap();
        assert!(
            f.boards.last().unwrap().0 == page.board,
            "{terms}: the last ply is not the page's board"
        );
        assert_eq!(f.boards.last().unwrap().1, page.piece_names, "{terms}");
        for (j, w) in f.boards.windows(2).enumerate() {
            assert!(
                w[0].0 != w[1].0,
                "{terms}: ply {j} and {} are the same",
                j + 1
            );
        }
        assert_eq!(f.record, core.game_record(&last), "{terms}");
    }
    assert!(duels > 0, "the Manator games fought duels");
}
