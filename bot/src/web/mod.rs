//! The web front end (axum): a live page for every game, a page of each server's games,
//! a player's page to play by clicking the board, `/healthz` and `/metrics`. A front end
//! like the Discord adapter and the console: every decision is the [`Core`]'s, every
//! move goes through [`Core::handle`] as the Move menu's choice, with the board version
//! the page showed.
//!
//! Routes:
//! - `/s/<server>`: a server's games (`<server>` is its unguessable address, see
//!   [`keys`]); `/s/<server>/g/<id>`: a game's page; `…/events`: its live updates
//!   (server-sent events: the current fragment on connect, then every change);
//! - `/p/<token>`: a player's page of their game; `…/actions` (JSON): what they may do
//!   now; `POST …/move` (`key`, `version`): plays one;
//! - `/healthz`, `/metrics`, `/static/app.js`, `/static/app.css`.
//!
//! Public pages carry only what the core's [`GamePage`] holds: public information. Every
//! answer carries a CSP without inline script, `frame-ancestors 'none'`, `nosniff` and
//! no referrer; POST bodies are bounded and rate-limited per client address.

pub mod archive;
pub mod bench;
pub mod html;
pub mod keys;
pub mod live;
pub mod metrics;

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response as HttpResponse};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use futures::Stream;
use jetan_core::web::{GamePage, WebLinks, PLAY_LINK_MS};
use jetan_core::{ChannelId, Core, GameId, GuildId, Response, UserId};
use serde::Deserialize;
use tokio::sync::mpsc;

use keys::{Keys, Refused};
use live::{Hub, Render, Snapshot};
use metrics::METRICS;

/// What the front end that runs the core does with the response to a move made on a
/// page: posts its public reply where the game is played (Discord: in the game's channel
/// or thread, as if typed), its other posts, and lets the computer answer.
pub trait Front: Send + Sync {
    /// Shows `response` to request `request`, a move made on a page in the game of
    /// server `guild` played in `channel`.
    fn deliver(&self, guild: GuildId, channel: ChannelId, request: u64, response: Response);
}

pub use crate::config::WebConfig;

/// The links the core puts in replies: the public base URL and the keys.
pub struct Links {
    base: String,
    keys: Keys,
}

impl Links {
    /// A server's page.
    pub fn server(&self, guild: GuildId) -> String {
        format!("{}/s/{}", self.base, self.keys.server(guild))
    }
}

impl WebLinks for Links {
    fn watch(&self, guild: GuildId, game: GameId) -> String {
        format!("{}/g/{game}", self.server(guild))
    }

    fn play(&self, guild: GuildId, game: GameId, user: UserId, until: u64) -> String {
        format!(
            "{}/p/{}",
            self.base,
            self.keys.token(guild, game, user, until)
        )
    }
}

/// A web front end bound to its address, before the core exists: what the core needs
/// of it ([`Prepared::links`], [`Prepared::observer`]), then [`Prepared::start`].
pub struct Prepared {
    listener: tokio::net::TcpListener,
    links: Arc<Links>,
    keys: Keys,
    notices: mpsc::UnboundedReceiver<ChannelId>,
    notify: mpsc::UnboundedSender<ChannelId>,
}

impl Prepared {
    /// Binds the address.
    ///
    /// # Errors
    /// The address cannot be listened on.
    pub async fn bind(config: &WebConfig) -> std::io::Result<Prepared> {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let local = listener.local_addr()?;
        let base = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{local}"))
            .trim_end_matches('/')
            .to_string();
        let keys = Keys::new(secrecy::ExposeSecret::expose_secret(&config.secret).as_bytes());
        let (notify, notices) = mpsc::unbounded_channel();
        Ok(Prepared {
            listener,
            links: Arc::new(Links {
                base,
                keys: keys.clone(),
            }),
            keys,
            notices,
            notify,
        })
    }

    /// The address listened on.
    ///
    /// # Errors
    /// The socket cannot say.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The links, for [`Core::with_web_links`].
    pub fn links(&self) -> Arc<Links> {
        self.links.clone()
    }

    /// The observer, for [`Core::with_observer`].
    pub fn observer(&self) -> Arc<dyn Fn(ChannelId) + Send + Sync> {
        let tx = self.notify.clone();
        Arc::new(move |channel| {
            let _ = tx.send(channel);
        })
    }

    /// Serves the pages in the background (on the current tokio runtime). `gateway`: the
    /// Discord gateway's state, for `/healthz`, when serving Discord.
    pub fn start(
        self,
        core: Arc<Core>,
        front: Arc<dyn Front>,
        gateway: Option<Arc<AtomicBool>>,
    ) -> Arc<Web> {
        let web = Arc::new(Web {
            core,
            keys: self.keys,
            links: self.links,
            hub: Arc::new(Hub::default()),
            render: Arc::new(render_game),
            front,
            gateway,
            limiter: Limiter::default(),
        });
        let router = router(web.clone());
        let listener = self.listener;
        tokio::spawn(async move {
            let app = router.into_make_service_with_connect_info::<SocketAddr>();
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!("the web server stopped: {e}");
            }
        });
        // Changes anywhere in the process: the games watched in that channel.
        let mut notices = self.notices;
        let w = web.clone();
        tokio::spawn(async move {
            while let Some(first) = notices.recv().await {
                let mut channels = vec![first];
                while let Ok(more) = notices.try_recv() {
                    if !channels.contains(&more) {
                        channels.push(more);
                    }
                }
                let w = w.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    for ch in channels {
                        w.hub.refresh(&w.core, w.render.as_ref(), Some(ch));
                    }
                })
                .await;
            }
        });
        // The rest: the upkeep, other processes; and forgetting games nobody watches.
        let w = web.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(live::POLL);
            loop {
                every.tick().await;
                let w = w.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    w.hub.refresh(&w.core, w.render.as_ref(), None);
                })
                .await;
            }
        });
        web
    }
}

/// The running web front end's state.
pub struct Web {
    core: Arc<Core>,
    keys: Keys,
    links: Arc<Links>,
    hub: Arc<Hub>,
    render: Arc<Render>,
    front: Arc<dyn Front>,
    gateway: Option<Arc<AtomicBool>>,
    limiter: Limiter,
}

impl Web {
    /// The live pages' hub (for the benchmark).
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// A server's page.
    pub fn server_link(&self, guild: GuildId) -> String {
        self.links.server(guild)
    }
}

/// A game's live fragment, rendered once for every client.
fn render_game(core: &Core, (guild, id, flipped): live::Key) -> Option<(Snapshot, ChannelId)> {
    let page = match core.game_page(guild, id, flipped) {
        Ok(Some(p)) => p,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(game = %id, "cannot read a game for its page: {e}");
            return None;
        }
    };
    let names = names_of(core, &page);
    let html = html::game_fragment(&page, &names);
    Some((
        Snapshot::new(page.version, page.result.is_some(), &html),
        page.channel,
    ))
}

/// The names a page shows for users: the players' as the page has them, others' as the
/// core last saw them.
fn names_of<'a>(core: &'a Core, page: &'a GamePage) -> impl Fn(UserId) -> String + 'a {
    move |id| {
        page.players
            .iter()
            .find(|p| p.user == id)
            .map(|p| p.name.clone())
            .or_else(|| core.display_name(id))
            .unwrap_or_else(|| format!("{}", id.get() % 10_000))
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The most a POST body may hold.
const BODY_LIMIT: usize = 1024;

/// POSTs per client address: a burst of [`BURST`], then one every [`REFILL`].
const BURST: f64 = 10.0;
const REFILL: Duration = Duration::from_secs(2);

/// A token bucket per client address.
#[derive(Default)]
struct Limiter {
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    fn allow(&self, ip: IpAddr) -> bool {
        let Ok(mut b) = self.buckets.lock() else {
            return false;
        };
        let now = Instant::now();
        if b.len() > 10_000 {
            b.retain(|_, (_, at)| now.duration_since(*at) < REFILL * 10);
        }
        let (tokens, at) = b.entry(ip).or_insert((BURST, now));
        *tokens =
            (*tokens + now.duration_since(*at).as_secs_f64() / REFILL.as_secs_f64()).min(BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The CSP: the page's own script and style only, no framing, forms to itself.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

async fn security_headers(mut res: HttpResponse) -> HttpResponse {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_page))
        .route("/static/app.js", get(app_js))
        .route("/static/app.css", get(app_css))
        .route("/s/{server}", get(server_page))
        .route("/s/{server}/g/{id}", get(game_page))
        .route("/s/{server}/g/{id}/events", get(events))
        .route("/s/{server}/g/{id}/moves", get(archive::moves))
        .route("/s/{server}/g/{id}/ply/{n}", get(archive::ply))
        .route("/s/{server}/g/{id}/record.txt", get(archive::record))
        .route("/s/{server}/standings", get(archive::standings))
        .route("/s/{server}/u/{user}", get(archive::profile))
        .route(
            "/s/{server}/u/{user}/profile.png",
            get(archive::profile_png),
        )
        .route("/static/archive.js", get(archive::archive_js))
        .route("/p/{token}", get(player_page))
        .route("/p/{token}/actions", get(actions))
        .route(
            "/p/{token}/move",
            post(play_move).layer(DefaultBodyLimit::max(BODY_LIMIT)),
        )
        .fallback(not_found)
        .layer(axum::middleware::map_response(security_headers))
        .with_state(web)
}

/// A page and its status, counted.
fn counted(route: &'static str, status: StatusCode, body: impl IntoResponse) -> HttpResponse {
    METRICS.web_request(route, status.as_u16());
    (status, body).into_response()
}

async fn not_found() -> HttpResponse {
    counted(
        "other",
        StatusCode::NOT_FOUND,
        Html(html::refusal(
            "Not found",
            "There is no page here. Ask the bot for a link: /jetan web in the game's channel.",
        )),
    )
}

async fn healthz(State(web): State<Arc<Web>>) -> HttpResponse {
    let core = web.core.clone();
    let store = tokio::task::spawn_blocking(move || core.store_reachable())
        .await
        .unwrap_or(false);
    let gateway = web.gateway.as_ref().map(|g| g.load(Ordering::Relaxed));
    let ok = store && gateway != Some(false);
    let body = Json(serde_json::json!({ "store": store, "gateway": gateway }));
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    counted("healthz", status, body)
}

async fn metrics_page(State(web): State<Arc<Web>>) -> HttpResponse {
    let core = web.core.clone();
    let (games, outbox) =
        tokio::task::spawn_blocking(move || (core.games_in_progress(), core.outbox_depth()))
            .await
            .unwrap_or((0, 0));
    let text = METRICS.render(metrics::Gauges {
        games_in_progress: games,
        live_clients: web.hub.clients(),
        watched: web.hub.watched(),
        outbox,
    });
    counted(
        "metrics",
        StatusCode::OK,
        ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text),
    )
}

async fn app_js() -> HttpResponse {
    counted(
        "static",
        StatusCode::OK,
        (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "max-age=300"),
            ],
            include_str!("app.js"),
        ),
    )
}

async fn app_css() -> HttpResponse {
    counted(
        "static",
        StatusCode::OK,
        (
            [
                (header::CONTENT_TYPE, "text/css; charset=utf-8"),
                (header::CACHE_CONTROL, "max-age=300"),
            ],
            include_str!("app.css"),
        ),
    )
}

fn no_such_server() -> HttpResponse {
    counted(
        "server",
        StatusCode::NOT_FOUND,
        Html(html::refusal(
            "Not found",
            "This address names no server's pages. Ask the bot for a link: /jetan web in a game's channel.",
        )),
    )
}

fn no_such_game() -> HttpResponse {
    counted(
        "game",
        StatusCode::NOT_FOUND,
        Html(html::refusal(
            "No such game",
            "This server has no game with this number.",
        )),
    )
}

async fn server_page(State(web): State<Arc<Web>>, Path(server): Path<String>) -> HttpResponse {
    let Some(guild) = web.keys.server_of(&server) else {
        return no_such_server();
    };
    let core = web.core.clone();
    let page = tokio::task::spawn_blocking(move || {
        let games = core.server_games(guild)?;
        let lang = core.public_lang(guild);
        let name = |id: UserId| {
            core.display_name(id)
                .unwrap_or_else(|| format!("{}", id.get() % 10_000))
        };
        Ok::<_, jetan_core::CoreError>(html::server_page(
            &games,
            &format!("/s/{server}"),
            lang.code(),
            &name,
        ))
    })
    .await;
    match page {
        Ok(Ok(page)) => counted("server", StatusCode::OK, Html(page)),
        _ => counted(
            "server",
            StatusCode::INTERNAL_SERVER_ERROR,
            Html(html::refusal(
                "Unavailable",
                "The games cannot be read now; try again.",
            )),
        ),
    }
}

async fn game_page(
    State(web): State<Arc<Web>>,
    Path((server, id)): Path<(String, u64)>,
) -> HttpResponse {
    let Some(guild) = web.keys.server_of(&server) else {
        return no_such_server();
    };
    let core = web.core.clone();
    let events = format!("/s/{server}/g/{id}/events");
    let page = tokio::task::spawn_blocking(move || {
        let page = core.game_page(guild, GameId(id), false).ok().flatten()?;
        let names = names_of(&core, &page);
        Some(html::game_page(&page, &names, &events, None))
    })
    .await
    .ok()
    .flatten();
    match page {
        Some(p) => counted("game", StatusCode::OK, Html(p)),
        None => no_such_game(),
    }
}

/// `?flip=1`: the second seat at the bottom (its player's page).
#[derive(Deserialize)]
struct Flip {
    #[serde(default)]
    flip: u8,
}

async fn events(
    State(web): State<Arc<Web>>,
    Path((server, id)): Path<(String, u64)>,
    Query(flip): Query<Flip>,
) -> HttpResponse {
    let Some(guild) = web.keys.server_of(&server) else {
        return no_such_server();
    };
    let w = web.clone();
    let key = (guild, GameId(id), flip.flip == 1);
    let sub = tokio::task::spawn_blocking(move || w.hub.subscribe(&w.core, w.render.as_ref(), key))
        .await
        .ok()
        .flatten();
    let Some((rx, client)) = sub else {
        return no_such_game();
    };
    METRICS.web_request("events", 200);
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        axum::body::Body::from_stream(stream(rx, client)),
    )
        .into_response()
}

/// How often an idle stream says it is alive (a comment line), so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The game's events: the current one at once, then each change, each the same bytes for
/// every client (formatted once, by the hub).
fn stream(
    rx: tokio::sync::watch::Receiver<Arc<Snapshot>>,
    client: live::Client,
) -> impl Stream<Item = Result<axum::body::Bytes, Infallible>> {
    futures::stream::unfold((rx, client, true), |(mut rx, client, first)| async move {
        if !first {
            tokio::select! {
                changed = rx.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                }
                () = tokio::time::sleep(KEEP_ALIVE) => {
                    return Some((Ok(axum::body::Bytes::from_static(b": alive\n\n")), (rx, client, false)));
                }
            }
        }
        let event = rx.borrow_and_update().event.clone();
        Some((Ok(event), (rx, client, false)))
    })
}

/// Why a player's link does not open their seat, as a page.
fn refused(route: &'static str, why: Refused) -> HttpResponse {
    match why {
        Refused::Bad => counted(
            route,
            StatusCode::FORBIDDEN,
            Html(html::refusal(
                "This link is not valid",
                "This is not a link the bot gave, or it was changed. Nothing was played. Ask for your own link with /jetan web in the game's channel.",
            )),
        ),
        Refused::Expired => counted(
            route,
            StatusCode::GONE,
            Html(html::refusal(
                "This link has expired",
                "Links to play last 24 hours. Nothing was played. Ask for a new one with /jetan web in the game's channel.",
            )),
        ),
    }
}

fn game_over(route: &'static str, watch: &str) -> HttpResponse {
    counted(
        route,
        StatusCode::GONE,
        Html(html::page(
            "This game is over",
            "en",
            "",
            &format!(
                r#"<main class="refusal"><h1>This game is over</h1><p>Its link to play has ended with it. <a href="{}">See the game</a>.</p></main>"#,
                html::esc(watch)
            ),
        )),
    )
}

async fn player_page(State(web): State<Arc<Web>>, Path(token): Path<String>) -> HttpResponse {
    let claims = match web.keys.check(&token, now_ms()) {
        Ok(c) => c,
        Err(why) => return refused("play", why),
    };
    let core = web.core.clone();
    let server = web.keys.server(claims.guild);
    let play = format!("/p/{token}");
    let page = tokio::task::spawn_blocking(move || {
        let mut page = core
            .game_page(claims.guild, claims.game, false)
            .ok()
            .flatten()?;
        if page.result.is_some() || !page.players.iter().any(|p| p.user == claims.user) {
            return Some(Err(()));
        }
        // The second player sees the board from their side.
        let flipped = page.players.get(1).is_some_and(|p| p.user == claims.user);
        if flipped {
            page = core
                .game_page(claims.guild, claims.game, true)
                .ok()
                .flatten()?;
        }
        let events = format!(
            "/s/{server}/g/{}/events{}",
            claims.game,
            if flipped { "?flip=1" } else { "" }
        );
        let names = names_of(&core, &page);
        Some(Ok(html::game_page(&page, &names, &events, Some(&play))))
    })
    .await
    .ok()
    .flatten();
    match page {
        Some(Ok(p)) => counted("play", StatusCode::OK, Html(p)),
        Some(Err(())) => game_over(
            "play",
            &format!("/s/{}/g/{}", web.keys.server(claims.guild), claims.game),
        ),
        None => no_such_game(),
    }
}

async fn actions(State(web): State<Arc<Web>>, Path(token): Path<String>) -> HttpResponse {
    let claims = match web.keys.check(&token, now_ms()) {
        Ok(c) => c,
        Err(why) => return refused("actions", why),
    };
    let core = web.core.clone();
    let found = tokio::task::spawn_blocking(move || {
        let actions = core
            .page_actions(claims.guild, claims.game, claims.user, now_ms())
            .ok()
            .flatten()?;
        let name = |id: UserId| {
            core.display_name(id)
                .unwrap_or_else(|| format!("{}", id.get() % 10_000))
        };
        Some(serde_json::json!({
            "version": actions.version,
            "waiting": actions.waiting.as_ref().map(|t| html::text(t, &name)),
            "actions": actions.actions.iter().map(|a| serde_json::json!({
                "key": a.key,
                "label": a.label,
                "from": a.from,
                "to": a.to,
            })).collect::<Vec<_>>(),
        }))
    })
    .await
    .ok()
    .flatten();
    match found {
        Some(json) => counted("actions", StatusCode::OK, Json(json)),
        None => counted(
            "actions",
            StatusCode::GONE,
            Json(serde_json::json!({ "over": true })),
        ),
    }
}

/// A move as the page posts it.
#[derive(Deserialize)]
struct MoveForm {
    key: String,
    version: u64,
}

async fn play_move(
    State(web): State<Arc<Web>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
    Form(form): Form<MoveForm>,
) -> HttpResponse {
    if !web.limiter.allow(peer.ip()) {
        return counted(
            "move",
            StatusCode::TOO_MANY_REQUESTS,
            Json(
                serde_json::json!({ "ok": false, "message": "Too many moves from here; wait a moment." }),
            ),
        );
    }
    let now = now_ms();
    let claims = match web.keys.check(&token, now) {
        Ok(c) => c,
        Err(why) => {
            let message = match why {
                Refused::Bad => "This link is not valid: nothing was played.",
                Refused::Expired => "This link has expired: nothing was played.",
            };
            let status = match why {
                Refused::Bad => StatusCode::FORBIDDEN,
                Refused::Expired => StatusCode::GONE,
            };
            return counted(
                "move",
                status,
                Json(serde_json::json!({ "ok": false, "message": message })),
            );
        }
    };
    if form.key.len() > 64 {
        return counted(
            "move",
            StatusCode::BAD_REQUEST,
            Json(serde_json::json!({ "ok": false, "message": "Not a move." })),
        );
    }
    let core = web.core.clone();
    // A request id of the web's own, never a Discord snowflake (those stay below 2^63).
    let request = rand::random::<u64>() | (1 << 63);
    let handled = tokio::task::spawn_blocking(move || {
        let current = core.page_actions(claims.guild, claims.game, claims.user, now);
        match current {
            Ok(Some(a)) if a.version != form.version => return Err(Outcome::Stale),
            Ok(Some(_)) => {}
            _ => return Err(Outcome::Over),
        }
        let mut req = match core.web_move(
            claims.guild,
            claims.game,
            claims.user,
            &form.key,
            form.version,
        ) {
            Ok(Some(req)) => req,
            _ => return Err(Outcome::Over),
        };
        req.id = request;
        req.now = now;
        let name = metrics::command_name(&req.command);
        let channel = req.channel;
        let response = core.handle(req);
        METRICS.command(
            format!("web:{name}"),
            if response.reply.ephemeral {
                "private"
            } else {
                "public"
            },
        );
        Ok((response, channel))
    })
    .await;
    match handled {
        Ok(Ok((response, channel))) => {
            let ok = !response.reply.ephemeral;
            let core = web.core.clone();
            let message = html::text(&response.reply.text, &|id| {
                core.display_name(id)
                    .unwrap_or_else(|| format!("{}", id.get() % 10_000))
            });
            if ok {
                web.front.deliver(claims.guild, channel, request, response);
            }
            let status = if ok {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            counted(
                "move",
                status,
                Json(serde_json::json!({ "ok": ok, "message": message })),
            )
        }
        Ok(Err(Outcome::Stale)) => counted(
            "move",
            StatusCode::CONFLICT,
            Json(
                serde_json::json!({ "ok": false, "stale": true, "message": "The board changed: here it is again." }),
            ),
        ),
        Ok(Err(Outcome::Over)) => counted(
            "move",
            StatusCode::GONE,
            Json(serde_json::json!({ "ok": false, "message": "This game is over." })),
        ),
        Err(_) => counted(
            "move",
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(
                serde_json::json!({ "ok": false, "message": "Something went wrong; nothing was played." }),
            ),
        ),
    }
}

/// Why a move was not handed to the core.
enum Outcome {
    /// The page showed an older board.
    Stale,
    /// The game is not in progress.
    Over,
}

/// How long a player's link lasts (also to the end of its game).
pub const PLAY_LINK: Duration = Duration::from_millis(PLAY_LINK_MS);
