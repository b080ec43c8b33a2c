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
//! - [`board`]: `GET /api/{board|bot}/game/stream/{gameId}` and the commands
//!   `POST /api/{board|bot}/game/{gameId}/move/{uci}`, `/resign`, `/abort`,
//!   `/draw/{yes|no}`, `/claim-victory`, `/chat` (404 until chat exists).
//! - [`challenges`]: `POST /api/challenge/{username}`, `/api/challenge/{id}/accept`,
//!   `/decline`, `/cancel`.
//! - [`events`]: `GET /api/stream/event`.

pub mod board;
pub mod challenges;
pub mod events;
pub mod lichess;
pub mod link;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;

use crate::accounts::Accounts;
use crate::address::TrustedProxies;
use crate::lobby::Lobby;

/// How often an idle stream sends an empty line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The bytes of frames a game stream may hold unread before it ends (a client that stopped
/// reading): a whole game's events many times over.
pub const STREAM_OUTBOX_BYTES: usize = 256 * 1024;

/// What the API's routes share.
pub struct Api {
    /// The lobby (rooms on every node).
    pub lobby: Arc<Lobby>,
    /// The accounts (callers, tokens, refusals).
    pub accounts: Arc<Accounts>,
    /// The proxies whose `X-Forwarded-For` names the client.
    pub proxies: Arc<TrustedProxies>,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Api")
    }
}

/// The API's routes (see the module documentation), to merge into the app.
pub fn router(api: Arc<Api>) -> Router {
    board::router(api.clone())
        .merge(challenges::router(api.clone()))
        .merge(events::router(api))
}
