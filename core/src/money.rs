//! Money and records: wallet, standings, daily, history, settings.
use jetan_store::{ChannelId, GuildId, TournamentCreators, UserId};

use jetan_store::{
    DailyClaim, Paid, RatingPool, Settings, SettingsChange, StandingsOrder, DAY_MS, MIN_RATED_GAMES,
};

use super::args::amount;
use super::lang::{tr, Lang};
use super::request::{mention, Request, SettingsArgs, UserRef};
use super::text::{self, money, signed_money};
use super::{refuse, Core, CoreError, Embed, Reply, Response, Text};

/// Discord's epoch (2015-01-01), in unix milliseconds: a snowflake's top 42 bits count
/// milliseconds from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// When the Discord account with id `id` was created, in unix milliseconds.
pub(crate) fn account_created_ms(id: UserId) -> u64 {
    (id.get() >> 22).saturating_add(DISCORD_EPOCH_MS)
}

/// Rows per standings page.
pub const STANDINGS_PAGE: usize = 10;

impl Core {
    /// The page asked for (from 1) and the offset of its first row.
    fn standings_page(req: &Request, page: Option<i64>) -> Result<(usize, usize), CoreError> {
        let page = page.unwrap_or(1);
        if page < 1 {
            return refuse(tr!(Lang::of(&req.locale), "pages-start"));
        }
        let page = usize::try_from(page).unwrap_or(usize::MAX);
        Ok((page, (page - 1).saturating_mul(STANDINGS_PAGE)))
    }
}

pub(crate) fn wallet(
    core: &Core,
    req: &Request,
    user: Option<&UserRef>,
) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let who = user.unwrap_or(&req.user);
    if who.bot {
        return refuse(tr!(lang, "bot-no-wallet", who = who.mention()));
    }
    core.remember(who);
    let w = core.store.wallet(req.guild, who.id)?;
    let currency = core.store.settings(req.guild)?.currency;
    let m = |n: u64| money(lang, n, &currency);
    Ok(Reply::ephemeral(tr!(
        lang,
        "wallet",
        who = who.mention(),
        balance = m(w.balance),
        escrow = m(w.escrow),
        wins = w.wins,
        losses = w.losses,
        draws = w.draws,
        net = signed_money(lang, w.net_won, &currency)
    )))
}

pub(crate) fn standings(core: &Core, req: &Request, page: Option<i64>) -> Result<Reply, CoreError> {
    let asker = Lang::of(&req.locale);
    let lang = core.public_lang(req.guild);
    let (page, offset) = Core::standings_page(req, page)?;
    let currency = core.store.settings(req.guild)?.currency;
    let by_balance =
        core.store
            .standings(req.guild, StandingsOrder::Balance, offset, STANDINGS_PAGE)?;
    let by_net = core
        .store
        .standings(req.guild, StandingsOrder::NetWon, offset, STANDINGS_PAGE)?;
    if by_balance.total == 0 {
        return Ok(Reply::public(tr!(lang, "nobody-played")));
    }
    let pages = by_balance.total.div_ceil(STANDINGS_PAGE).max(1);
    if page > pages {
        return refuse(tr!(asker, "pages-only", pages = pages));
    }
    let balance_rows: Vec<Text> = by_balance
        .rows
        .iter()
        .map(|(rank, user, w)| {
            tr!(
                lang,
                "standings-row",
                rank = *rank,
                who = mention(*user),
                amount = money(lang, w.balance.saturating_add(w.escrow), &currency),
                wins = w.wins,
                losses = w.losses,
                draws = w.draws
            )
        })
        .collect();
    let net_rows: Vec<Text> = by_net
        .rows
        .iter()
        .map(|(rank, user, w)| {
            Text::words(format!("{rank}. "))
                .and(mention(*user))
                .and(" — ")
                .and(signed_money(lang, w.net_won, &currency))
        })
        .collect();
    let mut footer = tr!(
        lang,
        "standings-footer",
        page = page,
        pages = pages,
        players = tr!(lang, "players-count", n = by_balance.total)
    );
    if page < pages {
        footer.push(" · ");
        footer.push(tr!(lang, "standings-more"));
    }
    let embed = Embed {
        title: tr!(lang, "standings-title"),
        description: Text::default(),
        fields: vec![
            (
                tr!(lang, "standings-by-balance"),
                Text::join(balance_rows, "\n"),
            ),
            (tr!(lang, "standings-by-net"), Text::join(net_rows, "\n")),
        ],
        footer: Some(footer),
    };
    let mut text = tr!(lang, "standings-head", page = page, pages = pages);
    for (name, rows) in &embed.fields {
        text.line(name.clone().and(":"));
        text.line(rows.clone());
    }
    let mut reply = Reply::public(text);
    reply.embed = Some(embed);
    Ok(reply)
}

/// The standings by rating in `pool`: rating ± deviation, games, among the players
/// with enough rated games there.
pub(crate) fn rating_standings(
    core: &Core,
    req: &Request,
    page: Option<i64>,
    pool: RatingPool,
) -> Result<Reply, CoreError> {
    let asker = Lang::of(&req.locale);
    let lang = core.public_lang(req.guild);
    let pool = crate::games::canonical_pool(asker, pool)?;
    let (page, offset) = Core::standings_page(req, page)?;
    let rows = core.store.standings(
        req.guild,
        StandingsOrder::Rating(pool.clone()),
        offset,
        STANDINGS_PAGE,
    )?;
    let name = text::pool_name(lang, &pool);
    if rows.total == 0 {
        return Ok(Reply::public(tr!(
            lang,
            "rating-nobody",
            game = name,
            games = MIN_RATED_GAMES
        )));
    }
    let pages = rows.total.div_ceil(STANDINGS_PAGE).max(1);
    if page > pages {
        return refuse(tr!(asker, "pages-only", pages = pages));
    }
    let mut text = tr!(lang, "rating-head", game = name, page = page, pages = pages);
    for (rank, user, w) in &rows.rows {
        let r = w.ratings.get(&pool).copied().unwrap_or_default();
        text.line(tr!(
            lang,
            "rating-row",
            rank = *rank,
            who = mention(*user),
            rating = r.rating.round() as i64,
            deviation = r.deviation.round() as i64,
            games = r.games
        ));
    }
    Ok(Reply::public(text))
}

pub(crate) fn daily(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let claim = core.store.daily(Core::store_req(req), req.guild)?;
    daily_reply(core, req, &claim)
}

pub(crate) fn daily_reply(
    core: &Core,
    req: &Request,
    claim: &DailyClaim,
) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let currency = core.store.settings(req.guild)?.currency;
    Ok(Reply::ephemeral(tr!(
        lang,
        "daily",
        amount = money(lang, claim.amount, &currency),
        balance = money(lang, claim.balance, &currency),
        time = text::format_duration(claim.next_at.saturating_sub(req.now))
    )))
}

/// `/jetan pay`: from the payer's balance to another member's, in one transaction
/// with its ledger entries. The payer's answer is private; the receiver is told in
/// the channel, and pinged (only them).
pub(crate) fn pay(
    core: &Core,
    req: &Request,
    to: &UserRef,
    typed: i64,
    note: Option<&str>,
) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    if to.id == req.user.id {
        return refuse(tr!(lang, "pay-self"));
    }
    if to.bot || to.id == core.bot.id {
        return refuse(tr!(lang, "pay-bot", who = to.mention()));
    }
    if to.outside {
        return refuse(tr!(lang, "pay-outside", who = to.mention()));
    }
    if typed <= 0 {
        return refuse(tr!(lang, "pay-positive"));
    }
    check_money_rights(core, req, req.user.id, true)?;
    let amount = amount(lang, typed, "what-payment")?;
    let note = super::args::one_line(lang, note.unwrap_or(""), "note-too-long")?;
    core.remember(to);
    let paid = core
        .store
        .pay(Core::store_req(req), req.guild, to.id, amount, &note)?;
    let mut response = paid_reply(core, req, &paid)?;
    response
        .posts
        .push((req.channel, paid_notice(core, req.guild, &paid)?));
    Ok(response)
}

/// The payer's private answer (also to a repeated request, which posts nothing).
pub(crate) fn paid_reply(core: &Core, req: &Request, paid: &Paid) -> Result<Response, CoreError> {
    let lang = Lang::of(&req.locale);
    let currency = core.store.settings(req.guild)?.currency;
    let mut text = tr!(
        lang,
        "paid",
        amount = money(lang, paid.amount, &currency),
        who = mention(paid.to),
        balance = money(lang, paid.balance, &currency)
    );
    if !paid.note.is_empty() {
        text.push(" ");
        text.push(tr!(lang, "pay-note", note = paid.note.as_str()));
    }
    Ok(Reply::ephemeral(text).into())
}

/// The receiver's notice, in the server's language, pinging only them.
fn paid_notice(core: &Core, guild: GuildId, paid: &Paid) -> Result<Reply, CoreError> {
    let lang = core.public_lang(guild);
    let currency = core.store.settings(guild)?.currency;
    let mut text = tr!(
        lang,
        "paid-notice",
        to = mention(paid.to),
        from = mention(paid.from),
        amount = money(lang, paid.amount, &currency)
    );
    if !paid.note.is_empty() {
        text.push(" ");
        text.push(tr!(lang, "pay-note", note = paid.note.as_str()));
    }
    Ok(Reply::public(text).pinging(paid.to))
}

pub(crate) fn history(
    core: &Core,
    req: &Request,
    user: Option<&UserRef>,
) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    let games = match user {
        Some(u) => core.store.history_player(req.guild, u.id, 10)?,
        None => core.store.history_channel(req.channel, 10)?,
    };
    if games.is_empty() {
        return Ok(Reply::ephemeral(match user {
            Some(u) => tr!(lang, "history-empty-player", who = u.mention()),
            None => tr!(lang, "history-empty-channel"),
        }));
    }
    let currency = core.store.settings(req.guild)?.currency;
    let n = games.len();
    let mut text = match user {
        Some(u) => tr!(lang, "history-player", n = n, who = u.mention()),
        None => tr!(lang, "history-channel", n = n),
    };
    for f in &games {
        let g = &f.game;
        let who = text::outcome(lang, &f.result, &g.players);
        let stakes = if g.terms.practice {
            tr!(lang, "history-practice")
        } else if g.terms.stake == 0 && g.terms.piece_price == 0 {
            tr!(lang, "history-friendly")
        } else {
            tr!(
                lang,
                "history-stakes",
                stake = money(lang, g.terms.stake, &currency),
                price = money(lang, g.terms.piece_price, &currency)
            )
        };
        text.line(tr!(
            lang,
            "history-row",
            id = g.id.to_string(),
            who = who,
            reason = text::reason(lang, f.reason),
            moves = crate::games::of(g).length(lang, g),
            stakes = stakes,
            ago = text::format_duration(req.now.saturating_sub(f.ended_at))
        ));
    }
    Ok(Reply::ephemeral(text))
}

pub(crate) fn show_settings(core: &Core, req: &Request) -> Result<Reply, CoreError> {
    let current = core.store.settings(req.guild)?;
    let lang = Lang::of(&req.locale);
    let text = settings_text(core, lang, req.guild, "settings-title", &current);
    Ok(Reply::ephemeral(text))
}

/// Changes the settings (a server manager's `admin settings`; checked by the caller).
pub(crate) fn change_settings(
    core: &Core,
    req: &Request,
    args: &SettingsArgs,
) -> Result<Reply, CoreError> {
    let lang = Lang::of(&req.locale);
    if *args == SettingsArgs::default() {
        return show_settings(core, req);
    }
    let limit = |v: Option<i64>, what: &str| v.map(|v| amount(lang, v, what)).transpose();
    let challenge_expiry_ms = match args.challenge_expiry {
        None => None,
        Some(m) if (1..=7 * 24 * 60).contains(&m) => Some(m as u64 * 60_000),
        Some(_) => return refuse(tr!(lang, "expiry-range")),
    };
    let move_time_ms = match args.move_time {
        None => None,
        Some(m) if (1..=super::args::MAX_MOVE_TIME_MINUTES).contains(&m) => Some(m as u64 * 60_000),
        Some(_) => {
            return refuse(tr!(
                lang,
                "move-time-range",
                max = super::args::MAX_MOVE_TIME_MINUTES
            ))
        }
    };
    let currency = match &args.currency {
        None => None,
        Some(c) => Some(text::currency_name(lang, c).map_err(CoreError::User)?),
    };
    let language = match args.language.as_deref().map(str::trim) {
        None => None,
        Some(l) if l.eq_ignore_ascii_case("auto") => Some(None),
        Some(l) => match Lang::from_locale(l) {
            Some(found) if l.len() == 2 => Some(Some(found.code().to_string())),
            _ => return refuse(tr!(lang, "language-bad")),
        },
    };
    let change = SettingsChange {
        starting_grant: args
            .starting_grant
            .map(|v| amount(lang, v, "what-starting-grant"))
            .transpose()?,
        daily_allowance: args
            .daily_allowance
            .map(|v| amount(lang, v, "what-daily-allowance"))
            .transpose()?,
        currency,
        default_piece_price: args
            .piece_price
            .map(|v| amount(lang, v, "what-piece-price"))
            .transpose()?,
        default_stake: args
            .stake
            .map(|v| amount(lang, v, "what-stake"))
            .transpose()?,
        challenge_expiry_ms,
        move_time_ms,
        allow_channel: args.allow_channel,
        disallow_channel: args.disallow_channel,
        language,
        max_stake: limit(args.max_stake, "what-max-stake")?,
        max_piece_price: limit(args.max_piece_price, "what-max-piece-price")?,
        max_balance: limit(args.max_balance, "what-max-balance")?,
        daily_pay_cap: limit(args.pay_cap, "what-pay-cap")?,
        min_account_days: match args.min_account_age {
            None => None,
            Some(d) if (0..=jetan_store::MAX_ACCOUNT_DAYS as i64).contains(&d) => Some(d as u64),
            Some(_) => {
                return refuse(tr!(
                    lang,
                    "account-age-range",
                    max = jetan_store::MAX_ACCOUNT_DAYS
                ))
            }
        },
        audit_channel: match (args.audit_off, args.audit_channel) {
            (true, _) => Some(None),
            (false, Some(c)) => Some(Some(c)),
            (false, None) => None,
        },
        audit_pot: limit(args.audit_pot, "what-audit-pot")?,
        threads: args.threads,
        reminders: args.reminders,
        rated_options: args.rated_options,
        tournaments: args.tournaments,
        min_games: match args.min_games {
            None => None,
            Some(n) if (0..=jetan_store::MAX_MIN_GAMES as i64).contains(&n) => Some(n as u64),
            Some(_) => {
                return refuse(tr!(
                    lang,
                    "min-games-range",
                    max = jetan_store::MAX_MIN_GAMES
                ))
            }
        },
    };
    let s = core
        .store
        .change_settings(Core::store_req(req), req.guild, &change)?;
    let text = settings_text(core, lang, req.guild, "settings-saved", &s);
    Ok(Reply::ephemeral(text))
}

/// The settings in words, under the title `title` (a message key).
fn settings_text(core: &Core, lang: Lang, guild: GuildId, title: &str, s: &Settings) -> Text {
    let list = |l: &[ChannelId]| Text::join(l.iter().map(|&c| Text::channel(c)), ", ");
    let channels = match (s.allowed_channels.is_empty(), s.denied_channels.is_empty()) {
        (true, true) => tr!(lang, "settings-every-channel"),
        (true, false) => tr!(
            lang,
            "settings-every-channel-except",
            list = list(&s.denied_channels)
        ),
        (false, _) => list(&s.allowed_channels),
    };
    let public = core.public_lang(guild);
    let name = lang.text(&format!("language-{}", public.code()), vec![]);
    let language = match s.language {
        Some(_) => name,
        None => tr!(lang, "settings-language-auto", lang = name),
    };
    let m = |n: u64| money(lang, n, &s.currency);
    let mut text = Text::strong(lang.text(title, vec![]));
    text.line(tr!(
        lang,
        "settings-body",
        grant = m(s.starting_grant),
        daily = m(s.daily_allowance),
        currency = s.currency.as_str(),
        stake = m(s.default_stake),
        price = m(s.default_piece_price),
        expiry = text::format_duration(s.challenge_expiry_ms),
        move_time = text::format_duration(s.move_time_ms),
        language = language,
        channels = channels
    ));
    text.line(limits_text(lang, s));
    text
}

/// The server's limits in words, for the settings.
fn limits_text(lang: Lang, s: &Settings) -> Text {
    let none = || tr!(lang, "limit-none");
    let m = |n: u64| {
        if n == 0 {
            none()
        } else {
            money(lang, n, &s.currency)
        }
    };
    let head = tr!(
        lang,
        "settings-limits",
        stake = m(s.max_stake),
        price = m(s.max_piece_price),
        balance = m(s.max_balance),
        pay = m(s.daily_pay_cap),
        age = if s.min_account_days == 0 {
            none()
        } else {
            tr!(lang, "days", n = s.min_account_days)
        },
        games = if s.min_games == 0 {
            none()
        } else {
            Text::words(s.min_games.to_string())
        }
    );
    let mut lines = vec![
        head,
        match s.audit_channel {
            Some(c) => tr!(
                lang,
                "settings-audit",
                channel = crate::reply::Text::channel(c),
                pot = money(lang, s.audit_pot, &s.currency)
            ),
            None => tr!(lang, "settings-audit-off"),
        },
        tr!(
            lang,
            if s.threads {
                "settings-threads-on"
            } else {
                "settings-threads-off"
            }
        ),
        tr!(
            lang,
            if s.reminders {
                "settings-reminders-on"
            } else {
                "settings-reminders-off"
            }
        ),
        tr!(
            lang,
            if s.rated_options {
                "settings-rated-options-on"
            } else {
                "settings-rated-options-off"
            }
        ),
        tr!(
            lang,
            match s.tournaments {
                TournamentCreators::Managers => "settings-tournaments-managers",
                TournamentCreators::Anyone => "settings-tournaments-anyone",
            }
        ),
    ];
    Text::join(lines.drain(..), "\n")
}

/// Whether `user` may pay or stake on this server: an account at least the server's
/// minimum age (read from the Discord id's timestamp) and at least its minimum of
/// finished games. `who_key` words the refusal for oneself or for someone else.
pub(crate) fn check_money_rights(
    core: &Core,
    req: &Request,
    user: UserId,
    yourself: bool,
) -> Result<(), CoreError> {
    let lang = Lang::of(&req.locale);
    let s = core.store.settings(req.guild)?;
    if s.min_account_days > 0 {
        let created = account_created_ms(user);
        let old_enough = created.saturating_add(s.min_account_days.saturating_mul(DAY_MS));
        if req.now < old_enough {
            let wait = text::format_duration(old_enough - req.now);
            return refuse(if yourself {
                tr!(
                    lang,
                    "account-too-new",
                    days = s.min_account_days,
                    time = wait
                )
            } else {
                tr!(
                    lang,
                    "account-too-new-other",
                    who = mention(user),
                    days = s.min_account_days
                )
            });
        }
    }
    if s.min_games > 0 {
        let played = u64::from(core.store.wallet(req.guild, user)?.games());
        if played < s.min_games {
            return refuse(if yourself {
                tr!(lang, "too-few-games", games = s.min_games, played = played)
            } else {
                tr!(
                    lang,
                    "too-few-games-other",
                    who = mention(user),
                    games = s.min_games
                )
            });
        }
    }
    Ok(())
}
