//! Money and records: wallet, standings, daily, history, settings.

use jetan_store::{DailyClaim, GameResult, Settings, SettingsChange, StandingsOrder};

use super::lobby::amount;
use super::request::{mention, Request, SettingsArgs, UserRef};
use super::text::{self, money, signed_money};
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

    pub(crate) fn daily(&self, req: &Request) -> Result<Reply, CoreError> {
        let claim = self.store.daily(Self::store_req(req), req.guild)?;
        self.daily_reply(req, &claim)
    }

    pub(crate) fn daily_reply(
        &self,
        req: &Request,
        claim: &DailyClaim,
    ) -> Result<Reply, CoreError> {
        let currency = self.store.settings(req.guild)?.currency;
        Ok(Reply::ephemeral(format!(
            "You receive {}. Balance: {}. Next claim in {}.",
            money(claim.amount, &currency),
            money(claim.balance, &currency),
            text::format_duration(claim.next_at.saturating_sub(req.now))
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
            let ago = text::format_duration(req.now.saturating_sub(f.ended_at));
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

    pub(crate) fn show_settings(&self, req: &Request) -> Result<Reply, CoreError> {
        let current = self.store.settings(req.guild)?;
        Ok(Reply::ephemeral(settings_text("Server settings", &current)))
    }

    /// Changes the settings (a server manager's `admin settings`; checked by the caller).
    pub(crate) fn change_settings(
        &self,
        req: &Request,
        args: &SettingsArgs,
    ) -> Result<Reply, CoreError> {
        if *args == SettingsArgs::default() {
            return self.show_settings(req);
        }
        let challenge_expiry_ms = match args.challenge_expiry {
            None => None,
            Some(m) if (1..=7 * 24 * 60).contains(&m) => Some(m as u64 * 60_000),
            Some(_) => {
                return refuse("The challenge expiry is in minutes, from 1 to 10080 (a week).")
            }
        };
        let move_time_ms = match args.move_time {
            None => None,
            Some(m) if (1..=super::lobby::MAX_MOVE_TIME_MINUTES).contains(&m) => {
                Some(m as u64 * 60_000)
            }
            Some(_) => {
                return refuse(format!(
                    "The move time is in minutes, from 1 to {} (a week).",
                    super::lobby::MAX_MOVE_TIME_MINUTES
                ))
            }
        };
        let currency = match &args.currency {
            None => None,
            Some(c) => Some(text::currency_name(c).map_err(CoreError::User)?),
        };
        let change = SettingsChange {
            starting_grant: args
                .starting_grant
                .map(|v| amount(v, "starting grant"))
                .transpose()?,
            daily_allowance: args
                .daily_allowance
                .map(|v| amount(v, "daily allowance"))
                .transpose()?,
            currency,
            default_piece_price: args
                .piece_price
                .map(|v| amount(v, "piece price"))
                .transpose()?,
            default_stake: args.stake.map(|v| amount(v, "stake")).transpose()?,
            challenge_expiry_ms,
            move_time_ms,
            allow_channel: args.allow_channel,
            disallow_channel: args.disallow_channel,
        };
        let s = self
            .store
            .change_settings(Self::store_req(req), req.guild, &change)?;
        Ok(Reply::ephemeral(settings_text("Settings saved", &s)))
    }
}

fn settings_text(title: &str, s: &Settings) -> String {
    let list = |l: &[u64]| {
        l.iter()
            .map(|c| format!("<#{c}>"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let channels = match (s.allowed_channels.is_empty(), s.denied_channels.is_empty()) {
        (true, true) => "every channel".to_string(),
        (true, false) => format!("every channel except {}", list(&s.denied_channels)),
        (false, _) => list(&s.allowed_channels),
    };
    format!(
        "**{title}**\nStarting grant: {}\nDaily allowance: {}\nCurrency: {}\nDefault stake: {}\nDefault piece price: {}\nChallenges expire after: {}\nMove time: {}\nGames allowed in: {channels}",
        money(s.starting_grant, &s.currency),
        money(s.daily_allowance, &s.currency),
        s.currency,
        money(s.default_stake, &s.currency),
        money(s.default_piece_price, &s.currency),
        text::format_duration(s.challenge_expiry_ms),
        text::format_duration(s.move_time_ms),
    )
}
