//! The slash commands (`/jetan`, `/jetan-admin`, `/martian`) as poise dispatches them,
//! built from the one [grammar](crate::grammar): a poise command per grammar command
//! (names, subcommands, autocomplete hooks), all running [`slash`], which reads the
//! interaction's options through the grammar into a core [`Command`] and hands it to
//! [`super::run`]. What Discord registers is built from the same table
//! ([`super::localize::registration`]).

use poise::serenity_prelude as serenity;

use super::workers::blocking;
use super::{run, user_ref, Context, Data, Error};
use crate::grammar::{self, Kind, Spec, Suggest, Value};
use jetan_core::{ChannelId, Command, UserId, UserRef};

/// The poise commands: every top-level command of the grammar and everything under it.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    grammar::COMMANDS
        .iter()
        .map(|spec| dispatch(spec, ""))
        .collect()
}

/// The poise command for `spec`, whose parent's qualified name is `parent` (`""` at the
/// top).
fn dispatch(spec: &'static Spec, parent: &str) -> poise::Command<Data, Error> {
    let qualified = if parent.is_empty() {
        spec.name.to_string()
    } else {
        format!("{parent} {}", spec.name)
    };
    poise::Command {
        name: spec.name.into(),
        qualified_name: qualified.clone().into(),
        identifying_name: qualified.clone().into(),
        source_code_name: spec.name.into(),
        slash_action: Some(slash),
        subcommand_required: !spec.subcommands.is_empty(),
        guild_only: parent.is_empty(),
        subcommands: spec
            .subcommands
            .iter()
            .map(|s| dispatch(s, &qualified))
            .collect(),
        parameters: spec
            .options
            .iter()
            .map(|o| poise::CommandParameter {
                name: o.name.into(),
                name_localizations: Default::default(),
                description: None,
                description_localizations: Default::default(),
                required: o.required,
                channel_types: None,
                choices: Default::default(),
                // Registration is built from the grammar, not from these parameters.
                type_setter: None,
                autocomplete_callback: o.suggest.map(hook),
                __non_exhaustive: (),
            })
            .collect(),
        ..Default::default()
    }
}

type Answer<'a> = poise::BoxFuture<'a, Result<(), poise::FrameworkError<'a, Data, Error>>>;

/// Every slash command: the options through the grammar, then the core.
fn slash(ctx: poise::ApplicationContext<'_, Data, Error>) -> Answer<'_> {
    Box::pin(async move {
        // The tree starts at the top-level command (`jetan`, `jetan-admin`, …).
        let path: Vec<&str> = ctx.command_tree.iter().map(|c| c.name.as_ref()).collect();
        let command = grammar::at(&path)
            .ok_or(grammar::Error::UnknownCommand(path.join(" ")))
            .and_then(|(spec, named)| read(spec, &named, ctx.args));
        let command = match command {
            Ok(c) => c,
            Err(e) => {
                return Err(poise::FrameworkError::new_argument_parse(
                    ctx.into(),
                    e.input(),
                    Box::new(e),
                ))
            }
        };
        run(ctx.into(), command)
            .await
            .map_err(|e| poise::FrameworkError::new_command(ctx.into(), e))
    })
}

/// The options of an interaction as the grammar types them, turned into the command.
fn read(
    spec: &'static Spec,
    path: &str,
    args: &[serenity::ResolvedOption<'_>],
) -> Result<Command, grammar::Error> {
    let mut given = Vec::with_capacity(args.len());
    for o in args {
        let opt = spec.lookup(path, o.name)?;
        let value = match (&o.value, opt.kind) {
            // Discord resolves a member of the server with its membership; a user without
            // one is not a member (left, or typed as a raw id).
            (serenity::ResolvedValue::User(u, member), _) => Value::User(UserRef {
                outside: member.is_none(),
                ..user_ref(u, None)
            }),
            // poise's registration: a choice's value is its index.
            (serenity::ResolvedValue::Integer(i), Kind::Choice(_)) => opt.choice_at(*i)?,
            (serenity::ResolvedValue::Integer(i), _) => Value::Integer(*i),
            (serenity::ResolvedValue::String(s), _) => opt.read(s)?,
            (serenity::ResolvedValue::Channel(c), _) => Value::Channel(c.id.get()),
            _ => return Err(grammar::Error::WrongKind { option: opt.name }),
        };
        given.push((o.name.to_string(), value));
    }
    spec.command(path, given)
}

type Hook = for<'a> fn(
    poise::ApplicationContext<'a, Data, Error>,
    &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse>;

/// The autocomplete handler of a grammar suggestion.
fn hook(s: Suggest) -> Hook {
    match s {
        Suggest::From => |ctx, partial| Box::pin(autocomplete_from(ctx.into(), partial)),
        Suggest::To => |ctx, partial| Box::pin(autocomplete_to(ctx.into(), partial)),
        Suggest::BattleCard => {
            |ctx, partial| Box::pin(autocomplete_cards(ctx.into(), partial, true))
        }
        Suggest::Discard => |ctx, partial| Box::pin(autocomplete_cards(ctx.into(), partial, false)),
        Suggest::GameOption => {
            |ctx, partial| Box::pin(autocomplete_game_option(ctx.into(), partial))
        }
    }
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
    let list =
        blocking(move || core.suggest_from(ChannelId(channel), UserId(user), &locale, &partial))
            .await;
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
    let list = blocking(move || {
        core.suggest_to(ChannelId(channel), UserId(user), &locale, &from, &partial)
    })
    .await;
    choices(list.unwrap_or_default())
}

/// The name of the option being typed (the one Discord asks to complete).
fn focused_option(ctx: Context<'_>) -> Option<String> {
    fn find(options: &[serenity::CommandDataOption]) -> Option<String> {
        options.iter().find_map(|o| match &o.value {
            serenity::CommandDataOptionValue::SubCommand(inner)
            | serenity::CommandDataOptionValue::SubCommandGroup(inner) => find(inner),
            serenity::CommandDataOptionValue::Autocomplete { .. } => Some(o.name.clone()),
            _ => None,
        })
    }
    match ctx {
        poise::Context::Application(app) => find(&app.interaction.data.options),
        poise::Context::Prefix(_) => None,
    }
}

/// A game's own challenge option (Jetan's `rules`): the game's suggestions, in the
/// asker's language.
async fn autocomplete_game_option(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let Some(option) = focused_option(ctx) else {
        return choices(Vec::new());
    };
    let core = ctx.data().core.clone();
    let partial = partial.to_string();
    let locale = ctx.locale().unwrap_or_default().to_string();
    let list = blocking(move || core.suggest_game_option(None, &option, &locale, &partial)).await;
    choices(list.unwrap_or_default())
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
    let list =
        blocking(move || core.suggest_cards(ChannelId(channel), UserId(user), &partial, battle))
            .await;
    choices(list.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;

    /// Walks poise's dispatch tree beside the registration Discord gets: every registered
    /// command is dispatched (under the same name, with the same subcommands), every
    /// registered option is a parameter of the command poise runs (same order, same
    /// required flag), and an option offers autocomplete exactly when poise has a handler
    /// for it. So whatever a user can type in Discord reaches a handler, and nothing
    /// registered is left unhandled.
    fn same(command: &poise::Command<Data, Error>, registered: &Json, seen: &mut usize) {
        assert_eq!(registered["name"], command.name.as_ref());
        assert!(command.slash_action.is_some(), "{}", command.qualified_name);
        let options = registered["options"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let is_sub = |o: &Json| o["type"] == 1 || o["type"] == 2;
        if options.iter().any(is_sub) {
            assert!(command.parameters.is_empty(), "{}", command.qualified_name);
            assert!(command.subcommand_required);
            assert_eq!(options.len(), command.subcommands.len());
            for (sub, reg) in command.subcommands.iter().zip(&options) {
                same(sub, reg, seen);
            }
        } else {
            assert!(command.subcommands.is_empty());
            assert_eq!(
                options.len(),
                command.parameters.len(),
                "{}",
                command.qualified_name
            );
            for (p, o) in command.parameters.iter().zip(&options) {
                assert_eq!(o["name"], p.name.as_ref(), "{}", command.qualified_name);
                assert_eq!(o["required"].as_bool().unwrap_or(false), p.required);
                assert_eq!(
                    o["autocomplete"].as_bool().unwrap_or(false),
                    p.autocomplete_callback.is_some(),
                    "{} {}",
                    command.qualified_name,
                    p.name
                );
                *seen += 1;
            }
        }
    }

    #[test]
    fn poise_dispatches_every_registered_command_and_option() {
        let registered = serde_json::to_value(super::super::localize::registration()).unwrap();
        let registered = registered.as_array().unwrap();
        let commands = commands();
        assert_eq!(registered.len(), commands.len());
        let mut seen = 0;
        for (command, reg) in commands.iter().zip(registered) {
            same(command, reg, &mut seen);
            assert!(command.guild_only, "{}", command.name);
        }
        assert!(seen > 40, "{seen} options");
        let grant = commands
            .iter()
            .find(|c| c.name == "jetan-admin")
            .and_then(|a| a.subcommands.iter().find(|c| c.name == "grant"))
            .unwrap();
        assert_eq!(grant.qualified_name, "jetan-admin grant");
    }
}
