//! The ASEAN chess server: serves the browser game from a directory (the `www/` folder with
//! the bundle built by `cargo xtask build`), runs the online lobby over a WebSocket at `/ws`
//! (rooms, invite links, moves checked by the rules crate, persisted in SQLite or
//! PostgreSQL), and answers
//! `/healthz` and `/metrics` (Prometheus text).
//!
//! # Where things are
//! - [`listen`]: the accept loop and what a client may hold before any message (connections
//!   in all and per address, header and idle timers; [`listen::Limits`]);
//! - [`ws`]: one WebSocket connection: frames read into [`protocol::ClientMsg`] (size, rate and
//!   `hello` checked; [`ws::WsLimits`]), routed to the lobby or to a joined room;
//! - [`lobby`]: the rooms in memory, room creation and the listing, the caps on rooms
//!   ([`lobby::LobbyConfig`]);
//! - [`room`]: one room as a pure state ([`room::state`]: a [`protocol::RoomCommand`] planned
//!   into numbered events, the game and its clock from the rules crate, the countdowns of
//!   [`room::RoomConfig`]) and the task that owns it while it is live (`room::actor`: the
//!   only writer of its log, storing each event before anyone hears it);
//! - [`store`]: rooms and their events in SQLite (the default) or PostgreSQL;
//! - [`cluster`] and [`relay`]: several nodes over Redis (room leases and the bus; a
//!   connection on one node playing in a room owned by another);
//! - [`outbox`]: the bounded queue of frames to one client; [`metrics`]: `/metrics`;
//!   [`clock`] and [`ids`]: the leaves (now, and random ids and secrets); [`files`]: the
//!   page's static files.
//!
//! Imports go one way, with no module circle: `ws` → `lobby` → `relay` → `room` → `store`, with
//! `cluster`, `outbox`, `clock` and `ids` below them and `listen` apart (this file joins it to
//! the app); the room reaches the lobby only through the [`room::RoomHost`] trait and the
//! relay through [`relay::RelayHost`].
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let config = server::Config::new("www");
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! server::serve(listener, &config, server::shutdown_signal()).await
//! # }
//! ```

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ORIGIN};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::trace::TraceLayer;

pub mod accounts;
pub mod address;
pub mod api;
pub mod clock;
pub mod cluster;
pub mod files;
pub mod ids;
pub mod listen;
pub mod lobby;
pub mod metrics;
pub mod origin;
pub mod outbox;
pub mod pairing;
pub mod profiles;
pub mod rate;
pub mod relay;
pub mod room;
pub mod store;
pub mod ws;

pub use lobby::{Lobby, LobbyConfig};
pub use metrics::Metrics;
pub use store::{MemoryStore, PostgresStore, SqliteStore, Store};
pub use ws::WsLimits;

/// The address the server listens on unless told otherwise (loopback only).
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// What the server needs to know to build its routes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The directory of static files to serve (`index.html`, CSS, `pkg/` with the bundle).
    pub www: PathBuf,
    /// The database of the lobby, as [`store::open`] takes it: the path of a SQLite file, or
    /// a `postgres://` (or `postgresql://`) URL; `None` keeps rooms in memory only.
    pub db: Option<String>,
    /// The most connections a PostgreSQL store opens (unused for SQLite).
    pub db_pool_size: usize,
    /// Lobby settings (countdowns, expiry, caps on rooms).
    pub lobby: LobbyConfig,
    /// Deadlines and sizes of each WebSocket connection.
    pub ws: WsLimits,
    /// Caps and deadlines of TCP connections (overall, per address, header and handshake).
    pub listen: listen::Limits,
    /// The origin players reach the server at (`--public-url`, e.g.
    /// `https://chess.example.org`): the pages allowed to open the WebSocket. `None` derives
    /// it from the listening address ([`origin::derived_origins`]).
    pub public_url: Option<origin::Origin>,
    /// Extra origins (e.g. `https://example.org`) allowed to open the WebSocket besides the
    /// public one (never to send requests that act with a player's session cookie).
    pub allowed_origins: Vec<origin::Origin>,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`);
    /// empty, every peer is the client.
    pub trusted_proxies: address::TrustedProxies,
    /// The cluster this server is a node of (`--redis`); `None` for a single server.
    pub cluster: Option<cluster::ClusterConfig>,
}

impl Config {
    /// A configuration serving the static files in `www`, with an in-memory lobby.
    pub fn new(www: impl Into<PathBuf>) -> Self {
        Self {
            www: www.into(),
            db: None,
            db_pool_size: store::DEFAULT_POOL_SIZE,
            lobby: LobbyConfig::default(),
            ws: WsLimits::default(),
            listen: listen::Limits::for_this_machine(),
            public_url: None,
            allowed_origins: Vec::new(),
            trusted_proxies: address::TrustedProxies::default(),
            cluster: None,
        }
    }
}

/// What the request handlers share.
#[derive(Debug, Clone)]
struct AppState {
    lobby: Arc<Lobby>,
    origins: Arc<origin::AllowedOrigins>,
    trusted_proxies: Arc<address::TrustedProxies>,
    ws: WsLimits,
    files: files::StaticFiles,
    accounts: Arc<accounts::Accounts>,
}

impl axum::extract::FromRef<AppState> for Arc<Lobby> {
    fn from_ref(state: &AppState) -> Arc<Lobby> {
        state.lobby.clone()
    }
}

/// The HTTP application: `GET /healthz` answers `ok` (503 `unhealthy: …` while the store's
/// writes fail or it does not answer its probe),
/// `GET /metrics` the lobby's counters (unless `metrics_here` is false: a node with an admin
/// listener serves them there only, [`serve_with_admin`], and its main port answers 404),
/// `GET /ws` upgrades to the lobby's WebSocket (protocol in the `protocol` crate); every other
/// path is a file under
/// [`Config::www`] (a directory serves its `index.html`; a missing file is a 404; out of file
/// descriptors, a 503 with `Retry-After`: see [`files`]).
///
/// HTML, JavaScript (the service worker `sw.js` included), WebAssembly, CSS, JSON and web app
/// manifest responses carry `Cache-Control: no-cache`, so a reload always revalidates and picks
/// up a new build. Responses are gzip-compressed when the
/// client accepts it.
///
/// The account routes (`/signup`, `/login`, `/api/account`..., and the personal API tokens:
/// `/account/oauth/token/create`, `/api/account/tokens`, `/api/token`) are
/// [`accounts::router`]'s; profiles, game exports and leaderboards (`/api/user/{username}`,
/// `/api/games/user/...`, `/game/export/{gameId}`, `/api/player/top/...`,
/// `/api/account/playing`) [`profiles::router`]'s.
///
/// `origins` are the pages allowed to open the WebSocket and to send requests that change an
/// account (see [`Config::public_url`]).
///
/// # Errors
/// When the password hasher cannot start (the system gives no random numbers).
pub fn app(
    config: &Config,
    lobby: Arc<Lobby>,
    origins: origin::AllowedOrigins,
    metrics_here: bool,
) -> io::Result<Router> {
    let origins = Arc::new(origins);
    let trusted_proxies = Arc::new(config.trusted_proxies.clone());
    let secure = config
        .public_url
        .as_ref()
        .is_some_and(origin::Origin::is_https);
    let accounts = accounts::Accounts::new(
        lobby.store().clone(),
        origins.clone(),
        trusted_proxies.clone(),
        lobby.metrics.clone(),
        secure,
        accounts::Limits::default(),
    )
    .map_err(io::Error::other)?;
    let accounts = Arc::new(accounts);
    let profiles = Arc::new(profiles::Profiles::new(
        lobby.store().clone(),
        accounts.clone(),
        trusted_proxies.clone(),
        lobby.metrics.clone(),
        config.public_url.as_ref().map(ToString::to_string),
        profiles::Limits::default(),
    ));
    let (state_lobby, trusted_proxies_api) = (lobby.clone(), trusted_proxies.clone());
    let state = AppState {
        accounts: accounts.clone(),
        files: files::StaticFiles::new(&config.www),
        lobby,
        origins,
        trusted_proxies,
        ws: config.ws,
    };
    let main = Router::new().route("/healthz", get(healthz));
    let main = if metrics_here {
        main.route("/metrics", get(metrics))
    } else {
        main
    };
    Ok(main
        .route("/ws", get(websocket))
        .fallback(static_file)
        .with_state(state)
        .merge(api::router(Arc::new(api::Api {
            streams: api::StreamPermits::new(
                api::MAX_GAME_STREAMS_PER_ACCOUNT,
                state_lobby.metrics.clone(),
            ),
            lobby: state_lobby,
            accounts: accounts.clone(),
            proxies: trusted_proxies_api,
            site: config.public_url.as_ref().map(ToString::to_string),
        })))
        .merge(accounts::router(accounts))
        .merge(profiles::router(profiles))
        .layer(axum::middleware::from_fn(refuse_long_paths))
        .layer(axum::middleware::from_fn(api_errors_as_json))
        .layer(axum::middleware::map_response(revalidate_code))
        // Not the NDJSON streams: a compressor holds their lines until its buffer fills.
        .layer(CompressionLayer::new().compress_when(
            DefaultPredicate::new().and(NotForContentType::new("application/x-ndjson")),
        ))
        .layer(axum::middleware::map_response(
            files::weak_etag_when_encoded,
        ))
        .layer(TraceLayer::new_for_http()))
}

/// The monitoring application, for a listener of its own (`--admin-addr`): `GET /healthz` and
/// `GET /metrics` as in [`app`], and nothing else (404).
pub fn admin_app(lobby: Arc<Lobby>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(lobby)
}

/// The longest request path served, in bytes as sent: far past any path of ours (the longest
/// is under 50 bytes); a longer one is `414 URI Too Long`.
pub const MAX_PATH_BYTES: usize = 1024;

/// The longest name one segment of a path may have once decoded, in bytes: the file systems'
/// limit on a file name, so a longer one is `414 URI Too Long` (not a failed file read, 500).
pub const MAX_SEGMENT_BYTES: usize = 255;

/// Whether `path` (as sent, percent-encoded) is within [`MAX_PATH_BYTES`] and each of its
/// segments, decoded, within [`MAX_SEGMENT_BYTES`] (each `%XX` escape counts as the one byte
/// it stands for; any other `%` as itself).
fn path_fits(path: &str) -> bool {
    path.len() <= MAX_PATH_BYTES && path.split('/').all(|s| decoded_len(s) <= MAX_SEGMENT_BYTES)
}

/// The length in bytes of `segment` once its `%XX` escapes are decoded.
fn decoded_len(segment: &str) -> usize {
    let bytes = segment.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        let escape = bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        i += if escape { 3 } else { 1 };
        n += 1;
    }
    n
}

/// Answers `414 URI Too Long` to a path that does not fit ([`path_fits`]), before any route
/// or file lookup sees it.
async fn refuse_long_paths(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if path_fits(request.uri().path()) {
        next.run(request).await
    } else {
        (StatusCode::URI_TOO_LONG, "the path is too long").into_response()
    }
}

/// The longest error text of a refusal kept as the `error` of its JSON (an extractor's
/// explanation of a malformed body); a longer one is replaced by the status's reason.
const MAX_ERROR_TEXT_BYTES: usize = 300;

/// Every error under `/api/` is JSON, `{"error": "..."}`, as lichess answers and its clients
/// (berserk) read: the refusals the framework writes in plain text or with no body (405 a
/// method the route lacks, 413 a body past the route's limit, 414 a path too long, 415 and 422
/// a body an extractor refused, 404 a path that is no route) get their text, or the status's
/// reason when they have none, as the error; their other headers (`Allow`, `Retry-After`) stay.
async fn api_errors_as_json(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_ERROR_TEXT_BYTES)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("Error").to_owned());
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    parts
        .headers
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    let body = serde_json::json!({ "error": text }).to_string();
    axum::response::Response::from_parts(parts, axum::body::Body::from(body))
}

/// `GET /healthz`: `ok` while the server is up, its store takes writes and answers its
/// probe; 503 `unhealthy: ` and what is wrong ([`Lobby::health`]) otherwise.
async fn healthz(State(lobby): State<Arc<Lobby>>) -> axum::response::Response {
    match lobby.health() {
        Ok(()) => "ok".into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("unhealthy: {e}")).into_response(),
    }
}

/// Any other path: a static file ([`files::StaticFiles::serve`]).
async fn static_file(
    State(state): State<AppState>,
    request: axum::extract::Request,
) -> axum::response::Response {
    state.files.serve(request).await
}

/// `GET /metrics`: connections, rooms, games, moves and errors in the Prometheus text format.
async fn metrics(State(lobby): State<Arc<Lobby>>) -> impl IntoResponse {
    (
        [(
            CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        lobby.metrics.text(),
    )
}

/// `GET /ws`: the lobby WebSocket, for pages of the server's public origin (or an allowed
/// one); the client's address is the peer's, or behind a trusted proxy the one it forwards.
async fn websocket(
    ws: WebSocketUpgrade,
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
) -> axum::response::Response {
    let origin = headers.get(ORIGIN).map(|v| v.to_str().unwrap_or("?"));
    if !state.origins.allow(origin) {
        state.lobby.metrics.refused(listen::RefusedReason::Origin);
        tracing::info!("WebSocket refused: origin {origin:?} not allowed");
        return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
    }
    // The signed-in player, from the session cookie (a store that fails: anonymous).
    let user = match state.accounts.signed_in(&headers).await {
        Ok(account) => account.and_then(|a| {
            accounts::session::Token::from_headers(&headers, state.accounts.secure()).map(|t| {
                ws::SignedIn {
                    username: a.username,
                    session: t.hash(),
                }
            })
        }),
        Err(_) => None,
    };
    let lobby = state.lobby.clone();
    let limits = state.ws;
    let addr = Some(address::client_address(
        peer.ip(),
        &headers,
        &state.trusted_proxies,
    ));
    // Buffers sized to our frames (client frames are at most 4 KiB): tungstenite's defaults
    // (128 KiB each way) would cost every idle connection far more than it ever uses. Frames
    // past 16 KiB close the connection; smaller ones over the protocol's limit get an error
    // message and the connection goes on.
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .max_message_size(16 * 1024)
        .max_frame_size(16 * 1024)
        .on_upgrade(move |socket| {
            use futures_util::StreamExt as _;
            let (sink, stream) = socket.split();
            ws::connection(sink, stream, lobby, addr, user, limits)
        })
}

/// Adds `Cache-Control: no-cache` to code and markup so browsers revalidate them on reload.
async fn revalidate_code<B>(mut response: Response<B>) -> Response<B> {
    let is_code = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(needs_revalidation);
    if is_code && !response.headers().contains_key(CACHE_CONTROL) {
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

/// Whether responses of this content type must be revalidated on every load.
fn needs_revalidation(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    matches!(
        essence.as_str(),
        "text/html"
            | "text/javascript"
            | "application/javascript"
            | "application/wasm"
            | "text/css"
            | "application/json"
            | "application/manifest+json"
    )
}

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight and returns.
///
/// # Errors
/// Fails if the `www` directory does not exist (a clear message instead of 404s everywhere), or
/// on an I/O error of the listener.
pub async fn serve(
    listener: TcpListener,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    serve_with_admin(listener, None, config, shutdown).await
}

/// As [`serve`], and with `admin` (`--admin-addr`) also serves [`admin_app`] (`/healthz` and
/// `/metrics`) on it, outside the main port's caps: within [`listen::Limits::for_admin`],
/// until the main listener has finished. `/metrics` is then served there only (the main port
/// answers 404: the counters are for the operator, not the players); `/healthz` on both.
///
/// # Errors
/// As [`serve`]; an error of the admin listener is logged, not returned.
pub async fn serve_with_admin(
    listener: TcpListener,
    admin: Option<TcpListener>,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    check_www(&config.www)?;
    let origins = allowed_origins(config, listener.local_addr()?);
    let lobby = open_lobby(config).await?;
    // With an admin listener, the counters are served there only (not to the players' port).
    let app = app(config, lobby.clone(), origins, admin.is_none())?;
    tracing::info!(
        "at most {} connections, {} per address",
        config.listen.max_connections,
        config.listen.max_per_address
    );
    let stop_admin = tokio_util::sync::CancellationToken::new();
    let admin = match admin {
        Some(admin) => Some(spawn_admin(admin, lobby.clone(), &stop_admin)?),
        None => None,
    };
    let served = listen::serve(
        listener,
        app,
        config.listen,
        config.trusted_proxies.clone(),
        lobby.metrics.listen.clone(),
        shutdown,
    )
    .await;
    stop_admin.cancel();
    if let Some(admin) = admin {
        match admin.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::error!("the admin listener failed: {e}"),
            Err(e) => tracing::error!("the admin listener's task failed: {e}"),
        }
    }
    lobby.close().await;
    served
}

/// Serves [`admin_app`] on `listener` until `stop` is cancelled, in a task of its own.
fn spawn_admin(
    listener: TcpListener,
    lobby: Arc<Lobby>,
    stop: &tokio_util::sync::CancellationToken,
) -> io::Result<tokio::task::JoinHandle<io::Result<()>>> {
    let addr = listener.local_addr()?;
    if addr.ip().is_loopback() {
        tracing::info!("monitoring on http://{addr}/ (/metrics here only, /healthz on both)");
    } else {
        tracing::warn!(
            "monitoring on http://{addr}/ (/metrics here only, /healthz on both), which is not a \
             loopback address: other machines can read the metrics"
        );
    }
    Ok(tokio::spawn(listen::serve(
        listener,
        admin_app(lobby),
        listen::Limits::for_admin(),
        address::TrustedProxies::default(),
        // Counted apart: the main port's counters stay the players'.
        Arc::new(listen::ListenMetrics::default()),
        stop.clone().cancelled_owned(),
    )))
}

/// The origins allowed to open the WebSocket on a server listening at `addr`: the public URL
/// (or the origins derived from `addr`) and the allowed ones; logs them.
fn allowed_origins(config: &Config, addr: SocketAddr) -> origin::AllowedOrigins {
    let public = match &config.public_url {
        Some(url) => vec![url.clone()],
        None => {
            if addr.ip().is_unspecified() {
                tracing::warn!(
                    "listening on every interface without --public-url: only pages of \
                     http://localhost:{} may open the WebSocket; set --public-url to the \
                     address players use",
                    addr.port()
                );
            }
            origin::derived_origins(addr)
        }
    };
    tracing::info!(
        "serving {} on http://{addr}/, public at {}",
        config.www.display(),
        public.first().map(ToString::to_string).unwrap_or_default()
    );
    let origins = origin::AllowedOrigins::new(public, config.allowed_origins.clone());
    tracing::info!("WebSocket open to pages of {}", origins.list());
    origins
}

/// Opens the lobby on the configured store (the database [`Config::db`] names, or memory).
/// Must run inside a Tokio runtime.
///
/// # Errors
/// When the database cannot be opened or read (including one written by a newer server);
/// the message names the database (without a password).
pub async fn open_lobby(config: &Config) -> io::Result<Arc<Lobby>> {
    let store: Arc<dyn Store> = match &config.db {
        Some(spec) => store::open(spec, config.db_pool_size).await.map_err(|e| {
            io::Error::other(format!(
                "cannot open the lobby database {}: {e}",
                store::describe(spec)
            ))
        })?,
        None => Arc::new(MemoryStore::default()),
    };
    Lobby::open(
        store,
        config.lobby,
        Arc::new(Metrics::default()),
        config.cluster.clone(),
        config.ws.outbox_bytes,
    )
    .await
    .map_err(|e| io::Error::other(e.to_string()))
}

/// Checks that `www` is a directory, with an error message that says what to do.
fn check_www(www: &Path) -> io::Result<()> {
    if www.is_dir() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "the static files directory {} does not exist (run from the workspace root, \
                 or pass --www)",
                www.display()
            ),
        ))
    }
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM: the signal for a graceful shutdown.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot listen for Ctrl-C: {err}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(err) => {
                tracing::error!("cannot listen for SIGTERM: {err}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::{MAX_PATH_BYTES, MAX_SEGMENT_BYTES, needs_revalidation, path_fits};

    #[test]
    fn paths_fit_up_to_a_file_name_a_segment_and_a_kilobyte_in_all() {
        let name = |n: usize| "a".repeat(n);
        for (path, fits) in [
            ("/".to_owned(), true),
            ("/pkg/web_bg.wasm".to_owned(), true),
            (format!("/{}", name(MAX_SEGMENT_BYTES)), true),
            (format!("/{}", name(MAX_SEGMENT_BYTES + 1)), false),
            (format!("/x/{}/y", name(MAX_SEGMENT_BYTES + 1)), false),
            // Encoded bytes count once decoded: 85 characters of three bytes each.
            (format!("/{}", "%E0%B8%81".repeat(85)), true),
            (format!("/{}", "%E0%B8%81".repeat(86)), false),
            // A `%` that starts no escape is a byte of its own.
            (format!("/{}", "%".repeat(MAX_SEGMENT_BYTES + 1)), false),
            (format!("/{}", "%zz".repeat(86)), false),
            (format!("/{}", ["b"; 600].join("/")), false),
            ("/".repeat(MAX_PATH_BYTES), true),
            ("/".repeat(MAX_PATH_BYTES + 1), false),
        ] {
            assert_eq!(path_fits(&path), fits, "{} bytes: {path:.40}", path.len());
        }
    }

    #[test]
    fn code_is_revalidated_and_images_are_not() {
        assert!(needs_revalidation("text/html; charset=utf-8"));
        assert!(needs_revalidation("text/javascript"));
        assert!(needs_revalidation("application/wasm"));
        assert!(!needs_revalidation("image/svg+xml"));
        assert!(!needs_revalidation(""));
    }
}
