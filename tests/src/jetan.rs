//! Jetan-specific helpers: start games, play moves while tracking the position with
//! `jetan-rules`, read wallets, and choose random legal moves.

use anyhow::{bail, Context as _};
use jetan_rules::{AttackerWins, Color, Move, Outcome, Position, Role, Variant};

use crate::player::{Opt, Player, Reply, Sent};

/// A wallet as `/jetan wallet` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wallet {
    /// Available money.
    pub balance: u64,
    /// Money held for open challenges and games.
    pub escrow: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Money won minus money lost.
    pub net_won: i64,
}

/// Reads the numbers of a wallet reply:
/// `<@id>'s wallet: **N coins** available, M coins in escrow. Record: W W / L L / D D. Net won: +X coins.`
///
/// # Errors
/// If the text does not have that shape.
pub fn parse_wallet(text: &str) -> anyhow::Result<Wallet> {
    let after = |key: &str| -> anyhow::Result<&str> {
        let at = text
            .find(key)
            .with_context(|| format!("no {key:?} in wallet reply {text:?}"))?;
        Ok(&text[at + key.len()..])
    };
    let first_int = |s: &str| -> anyhow::Result<i64> {
        let s = s.trim_start_matches(|c: char| !(c.is_ascii_digit() || c == '-' || c == '+'));
        let end = s
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(s.len(), |(i, _)| i);
        s[..end]
            .trim_start_matches('+')
            .parse()
            .with_context(|| format!("no number at {s:?} in {text:?}"))
    };
    let balance = first_int(after("wallet:")?)?;
    let escrow = first_int(after("available,")?)?;
    let record = after("Record:")?;
    let wins = first_int(record)?;
    let losses = first_int(after(" W /")?)?;
    let draws = first_int(after(" L /")?)?;
    let net_won = first_int(after("Net won:")?)?;
    let u = |n: i64| u64::try_from(n).with_context(|| format!("negative count in {text:?}"));
    Ok(Wallet {
        balance: u(balance)?,
        escrow: u(escrow)?,
        wins: u(wins)?,
        losses: u(losses)?,
        draws: u(draws)?,
        net_won,
    })
}

impl Player {
    /// `/jetan wallet` for oneself, parsed.
    ///
    /// # Errors
    /// If the reply does not come or does not parse.
    pub async fn wallet(&self) -> anyhow::Result<Wallet> {
        let reply = self
            .slash("jetan wallet", &[])
            .await?
            .expect_reply()
            .await?;
        parse_wallet(&reply.text())
    }

    /// `/jetan move from:.. to:..` for a move.
    ///
    /// # Errors
    /// If no reply comes.
    pub async fn play(&self, m: Move) -> anyhow::Result<Reply> {
        self.slash(
            "jetan move",
            &[
                ("from", Opt::Str(m.from.to_string())),
                ("to", Opt::Str(m.to.to_string())),
            ],
        )
        .await?
        .expect_reply()
        .await
    }

    /// `/jetan resign`, which asks privately for confirmation, then a click on **Confirm
    /// resignation**: returns the private question and the public end of the game.
    ///
    /// # Errors
    /// If the question is public, has no Confirm button, or the confirmation is refused.
    pub async fn resign(&self) -> anyhow::Result<(Reply, Reply)> {
        let question = self
            .slash("jetan resign", &[])
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        let end = self
            .click(&question.button("Confirm resignation")?)
            .await?
            .expect_reply()
            .await?
            .public()?;
        Ok((question, end))
    }

    /// `/jetan accept` typed: the challenge's terms privately, with a **Confirm** button.
    ///
    /// # Errors
    /// If the answer is public or has no Confirm button.
    pub async fn accept_typed(&self) -> anyhow::Result<Reply> {
        let terms = self
            .slash("jetan accept", &[])
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        terms.button("Confirm")?;
        Ok(terms)
    }

    /// `/jetan board`, expecting a picture.
    ///
    /// # Errors
    /// If no reply with a PNG comes.
    pub async fn board(&self) -> anyhow::Result<Reply> {
        self.slash("jetan board", &[])
            .await?
            .expect_reply()
            .await?
            .with_png()
    }
}

/// A game followed from the test's side: who plays which colour, and the position as the
/// rules say it is after every acknowledged move.
#[derive(Clone, Debug)]
pub struct Game {
    /// Plays Black (moves first).
    pub black: Player,
    /// Plays Orange.
    pub orange: Player,
    /// The position after the acknowledged moves.
    pub position: Position,
    /// The acknowledged moves, in order.
    pub moves: Vec<Move>,
    /// What each acknowledged move killed, as `(owner of the victim, victim's role)`.
    pub kills: Vec<(Color, Role)>,
}

impl Game {
    /// A game that has just started: `black` moves first.
    #[must_use]
    pub fn new(black: Player, orange: Player) -> Self {
        Self {
            black,
            orange,
            position: Position::start_of(Variant::Classic),
            moves: Vec::new(),
            kills: Vec::new(),
        }
    }

    /// Whose turn it is.
    #[must_use]
    pub fn mover(&self) -> &Player {
        self.player(self.position.turn())
    }

    /// The other player.
    #[must_use]
    pub fn waiter(&self) -> &Player {
        self.player(self.position.turn().other())
    }

    /// The player of a colour.
    #[must_use]
    pub fn player(&self, c: Color) -> &Player {
        match c {
            Color::Black => &self.black,
            Color::Orange => &self.orange,
        }
    }

    /// The legal moves of the position.
    #[must_use]
    pub fn legal(&self) -> Vec<Move> {
        self.position.legal_moves().iter().copied().collect()
    }

    /// Records a move the bot acknowledged.
    ///
    /// # Errors
    /// If the rules say it is illegal (a test bug).
    pub fn apply(&mut self, m: Move) -> anyhow::Result<()> {
        let turn = self.position.turn();
        let (next, report) = self
            .position
            .clone()
            .play(m, &mut AttackerWins)
            .map_err(|e| anyhow::anyhow!("{m} is illegal: {e:?}"))?;
        if let Some(k) = report.killed {
            debug_assert_ne!(k.color, turn);
            self.kills.push((k.color, k.role));
        }
        self.position = next;
        self.moves.push(m);
        Ok(())
    }

    /// The mover plays `m` through Discord; the reply must be public with a PNG. The move is
    /// then recorded.
    ///
    /// # Errors
    /// If the bot refuses or answers without a picture.
    pub async fn play(&mut self, m: Move) -> anyhow::Result<Reply> {
        self.play_checked(m, true).await
    }

    /// [`Game::play`]; with `decode` false the picture is only checked to be a PNG file,
    /// not decoded (for load tests, where decoding would cost the test more than the bot).
    ///
    /// # Errors
    /// If the bot refuses or answers without a picture.
    pub async fn play_checked(&mut self, m: Move, decode: bool) -> anyhow::Result<Reply> {
        let reply = self.mover().play(m).await?;
        let who = &self.mover().user.name;
        if reply.is_ephemeral() {
            bail!(
                "move {} by {who} was refused: {}",
                m.notation(),
                reply.text()
            );
        }
        if decode {
            reply.png()?;
        } else if !reply.files.iter().any(crate::File::is_png) {
            bail!(
                "move {} by {who}: no PNG in the reply: {}",
                m.notation(),
                reply.text()
            );
        }
        self.apply(m)?;
        Ok(reply)
    }

    /// The mover sends `/jetan move` for `m` without waiting for the answer: to kill the
    /// bot with the move in flight, then [`Game::settle`] it after the restart.
    ///
    /// # Errors
    /// If the interaction cannot be sent.
    pub async fn send_move(&self, m: Move) -> anyhow::Result<Sent> {
        let from_to = [
            ("from", Opt::Str(m.from.to_string())),
            ("to", Opt::Str(m.to.to_string())),
        ];
        self.mover().slash("jetan move", &from_to).await
    }

    /// After the bot was killed with `in_flight` sent (see [`Game::send_move`]) and started
    /// again: the move happened entirely or not at all. If the board shows it, it is
    /// recorded; if not, it must not have been acknowledged (`answered`: the bot had
    /// acknowledged the interaction before it died), and it is played again.
    ///
    /// # Errors
    /// If the board cannot be read or the move played again.
    ///
    /// # Panics
    /// If an acknowledged move was lost, or the board shows neither count of moves.
    pub async fn settle(&mut self, in_flight: Move, answered: bool) -> anyhow::Result<()> {
        let text = self.black.board().await?.text();
        let acknowledged = self.moves.len();
        if text.contains(&move_label(acknowledged + 1)) {
            self.apply(in_flight)?;
        } else {
            assert!(!answered, "an acknowledged move was lost: {text}");
            assert!(text.contains(&move_label(acknowledged)), "{text}");
            self.play(in_flight).await?;
        }
        Ok(())
    }

    /// What each player won (+) or lost (−) by the end of the game: piece prices for every
    /// kill, and the stake from the loser to the winner (`None`: a draw). Indexed by colour.
    #[must_use]
    pub fn expected_net(&self, stake: u64, price: u64, winner: Option<Color>) -> [i64; 2] {
        let mut net = [0i64; 2];
        let (stake, price) = (
            i64::try_from(stake).unwrap_or(i64::MAX),
            i64::try_from(price).unwrap_or(i64::MAX),
        );
        for (victim_owner, role) in &self.kills {
            let p = i64::from(role.value()) * price;
            net[*victim_owner as usize] -= p;
            net[victim_owner.other() as usize] += p;
        }
        if let Some(w) = winner {
            net[w as usize] += stake;
            net[w.other() as usize] -= stake;
        }
        net
    }

    /// The wallet of colour `c` at the end of the game, from its wallet before the game.
    #[must_use]
    pub fn expected_wallet(
        &self,
        c: Color,
        before: Wallet,
        stake: u64,
        price: u64,
        winner: Option<Color>,
    ) -> Wallet {
        let net = self.expected_net(stake, price, winner)[c as usize];
        Wallet {
            balance: before.balance.saturating_add_signed(net),
            escrow: before.escrow,
            wins: before.wins + u64::from(winner == Some(c)),
            losses: before.losses + u64::from(winner == Some(c.other())),
            draws: before.draws + u64::from(winner.is_none()),
            net_won: before.net_won + net,
        }
    }

    /// How the game ended by the rules, if it did.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }
}

/// `alice` challenges `bob` in `alice`'s channel with `options` (`opponent` is added), and
/// `bob` clicks Accept. Returns the challenge reply, the acceptance reply, and the game.
///
/// # Errors
/// If any step is refused or has no expected button or picture.
pub async fn start_game(
    alice: &Player,
    bob: &Player,
    options: &[(&str, Opt)],
) -> anyhow::Result<(Reply, Reply, Game)> {
    let bob = bob.at(alice.channel_id);
    let mut opts = vec![("opponent", Opt::from(&bob))];
    opts.extend(options.iter().cloned());
    let challenge = alice
        .slash("jetan challenge", &opts)
        .await?
        .expect_reply()
        .await?
        .public()?;
    let accept = challenge.button("Accept")?;
    let accepted = bob
        .click(&accept)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    let (black, orange) = black_and_orange(&accepted, alice, &bob)?;
    Ok((challenge, accepted, Game::new(black, orange)))
}

/// Reads "<@b> plays Black" (or "<@b> juega con Negras") from a game-start reply.
///
/// # Errors
/// If neither player is named as Black.
pub fn black_and_orange(reply: &Reply, a: &Player, b: &Player) -> anyhow::Result<(Player, Player)> {
    let text = reply.text();
    // In English or, on a Spanish server, in Spanish.
    let black = |p: &Player| {
        text.contains(&format!("{} plays Black", p.mention()))
            || text.contains(&format!("{} juega con Negras", p.mention()))
    };
    if black(a) {
        Ok((a.clone(), b.clone()))
    } else if black(b) {
        Ok((b.clone(), a.clone()))
    } else {
        bail!("cannot tell who plays Black from {text:?}")
    }
}

/// How `board` names the move to be made after `plies` plies, as players count moves (one
/// per side, Black first): "move 1, Black", "move 1, Orange", "move 2, Black".
#[must_use]
pub fn move_label(plies: usize) -> String {
    let side = if plies.is_multiple_of(2) {
        "Black"
    } else {
        "Orange"
    };
    format!("move {}, {side}", plies / 2 + 1)
}

/// The public messages of `channel` that announce the move of ply `ply` ("… plays **…**
/// (move 4, Black)"), however the bot posted them: a follow-up or a channel message.
#[must_use]
pub fn move_announcements(
    fake: &crate::FakeDiscord,
    channel: u64,
    ply: usize,
) -> Vec<crate::MessageView> {
    let label = format!("({})", move_label(ply));
    fake.all_messages()
        .into_iter()
        .filter(|m| {
            m.channel_id == channel
                && !m.ephemeral
                && !m.deleted
                && m.content().contains(" plays **")
                && m.content().contains(&label)
        })
        .collect()
}

/// A small deterministic random generator (xorshift64*), so games are reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n.max(1) as u64).unwrap_or(0)
    }

    /// A random element.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

/// A greedy move: take the enemy Princess if possible, else the most valuable piece a
/// capture can take without ending the game in a draw (only a Chief may take a Chief), else
/// a random move that does not take a Chief.
#[must_use]
pub fn greedy_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if let Some(m) = moves.iter().find(|m| m.capture == Some(Role::Princess)) {
        return Some(*m);
    }
    let fine = |m: &&Move| m.capture != Some(Role::Chief) || m.role == Role::Chief;
    let best = moves
        .iter()
        .filter(fine)
        .filter(|m| m.capture.is_some())
        .max_by_key(|m| m.capture.map(Role::value));
    if let Some(m) = best {
        return Some(*m);
    }
    let quiet: Vec<Move> = moves.iter().filter(fine).copied().collect();
    rng.pick(&quiet).or_else(|| rng.pick(&moves)).copied()
}

/// A random legal move that does not end the game (`None` if every move would).
#[must_use]
pub fn quiet_random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m, &mut AttackerWins);
            !next.is_game_over()
        })
        .collect();
    rng.pick(&moves).copied()
}

/// A Classic game found by simulation that ends with a Princess capture within `max_plies`,
/// with at least `min_kills` pieces killed before: the moves, and the seed that made it.
#[must_use]
pub fn princess_capture_line(max_plies: usize, min_kills: usize) -> Option<(Vec<Move>, u64)> {
    for seed in 1..5_000 {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start_of(Variant::Classic);
        let mut moves = Vec::new();
        let mut kills = 0;
        while moves.len() < max_plies && !pos.is_game_over() {
            let Some(m) = greedy_move(&pos, &mut rng) else {
                break;
            };
            let report = pos.play_unchecked(m, &mut AttackerWins);
            kills += usize::from(report.killed.is_some());
            moves.push(m);
        }
        let princess = matches!(
            pos.outcome(),
            Some(Outcome::Win {
                reason: jetan_rules::WinReason::PrincessCaptured,
                ..
            })
        );
        if princess && kills > min_kills {
            return Some((moves, seed));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wallets_parse() {
        let w = parse_wallet(
            "<@12>'s wallet: **1,0 coins** available, 0 coins in escrow. Record: 0 W / 0 L / 0 D. Net won: +0 coins.",
        );
        // "1,0" is not a number the bot writes; the parser stops at the comma.
        assert_eq!(w.map(|w| w.balance).ok(), Some(1));
        let w = parse_wallet(
            "<@12>'s wallet: **958 coins** available, 92 coins in escrow. Record: 3 W / 1 L / 2 D. Net won: -42 coins.",
        )
        .expect("parses");
        assert_eq!(
            w,
            Wallet {
                balance: 958,
                escrow: 92,
                wins: 3,
                losses: 1,
                draws: 2,
                net_won: -42
            }
        );
        assert!(parse_wallet("no wallet here").is_err());
    }

    #[test]
    fn a_princess_capture_line_exists_and_is_legal() {
        let (moves, _) = princess_capture_line(120, 2).expect("a line");
        let mut game_pos = Position::start_of(Variant::Classic);
        for m in &moves {
            game_pos = game_pos.play(*m, &mut AttackerWins).expect("legal").0;
        }
        assert!(matches!(game_pos.outcome(), Some(Outcome::Win { .. })));
    }
}
