//! Players' profiles, their games and the leaderboards over HTTP, in the shapes lichess uses:
//!
//! - `GET /api/user/{username}`: the public profile ([`crate::accounts::public_json`]) with
//!   `count` `{all, rated, win, loss, draw}` (finished games; aborted games are not kept)
//!   and `seenAt` (ms since the Unix epoch: the latest use of a session, to the hour; absent
//!   without one);
//!   404 `{"error"}` for no such account; a closed one answers `"disabled": true`;
//! - `GET /api/user/{username}/rating-history`: one entry a perf,
//!   `[{"name": "Blitz", "points": [[year, month (0-11), day, rating], ...]}, ...]`, a
//!   point a UTC day (the day's last rating), oldest first;
//! - `GET /api/games/user/{username}?max=N&until=MS`: the player's finished games, newest
//!   first, streamed: PGN (`application/x-chess-pgn`, [`rules::pgn::write`], tags `Event`,
//!   `Site`, `Date`, `White`, `Black`, `Result`, `Variant "asean"`, `TimeControl`,
//!   `Termination`, and for rated games `WhiteElo`, `BlackElo`, `WhiteRatingDiff`,
//!   `BlackRatingDiff`), or with `Accept: application/x-ndjson` one JSON object a line
//!   (`id`, `rated`, `variant`, `speed`, `perf`, `lastMoveAt`, `status`, `players`,
//!   `winner`); `max` at most [`MAX_EXPORT`] (the default), `until` in ms since the Unix
//!   epoch (games that ended then or before);
//! - `GET /game/export/{gameId}`: one game, finished or in progress (404 `{"error": "Not
//!   found"}` for an id that is no game: unknown, or a room that never had two players), as
//!   PGN (the tags above, `*` while in progress), or with `Accept: application/json` one
//!   object in lichess's shape: `id`, `rated`, `variant` (`"asean"`), `speed`, `perf`,
//!   `createdAt` and `lastMoveAt` (ms since the Unix epoch), `status` (lichess's names,
//!   [`rules::GameStatus`]: `started` while in progress), `players`
//!   (`{"white": {"user": {"name", "id"}, "rating", "ratingDiff"}, "black": ...}`, `user`
//!   absent for an anonymous player, the ratings for a rated game), `winner` (`white` or
//!   `black`, absent for a draw or an abort), `moves` (UCI, space-separated), `clock`
//!   (`{"initial", "increment", "totalTime"}` in seconds, absent for an untimed game).
//!   Lichess's `opening`, `analysis`, `pgn` and `clocks` are left out. A request with an API
//!   token counts against the token's budget ([`crate::accounts::tokens`]);
//! - `GET /api/player/top/{nb}/{perf}`: the `nb` (1 to [`MAX_LEADERS`]) best open accounts
//!   in `perf` (`bullet`, `blitz`, `rapid`, `classical`) whose rating is not provisional
//!   (stored deviation at most [`rating::PROVISIONAL_DEVIATION`]) and who played a rated
//!   game of it in the last [`ACTIVE_DAYS`] days:
//!   `{"users": [{"id", "username", "perfs": {"<perf>": {"rating", "progress"}}}]}`;
//! - `GET /api/account/playing?nb=N` (signed in by the cookie or an API token, else 401):
//!   the games in progress,
//!   `{"nowPlaying": [{"gameId", "color", "isMyTurn", "fen", "lastMove", "hasMoved",
//!   "opponent": {"id", "username", "rating"}, "rated", "speed", "perf", "secondsLeft",
//!   "variant"}]}`, `nb` at most [`MAX_ONGOING`] (default 9).
//!
//! Bounds: each client address has a budget of requests ([`Limits`]: 40, then one a
//! second), an export costing one more for every 30 games asked; a refusal is a 429
//! `{"error"}` with `Retry-After`, counted in `asean_rate_limited{action="profile"}`. At
//! most [`EXPORTS_AT_ONCE`] exports stream at once (else 503 with `Retry-After`). Every
//! store read is bounded ([`crate::store::profiles`]).

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::header::{ACCEPT, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use governor::Quota;

use crate::rate::NetworkLimiter;
use protocol::user::{UserId, Username};
use protocol::{RoomEvent, RoomId};
use rating::Perf;
use rules::{ByColor, Color, GameStatus, Outcome};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::accounts::{Accounts, Refusal, public_json, store_failed};
use crate::address::{AddressKey, TrustedProxies, client_address};
use crate::metrics::Metrics;
use crate::store::accounts::all_perfs;
use crate::store::profiles::{GamesCursor, MAX_LEADERS, MAX_ONGOING, PlayerGame, RatingPoint};
use crate::store::{Phase, Store, StoredRoom};

/// The most games one export streams (and what it streams when `max` is not given).
pub const MAX_EXPORT: usize = 300;

/// Exports streaming at once, at most (the others are refused with a 503).
pub const EXPORTS_AT_ONCE: usize = 4;

/// A leaderboard lists players who played a rated game of its perf in this many days.
pub const ACTIVE_DAYS: u64 = 30;

/// Games an export reads from the store at a time.
const EXPORT_PAGE: usize = 20;

/// The games of `/api/account/playing` when `nb` is not given (as lichess).
const DEFAULT_PLAYING: usize = 9;

/// Every this many games asked of an export cost one more request of the budget.
const GAMES_PER_TOKEN: usize = 30;

/// The rate limit of the profile routes, per client address (and IPv6 network).
pub struct Limits {
    /// Requests per address.
    pub per_address: NetworkLimiter,
}

impl Default for Limits {
    /// 40 requests, then one a second, per address.
    fn default() -> Limits {
        Limits::new(40, Duration::from_secs(1))
    }
}

impl Limits {
    /// `burst` requests, then one every `period`, per address.
    #[must_use]
    pub fn new(burst: u32, period: Duration) -> Limits {
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN));
        Limits {
            per_address: NetworkLimiter::new(
                quota,
                crate::accounts::PER_56,
                crate::accounts::PER_48,
            ),
        }
    }
}

/// What the profile routes share.
pub struct Profiles {
    store: Arc<dyn Store>,
    accounts: Arc<Accounts>,
    proxies: Arc<TrustedProxies>,
    metrics: Arc<Metrics>,
    limits: Limits,
    exports: Arc<Semaphore>,
    /// The public URL of the server (for the PGN `Site` tag), if known.
    site: Option<String>,
    checks: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Profiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Profiles")
    }
}

impl Profiles {
    /// The profile routes' state; `site` is the server's public URL (`https://host`), if
    /// known.
    #[must_use]
    pub fn new(
        store: Arc<dyn Store>,
        accounts: Arc<Accounts>,
        proxies: Arc<TrustedProxies>,
        metrics: Arc<Metrics>,
        site: Option<String>,
        limits: Limits,
    ) -> Profiles {
        Profiles {
            store,
            accounts,
            proxies,
            metrics,
            limits,
            exports: Arc::new(Semaphore::new(EXPORTS_AT_ONCE)),
            site,
            checks: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Takes `cost` requests of the address's budget, or refuses with a 429.
    fn admit(&self, peer: SocketAddr, headers: &HeaderMap, cost: usize) -> Result<(), Refusal> {
        use std::sync::atomic::Ordering;
        if self.checks.fetch_add(1, Ordering::Relaxed) % 1_024 == 1_023 {
            self.limits.per_address.retain_recent();
        }
        let key = AddressKey::of(client_address(peer.ip(), headers, &self.proxies));
        let n = NonZeroU32::new(u32::try_from(cost.max(1)).unwrap_or(u32::MAX))
            .unwrap_or(NonZeroU32::MIN);
        match self.limits.per_address.check_n(key, n) {
            true => Ok(()),
            false => {
                self.metrics.limited("profile");
                Err(Refusal::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many requests from this address: try again in a moment",
                    Some(5),
                ))
            }
        }
    }

    /// The account named `name` (open or closed), or a 404.
    async fn account(&self, name: &str) -> Result<crate::store::accounts::Account, Refusal> {
        let not_found = || {
            Refusal::new(
                StatusCode::NOT_FOUND,
                format!("no player named {name}"),
                None,
            )
        };
        let id: UserId = name.parse().map_err(|_| not_found())?;
        self.store
            .account(&id)
            .await
            .map_err(store_failed)?
            .ok_or_else(not_found)
    }
}

type Shared = State<Arc<Profiles>>;

/// The profile routes (see the module documentation), to merge into the app.
pub fn router(profiles: Arc<Profiles>) -> Router {
    Router::new()
        .route("/api/user/{username}", get(user))
        .route("/api/user/{username}/rating-history", get(rating_history))
        .route("/api/games/user/{username}", get(games))
        .route("/api/player/top/{nb}/{perf}", get(top))
        .route("/api/account/playing", get(playing))
        .route("/game/export/{game_id}", get(export_game))
        .with_state(profiles)
}

/// `GET /api/user/{username}`: the public profile with the counts of games.
async fn user(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Result<Response, Refusal> {
    p.admit(peer, &headers, 1)?;
    let account = p.account(&name).await?;
    let perfs = p.store.perfs(&account.id).await.map_err(store_failed)?;
    let counts = p
        .store
        .game_counts(&account.id)
        .await
        .map_err(store_failed)?;
    let seen = p.store.seen_ms(&account.id).await.map_err(store_failed)?;
    let mut v = public_json(&account, &perfs, p.accounts.now_ms());
    if let Some(seen) = seen {
        v["seenAt"] = json!(seen);
    }
    v["count"] = json!({
        "all": counts.all,
        "rated": counts.rated,
        "win": counts.win,
        "loss": counts.loss,
        "draw": counts.draw,
    });
    Ok(axum::Json(v).into_response())
}

/// The UTC date of `ms` (ms since the Unix epoch): year, month (1-12), day.
fn utc_date(ms: u64) -> (i32, u8, u8) {
    let nanos = i128::from(ms) * 1_000_000;
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    (t.year(), u8::from(t.month()), t.day())
}

/// The UTC time of day of `ms`, `HH:MM:SS`.
fn utc_time(ms: u64) -> String {
    let nanos = i128::from(ms) * 1_000_000;
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!("{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second())
}

/// The perf's name as lichess's rating history writes it (`Blitz`).
fn perf_title(p: Perf) -> &'static str {
    match p {
        Perf::Bullet => "Bullet",
        Perf::Blitz => "Blitz",
        Perf::Rapid => "Rapid",
        Perf::Classical => "Classical",
    }
}

/// The history in lichess's shape: every perf, a point a UTC day (its last rating).
fn history_json(points: &[RatingPoint]) -> Value {
    let perfs: Vec<Value> = Perf::ALL
        .into_iter()
        .map(|perf| {
            let mut days: Vec<((i32, u8, u8), i32)> = Vec::new();
            for p in points.iter().filter(|p| p.perf == perf) {
                let day = utc_date(p.at_ms);
                let rating = p.rating.round() as i32;
                match days.last_mut() {
                    Some((d, r)) if *d == day => *r = rating,
                    _ => days.push((day, rating)),
                }
            }
            let points: Vec<Value> = days
                .into_iter()
                .map(|((y, m, d), r)| json!([y, m - 1, d, r]))
                .collect();
            json!({ "name": perf_title(perf), "points": points })
        })
        .collect();
    Value::Array(perfs)
}

/// `GET /api/user/{username}/rating-history`.
async fn rating_history(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Result<Response, Refusal> {
    p.admit(peer, &headers, 1)?;
    let account = p.account(&name).await?;
    let points = p
        .store
        .rating_history(&account.id)
        .await
        .map_err(store_failed)?;
    Ok(axum::Json(history_json(&points)).into_response())
}

/// The query of the games export.
#[derive(Deserialize)]
struct ExportQuery {
    max: Option<usize>,
    until: Option<u64>,
}

/// lichess's speed key of a game's clock (`correspondence` for an untimed game).
pub(crate) fn speed_key(clock: Option<protocol::TimeControl>) -> &'static str {
    match clock.map(protocol::TimeControl::speed) {
        None => "correspondence",
        Some(rules::Speed::UltraBullet) => "ultraBullet",
        Some(rules::Speed::Bullet) => "bullet",
        Some(rules::Speed::Blitz) => "blitz",
        Some(rules::Speed::Rapid) => "rapid",
        Some(rules::Speed::Classical) => "classical",
    }
}

/// lichess's perf key of a game's clock.
fn perf_key(clock: Option<protocol::TimeControl>) -> &'static str {
    clock.map_or("correspondence", |c| Perf::of(c).name())
}

/// A rating rounded as players see it.
fn shown(r: f64) -> i64 {
    r.round() as i64
}

/// One game in lichess's NDJSON shape; `end` is how it ended (`None`: in progress, its
/// `outcome` unused).
fn game_json(g: &PlayerGame, end: Option<Outcome>) -> Value {
    let player = |c: Color| {
        let mut v = json!({});
        if let Some(u) = g.players.get(c) {
            v["user"] = json!({ "name": u, "id": u.id() });
        }
        if let Some(r) = g.ratings.get(c) {
            v["rating"] = json!(shown(r.before));
            v["ratingDiff"] = json!(shown(r.after) - shown(r.before));
        }
        v
    };
    let mut v = json!({
        "id": g.room,
        "rated": g.rated,
        "variant": "asean",
        "speed": speed_key(g.clock),
        "perf": perf_key(g.clock),
        "lastMoveAt": g.ended_ms,
        "status": end.map_or(GameStatus::Started, Outcome::game_status).name(),
        "players": { "white": player(Color::White), "black": player(Color::Black) },
    });
    if let Some(w) = end.and_then(Outcome::winner) {
        v["winner"] = json!(w);
    }
    if let Some(protocol::TimeControl::Fischer(f)) = g.clock {
        v["clock"] = json!({
            "initial": f.initial_secs(),
            "increment": f.increment_secs(),
            "totalTime": f.initial_secs() + 40 * f.increment_secs(),
        });
    }
    v
}

/// The PGN of a finished game, its moves read from the store.
async fn game_pgn(store: &Arc<dyn Store>, site: Option<&str>, g: &PlayerGame) -> Option<String> {
    let stored = match store.load_room(&g.room).await {
        Ok(Some(r)) => r,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!("export: room {} not read: {e}", g.room);
            return None;
        }
    };
    let game = replay(&stored)?;
    Some(pgn_of(&game, site, g, Some(g.outcome)))
}

/// The game of a stored room, its moves replayed (`None`, logged, when one does not replay).
fn replay(stored: &StoredRoom) -> Option<rules::Game> {
    let rules = rules::Rules {
        promotion: stored.meta.promotion,
    };
    let mut game = rules::Game::from_fen(&stored.meta.initial_fen, rules).ok()?;
    for e in &stored.events {
        if let RoomEvent::Moved { uci, .. } = e
            && game.play_uci(&uci.to_string()).is_err()
        {
            tracing::warn!(
                "export: room {}: move {uci} does not replay",
                stored.meta.id
            );
            return None;
        }
    }
    Some(game)
}

/// The PGN of `game` ([`rules::pgn::write`]) with the tags of `g`; `end` is how it ended
/// (`None`: in progress, `*`).
fn pgn_of(game: &rules::Game, site: Option<&str>, g: &PlayerGame, end: Option<Outcome>) -> String {
    let name = |c: Color| {
        g.players
            .get(c)
            .as_ref()
            .map_or_else(|| "Anonymous".to_owned(), ToString::to_string)
    };
    let (y, m, d) = utc_date(g.ended_ms);
    let speed = speed_key(g.clock);
    let event = format!("{} {speed} game", if g.rated { "Rated" } else { "Casual" });
    let mut extra = vec![
        ("UTCDate".to_owned(), format!("{y:04}.{m:02}.{d:02}")),
        ("UTCTime".to_owned(), utc_time(g.ended_ms)),
    ];
    if let (Some(w), Some(b)) = (g.ratings.white, g.ratings.black) {
        let diff = |r: crate::store::profiles::RatingMove| {
            format!("{:+}", shown(r.after) - shown(r.before))
        };
        extra.push(("WhiteElo".into(), shown(w.before).to_string()));
        extra.push(("BlackElo".into(), shown(b.before).to_string()));
        extra.push(("WhiteRatingDiff".into(), diff(w)));
        extra.push(("BlackRatingDiff".into(), diff(b)));
    }
    let tags = rules::pgn::Tags {
        event,
        site: site.map_or_else(|| "?".to_owned(), |s| format!("{s}/#/room/{}", g.room)),
        date: Some((u16::try_from(y).unwrap_or(0), m, d)),
        round: "-".into(),
        white: name(Color::White),
        black: name(Color::Black),
        time_control: g.clock.map(Into::into),
        extra,
    };
    rules::pgn::write(game, &tags, &rules::pgn::End::of_outcome(end))
}

/// What an export's stream carries from one page to the next.
struct Export {
    store: Arc<dyn Store>,
    site: Option<String>,
    user: UserId,
    cursor: Option<GamesCursor>,
    left: usize,
    ndjson: bool,
    /// Held while the export streams.
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// The next page of an export, as bytes (`None`: the end).
async fn next_page(mut x: Export) -> Option<(Result<Vec<u8>, std::io::Error>, Export)> {
    if x.left == 0 {
        return None;
    }
    let page = match x
        .store
        .games_of(&x.user, x.cursor.clone(), x.left.min(EXPORT_PAGE))
        .await
    {
        Ok(p) => p,
        Err(e) => {
            tracing::error!("export of {}'s games: the store failed: {e}", x.user);
            x.left = 0;
            return Some((Err(std::io::Error::other(e.to_string())), x));
        }
    };
    let last = page.last()?;
    x.cursor = Some(GamesCursor {
        ended_ms: last.ended_ms,
        room: last.room.clone(),
    });
    x.left = if page.len() < x.left.min(EXPORT_PAGE) {
        0
    } else {
        x.left - page.len()
    };
    let mut out = String::new();
    for g in &page {
        if x.ndjson {
            out.push_str(&game_json(g, Some(g.outcome)).to_string());
            out.push('\n');
        } else if let Some(pgn) = game_pgn(&x.store, x.site.as_deref(), g).await {
            out.push_str(&pgn);
            out.push('\n');
        }
    }
    Some((Ok(out.into_bytes()), x))
}

/// The query string of a request read as `T`, or a 400 that says what is wrong with it.
fn query_of<T>(
    query: Result<Query<T>, axum::extract::rejection::QueryRejection>,
) -> Result<T, Refusal> {
    query.map(|Query(q)| q).map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the query is not what this request takes: {}",
                e.body_text()
            ),
            None,
        )
    })
}

/// `GET /api/games/user/{username}`: the player's games, newest first, streamed.
async fn games(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(name): Path<String>,
    query: Result<Query<ExportQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Refusal> {
    let q = query_of(query)?;
    let max = q.max.unwrap_or(MAX_EXPORT).min(MAX_EXPORT);
    p.admit(peer, &headers, 1 + max / GAMES_PER_TOKEN)?;
    let account = p.account(&name).await?;
    let Ok(permit) = Arc::clone(&p.exports).try_acquire_owned() else {
        return Err(Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other exports: try again in a moment",
            Some(5),
        ));
    };
    let ndjson = headers
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/x-ndjson"));
    // Before (until + 1 ms, the least room id): every game that ended at `until` or before.
    let cursor = q.until.map(|until| GamesCursor {
        ended_ms: until.saturating_add(1),
        room: RoomId::from_bytes([0; 10]),
    });
    let export = Export {
        store: p.store.clone(),
        site: p.site.clone(),
        user: account.id,
        cursor,
        left: max,
        ndjson,
        _permit: permit,
    };
    // Fused: a body layer (gzip) may poll once more after the end.
    let stream = futures_util::StreamExt::fuse(futures_util::stream::unfold(export, next_page));
    let content_type = if ndjson {
        "application/x-ndjson"
    } else {
        "application/x-chess-pgn"
    };
    Ok(([(CONTENT_TYPE, content_type)], Body::from_stream(stream)).into_response())
}

/// A stored room's game as the exports show it, and how it ended (`None`: in progress; the
/// game's `outcome` is then unused). `None` for a room with no game: one that waits for its
/// players or was closed before they came.
fn game_of(stored: &StoredRoom) -> Option<(PlayerGame, Option<Outcome>)> {
    let meta = &stored.meta;
    let mut players = ByColor::<Option<Username>>::default();
    let mut end = None;
    let mut ratings = ByColor::<Option<crate::store::profiles::RatingMove>>::default();
    let mut last_ms = meta.created_ms;
    for e in &stored.events {
        match e {
            RoomEvent::Seated { seat, user, .. } => *players.get_mut(*seat) = user.clone(),
            RoomEvent::Moved {
                at_ms: Some(at), ..
            } => last_ms = last_ms.max(*at),
            RoomEvent::GameOver {
                result,
                at_ms,
                ratings: r,
                ..
            } => {
                end = Some(*result);
                last_ms = at_ms.unwrap_or(last_ms);
                if let Some(r) = r {
                    ratings = ByColor::new_with(|c| {
                        let x = r.get(c);
                        Some(crate::store::profiles::RatingMove {
                            before: f64::from(x.before),
                            after: f64::from(x.after),
                        })
                    });
                }
            }
            _ => {}
        }
    }
    match stored.phase {
        Phase::Playing | Phase::Finished => {}
        Phase::Waiting | Phase::Closed => return None,
    }
    let game = PlayerGame {
        room: meta.id.clone(),
        color: Color::White,
        players,
        outcome: end.unwrap_or(Outcome::Aborted),
        clock: meta.clock,
        rated: meta.rated,
        ratings,
        ended_ms: last_ms,
    };
    Some((game, end))
}

/// The moves of a stored room in UCI, space-separated.
fn uci_moves(stored: &StoredRoom) -> String {
    stored
        .events
        .iter()
        .filter_map(|e| match e {
            RoomEvent::Moved { uci, .. } => Some(uci.to_string()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `GET /game/export/{gameId}`: one game, finished or in progress, as PGN, or as JSON with
/// `Accept: application/json` (see the module documentation). 404 `{"error": "Not found"}`
/// for an id that is no game. A request with an API token counts against the token's
/// budget (a bad token is a 401), any other against the address's.
async fn export_game(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    let caller = p.accounts.caller(peer, &headers).await?;
    if caller.as_ref().is_none_or(|c| c.token.is_none()) {
        p.admit(peer, &headers, 1)?;
    }
    let not_found = || Refusal::new(StatusCode::NOT_FOUND, "Not found", None);
    let room: RoomId = id.parse().map_err(|_| not_found())?;
    let stored = p
        .store
        .load_room(&room)
        .await
        .map_err(store_failed)?
        .ok_or_else(not_found)?;
    let (game, end) = game_of(&stored).ok_or_else(not_found)?;
    let json = headers
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    if json {
        let mut v = game_json(&game, end);
        v["createdAt"] = json!(stored.meta.created_ms);
        v["moves"] = json!(uci_moves(&stored));
        return Ok(axum::Json(v).into_response());
    }
    let replayed = replay(&stored).ok_or_else(|| {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "this game's moves cannot be read",
            None,
        )
    })?;
    let pgn = pgn_of(&replayed, p.site.as_deref(), &game, end);
    Ok(([(CONTENT_TYPE, "application/x-chess-pgn")], pgn).into_response())
}

/// `GET /api/player/top/{nb}/{perf}`: the leaderboard.
async fn top(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((nb, perf)): Path<(String, String)>,
) -> Result<Response, Refusal> {
    p.admit(peer, &headers, 1)?;
    let nb: usize = nb
        .parse()
        .ok()
        .filter(|n| (1..=MAX_LEADERS).contains(n))
        .ok_or_else(|| {
            Refusal::new(
                StatusCode::BAD_REQUEST,
                format!("nb must be a number from 1 to {MAX_LEADERS}"),
                None,
            )
        })?;
    let perf: Perf = perf.parse().map_err(|_| {
        Refusal::new(
            StatusCode::NOT_FOUND,
            "no such perf: bullet, blitz, rapid or classical",
            None,
        )
    })?;
    let now = p.accounts.now_ms();
    let since = now.saturating_sub(ACTIVE_DAYS * 24 * 3_600_000);
    let leaders = p
        .store
        .leaders(perf, rating::PROVISIONAL_DEVIATION, since, nb)
        .await
        .map_err(store_failed)?;
    let users: Vec<Value> = leaders
        .into_iter()
        .map(|l| {
            let mut perfs = serde_json::Map::new();
            perfs.insert(
                perf.name().to_owned(),
                json!({
                    "rating": l.rated.glicko.rounded(),
                    "progress": l.progress.round() as i64,
                }),
            );
            json!({ "id": l.username.id(), "username": l.username, "perfs": perfs })
        })
        .collect();
    Ok(axum::Json(json!({ "users": users })).into_response())
}

/// The query of `/api/account/playing`.
#[derive(Deserialize)]
struct PlayingQuery {
    nb: Option<usize>,
}

/// One game in progress in lichess's `nowPlaying` shape, from its stored room, at `now_ms`.
async fn now_playing(
    store: &Arc<dyn Store>,
    room: &RoomId,
    color: Color,
    now_ms: u64,
) -> Result<Option<Value>, crate::store::StoreError> {
    let Some(stored) = store.load_room(room).await? else {
        return Ok(None);
    };
    playing_json(store, &stored, color, now_ms).await
}

/// A game of `color`'s player in lichess's `nowPlaying` shape, from its stored room, at
/// `now_ms` (`None` when its moves cannot be replayed).
///
/// # Errors
/// When the opponent's ratings cannot be read.
pub(crate) async fn playing_json(
    store: &Arc<dyn Store>,
    stored: &crate::store::StoredRoom,
    color: Color,
    now_ms: u64,
) -> Result<Option<Value>, crate::store::StoreError> {
    let room = &stored.meta.id;
    let rules = rules::Rules {
        promotion: stored.meta.promotion,
    };
    let Ok(mut game) = rules::Game::from_fen(&stored.meta.initial_fen, rules) else {
        return Ok(None);
    };
    let mut players: ByColor<Option<Username>> = ByColor::default();
    let mut last: Option<(String, Option<rules::ClockSnapshot>, Option<u64>)> = None;
    for e in &stored.events {
        match e {
            RoomEvent::Seated { seat, user, .. } => *players.get_mut(*seat) = user.clone(),
            RoomEvent::Moved {
                uci, clocks, at_ms, ..
            } => {
                if game.play_uci(&uci.to_string()).is_err() {
                    return Ok(None);
                }
                last = Some((uci.to_string(), *clocks, *at_ms));
            }
            _ => {}
        }
    }
    let opponent = match players.get(color.other()) {
        Some(u) => {
            let perfs = store.perfs(&u.id()).await?;
            let perf = stored.meta.clock.map_or(Perf::Classical, Perf::of);
            let r = all_perfs(&perfs)
                .into_iter()
                .find(|(p, _)| *p == perf)
                .map(|(_, r)| r.at(now_ms));
            json!({ "id": u.id(), "username": u, "rating": r.map(rating::Glicko::rounded) })
        }
        None => json!({ "id": null, "username": "Anonymous" }),
    };
    let turn = game.position().turn();
    let seconds_left = stored.meta.clock.map(|c| {
        let left = match &last {
            Some((_, Some(snap), at)) => {
                let mut left = snap.left.get(color).as_millis() as u64;
                if snap.running == Some(color) {
                    left = left.saturating_sub(now_ms.saturating_sub(at.unwrap_or(now_ms)));
                }
                left
            }
            _ => {
                let protocol::TimeControl::Fischer(f) = c;
                u64::from(f.initial_secs()) * 1_000
            }
        };
        left / 1_000
    });
    Ok(Some(json!({
        "gameId": room,
        "color": color,
        "isMyTurn": turn == color,
        "fen": game.position().fen(),
        "lastMove": last.as_ref().map_or("", |l| l.0.as_str()),
        "hasMoved": has_moved(&game, color),
        "opponent": opponent,
        "rated": stored.meta.rated,
        "speed": speed_key(stored.meta.clock),
        "perf": perf_key(stored.meta.clock),
        "secondsLeft": seconds_left,
        "variant": { "key": "asean", "name": "ASEAN" },
    })))
}

/// Whether `color` has made a move in `game`.
fn has_moved(game: &rules::Game, color: Color) -> bool {
    let first = game.positions()[0].turn();
    let plies = game.moves().len();
    if first == color {
        plies >= 1
    } else {
        plies >= 2
    }
}

/// `GET /api/account/playing`: the signed-in player's games in progress.
async fn playing(
    State(p): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    query: Result<Query<PlayingQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Refusal> {
    let q = query_of(query)?;
    let caller = p.accounts.caller_required(peer, &headers).await?;
    if caller.token.is_none() {
        p.admit(peer, &headers, 1)?;
    }
    let account = caller.account;
    let nb = q.nb.unwrap_or(DEFAULT_PLAYING).min(MAX_ONGOING);
    let ongoing = p.store.ongoing(&account.id).await.map_err(store_failed)?;
    let now = p.accounts.now_ms();
    let mut games = Vec::new();
    for o in ongoing.into_iter().take(nb) {
        // A room that cannot be read is left out (and logged), not the whole answer.
        match now_playing(&p.store, &o.room, o.color, now).await {
            Ok(Some(v)) => games.push(v),
            Ok(None) => {}
            Err(e) => tracing::warn!("playing: room {} not read: {e}", o.room),
        }
    }
    Ok(axum::Json(json!({ "nowPlaying": games })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_keeps_a_point_a_day_with_months_from_zero() {
        let day = 24 * 3_600_000;
        // 2026-01-31 (two games), then 2026-02-01.
        let jan31 = 1_769_817_600_000;
        let point = |at_ms, rating| RatingPoint {
            perf: Perf::Blitz,
            at_ms,
            rating,
        };
        let v = history_json(&[
            point(jan31 + 1_000, 1510.4),
            point(jan31 + 2_000, 1521.6),
            point(jan31 + day, 1499.5),
        ]);
        assert_eq!(v[0], json!({ "name": "Bullet", "points": [] }));
        assert_eq!(
            v[1],
            json!({ "name": "Blitz", "points": [[2026, 0, 31, 1522], [2026, 1, 1, 1500]] })
        );
        assert_eq!(v.as_array().map(Vec::len), Some(4));
    }
}
