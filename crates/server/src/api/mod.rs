//! The lichess-compatible API for boards and bots: programs that play here through HTTP
//! (the `berserk` library, the lichess-bot program, physical boards), as they play on
//! lichess, for the variant `asean`.
//!
//! Every route takes the caller from a personal API token (`Authorization: Bearer`) or the
//! session cookie ([`Accounts::caller`]); a missing token is 401 `{"error": "No such
//! token"}`, a token without the route's scope 403 `{"error": "Missing scope"}`. Streams are
//! NDJSON (`application/x-ndjson`), one JSON object a line, with an empty line every
//! [`KEEP_ALIVE`] so that proxies and clients see the stream alive. The games are the rooms
//! the page plays in: a move from the API and a move from the page are the same command to
//! the room (the same validation, clocks, store and fencing, on any node), sent through a
//! [`link::RoomLink`].
//!
//! Bounds: the budgets of API requests per token and per address ([`Accounts::caller`]);
//! [`MAX_GAME_STREAMS_PER_ACCOUNT`] streams open at once per account on a node (past it 429
//! `{"error": ...}`, counted as `asean_rate_limited{action="api_stream"}`); each stream's
//! frames not yet written bounded ([`STREAM_OUTBOX_BYTES`]: a client that stops reading has
//! its stream ended); connections per address by the listener.
//!
//! - [`board`]: `GET /api/{board|bot}/game/stream/{gameId}` and the commands
//!   `POST /api/{board|bot}/game/{gameId}/move/{uci}`, `/resign`, `/abort`,
//!   `/draw/{yes|no}`, `/claim-victory`, `/chat` (404 until chat exists).
//! - [`challenges`]: `POST /api/challenge/{username}`, `/api/challenge/{id}/accept`,
//!   `/decline`, `/cancel`.
//! - [`events`]: `GET /api/stream/event`.
//! - [`bots`]: `POST /api/bot/account/upgrade`, `GET /api/bot/online`.

pub mod board;
pub mod bots;
pub mod challenges;
pub mod events;
pub mod lichess;
pub mod link;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use protocol::user::UserId;

use crate::accounts::Accounts;
use crate::address::TrustedProxies;
use crate::lobby::Lobby;
use crate::metrics::Metrics;

/// How often an idle stream sends an empty line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The bytes of frames a game stream may hold unread before it ends (a client that stopped
/// reading): a whole game's events many times over.
pub const STREAM_OUTBOX_BYTES: usize = 256 * 1024;

/// The game streams one account may have open at once, on one node (a board or a bot follows a
/// few games; lichess allows a handful): past it, 429 until one closes.
pub const MAX_GAME_STREAMS_PER_ACCOUNT: u32 = 16;

/// The open streams of each account on this node, bounded by [`MAX_GAME_STREAMS_PER_ACCOUNT`]
/// (also shown as `asean_api_streams` in `/metrics`).
#[derive(Debug)]
pub struct StreamPermits {
    open: Mutex<HashMap<UserId, u32>>,
    max: u32,
    metrics: Arc<Metrics>,
}

/// One open stream of an account; dropping it frees its place.
#[derive(Debug)]
pub struct StreamPermit {
    permits: Arc<StreamPermits>,
    user: UserId,
}

impl StreamPermits {
    /// At most `max` streams an account.
    #[must_use]
    pub fn new(max: u32, metrics: Arc<Metrics>) -> Arc<StreamPermits> {
        Arc::new(StreamPermits {
            open: Mutex::new(HashMap::new()),
            max,
            metrics,
        })
    }

    /// A place for one more stream of `user`, if they have fewer than the most open.
    #[must_use]
    pub fn take(self: &Arc<Self>, user: &UserId) -> Option<StreamPermit> {
        let mut open = self.open.lock().ok()?;
        let n = open.entry(user.clone()).or_default();
        if *n >= self.max {
            return None;
        }
        *n += 1;
        self.metrics.api_streams.inc();
        Some(StreamPermit {
            permits: self.clone(),
            user: user.clone(),
        })
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        self.permits.metrics.api_streams.dec();
        if let Ok(mut open) = self.permits.open.lock()
            && let std::collections::hash_map::Entry::Occupied(mut e) =
                open.entry(self.user.clone())
        {
            *e.get_mut() -= 1;
            if *e.get() == 0 {
                e.remove();
            }
        }
    }
}

/// What the API's routes share.
pub struct Api {
    /// The lobby (rooms on every node).
    pub lobby: Arc<Lobby>,
    /// The accounts (callers, tokens, refusals).
    pub accounts: Arc<Accounts>,
    /// The proxies whose `X-Forwarded-For` names the client.
    pub proxies: Arc<TrustedProxies>,
    /// The open streams of each account.
    pub streams: Arc<StreamPermits>,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Api")
    }
}

/// The API's routes (see the module documentation), to merge into the app.
pub fn router(api: Arc<Api>) -> Router {
    board::router(api.clone())
        .merge(bots::router(api.clone()))
        .merge(challenges::router(api.clone()))
        .merge(events::router(api))
}
