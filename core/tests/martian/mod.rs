//! Martian Chess through the core: every refusal of the issue, a whole game with its
//! money settled, private prompts, and a restart in the middle of a battle.

use jetan_core::{GameCommand, GameId, GameKind};
use martian_chess::{ai, Action, BattleSide, Card, Color, Role, Square, State, ToAct};

use super::*;

fn martian_challenge(opponent: UserRef, stake: i64, price: i64) -> Command {
    Command::Challenge {
        opponent,
        args: ChallengeArgs {
            game: Some(GameKind::MartianChess),
            stake: Some(stake),
            piece_price: Some(price),
            first: Some(FirstMover::Challenger),
            ..Default::default()
        },
    }
}

/// Alice (White) and Bob (Black) start a game of Martian Chess.
fn start(h: &mut Harness, stake: i64, price: i64) {
    let c = h.ok(&alice(), martian_challenge(bob(), stake, price));
    assert!(
        c.text.plain().contains("Martian Chess"),
        "{}",
        c.text.plain()
    );
    let r = h.ok(&bob(), Command::Button(button(&c, "Accept")));
    assert!(
        r.text.plain().contains("rolls a"),
        "the die is posted: {}",
        r.text.plain()
    );
    assert_eq!(r.attachments.len(), 1, "with the board");
}

fn state(h: &Harness) -> State {
    let g = h.core().store().game(CHANNEL).unwrap().unwrap();
    g.martian_state().unwrap()
}

fn user(c: Color) -> UserRef {
    match c {
        Color::White => alice(),
        Color::Black => bob(),
    }
}

/// The command for an action.
fn command(a: Action) -> Command {
    match a {
        Action::Move {
            from,
            to,
            promotion,
        } => Command::Move {
            from: None,
            to: None,
            notation: Some(match promotion {
                Some(r) => format!("{from}-{to}={}", r.char().to_ascii_uppercase()),
                None => format!("{from}-{to}"),
            }),
        },
        Action::Drop { role, to } => Command::Game(
            GameCommand::new("drop")
                .with("piece", role.char().to_string())
                .with("square", to.to_string()),
        ),
        Action::Exchange(role) => {
            Command::Game(GameCommand::new("exchange").with("piece", role.name().to_string()))
        }
        Action::Discard(c) => {
            Command::Game(GameCommand::new("discard").with("card", c.to_string()))
        }
        Action::Play(c) => Command::Game(GameCommand::new("card").with("card", c.to_string())),
        Action::End => Command::Game(GameCommand::new("end")),
    }
}

/// Plays one action chosen by the computer player for whoever must act; `false` when the
/// game is over.
fn step(h: &mut Harness, n: u64) -> bool {
    if h.core().store().game(CHANNEL).unwrap().is_none() {
        return false;
    }
    let s = state(h);
    let side = s.player_to_act().unwrap();
    let a = ai::choose(&s.public_view(side), ai::Level::Greedy, n).unwrap();
    let r = h.ok(&user(side), command(a));
    assert!(!r.ephemeral, "{a} was refused: {}", r.text.plain());
    true
}

#[test]
fn martian_refusals_say_why_and_change_nothing() {
    let mut h = Harness::new();
    start(&mut h, 10, 1);
    let e2e4 = command("e2-e4".parse().unwrap());
    h.refused(&bob(), command("e7-e5".parse().unwrap()), "@101's turn");
    h.refused(&carol(), e2e4.clone(), "not playing");
    h.refused(
        &alice(),
        command("e2-e5".parse().unwrap()),
        "cannot move to e5",
    );
    // A card Alice does not hold.
    let s = state(&h);
    let missing = Card::all()
        .find(|c| !s.hand(Color::White).contains(c))
        .unwrap();
    h.refused(
        &alice(),
        command(Action::Discard(missing)),
        "you do not hold",
    );
    h.refused(
        &alice(),
        Command::Game(GameCommand::new("card").with("card", "AS")),
        "no battle",
    );
    // Ending turns until White rolls at least 2, then a piece moves twice.
    while state(&h).die() < 2 || state(&h).turn() != Color::White {
        let side = state(&h).turn();
        h.ok(&user(side), Command::Game(GameCommand::new("end")));
    }
    h.ok(&alice(), e2e4);
    h.refused(&alice(), command("e4-e5".parse().unwrap()), "already moved");
    // The hand is private; a discard without a card is a private menu of it.
    h.private(
        &alice(),
        Command::Game(GameCommand::new("hand").private()),
        "Your hand (13 cards)",
    );
    let menu = h.menu(
        &alice(),
        Command::Game(GameCommand::new("discard").private()),
    );
    assert!(menu.ephemeral);
    assert_eq!(menu.menu.as_ref().unwrap().options.len(), 13);

    // Play on, checking the refusals that need a battle or a reserve when they arise.
    let (mut off_suit, mut other_battle, mut pawn_drop, mut dropped_move) =
        (false, false, false, false);
    let mut n = 0;
    while h.core().store().game(CHANNEL).unwrap().is_some() {
        let s = state(&h);
        match s.to_act() {
            ToAct::Battle { player, side } => {
                let b = s.battle().unwrap();
                // The other player acts in this battle.
                if !other_battle {
                    let theirs = s.hand(player.other())[0];
                    h.refused(
                        &user(player.other()),
                        command(Action::Play(theirs)),
                        "card to play in this battle",
                    );
                    other_battle = true;
                }
                // Off suit while holding the led suit.
                if let Some(led) = b.led_suit() {
                    let hand = s.hand(player);
                    let off = hand.iter().find(|c| c.suit() != led);
                    let follows = hand.iter().any(|c| c.suit() == led);
                    if let (false, true, Some(off)) = (off_suit, follows, off) {
                        h.refused(&user(player), command(Action::Play(*off)), "follow suit");
                        off_suit = true;
                    }
                }
                // The private menu offers exactly the legal cards.
                let id = h.core().store().game(CHANNEL).unwrap().unwrap().id;
                let menu = h.menu(
                    &user(player),
                    Command::Button(ButtonAction::game(id, "cards")),
                );
                let legal: Vec<Card> = b.legal_cards(s.hand(player)).collect();
                assert_eq!(menu.menu.as_ref().unwrap().options.len(), legal.len());
                let _: BattleSide = side;
            }
            ToAct::Turn(c) if s.actions_left() >= 2 && !s.reserve(c).is_empty() => {
                let role = s.reserve(c).roles().next().unwrap();
                if role == Role::Pawn && !pawn_drop {
                    let back = Square::all()
                        .find(|q| (q.rank() == 0 || q.rank() == 7) && s.board().get(*q).is_none())
                        .unwrap();
                    h.refused(
                        &user(c),
                        command(Action::Drop { role, to: back }),
                        "never dropped on rank 1 or rank 8",
                    );
                    pawn_drop = true;
                }
                if !dropped_move {
                    let to = Square::all()
                        .find(|q| {
                            (2..=5).contains(&q.rank())
                                && s.board().get(*q).is_none()
                                && s.clone()
                                    .play(c, Action::Drop { role, to: *q })
                                    .is_ok_and(|t| {
                                        t.legal_actions()
                                            .iter()
                                            .any(|a| matches!(a, Action::Move { .. }))
                                    })
                        })
                        .unwrap();
                    let r = h.ok(&user(c), command(Action::Drop { role, to }));
                    assert!(r.text.plain().contains("paradrops"), "{}", r.text.plain());
                    let dest = Square::all().find(|q| q != &to).unwrap();
                    h.refused(
                        &user(c),
                        command(Action::Move {
                            from: to,
                            to: dest,
                            promotion: None,
                        }),
                        "dropped this turn",
                    );
                    dropped_move = true;
                    continue;
                }
            }
            _ => {}
        }
        n += 1;
        step(&mut h, n);
        assert!(n < 5000, "the game does not end");
    }
    assert!(other_battle && off_suit, "battles were checked");
    assert!(
        dropped_move,
        "a paradrop was checked (try another seed if the game had none)"
    );
    assert!(pawn_drop, "a pawn drop on the back rank was checked");
    assert!(h.core().store().verify().unwrap().is_clean());
}

#[test]
fn a_martian_game_settles_exactly_and_survives_a_restart_mid_battle() {
    let mut h = Harness::new();
    start(&mut h, 25, 2);
    assert_eq!(h.balance(&alice()), (1000 - 25 - 78, 25 + 78));
    let mut n = 0;
    let mut restarted = false;
    while h.core().store().game(CHANNEL).unwrap().is_some() {
        let s = state(&h);
        if !restarted && s.battle().is_some_and(|b| b.cards().len() == 1) {
            h.restart();
            assert_eq!(state(&h).to_string(), s.to_string(), "the battle survives");
            restarted = true;
        }
        n += 1;
        step(&mut h, n);
    }
    assert!(restarted, "a battle happened");
    let (a, b) = (
        h.core().store().wallet(GUILD, alice().id).unwrap(),
        h.core().store().wallet(GUILD, bob().id).unwrap(),
    );
    assert_eq!((a.escrow, b.escrow), (0, 0));
    assert_eq!(a.balance + b.balance, 2000);
    assert_eq!(a.net_won + b.net_won, 0);
    assert_eq!(a.balance as i64 - 1000, a.net_won);
    // Net won is exactly the game's payments in the ledger: prisoner prices (each at
    // most its value × 2, from the payer's escrow) and the stake.
    for (w, u) in [(&a, alice()), (&b, bob())] {
        let entries = h.core().store().ledger(GUILD, u.id, 10_000).unwrap();
        let game: i64 = entries
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    jetan_store::EntryKind::PiecePrice | jetan_store::EntryKind::Payout
                )
            })
            .map(|e| e.balance_delta + e.escrow_delta)
            .sum();
        assert_eq!(w.net_won, game);
        for e in &entries {
            if e.kind == jetan_store::EntryKind::PiecePrice {
                assert!(e.balance_delta.abs() + e.escrow_delta.abs() <= 18, "{e:?}");
            }
        }
    }
    assert!(h.core().store().verify().unwrap().is_clean());
    let replay = h.ok(&alice(), Command::Replay { game: None });
    assert_eq!(replay.attachments[0].name, "replay.txt");
}

#[test]
fn practice_against_the_computer_plays_whole_turns() {
    let mut h = Harness::new();
    let r = h.send(
        &alice(),
        practice(ChallengeArgs {
            game: Some(GameKind::MartianChess),
            level: Some(2),
            first: Some(FirstMover::Challenged),
            ..Default::default()
        }),
    );
    assert!(
        r.reply.text.plain().contains("Practice game"),
        "{}",
        r.reply.text.plain()
    );
    // The computer is White and moves first: its whole turn is one reply.
    let ch = r.computer_moves_in.expect("the computer starts");
    let turn = h.core().computer_turn(GUILD, ch, || T0).expect("it acts");
    assert!(
        turn.reply.text.plain().contains("ends the turn")
            || turn.reply.text.plain().contains("card"),
        "{}",
        turn.reply.text.plain()
    );
    let s = state(&h);
    assert_eq!(
        s.player_to_act(),
        Some(Color::Black),
        "{}",
        turn.reply.text.plain()
    );
    h.resign(&alice());
    assert!(
        h.core().store().game(CHANNEL).unwrap().is_none(),
        "resigned"
    );
    // Levels 4 and 5 are the search player, as strong as Jetan's levels are named.
    let mut h = Harness::new();
    let strongest = practice(ChallengeArgs {
        game: Some(GameKind::MartianChess),
        level: Some(5),
        ..Default::default()
    });
    let r = h.ok(&alice(), strongest);
    assert!(r.text.plain().contains("(level 5)"), "{}", r.text.plain());
}

#[test]
fn martian_chess_speaks_the_server_and_player_languages() {
    let mut h = Harness::new();
    h.locales.insert(UserId(bob().id.get()), "es-ES");
    set_language(&mut h, "es");
    let c = h.ok(&alice(), martian_challenge(bob(), 10, 1));
    let r = h.ok(&bob(), Command::Button(button(&c, "Aceptar")));
    for words in [
        "@101 (Blancas) saca un **",
        "con el dado:",
        "@101 juega con Blancas y empieza",
        "Mazo: ",
        "@101, te toca.",
    ] {
        assert!(
            r.text.plain().contains(words),
            "{words:?} in {}",
            r.text.plain()
        );
    }
    assert!(!r.text.plain().contains("rolls a"), "{}", r.text.plain());
    // Bob's hand is answered in his Spanish, Alice's in her English.
    let hand = h.private(
        &bob(),
        Command::Game(GameCommand::new("hand").private()),
        "Tu mano (",
    );
    assert!(
        hand.text.plain().starts_with("Tu mano ("),
        "{}",
        hand.text.plain()
    );
    let hand = h.private(
        &alice(),
        Command::Game(GameCommand::new("hand").private()),
        "Your hand (",
    );
    assert!(
        hand.text.plain().starts_with("Your hand ("),
        "{}",
        hand.text.plain()
    );
    // Bob's refusal is in Spanish; Alice's public turn end in the server's Spanish.
    h.refused(
        &bob(),
        Command::Game(GameCommand::new("end")),
        "Le toca a @101",
    );
    let r = h.ok(&alice(), Command::Game(GameCommand::new("end")));
    assert!(
        r.text.plain().contains("@101 (Blancas) termina el turno.")
            && r.text.plain().contains("@102 (Negras) saca un **"),
        "{}",
        r.text.plain()
    );
    // The rules' less common refusals, a malformed move and a stray menu, in Bob's
    // Spanish; none changes anything.
    let mv = |from: Option<&str>, to: Option<&str>, notation: Option<&str>| Command::Move {
        from: from.map(Into::into),
        to: to.map(Into::into),
        notation: notation.map(Into::into),
    };
    for (command, words) in [
        (
            mv(None, None, Some("e7-e4")),
            "El peón de e7 no puede ir a e4.",
        ),
        (
            mv(None, None, Some("d8-d6")),
            "La Dama de d8 no puede ir a d6.",
        ),
        (
            mv(None, None, Some("e2-e3")),
            "El peón de e2 no te pertenece.",
        ),
        (mv(None, None, Some("e5-e4")), "No hay ninguna pieza en e5."),
        (
            mv(None, None, Some("d8-e8")),
            "En e8 ya está tu propio Rey.",
        ),
        (mv(Some("e7"), None, None), "Di qué jugada"),
        (
            mv(Some("e7"), Some("e5"), Some("e7-e5")),
            "no las dos cosas",
        ),
        (mv(None, None, Some("hola")), "`hola` no es una jugada"),
        (mv(None, None, Some("e7-e9")), "`e9` no es una casilla"),
        (
            Command::Game(
                GameCommand::new("drop")
                    .with("piece", "caballo")
                    .with("square", "e4"),
            ),
            "No tienes ningún Caballo en tu reserva.",
        ),
        (
            Command::Game(GameCommand::new("exchange").with("piece", "dama")),
            "En tu prisión no hay ninguna Dama que devolver.",
        ),
        (
            Command::Game(GameCommand::new("exchange").with("piece", "rey")),
            "Los Reyes nunca se canjean",
        ),
        (
            Command::Choose {
                menu: ButtonAction::Accept(GameId(1)),
                value: "AS".into(),
            },
            "Ese menú no es mío.",
        ),
    ] {
        h.refused(&bob(), command, words);
    }
    assert_eq!(state(&h).player_to_act(), Some(Color::Black));
    // The board in the server's Spanish, with the time left for the turn.
    let board = h.ok(&alice(), Command::Board);
    assert!(
        board
            .text
            .plain()
            .contains("Tiempo que queda para este turno: "),
        "{}",
        board.text.plain()
    );
    // Autocomplete in the asker's language.
    let from = h.core().suggest_from(CHANNEL, bob().id, "es-ES", "b8");
    assert_eq!(
        from,
        vec![("b8 — Caballo (2 jugadas)".to_string(), "b8".to_string())]
    );
    let from = h.core().suggest_from(CHANNEL, bob().id, "en-US", "b8");
    assert_eq!(from[0].0, "b8 — Knight (2 moves)");
    assert!(h.core().store().verify().unwrap().is_clean());
    // Bob resigns; the replay and its file are in the server's Spanish.
    let ask = h.private(&bob(), Command::Resign, "gana la partida");
    h.ok(&bob(), Command::Button(button(&ask, "Confirmar rendición")));
    let replay = h.ok(&alice(), Command::Replay { game: None });
    assert!(
        replay
            .text
            .plain()
            .contains("(**Martian Chess**): @101 (Blancas) contra @102 (Negras), 1 acción;"),
        "{}",
        replay.text.plain()
    );
    let file = String::from_utf8(replay.attachments[0].bytes.clone()).unwrap();
    assert!(file.starts_with("1. Blancas: "), "{file}");
    assert!(!file.contains("White"), "{file}");
}

#[test]
fn the_rules_refusals_name_the_piece_and_squares_in_english() {
    let mut h = Harness::new();
    start(&mut h, 10, 1);
    let mv = |n: &str| Command::Move {
        from: None,
        to: None,
        notation: Some(n.into()),
    };
    for (command, words) in [
        (mv("a1-a5"), "The Rook on a1 cannot move to a5."),
        (mv("e7-e5"), "The pawn on e7 is not yours."),
        (mv("d1-e1"), "Your own King stands on e1."),
        (
            mv("e2-e4=Q"),
            "Only a pawn reaching the last rank is promoted.",
        ),
        (mv("e2-e4=x"), "`x` is not a piece to promote to"),
        (
            Command::Game(
                GameCommand::new("drop")
                    .with("piece", "N")
                    .with("square", "e4"),
            ),
            "You have no Knight in your reserve.",
        ),
    ] {
        h.refused(&alice(), command, words);
    }
}

#[test]
fn the_computer_offers_a_draw_in_a_dead_practice_game() {
    let mut h = Harness::new();
    let r = h.send(
        &alice(),
        practice(ChallengeArgs {
            game: Some(GameKind::MartianChess),
            level: Some(3),
            first: Some(FirstMover::Challenged),
            ..Default::default()
        }),
    );
    assert_eq!(r.computer_moves_in, Some(CHANNEL), "the computer is White");
    // Only the Kings are left, far apart, and 40 turns have passed without an attack, a
    // pawn move or a paradrop: the game is dead and nobody is ahead.
    let start = state(&h).to_string();
    let mut fields: Vec<&str> = start.split(' ').collect();
    fields[0] = "4k3/8/8/8/8/8/8/4K3";
    fields[5] = "-";
    fields[6] = "40";
    let dead = fields.join(" ");
    h.set_position(&dead);
    let turn = h
        .core()
        .computer_turn(GUILD, CHANNEL, || T0)
        .expect("the computer plays its turn");
    let text = turn.reply.text.plain();
    assert_eq!(state(&h).player_to_act(), Some(Color::Black), "{text}");
    assert!(
        text.contains("@999 offers a draw. @101, do you accept?"),
        "{text}"
    );
    assert!(turn.shows.is_some(), "the offer's message is remembered");
    let game = h.core().store().game(CHANNEL).unwrap().unwrap();
    assert_eq!(
        game.draw_offer,
        Some(computer().id),
        "stored as a player's offer"
    );
    let done = h.ok(
        &alice(),
        Command::Button(button(&turn.reply, "Accept draw")),
    );
    assert!(done.text.plain().contains("Draw"), "{}", done.text.plain());
    assert!(h.core().store().game(CHANNEL).unwrap().is_none());
    assert_eq!(h.balance(&alice()), (1000, 0), "practice: no money moves");
    // (No `verify`: the state was put there by hand, its actions do not replay to it.)
}

/// Opens the Move button's menus as `who` and plays `action` by choosing in them, page
/// after page where needed; returns the public reply.
fn play_by_menus(h: &mut Harness, who: &UserRef, press: &Command, action: Action) -> Reply {
    let version = h.core().store().game(CHANNEL).unwrap().unwrap().version;
    let mut menu = h.menu(who, press.clone());
    // The first menu's entry that leads to `action`, then the action itself.
    let group = match action {
        Action::Move { from, .. } => Some(from.to_string()),
        Action::Drop { role, .. } => Some(format!("drop {}", role.char())),
        Action::Discard(_) => Some("discard".to_string()),
        Action::Exchange(_) | Action::Play(_) | Action::End => None,
    };
    let keys: Vec<String> = group.into_iter().chain([action.to_string()]).collect();
    for (i, key) in keys.iter().enumerate() {
        let wanted = format!("{key}@{version}");
        for _page in 0..4 {
            let options = &menu.menu.as_ref().expect("a menu").options;
            if options.iter().any(|(v, _)| *v == wanted) {
                break;
            }
            let more = options.last().expect("options").0.clone();
            assert!(more.contains('#'), "{wanted} is not offered: {options:?}");
            menu = h.menu(who, choose(&menu, &more));
            assert!(menu.update_message);
        }
        // A piece's or a discard's choice opens the next menu; the action is played
        // publicly.
        menu = if i + 1 < keys.len() {
            h.menu(who, choose(&menu, &wanted))
        } else {
            h.ok(who, choose(&menu, &wanted))
        };
    }
    menu
}

/// Moves without typing, in Martian Chess: the turn message's Move button opens, for
/// the player to act only, a private menu of their pieces and other actions (paradrops,
/// exchanges, a discard, the end of the turn; in a battle, their cards), a piece's
/// destinations in a second menu; the choice plays the action as the typed command
/// would. A whole game is played that way; menus left open while the board changed are
/// stale and change nothing.
#[test]
fn a_whole_martian_game_is_played_through_the_move_button_and_its_menus() {
    let mut h = Harness::new();
    let c = h.ok(&alice(), martian_challenge(bob(), 10, 1));
    let started = h.ok(&bob(), Command::Button(button(&c, "Accept")));
    let press = Command::Button(button(&started, "Move"));
    h.refused(&bob(), press.clone(), "It is @101's turn");
    h.refused(&carol(), press.clone(), "not playing");
    let first = h.menu(&alice(), press.clone());
    let version = h.core().store().game(CHANNEL).unwrap().unwrap().version;
    let options = &first.menu.as_ref().unwrap().options;
    assert!(
        first.text.plain().contains("actions left"),
        "{}",
        first.text.plain()
    );
    assert!(
        options.contains(&(format!("e2@{version}"), "e2 — pawn (2 moves)".to_string())),
        "{options:?}"
    );
    assert!(options
        .iter()
        .any(|(v, l)| *v == format!("end@{version}") && l.starts_with("End the turn (")));
    assert!(options
        .iter()
        .any(|(v, _)| *v == format!("discard@{version}")));
    let targets = h.menu(&alice(), choose(&first, &format!("g1@{version}")));
    assert!(targets.update_message);
    let labels: Vec<&str> = targets
        .menu
        .as_ref()
        .unwrap()
        .options
        .iter()
        .map(|(_, l)| l.as_str())
        .collect();
    assert_eq!(labels, ["f3", "h3"], "the Knight's squares");
    // A discard's menu holds Alice's own hand, and nothing of Bob's.
    let discards = h.menu(&alice(), choose(&first, &format!("discard@{version}")));
    let s = state(&h);
    let offered: Vec<&str> = discards
        .menu
        .as_ref()
        .unwrap()
        .options
        .iter()
        .map(|(v, _)| v.as_str())
        .collect();
    assert_eq!(offered.len(), 13);
    for card in s.hand(Color::White) {
        assert!(offered.contains(&format!("discard {card}@{version}").as_str()));
    }
    let moved = h.ok(&alice(), choose(&targets, &format!("g1-f3@{version}")));
    assert!(!moved.ephemeral, "{}", moved.text.plain());
    assert!(
        moved.text.plain().contains("Nf3") || moved.text.plain().contains("g1-f3"),
        "{}",
        moved.text.plain()
    );
    assert!(
        moved.buttons.iter().any(|b| b.label == "Move"),
        "the turn goes on: the reply has the button"
    );
    // The menus opened before the move are stale now; nothing changes.
    h.refused(
        &alice(),
        choose(&first, &format!("e2@{version}")),
        "the board has changed",
    );
    h.refused(
        &alice(),
        choose(&discards, &discards.menu.as_ref().unwrap().options[0].0),
        "the board has changed",
    );
    h.refused(
        &bob(),
        choose(&targets, &format!("g1-h3@{version}")),
        "@101's turn",
    );
    // Alice ends her turn from the menu if her die left her actions.
    if state(&h).player_to_act() == Some(Color::White) {
        let ended = play_by_menus(&mut h, &alice(), &press, Action::End);
        assert!(ended.pings.contains(&bob().id), "{}", ended.text.plain());
    }
    assert_eq!(state(&h).player_to_act(), Some(Color::Black));
    // The rest of the game, every action by the menus, each chosen by the greedy player.
    let mut actions = 0;
    let mut kinds = std::collections::HashSet::new();
    while let Some(game) = h.core().store().game(CHANNEL).unwrap() {
        let s = game.martian_state().unwrap();
        let side = s.player_to_act().unwrap();
        let a = ai::choose(&s.public_view(side), ai::Level::Greedy, actions).unwrap();
        kinds.insert(std::mem::discriminant(&a));
        let r = play_by_menus(&mut h, &user(side), &press, a);
        assert!(!r.ephemeral, "{a} was refused: {}", r.text.plain());
        actions += 1;
        assert!(actions < 3000, "the game ends");
    }
    // Moves, paradrops and battle cards at least went through the menus.
    let a1 = "a1".parse().unwrap();
    for kind in [
        Action::Drop {
            role: Role::Pawn,
            to: a1,
        },
        Action::Play(Card::all().next().unwrap()),
    ] {
        assert!(kinds.contains(&std::mem::discriminant(&kind)));
    }
    let last = h.core().store().last_finished(CHANNEL).unwrap().unwrap();
    assert!(
        last.game.actions().len() as u64 > actions,
        "every action was stored"
    );
}
