//! Money and records: wallet, standings, daily, history, settings.

use jetan_store::{format_duration, GameResult, Settings, StandingsOrder, MAX_AMOUNT};

use super::game::amount;
use super::request::{mention, Request, SettingsArgs, UserRef};
use super::text::{money, signed_money};
use super::{refuse, Core, CoreError, Embed, Reply};

/// Rows per standings page.
pub const STANDINGS_PAGE: usize = 10;

impl Core {
    pub(crate) fn wallet(&self, req: &Request, user: Option<&UserRef>) -> Result<Reply, CoreError> {
        let who = user.unwrap_or(&req.user);
        self.remember(who);
        let w = self.store.wallet(req.guild, who.id)?;
        let currency = self.store.settings(req.guild)?.currency;
        Ok(Reply::ephemeral(format!(
            "{}'s wallet: **{}** available, {} in escrow. Record: {} W / {} L / {} D. Net won: {}.",
            who.mention(),
            money(w.balance, &currency),
            money(w.escrow, &currency),
            w.wins,
            w.losses,
            w.draws,
            signed_money(w.net_won, &currency)
        )))
    }

    pub(crate) fn standings(&self, req: &Request, page: Option<i64>) -> Result<Reply, CoreError> {
        let page = page.unwrap_or(1);
        if page < 1 {
            return refuse("Pages start at 1.");
        }
        let page = usize::try_from(page).unwrap_or(usize::MAX);
        let offset = (page - 1).saturating_mul(STANDINGS_PAGE);
        let currency = self.store.settings(req.guild)?.currency;
        let by_balance =
            self.store
                .standings(req.guild, StandingsOrder::Balance, offset, STANDINGS_PAGE)?;
        let by_net =
            self.store
                .standings(req.guild, StandingsOrder::NetWon, offset, STANDINGS_PAGE)?;
        if by_balance.total == 0 {
            return Ok(Reply::public(
                "Nobody has played yet. Start with `/jetan challenge`.",
            ));
        }
        let pages = by_balance.total.div_ceil(STANDINGS_PAGE).max(1);
        if page > pages {
            return refuse(format!(
                "There {} only {pages} page{}.",
                if pages == 1 { "is" } else { "are" },
                if pages == 1 { "" } else { "s" }
            ));
        }
        let balance_rows: Vec<String> = by_balance
            .rows
            .iter()
            .map(|(rank, user, w)| {
                format!(
                    "{rank}. {} — {} ({} W / {} L / {} D)",
                    mention(*user),
                    money(w.balance.saturating_add(w.escrow), &currency),
                    w.wins,
                    w.losses,
                    w.draws
                )
            })
            .collect();
        let net_rows: Vec<String> = by_net
            .rows
            .iter()
            .map(|(rank, user, w)| {
                format!(
                    "{rank}. {} — {}",
                    mention(*user),
                    signed_money(w.net_won, &currency)
                )
            })
            .collect();
        let embed = Embed {
            title: "Jetan standings".into(),
            description: String::new(),
            fields: vec![
                ("By balance".into(), balance_rows.join("\n")),
                ("By net winnings".into(), net_rows.join("\n")),
            ],
            footer: Some(format!(
                "Page {page} of {pages} · {} players{}",
                by_balance.total,
                if page < pages {
                    " · /jetan standings page:N for more"
                } else {
                    ""
                }
            )),
        };
        let mut text = format!("**Standings** (page {page} of {pages})\nBy balance:\n");
        text.push_str(&embed.fields[0].1);
        text.push_str("\nBy net winnings:\n");
        text.push_str(&embed.fields[1].1);
        let mut reply = Reply::public(text);
        reply.embed = Some(embed);
        Ok(reply)
    }

    pub(crate) async fn daily(&self, req: &Request) -> Result<Reply, CoreError> {
        let claim = self.store.daily(Self::store_req(req), req.guild).await?;
        let currency = self.store.settings(req.guild)?.currency;
        Ok(Reply::ephemeral(format!(
            "You receive {}. Balance: {}. Next claim in {}.",
            money(claim.amount, &currency),
            money(claim.balance, &currency),
            format_duration(claim.next_at.saturating_sub(req.now))
        )))
    }

    pub(crate) fn history(
        &self,
        req: &Request,
        user: Option<&UserRef>,
    ) -> Result<Reply, CoreError> {
        let (games, whose) = match user {
            Some(u) => (
                self.store.history_player(req.guild, u.id, 10)?,
                format!("{}'s", u.mention()),
            ),
            None => (
                self.store.history_channel(req.channel, 10)?,
                "this channel's".to_string(),
            ),
        };
        if games.is_empty() {
            return Ok(Reply::ephemeral(format!(
                "No finished games in {whose} history yet."
            )));
        }
        let currency = self.store.settings(req.guild)?.currency;
        let mut text = format!(
            "Last {} games of {whose} history, newest first:",
            games.len()
        );
        for f in &games {
            let g = &f.game;
            let who = match f.result {
                GameResult::Win { winner, loser } => {
                    format!("{} beat {}", mention(winner), mention(loser))
                }
                GameResult::Draw => format!("{} drew with {}", mention(g.black), mention(g.orange)),
                GameResult::Aborted => {
                    format!("{} vs {} was aborted", mention(g.black), mention(g.orange))
                }
            };
            let stakes = if g.terms.practice {
                "practice".to_string()
            } else if g.terms.stake == 0 && g.terms.piece_price == 0 {
                "friendly".to_string()
            } else {
                format!(
                    "stake {}, piece price {}",
                    money(g.terms.stake, &currency),
                    money(g.terms.piece_price, &currency)
                )
            };
            let ago = format_duration(req.now.saturating_sub(f.ended_at));
            text.push_str(&format!(
                "\n#{} {who} ({}) · {} moves · {} · {ago} ago",
                g.id,
                f.reason,
                g.moves.len(),
                stakes
            ));
        }
        Ok(Reply::ephemeral(text))
    }

    pub(crate) async fn settings(
        &self,
        req: &Request,
        args: &SettingsArgs,
    ) -> Result<Reply, CoreError> {
        let current = self.store.settings(req.guild)?;
        if *args == SettingsArgs::default() {
            return Ok(Reply::ephemeral(settings_text("Server settings", &current)));
        }
        if !req.manager {
            return refuse(
                "Only server managers (the Manage Server permission) can change the settings.",
            );
        }
        let mut s = current;
        if let Some(v) = args.starting_grant {
            s.starting_grant = amount(v, "starting grant")?;
        }
        if let Some(v) = args.daily_allowance {
            s.daily_allowance = amount(v, "daily allowance")?;
        }
        if let Some(v) = args.piece_price {
            s.default_piece_price = amount(v, "piece price")?;
        }
        if let Some(v) = args.stake {
            s.default_stake = amount(v, "stake")?;
        }
        if let Some(c) = &args.currency {
            let c = c.trim();
            if c.is_empty() || c.chars().count() > 32 || c.contains(['@', '<', '>', '`', '\n']) {
                return refuse("The currency name needs 1 to 32 plain characters, like `coins` or `gold pieces`.");
            }
            s.currency = c.to_string();
        }
        if let Some(m) = args.challenge_expiry {
            if !(1..=7 * 24 * 60).contains(&m) {
                return refuse("The challenge expiry is in minutes, from 1 to 10080 (a week).");
            }
            s.challenge_expiry_ms = m as u64 * 60_000;
        }
        if let Some(c) = args.allow_channel {
            if !s.allowed_channels.contains(&c) {
                s.allowed_channels.push(c);
            }
        }
        if let Some(c) = args.disallow_channel {
            s.allowed_channels.retain(|&x| x != c);
        }
        debug_assert!(s.starting_grant <= MAX_AMOUNT);
        self.store.set_settings(req.guild, &s).await?;
        Ok(Reply::ephemeral(settings_text("Settings saved", &s)))
    }
}

fn settings_text(title: &str, s: &Settings) -> String {
    let channels = if s.allowed_channels.is_empty() {
        "every channel".to_string()
    } else {
        s.allowed_channels
            .iter()
            .map(|c| format!("<#{c}>"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "**{title}**\nStarting grant: {}\nDaily allowance: {}\nCurrency: {}\nDefault stake: {}\nDefault piece price: {}\nChallenges expire after: {}\nGames allowed in: {channels}",
        money(s.starting_grant, &s.currency),
        money(s.daily_allowance, &s.currency),
        s.currency,
        money(s.default_stake, &s.currency),
        money(s.default_piece_price, &s.currency),
        format_duration(s.challenge_expiry_ms),
    )
}
