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
//! - [`seek`]: `POST /api/board/seek` (the quick-pairing pools).
//! - [`bots`]: `POST /api/bot/account/upgrade`, `GET /api/bot/online`.
//! - [`docs`]: `GET /api`, the reference page (`docs/api.md`).

pub mod board;
pub mod bots;
pub mod challenges;
pub mod docs;
pub mod events;
pub mod lichess;
pub mod link;
pub mod seek;

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
    /// The server's public origin (`--public-url`, e.g. `https://example.org`): the links of
    /// challenges lead there; without it, to the request's `Host` on `http`.
    pub site: Option<String>,
}

/// A stream's token checked again, at most once every [`KEEP_ALIVE`]: a stream opened with a
/// token ends once the token is revoked or its account closed.
pub struct Recheck {
    accounts: Arc<Accounts>,
    hash: Option<crate::store::tokens::TokenHash>,
    next: tokio::time::Instant,
}

impl Recheck {
    /// The check of `caller`'s token (none for a session: the page ends its own streams
    /// when it signs out).
    #[must_use]
    pub fn of(accounts: &Arc<Accounts>, caller: &crate::accounts::tokens::Caller) -> Recheck {
        Recheck {
            accounts: accounts.clone(),
            hash: caller.token.as_ref().map(|g| g.hash),
            next: tokio::time::Instant::now() + KEEP_ALIVE,
        }
    }

    /// Whether the stream may go on: its token still valid (asked of the store when due).
    pub async fn still_valid(&mut self) -> bool {
        let Some(hash) = self.hash else {
            return true;
        };
        let now = tokio::time::Instant::now();
        if now < self.next {
            return true;
        }
        self.next = now + KEEP_ALIVE;
        self.accounts.token_valid(hash).await
    }
}

impl Api {
    /// The origin of the page links in answers to a request with `headers`: the public
    /// origin when the server has one, else the server's own origin the request's `Host`
    /// names (`127.0.0.1:8080`, `localhost:8080`...), else the first of its own: a `Host` an
    /// attacker sends never reaches another player in a link.
    #[must_use]
    pub fn site(&self, headers: &axum::http::HeaderMap) -> String {
        if let Some(s) = &self.site {
            return s.trim_end_matches('/').to_owned();
        }
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| valid_host(h));
        self.accounts.page_origin(host)
    }
}

/// Whether `h` reads as `host[:port]`: a name of letters, digits, dots and hyphens, or an
/// IPv6 address in brackets, and a port of digits.
fn valid_host(h: &str) -> bool {
    let port_ok = |p: &str| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit());
    if let Some(rest) = h.strip_prefix('[') {
        let Some((addr, after)) = rest.split_once(']') else {
            return false;
        };
        return addr.parse::<std::net::Ipv6Addr>().is_ok()
            && (after.is_empty() || after.strip_prefix(':').is_some_and(port_ok));
    }
    let (name, port) = match h.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (h, None),
    };
    !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && port.is_none_or(port_ok)
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
        .merge(events::router(api.clone()))
        .merge(seek::router(api))
        .route("/api", axum::routing::get(docs::serve))
}

#[cfg(test)]
mod tests {
    use super::valid_host;

    #[test]
    fn a_host_header_is_a_host_and_a_port_or_nothing() {
        for good in [
            "localhost",
            "127.0.0.1:8080",
            "chess.example.org",
            "[::1]:80",
            "[::1]",
        ] {
            assert!(valid_host(good), "{good}");
        }
        for bad in [
            "",
            "evil.org/path",
            "a b",
            "x:",
            "x:80:80",
            "x:port",
            "[::1",
            "[nope]:80",
            "user@host",
            "host\\x",
            "x:123456",
        ] {
            assert!(!valid_host(bad), "{bad}");
        }
    }
}
