//! The `/jetan` slash command and its subcommands: each reads its options into a core
//! [`Command`] and hands it to [`super::run`].

use poise::serenity_prelude as serenity;

use super::answer::blocking;
use super::{run, user_ref, Context, Error};
use jetan_core::{
    AdminCommand, ChallengeArgs, Command, FirstMover, GameKind, MartianCommand, SettingsArgs,
};

/// Who moves first, as Discord's choice menu shows it. poise derives the menu on a type of
/// this crate, so this mirrors the core's (the store's) [`FirstMover`], relative to the
/// challenger; it converts at once and is used nowhere else.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    /// The challenger.
    #[name = "me"]
    Me,
    /// The challenged player.
    #[name = "opponent"]
    Opponent,
    /// A coin toss.
    #[name = "random"]
    Random,
}

impl From<FirstChoice> for FirstMover {
    fn from(f: FirstChoice) -> FirstMover {
        match f {
            FirstChoice::Me => FirstMover::Challenger,
            FirstChoice::Opponent => FirstMover::Challenged,
            FirstChoice::Random => FirstMover::Random,
        }
    }
}

/// Classic or Manator.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Classic Jetan.
    #[name = "classic"]
    Classic,
    /// Manator Jetan: Odwars, mirrored setup, duels.
    #[name = "manator"]
    Manator,
}

impl From<VariantChoice> for jetan_rules::Variant {
    fn from(v: VariantChoice) -> jetan_rules::Variant {
        match v {
            VariantChoice::Classic => jetan_rules::Variant::Classic,
            VariantChoice::Manator => jetan_rules::Variant::Manator,
        }
    }
}

/// The language of a server's public messages.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// English.
    #[name = "en"]
    En,
    /// Spanish.
    #[name = "es"]
    Es,
    /// The server's own preferred locale.
    #[name = "auto"]
    Auto,
}

impl LanguageChoice {
    /// The value the core reads.
    fn code(self) -> &'static str {
        match self {
            LanguageChoice::En => "en",
            LanguageChoice::Es => "es",
            LanguageChoice::Auto => "auto",
        }
    }
}

/// Which game.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GameChoice {
    /// Jetan (the default).
    #[name = "jetan"]
    Jetan,
    /// The Mars Society's Martian Chess: dice, card battles, prisoners, paradrops.
    #[name = "martian-chess"]
    MartianChess,
}

impl From<GameChoice> for GameKind {
    fn from(g: GameChoice) -> GameKind {
        match g {
            GameChoice::Jetan => GameKind::Jetan,
            GameChoice::MartianChess => GameKind::MartianChess,
        }
    }
}

/// What a Martian Chess pawn reaching the last rank becomes.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PromoteChoice {
    /// A Queen (the default).
    #[name = "queen"]
    Queen,
    /// A Rook.
    #[name = "rook"]
    Rook,
    /// A Bishop.
    #[name = "bishop"]
    Bishop,
    /// A Knight.
    #[name = "knight"]
    Knight,
}

impl PromoteChoice {
    fn letter(self) -> char {
        match self {
            PromoteChoice::Queen => 'Q',
            PromoteChoice::Rook => 'R',
            PromoteChoice::Bishop => 'B',
            PromoteChoice::Knight => 'N',
        }
    }
}

/// The shape of the board.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    /// The 10 × 10 board.
    #[name = "flat"]
    Flat,
    /// Ninth-Ray Jetan: ten rings of ten cells, file j next to file a.
    #[name = "circular"]
    Circular,
}

impl From<BoardChoice> for jetan_rules::Topology {
    fn from(b: BoardChoice) -> jetan_rules::Topology {
        match b {
            BoardChoice::Flat => jetan_rules::Topology::Flat,
            BoardChoice::Circular => jetan_rules::Topology::Circular,
        }
    }
}

/// Jetan — Martian chess: play, bet, and climb the standings.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move_",
        "board",
        "moves",
        "resign",
        "draw",
        "claim",
        "rematch",
        "replay",
        "wallet",
        "standings",
        "daily",
        "history",
        "rules",
        "settings",
        "admin",
        "drop_",
        "exchange",
        "discard",
        "end",
        "hand",
        "card"
    ),
    subcommand_required
)]
pub async fn jetan(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge a player (or me, for practice) to a game of Jetan.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (choose me for a practice game against the computer)"]
    opponent: serenity::User,
    #[description = "Each player's stake; the winner takes both"]
    #[min = 0]
    stake: Option<i64>,
    #[description = "Price per point of value of every piece lost"]
    #[min = 0]
    piece_price: Option<i64>,
    #[description = "Who moves first"] first: Option<FirstChoice>,
    #[description = "jetan (default) or martian-chess"] game: Option<GameChoice>,
    #[description = "classic or manator"] variant: Option<VariantChoice>,
    #[description = "flat (default) or circular (Ninth-Ray Jetan)"] board: Option<BoardChoice>,
    #[description = "Longest time per move, in minutes"]
    #[min = 1]
    #[max = 10080]
    move_time: Option<i64>,
    #[description = "The computer's strength, 1 (easy) to 5 (strongest; Martian Chess 1 to 3)"]
    #[min = 1]
    #[max = 5]
    level: Option<i64>,
) -> Result<(), Error> {
    let opponent = user_ref(&opponent, None);
    let args = ChallengeArgs {
        game: game.map(Into::into),
        stake,
        piece_price,
        first: first.map(Into::into),
        variant: variant.map(Into::into),
        board: board.map(Into::into),
        move_time,
        level,
    };
    run(ctx, Command::Challenge { opponent, args }).await
}

/// Accept the challenge in this channel.
#[poise::command(slash_command)]
async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Accept).await
}

/// Decline the challenge in this channel.
#[poise::command(slash_command)]
async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Decline).await
}

/// Withdraw your challenge in this channel.
#[poise::command(slash_command)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Cancel).await
}

/// The value of another option of the same command, as typed so far.
fn typed_option(ctx: Context<'_>, name: &str) -> Option<String> {
    fn find(options: &[serenity::CommandDataOption], name: &str) -> Option<String> {
        for o in options {
            match &o.value {
                serenity::CommandDataOptionValue::SubCommand(inner)
                | serenity::CommandDataOptionValue::SubCommandGroup(inner) => {
                    if let Some(v) = find(inner, name) {
                        return Some(v);
                    }
                }
                serenity::CommandDataOptionValue::String(v) if o.name == name => {
                    return Some(v.clone())
                }
                serenity::CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => {
                    return Some(value.clone())
                }
                _ => {}
            }
        }
        None
    }
    match ctx {
        poise::Context::Application(app) => find(&app.interaction.data.options, name),
        poise::Context::Prefix(_) => None,
    }
}

fn choices(list: Vec<(String, String)>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .map(|(name, value)| serenity::AutocompleteChoice::new(name, value))
            .collect(),
    )
}

async fn autocomplete_from(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let (core, channel, user) = (
        ctx.data().core.clone(),
        ctx.channel_id().get(),
        ctx.author().id.get(),
    );
    let partial = partial.to_string();
    let locale = ctx.locale().unwrap_or_default().to_string();
    let list = blocking(move || core.suggest_from(channel, user, &locale, &partial)).await;
    choices(list.unwrap_or_default())
}

async fn autocomplete_to(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let from = typed_option(ctx, "from").unwrap_or_default();
    let (core, channel, user) = (
        ctx.data().core.clone(),
        ctx.channel_id().get(),
        ctx.author().id.get(),
    );
    let partial = partial.to_string();
    let locale = ctx.locale().unwrap_or_default().to_string();
    let list = blocking(move || core.suggest_to(channel, user, &locale, &from, &partial)).await;
    choices(list.unwrap_or_default())
}

/// Make a move: from and to squares, or notation like e2-e3.
#[poise::command(slash_command, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[description = "The square of the piece to move, like e2"]
    #[autocomplete = "autocomplete_from"]
    from: Option<String>,
    #[description = "Where it goes, like e3"]
    #[autocomplete = "autocomplete_to"]
    to: Option<String>,
    #[description = "Or the whole move, like e2-e3 or Ab1xd3"] notation: Option<String>,
    #[description = "Martian Chess: what a pawn reaching the last rank becomes (default queen)"]
    promote: Option<PromoteChoice>,
) -> Result<(), Error> {
    // A promotion rides on the destination (`e8=N`), which Martian Chess reads.
    let (to, notation) = match promote {
        Some(p) if notation.is_some() => (to, notation.map(|n| format!("{n}={}", p.letter()))),
        Some(p) => (to.map(|t| format!("{t}={}", p.letter())), None),
        None => (to, notation),
    };
    run(ctx, Command::Move { from, to, notation }).await
}

async fn autocomplete_battle_card(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    autocomplete_cards(ctx, partial, true).await
}

async fn autocomplete_discard(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    autocomplete_cards(ctx, partial, false).await
}

/// The asker's own cards (autocomplete is shown only to the person typing).
async fn autocomplete_cards(
    ctx: Context<'_>,
    partial: &str,
    battle: bool,
) -> serenity::CreateAutocompleteResponse {
    let (core, channel, user) = (
        ctx.data().core.clone(),
        ctx.channel_id().get(),
        ctx.author().id.get(),
    );
    let partial = partial.to_string();
    let list = blocking(move || core.suggest_cards(channel, user, &partial, battle)).await;
    choices(list.unwrap_or_default())
}

/// Martian Chess: paradrop a piece from your reserve onto an empty square.
#[poise::command(slash_command, rename = "drop")]
async fn drop_(
    ctx: Context<'_>,
    #[description = "The piece: Q, R, B, N or P"] piece: String,
    #[description = "The empty square, like e4"] square: String,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Martian(MartianCommand::Drop { piece, square }),
    )
    .await
}

/// Martian Chess: give back a prisoner for one of your own of the same kind.
#[poise::command(slash_command)]
async fn exchange(
    ctx: Context<'_>,
    #[description = "The kind: Q, R, B, N or P"] piece: String,
) -> Result<(), Error> {
    run(ctx, Command::Martian(MartianCommand::Exchange { piece })).await
}

/// Martian Chess: discard a card and draw one (without a card: your hand, privately).
#[poise::command(slash_command)]
async fn discard(
    ctx: Context<'_>,
    #[description = "The card, like 7H (leave out for a private menu)"]
    #[autocomplete = "autocomplete_discard"]
    card: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Martian(MartianCommand::Discard { card })).await
}

/// Martian Chess: end your turn.
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Martian(MartianCommand::End)).await
}

/// Martian Chess: your hand (only you see it).
#[poise::command(slash_command)]
async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Martian(MartianCommand::Hand)).await
}

/// Martian Chess: play a battle card (without a card: a private menu of your legal cards).
#[poise::command(slash_command)]
async fn card(
    ctx: Context<'_>,
    #[description = "The card, like AS (leave out for a private menu)"]
    #[autocomplete = "autocomplete_battle_card"]
    card: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Martian(MartianCommand::Card { card })).await
}

/// Show the board.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Board).await
}

/// Show where one piece can go (only you see it).
#[poise::command(slash_command)]
async fn moves(
    ctx: Context<'_>,
    #[description = "The piece's square, like e2"]
    #[autocomplete = "autocomplete_from"]
    square: String,
) -> Result<(), Error> {
    run(ctx, Command::Moves { square }).await
}

/// Resign the game.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Draw).await
}

/// Claim the win when your opponent has run out of time.
#[poise::command(slash_command)]
async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Claim).await
}

/// Play the last game's opponent again, on the same terms.
#[poise::command(slash_command)]
async fn rematch(
    ctx: Context<'_>,
    #[description = "Who moves first (the last game's winner chooses)"] first: Option<FirstChoice>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Rematch {
            first: first.map(Into::into),
        },
    )
    .await
}

/// An animated replay of a finished game (by default this channel's last).
#[poise::command(slash_command)]
async fn replay(
    ctx: Context<'_>,
    #[description = "The game's id, as /jetan history shows it"]
    #[max_length = 24]
    game: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Replay { game }).await
}

/// A wallet: balance, escrow, wins, losses, draws.
#[poise::command(slash_command)]
async fn wallet(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| user_ref(&u, None));
    run(ctx, Command::Wallet { user }).await
}

/// The server's leaderboard.
#[poise::command(slash_command)]
async fn standings(
    ctx: Context<'_>,
    #[description = "Page"]
    #[min = 1]
    page: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Standings { page }).await
}

/// Claim your daily allowance.
#[poise::command(slash_command)]
async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Daily).await
}

/// Recent finished games (of a player, or of this channel).
#[poise::command(slash_command)]
async fn history(
    ctx: Context<'_>,
    #[description = "Whose (default: this channel's)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| user_ref(&u, None));
    run(ctx, Command::History { user }).await
}

/// The rules of Jetan, short.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Rules).await
}

/// The server's settings.
#[poise::command(slash_command)]
async fn settings(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Settings).await
}

/// Server managers' tools: abort, grant, take, settings.
///
/// Discord's `default_member_permissions` applies to top-level commands only, so it cannot
/// hide this group inside `/jetan`; the core refuses every admin command from a member
/// without Manage Server.
#[poise::command(
    slash_command,
    subcommands("admin_abort", "admin_grant", "admin_take", "admin_settings"),
    subcommand_required
)]
pub async fn admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// End this channel's game or challenge: escrow refunded, no result counted.
#[poise::command(slash_command, rename = "abort")]
async fn admin_abort(
    ctx: Context<'_>,
    #[description = "Why (shown in the channel)"]
    #[max_length = 200]
    reason: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Admin(AdminCommand::Abort { reason })).await
}

/// Give money to a player (kept in the ledger with your reason).
#[poise::command(slash_command, rename = "grant")]
async fn admin_grant(
    ctx: Context<'_>,
    #[description = "Who receives it"] user: serenity::User,
    #[description = "How much"]
    #[min = 1]
    amount: i64,
    #[description = "Why"]
    #[max_length = 200]
    reason: String,
) -> Result<(), Error> {
    let user = user_ref(&user, None);
    run(
        ctx,
        Command::Admin(AdminCommand::Grant {
            user,
            amount,
            reason,
        }),
    )
    .await
}

/// Take money from a player's balance (never below zero, never from escrow).
#[poise::command(slash_command, rename = "take")]
async fn admin_take(
    ctx: Context<'_>,
    #[description = "From whom"] user: serenity::User,
    #[description = "How much"]
    #[min = 1]
    amount: i64,
    #[description = "Why"]
    #[max_length = 200]
    reason: String,
) -> Result<(), Error> {
    let user = user_ref(&user, None);
    run(
        ctx,
        Command::Admin(AdminCommand::Take {
            user,
            amount,
            reason,
        }),
    )
    .await
}

/// Change the server's settings.
#[poise::command(slash_command, rename = "settings")]
#[allow(clippy::too_many_arguments)] // one per slash-command option
async fn admin_settings(
    ctx: Context<'_>,
    #[description = "Coins a new player starts with"]
    #[min = 0]
    starting_grant: Option<i64>,
    #[description = "Coins of the daily allowance"]
    #[min = 0]
    daily_allowance: Option<i64>,
    #[description = "The currency's name, plural (coins)"]
    #[max_length = 40]
    currency: Option<String>,
    #[description = "Default piece price"]
    #[min = 0]
    piece_price: Option<i64>,
    #[description = "Default stake"]
    #[min = 0]
    stake: Option<i64>,
    #[description = "Minutes before an unanswered challenge expires"]
    #[min = 1]
    #[max = 10080]
    challenge_expiry: Option<i64>,
    #[description = "Default minutes per move (a challenge may name its own)"]
    #[min = 1]
    #[max = 10080]
    move_time: Option<i64>,
    #[description = "Allow games in this channel (none listed: everywhere)"] allow_channel: Option<
        serenity::Channel,
    >,
    #[description = "Stop games in this channel"] disallow_channel: Option<serenity::Channel>,
    #[description = "Language of public messages: en, es or auto (the server's)"] language: Option<
        LanguageChoice,
    >,
) -> Result<(), Error> {
    let args = SettingsArgs {
        starting_grant,
        daily_allowance,
        currency,
        piece_price,
        stake,
        challenge_expiry,
        move_time,
        allow_channel: allow_channel.map(|c| c.id().get()),
        disallow_channel: disallow_channel.map(|c| c.id().get()),
        language: language.map(|l| l.code().to_string()),
    };
    run(ctx, Command::Admin(AdminCommand::Settings(args))).await
}
