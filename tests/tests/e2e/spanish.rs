//! Scenario: a server set to Spanish, a player whose Discord client is in Spanish and one
//! whose client is in English. The commands are registered with Spanish names (es-ES,
//! es-419) and the Spanish players type those; public messages follow the server's
//! language, private answers (refusals, confirmations, autocomplete, wallet, rules) each
//! player's own.

use jetan_tests::jetan::{black_and_orange, Game};
use jetan_tests::{Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_a_spanish_server_in_each_players_language() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("espanol");
    let admin = app.fake.user("moderator").at(channel).speaking("es-ES");
    let ana = app.fake.user("ana").at(channel).speaking("es-419");
    let bob = app.fake.user("bob").at(channel);

    // The manager sets the server's language, with the Spanish names of everything.
    admin
        .slash("jetan-admin ajustes", &[("idioma", "español (es)".into())])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Idioma de los mensajes públicos: español")?;

    let challenge = ana
        .slash(
            "jetan desafiar",
            &[
                ("rival", Opt::from(&bob)),
                ("apuesta", Opt::Int(20)),
                ("precio_pieza", Opt::Int(1)),
                ("empieza", "yo".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing(&format!("{} desafía a {}", ana.mention(), bob.mention()))?
        .containing("Cada jugador deja 62 monedas en depósito")?
        .containing("hasta 42 monedas por piezas perdidas")?;
    // Bob's client is English: his private confirmation is in English, the public
    // message that starts the game in the server's Spanish.
    bob.slash("jetan accept", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Accept this challenge from")?;
    let accepted = bob
        .click(&challenge.button("Aceptar")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?
        .containing("juega con Negras y empieza")?;
    let (black, orange) = black_and_orange(&accepted, &ana, &bob)?;
    assert_eq!(
        black.id(),
        ana.id(),
        "empieza:yo makes the challenger Black"
    );
    let mut game = Game::new(black, orange);

    // Bob tries to move out of turn: refused privately, in English.
    bob.slash("jetan move", &[("notation", "e9-e8".into())])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing(&format!("It is {}'s turn.", ana.mention()))?;
    // Ana asks where her Princess can go, and the autocomplete of `hasta`, in Spanish.
    ana.slash("jetan jugadas", &[("casilla", "f1".into())])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Con su huida (una vez por partida), a cualquiera de 26 casillas")?;
    let to = ana
        .autocomplete("jetan mover", &[("desde", "f1".into())], "hasta", "")
        .await?;
    assert!(
        to.iter()
            .any(|(name, _)| name.ends_with("— huida (una vez por partida)")),
        "{to:?}"
    );
    let first = ana
        .slash(
            "jetan mover",
            &[("desde", "e2".into()), ("hasta", "e3".into())],
        )
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?
        .containing("(jugada 1, Negras)")?
        .containing("Pagado por piezas perdidas hasta ahora")?
        .containing("Tiempo que queda para esta jugada")?;
    assert!(first
        .text()
        .contains(&format!("{}, te toca.", bob.mention())));
    let played = game
        .legal()
        .into_iter()
        .find(|m| m.from.to_string() == "e2" && m.to.to_string() == "e3")
        .expect("e2-e3 is legal at the start");
    game.apply(played)?;
    let reply = game.play(game.legal()[0]).await?;
    assert!(
        reply.text().contains("(jugada 1, Naranjas)"),
        "{}",
        reply.text()
    );

    // Ana resigns: asked privately in Spanish, the end told publicly in Spanish.
    let question = ana
        .slash("jetan rendirse", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("¿Te rindes y pagas a")?;
    ana.click(&question.button("Confirmar rendición")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing(&format!("{} se rinde.", ana.mention()))?
        .containing(&format!("**Gana {}** — por rendición.", bob.mention()))?;
    ana.slash("jetan cartera", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing(&format!("Cartera de {}", ana.mention()))?
        .containing("0 G / 1 P / 0 T")?;
    bob.slash("jetan rules", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("may turn between them")?;

    // Martian Chess on the same server: its refusals and the board in Spanish too.
    let challenge = ana
        .slash(
            "jetan desafiar",
            &[
                ("rival", Opt::from(&bob)),
                ("juego", "ajedrez-marciano".into()),
                ("empieza", "yo".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    bob.click(&challenge.button("Aceptar")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?
        .containing(&format!("{} juega con Blancas y empieza", ana.mention()))?;
    for (options, words) in [
        (
            vec![("notación", Opt::from("e2-e5"))],
            "El peón de e2 no puede ir a e5.",
        ),
        (
            vec![("notación", Opt::from("e2-e9"))],
            "`e9` no es una casilla",
        ),
        (vec![("desde", Opt::from("e2"))], "Di qué jugada"),
    ] {
        ana.slash("jetan mover", &options)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?
            .containing(words)?;
    }
    bob.slash("jetan board", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?
        .containing("Tiempo que queda para este turno")?;
    app.finish().await
}

/// A server that never set `language` speaks the language Discord says it prefers (its
/// Server Primary Language, sent with every interaction as `guild_locale`), whatever the
/// players' clients speak; each private answer stays in its asker's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_whose_discord_language_is_spanish_posts_in_spanish() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.fake.set_guild_locale(app.fake.guild_id(), "es-ES");
    let channel = app.fake.channel("general");
    let ana = app.fake.user("ana").at(channel);
    let bob = app.fake.user("bob").at(channel);
    ana.slash(
        "jetan challenge",
        &[("opponent", Opt::from(&bob)), ("stake", Opt::Int(10))],
    )
    .await?
    .expect_reply()
    .await?
    .public()?
    .containing(&format!("{} desafía a {}", ana.mention(), bob.mention()))?;
    bob.slash("jetan accept", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Accept this challenge from")?;
    ana.slash("jetan-admin settings", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Language of public messages: Spanish (the server's language; `auto`)")?;
    app.finish().await
}
