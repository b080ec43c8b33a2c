//! lichess's stream of a player's events, `GET /api/stream/event` (any of the scopes
//! `challenge:read`, `board:play`, `bot:play`, or the session cookie): NDJSON, an empty line
//! every [`KEEP_ALIVE`] while nothing happens.
//!
//! Lines (the challenge object is [`super::challenges::challenge_json`]'s; the game object
//! [`game_event`]'s):
//!
//! - `{"type": "gameStart", "game": {...}}` when a game of the player starts (an accepted
//!   challenge, a pool pairing, a seek taken, a rematch), and on opening for each game of the
//!   player in progress;
//! - `{"type": "gameFinish", "game": {...}}` when it ends;
//! - `{"type": "challenge", "challenge": {...}}` for a challenge the player made or received,
//!   and on opening for each one open;
//! - `{"type": "challengeCanceled", "challenge": {...}}` and `{"type": "challengeDeclined",
//!   "challenge": {...}}` (with `declineReason` and `declineReasonKey`).
//!
//! The game object: `id`, `gameId`, `fullId` (the game id: there are no per-player ids
//! here), `color`, `fen`, `hasMoved`, `isMyTurn`, `lastMove`, `opponent` {`id`, `username`,
//! `rating`}, `rated`, `speed`, `perf`, `secondsLeft`, `variant` {`key`: `asean`, `name`},
//! `source` (`friend`, `lobby` or `pool`; a game in progress when the stream opens says
//! `lobby` for a seek and `friend` otherwise), `status` {`id`, `name`} and, when over,
//! `winner`. Left out of lichess's: `compat`, `tournamentId`, `swissId`, `ratingDiff`.
//!
//! Bounds: at most [`MAX_STREAMS_PER_ACCOUNT`] streams of one account on a node (one more is
//! 429, counted as `asean_rate_limited{action="api_stream"}` as the game streams' cap is); each stream holds at most [`STREAM_LINES`] lines unread, past which it ends (a
//! client that stopped reading). Events reach the streams of the account on every node: on
//! several nodes they cross the Redis bus ([`crate::cluster::BusMsg::AccountEvent`]).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use protocol::RoomEvent;
use protocol::scope::Scope;
use protocol::user::UserId;
use rules::{Color, GameStatus};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::challenges::challenge_json;
use super::lichess::color_name;
use super::{Api, KEEP_ALIVE};
use crate::accounts::Refusal;
use crate::store::{Phase, Store, StoredRoom};

/// The most event streams one account may hold open on a node.
pub const MAX_STREAMS_PER_ACCOUNT: usize = 8;

/// The lines a stream may hold unread before it ends.
pub const STREAM_LINES: usize = 64;

/// The games in progress a stream announces when it opens, at most.
const MAX_GAMES_ON_OPENING: usize = 50;

/// The streams of each account: id, lines, and whether the account is a bot.
type Streams = HashMap<UserId, Vec<(u64, mpsc::Sender<Arc<str>>, bool)>>;

/// The event streams open on this node, by account.
#[derive(Debug, Default)]
pub struct Hub {
    streams: Mutex<Streams>,
    next: AtomicU64,
}

/// One open stream: its lines arrive on `lines`; dropping it closes it.
#[derive(Debug)]
pub struct Subscription {
    hub: Arc<Hub>,
    user: UserId,
    id: u64,
    /// The stream's lines (each a JSON object without its newline).
    pub lines: mpsc::Receiver<Arc<str>>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut streams = lock(&self.hub.streams);
        if let Some(v) = streams.get_mut(&self.user) {
            v.retain(|(id, _, _)| *id != self.id);
            if v.is_empty() {
                streams.remove(&self.user);
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// A new stream of `user`'s events, unless they hold [`MAX_STREAMS_PER_ACCOUNT`].
    #[must_use]
    pub fn subscribe(self: &Arc<Self>, user: &UserId) -> Option<Subscription> {
        self.subscribe_as(user, false)
    }

    /// [`Hub::subscribe`], for a bot account when `bot` ([`Hub::online_bots`] lists it while
    /// the stream is open).
    #[must_use]
    pub fn subscribe_as(self: &Arc<Self>, user: &UserId, bot: bool) -> Option<Subscription> {
        let mut streams = lock(&self.streams);
        let v = streams.entry(user.clone()).or_default();
        v.retain(|(_, tx, _)| !tx.is_closed());
        if v.len() >= MAX_STREAMS_PER_ACCOUNT {
            return None;
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (tx, lines) = mpsc::channel(STREAM_LINES);
        v.push((id, tx, bot));
        Some(Subscription {
            hub: self.clone(),
            user: user.clone(),
            id,
            lines,
        })
    }

    /// Sends `line` to every stream of `user` here; a stream whose lines are full is cut off.
    pub fn publish_line(&self, user: &UserId, line: &str) {
        let mut streams = lock(&self.streams);
        let Some(v) = streams.get_mut(user) else {
            return;
        };
        let line: Arc<str> = Arc::from(line);
        v.retain(|(_, tx, _)| tx.try_send(line.clone()).is_ok());
        if v.is_empty() {
            streams.remove(user);
        }
    }

    /// The streams open here.
    #[must_use]
    pub fn open_streams(&self) -> usize {
        lock(&self.streams).values().map(Vec::len).sum()
    }

    /// The bot accounts with an event stream open on this node, by id, at most `nb`.
    #[must_use]
    pub fn online_bots(&self, nb: usize) -> Vec<UserId> {
        let streams = lock(&self.streams);
        let mut bots: Vec<UserId> = streams
            .iter()
            .filter(|(_, v)| v.iter().any(|(_, tx, bot)| *bot && !tx.is_closed()))
            .map(|(u, _)| u.clone())
            .collect();
        bots.sort();
        bots.truncate(nb);
        bots
    }
}

/// Lichess's numeric id of a game status.
#[must_use]
pub fn status_id(s: GameStatus) -> u32 {
    match s {
        GameStatus::Created => 10,
        GameStatus::Started => 20,
        GameStatus::Aborted => 25,
        GameStatus::Mate => 30,
        GameStatus::Resign => 31,
        GameStatus::Stalemate => 32,
        GameStatus::Timeout => 33,
        GameStatus::Draw => 34,
        GameStatus::OutOfTime => 35,
        GameStatus::NoStart => 37,
        GameStatus::VariantEnd => 60,
    }
}

/// The game object of a `gameStart` or `gameFinish` line for `color`'s player of `stored`,
/// at `now_ms` (`None` when the room cannot be replayed or read).
pub async fn game_event(
    store: &Arc<dyn Store>,
    stored: &StoredRoom,
    color: Color,
    source: &str,
    now_ms: u64,
) -> Option<Value> {
    let mut game = match crate::profiles::playing_json(store, stored, color, now_ms).await {
        Ok(Some(v)) => v,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!("event stream: room {} not read: {e}", stored.meta.id);
            return None;
        }
    };
    let outcome = stored.events.iter().find_map(|e| match e {
        RoomEvent::GameOver { result, .. } => Some(*result),
        _ => None,
    });
    let status = outcome.map_or(GameStatus::Started, rules::Outcome::game_status);
    let id = stored.meta.id.to_string();
    game["id"] = json!(id);
    game["fullId"] = json!(id);
    game["source"] = json!(source);
    game["status"] = json!({"id": status_id(status), "name": status.name()});
    game["color"] = json!(color_name(color));
    if let Some(w) = outcome.and_then(|o| o.winner()) {
        game["winner"] = json!(color_name(w));
    }
    Some(game)
}

/// Where a game in progress came from, as far as its room tells.
#[must_use]
pub fn source_of(stored: &StoredRoom) -> &'static str {
    if stored.meta.seek.pool {
        "pool"
    } else if stored.meta.seek.seeker.is_some() {
        "lobby"
    } else {
        "friend"
    }
}

/// The `gameStart` (`phase` playing) or `gameFinish` (finished) lines of room `room`'s
/// players, as `(player, line)`.
pub async fn game_lines(
    store: &Arc<dyn Store>,
    room: &protocol::RoomId,
    phase: Phase,
    source: Option<&str>,
    now_ms: u64,
) -> Vec<(UserId, Value)> {
    let kind = match phase {
        Phase::Playing => "gameStart",
        Phase::Finished => "gameFinish",
        Phase::Waiting | Phase::Closed => return Vec::new(),
    };
    let stored = match store.load_room(room).await {
        Ok(Some(s)) => s,
        Ok(None) => return Vec::new(),
        Err(e) => {
            tracing::warn!("event stream: room {room} not read: {e}");
            return Vec::new();
        }
    };
    let mut players: rules::ByColor<Option<protocol::user::Username>> = rules::ByColor::default();
    for e in &stored.events {
        if let RoomEvent::Seated { seat, user, .. } = e {
            *players.get_mut(*seat) = user.clone();
        }
    }
    let source = source.unwrap_or_else(|| source_of(&stored));
    let mut out = Vec::new();
    for c in Color::ALL {
        if let Some(u) = players.get(c)
            && let Some(game) = game_event(store, &stored, c, source, now_ms).await
        {
            out.push((u.id(), json!({"type": kind, "game": game})));
        }
    }
    out
}

/// The route (see the module documentation).
pub fn router(api: Arc<Api>) -> Router {
    Router::new()
        .route("/api/stream/event", get(stream))
        .with_state(api)
}

/// `GET /api/stream/event`.
async fn stream(
    State(api): State<Arc<Api>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let caller = api.accounts.caller_required(peer, &headers).await?;
    if ![Scope::ChallengeRead, Scope::BoardPlay, Scope::BotPlay]
        .into_iter()
        .any(|s| caller.may(s))
    {
        // None of the three: the 403 of a missing scope, counted as the others are.
        caller.require(Scope::ChallengeRead, &api.accounts)?;
    }
    let user = caller.account.id.clone();
    // Subscribed first, so that nothing happening while the first lines are read is lost.
    let sub = api
        .lobby
        .account_events
        .subscribe_as(&user, caller.account.bot)
        .ok_or_else(|| {
            api.lobby.metrics.limited("api_stream");
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "{MAX_STREAMS_PER_ACCOUNT} event streams of this account are open already: \
                 close one first"
                ),
                Some(60),
            )
        })?;
    let store = api.lobby.store().clone();
    let now = api.lobby.now_ms();
    let mut first: Vec<String> = Vec::new();
    let ongoing = store
        .ongoing(&user)
        .await
        .map_err(crate::accounts::store_failed)?;
    for o in ongoing.into_iter().take(MAX_GAMES_ON_OPENING) {
        let Ok(Some(stored)) = store.load_room(&o.room).await else {
            continue;
        };
        let source = source_of(&stored);
        if let Some(game) = game_event(&store, &stored, o.color, source, now).await {
            first.push(json!({"type": "gameStart", "game": game}).to_string());
        }
    }
    let open = store
        .open_challenges(&user, now)
        .await
        .map_err(crate::accounts::store_failed)?;
    let site = api.site(&headers);
    for c in &open {
        first.push(json!({"type": "challenge", "challenge": challenge_json(c, &site)}).to_string());
    }
    let state = Streaming {
        sub,
        first: first.into_iter(),
        recheck: super::Recheck::of(&api.accounts, &caller),
    };
    let body = futures_util::stream::unfold(state, next_line);
    Ok((
        [(CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response())
}

struct Streaming {
    sub: Subscription,
    first: std::vec::IntoIter<String>,
    /// Its token, checked again: the stream ends once it is revoked.
    recheck: super::Recheck,
}

async fn next_line(
    mut s: Streaming,
) -> Option<(Result<String, std::convert::Infallible>, Streaming)> {
    if let Some(mut l) = s.first.next() {
        l.push('\n');
        return Some((Ok(l), s));
    }
    if !s.recheck.still_valid().await {
        return None;
    }
    match tokio::time::timeout(KEEP_ALIVE, s.sub.lines.recv()).await {
        Err(_) => Some((Ok("\n".to_owned()), s)),
        Ok(None) => None,
        Ok(Some(line)) => {
            let mut l = line.to_string();
            l.push('\n');
            Some((Ok(l), s))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn streams_are_capped_per_account_and_a_full_one_is_cut_off() {
        let hub = Arc::new(Hub::default());
        let ploy: UserId = "ploy".parse().expect("id");
        let mut subs: Vec<Subscription> = (0..MAX_STREAMS_PER_ACCOUNT)
            .map(|_| hub.subscribe(&ploy).expect("under the cap"))
            .collect();
        assert!(hub.subscribe(&ploy).is_none());
        assert!(hub.subscribe(&"krit".parse().expect("id")).is_some());
        hub.publish_line(&ploy, "{}");
        assert_eq!(subs[0].lines.recv().await.as_deref(), Some("{}"));
        // One stream reads, the others do not: past their bound they are cut off.
        for _ in 0..STREAM_LINES {
            hub.publish_line(&ploy, "x");
            assert!(subs[0].lines.recv().await.is_some());
        }
        hub.publish_line(&ploy, "x");
        assert_eq!(hub.open_streams(), 1);
        let mut last = subs.pop().expect("a stream");
        let mut n = 0;
        while last.lines.recv().await.is_some() {
            n += 1;
        }
        assert_eq!(n, STREAM_LINES);
        // A bot's stream is listed online while open.
        let bot: UserId = "somchaibot".parse().expect("id");
        assert!(hub.online_bots(10).is_empty());
        let bots = hub.subscribe_as(&bot, true).expect("a bot's stream");
        assert_eq!(hub.online_bots(10), vec![bot.clone()]);
        assert!(hub.online_bots(0).is_empty());
        drop(bots);
        assert!(hub.online_bots(10).is_empty());
        // A stream dropped makes room.
        drop(subs);
        let again = hub.subscribe(&ploy);
        assert!(again.is_some());
        assert_eq!(hub.open_streams(), 1);
    }
}
