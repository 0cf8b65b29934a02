//! The pages of what is over: a finished game's page that steps through its moves
//! (`/s/<server>/g/<id>/moves`, one board per record from the core's
//! [`Core::finished_page`]; `…/ply/<n>`: the board after `n` records, for the page's
//! script; `…/record.txt`: the record `/jetan record` posts, as a download) and a
//! server's standings (`/s/<server>/standings`: money and rating per pool, as
//! `/jetan standings` shows them). Public information only, as the core gives it.
//!
//! The stepping page works without script (each step is a link, `?ply=<n>`); with the
//! script (`/static/archive.js`) the buttons and the arrow, Home and End keys step
//! without reloading, fetching each board.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, Response as HttpResponse};
use jetan_core::web::FinishedPage;
use jetan_core::{Core, GameId, UserId};
use serde::Deserialize;

use super::{counted, html, names_of, no_such_server, Web};

/// `?ply=<n>`: the position after `n` records (the end when absent).
#[derive(Deserialize)]
pub(super) struct Ply {
    ply: Option<usize>,
}

fn no_finished_game() -> HttpResponse {
    counted(
        "archive",
        StatusCode::NOT_FOUND,
        Html(html::refusal(
            "No such finished game",
            "This server has no finished game with this number.",
        )),
    )
}

/// The finished game `id` of the server at address `server`, read off the runtime.
async fn finished(web: &Arc<Web>, server: &str, id: u64) -> Result<FinishedPage, HttpResponse> {
    let Some(guild) = web.keys.server_of(server) else {
        return Err(no_such_server());
    };
    let core = web.core.clone();
    tokio::task::spawn_blocking(move || core.finished_page(guild, GameId(id)))
        .await
        .ok()
        .and_then(|r| {
            r.map_err(|e| tracing::warn!(game = id, "cannot replay a finished game: {e}"))
                .ok()
        })
        .flatten()
        .ok_or_else(no_finished_game)
}

/// The board after `ply` records, as SVG.
fn board_at(f: &FinishedPage, ply: usize) -> String {
    let (board, names) = &f.boards[ply];
    html::board_svg(board, names, &f.page.title)
}

/// The words under the board: where the page stands.
fn where_at(f: &FinishedPage, ply: usize) -> String {
    match ply.checked_sub(1).and_then(|i| f.page.moves.get(i)) {
        None => format!("Start (0 of {})", f.page.moves.len()),
        Some(m) => format!("After {m} ({ply} of {})", f.page.moves.len()),
    }
}

/// A finished game's page, at `ply`.
pub fn moves_page(f: &FinishedPage, ply: usize, name: &dyn Fn(UserId) -> String) -> String {
    let last = f.boards.len() - 1;
    let ply = ply.min(last);
    let p = &f.page;
    let mut body = String::with_capacity(80_000);
    let _ = write!(
        body,
        r#"<main id="archive" class="live" data-ply="{ply}" data-last="{last}"><div class="board-wrap" id="step-board">{}</div><div class="side"><h1>{}</h1><ul class="players">"#,
        board_at(f, ply),
        html::esc(&p.title)
    );
    for pl in &p.players {
        let _ = write!(
            body,
            r#"<li class="player"><span class="seat">{}</span> <a class="name" href="../../u/{}">{}</a>{}</li>"#,
            html::esc(&pl.seat),
            pl.user.get(),
            html::esc(&pl.name),
            if pl.net == 0 {
                String::new()
            } else {
                format!(
                    r#" <span class="money">(net {} {})</span>"#,
                    pl.net,
                    html::esc(&p.currency)
                )
            }
        );
    }
    body.push_str("</ul>");
    if let Some(r) = &p.result {
        let _ = write!(body, r#"<p class="result">{}</p>"#, html::text(r, name));
    }
    let step = |to: usize, label: &str, key: &str, sign: &str| {
        format!(
            r#"<a class="step" role="button" href="?ply={to}" data-step="{key}" aria-label="{label}" title="{label} ({})">{sign}</a>"#,
            html::esc(match key {
                "start" => "Home",
                "back" => "←",
                "forward" => "→",
                _ => "End",
            })
        )
    };
    let _ = write!(
        body,
        r#"<nav class="steps" aria-label="Step through the moves">{}{}{}{}</nav><p id="ply" aria-live="polite">{}</p>"#,
        step(0, "Start", "start", "« Start"),
        step(ply.saturating_sub(1), "Back", "back", "‹ Back"),
        step((ply + 1).min(last), "Forward", "forward", "Forward ›"),
        step(last, "End", "end", "End »"),
        html::esc(&where_at(f, ply))
    );
    body.push_str(r#"<ol class="moves">"#);
    for (i, m) in p.moves.iter().enumerate() {
        let _ = write!(
            body,
            r#"<li><a href="?ply={n}" data-ply="{n}"{}>{}</a></li>"#,
            if i + 1 == ply {
                r#" aria-current="step""#
            } else {
                ""
            },
            html::esc(m),
            n = i + 1
        );
    }
    let _ = write!(
        body,
        r#"</ol><p><a class="download" href="record.txt" download="game-{id}.txt">Download record</a> · <a href="../{id}">The game's page</a> · <a href="../../standings">Standings</a></p></div></main>"#,
        id = p.id
    );
    // The page's own script in place of the live page's.
    html::page(&format!("{} — moves", p.title), p.lang.code(), "", &body).replace(
        "<script src=\"/static/app.js\"></script>",
        "<script src=\"/static/archive.js\"></script>",
    )
}

/// `/s/<server>/g/<id>/moves`: the finished game's page that steps through its moves.
pub(super) async fn moves(
    State(web): State<Arc<Web>>,
    Path((server, id)): Path<(String, u64)>,
    Query(q): Query<Ply>,
) -> HttpResponse {
    let f = match finished(&web, &server, id).await {
        Ok(f) => f,
        Err(page) => return page,
    };
    let core = web.core.clone();
    let page = tokio::task::spawn_blocking(move || {
        let name = names_of(&core, &f.page);
        moves_page(&f, q.ply.unwrap_or(usize::MAX), &name)
    })
    .await;
    match page {
        Ok(p) => counted("archive", StatusCode::OK, Html(p)),
        Err(_) => no_finished_game(),
    }
}

/// `/s/<server>/g/<id>/ply/<n>`: the board after `n` records (SVG in HTML, for the
/// stepping page's script) and where it stands, in a header.
pub(super) async fn ply(
    State(web): State<Arc<Web>>,
    Path((server, id, n)): Path<(String, u64, usize)>,
) -> HttpResponse {
    let f = match finished(&web, &server, id).await {
        Ok(f) => f,
        Err(page) => return page,
    };
    if n >= f.boards.len() {
        return counted(
            "archive",
            StatusCode::NOT_FOUND,
            Html(html::refusal(
                "No such move",
                "This game has fewer moves than that.",
            )),
        );
    }
    let at = where_at(&f, n);
    let svg = board_at(&f, n);
    counted(
        "archive",
        StatusCode::OK,
        (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
                // Where it stands, for the page's status line (percent-encoded UTF-8).
                (header::HeaderName::from_static("x-ply"), url_escape(&at)),
            ],
            svg,
        ),
    )
}

/// `s` with every byte outside unreserved ASCII percent-encoded.
fn url_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// `/s/<server>/g/<id>/record.txt`: the record `/jetan record` posts, as a download.
pub(super) async fn record(
    State(web): State<Arc<Web>>,
    Path((server, id)): Path<(String, u64)>,
) -> HttpResponse {
    let Some(guild) = web.keys.server_of(&server) else {
        return no_such_server();
    };
    let core = web.core.clone();
    let found = tokio::task::spawn_blocking(move || core.finished_record(guild, GameId(id)))
        .await
        .ok()
        .and_then(Result::ok)
        .flatten();
    let Some(text) = found else {
        return no_finished_game();
    };
    counted(
        "record",
        StatusCode::OK,
        (
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"game-{id}.txt\""),
                ),
            ],
            text,
        ),
    )
}

/// `/s/<server>/standings`: money and rating per pool, as `/jetan standings` shows them.
pub(super) async fn standings(
    State(web): State<Arc<Web>>,
    Path(server): Path<String>,
) -> HttpResponse {
    let Some(guild) = web.keys.server_of(&server) else {
        return no_such_server();
    };
    let core = web.core.clone();
    let page = tokio::task::spawn_blocking(move || {
        let tables = core.web_standings(guild)?;
        let lang = core.public_lang(guild);
        Ok::<_, jetan_core::CoreError>(standings_page(
            &core,
            &tables,
            lang.code(),
            &format!("/s/{server}"),
        ))
    })
    .await;
    match page {
        Ok(Ok(p)) => counted("standings", StatusCode::OK, Html(p)),
        _ => counted(
            "standings",
            StatusCode::INTERNAL_SERVER_ERROR,
            Html(html::refusal(
                "Unavailable",
                "The standings cannot be read now; try again.",
            )),
        ),
    }
}

fn standings_page(core: &Core, tables: &[jetan_core::Text], lang: &str, base: &str) -> String {
    let name = |id: UserId| {
        core.display_name(id)
            .unwrap_or_else(|| format!("{}", id.get() % 10_000))
    };
    let mut body = String::from(r#"<main class="list standings"><h1>Standings</h1>"#);
    for t in tables {
        let _ = write!(body, "<section><p>{}</p></section>", html::text(t, &name));
    }
    let _ = write!(
        body,
        r#"<p><a href="{}">The server's games</a></p></main>"#,
        html::esc(base)
    );
    html::page("Standings", lang, "", &body)
}

/// The stepping page's script.
pub(super) async fn archive_js() -> HttpResponse {
    counted(
        "static",
        StatusCode::OK,
        (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "max-age=300"),
            ],
            include_str!("archive.js"),
        ),
    )
}

/// The profile of user `user` of the server at address `server`, read off the runtime.
async fn profile_of(
    web: &Arc<Web>,
    server: &str,
    user: u64,
) -> Result<jetan_core::web::WebProfile, HttpResponse> {
    let Some(guild) = web.keys.server_of(server) else {
        return Err(no_such_server());
    };
    let core = web.core.clone();
    tokio::task::spawn_blocking(move || core.web_profile(guild, UserId(user)))
        .await
        .ok()
        .and_then(|r| {
            r.map_err(|e| tracing::warn!(user, "cannot read a profile: {e}"))
                .ok()
        })
        .flatten()
        .ok_or_else(|| {
            counted(
                "profile",
                StatusCode::NOT_FOUND,
                Html(html::refusal(
                    "No such player",
                    "Nobody with this number finished a game on this server.",
                )),
            )
        })
}

/// `/s/<server>/u/<user>`: a player's profile (as `/jetan profile show:channel` posts
/// it: ratings per game, record, wallet) and their latest finished games.
pub(super) async fn profile(
    State(web): State<Arc<Web>>,
    Path((server, user)): Path<(String, u64)>,
) -> HttpResponse {
    let p = match profile_of(&web, &server, user).await {
        Ok(p) => p,
        Err(page) => return page,
    };
    let core = web.core.clone();
    let lang = web
        .keys
        .server_of(&server)
        .map_or("en", |g| core.public_lang(g).code());
    let name = |id: UserId| {
        core.display_name(id)
            .unwrap_or_else(|| format!("{}", id.get() % 10_000))
    };
    let base = format!("/s/{server}");
    let mut body = format!(
        r#"<main class="list profile"><h1>{}</h1><p>{}</p><img src="{base}/u/{user}/profile.png" alt="The profile as a picture: ratings and wallet over time, the record" width="100%"><h2>Latest games</h2><ul>"#,
        html::esc(&name(UserId(user))),
        html::text(&p.text, &name),
    );
    for g in &p.recent {
        let _ = write!(
            body,
            r#"<li><a href="{base}/g/{}/moves">{} — {}</a></li>"#,
            g.id,
            html::esc(&g.title),
            html::text(&g.line, &name)
        );
    }
    let _ = write!(
        body,
        r#"</ul><p><a href="{base}/standings">Standings</a> · <a href="{base}">The server's games</a></p></main>"#
    );
    counted(
        "profile",
        StatusCode::OK,
        Html(html::page("Profile", lang, "", &body)),
    )
}

/// `/s/<server>/u/<user>/profile.png`: the profile's picture.
pub(super) async fn profile_png(
    State(web): State<Arc<Web>>,
    Path((server, user)): Path<(String, u64)>,
) -> HttpResponse {
    match profile_of(&web, &server, user).await {
        Ok(p) => counted(
            "profile",
            StatusCode::OK,
            ([(header::CONTENT_TYPE, "image/png")], p.png),
        ),
        Err(page) => page,
    }
}
