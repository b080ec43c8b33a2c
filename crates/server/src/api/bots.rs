//! Bot accounts, as lichess has them:
//!
//! - `POST /api/bot/account/upgrade` (scope `bot:play`; with the session cookie, from the
//!   server's own page only): makes the caller's account a bot account, for good:
//!   `{"ok": true}`. lichess's rule: only an account that has played no
//!   game (no seat in any game, finished or not) may become a bot; one that has gets 400
//!   `{"error": "You already have games played. Make a new account."}`, one that is a bot
//!   already 400 `{"error": "This account is already a Bot account."}`.
//!   A bot account then plays through the Bot API only (`/api/bot/game/...`; the Board API
//!   answers it 403, and the Bot API answers any other account 400, see [`super::board`]),
//!   cannot join the rated pools (quick pairing), shows `"title": "BOT"` in `/api/account` and
//!   `/api/user/{username}`, and plays rated or casual games through challenges, against
//!   people and bots alike.
//! - `GET /api/bot/online?nb=N` (no token needed): NDJSON, one line per bot account with an
//!   event stream (`/api/stream/event`) open on the node that answers, in lichess's shape
//!   (`{"id", "username", "title": "BOT", "createdAt", "perfs"}`), by id, at most `nb`
//!   ([`DEFAULT_ONLINE`] when absent, at most [`MAX_ONLINE`]; anything else is a 400). Each
//!   request takes one of the address's API budget. On several nodes each node lists the bots
//!   connected to it: a bot runner keeps its event stream on one node, so a bot is listed by
//!   that node alone.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use protocol::scope::Scope;
use serde::Deserialize;
use serde_json::json;

use super::Api;
use crate::accounts::{Refusal, public_json, store_failed};
use crate::store::accounts::BotUpgrade;

/// The bots `GET /api/bot/online` lists without `nb`.
pub const DEFAULT_ONLINE: usize = 50;

/// The most bots `GET /api/bot/online` lists.
pub const MAX_ONLINE: usize = 200;

/// The refusal of an upgrade of an account that has played games, in lichess's words.
pub const PLAYED_GAMES: &str = "You already have games played. Make a new account.";

/// The refusal of an upgrade of an account that is a bot already.
pub const ALREADY_BOT: &str = "This account is already a Bot account.";

type Shared = State<Arc<Api>>;

/// The routes (see the module documentation).
pub fn router(api: Arc<Api>) -> Router {
    Router::new()
        .route("/api/bot/account/upgrade", post(upgrade))
        .route("/api/bot/online", get(online))
        .with_state(api)
}

/// `POST /api/bot/account/upgrade`.
async fn upgrade(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let caller = api.accounts.caller_required(peer, &headers).await?;
    caller.require(Scope::BotPlay, &api.accounts)?;
    if caller.token.is_none() {
        // Signed in by the cookie: from the server's own page only (it cannot be undone).
        api.accounts.same_origin(&headers)?;
    }
    let done = api
        .lobby
        .store()
        .upgrade_to_bot(&caller.account.id)
        .await
        .map_err(store_failed)?;
    let refused = |message| {
        api.accounts
            .refuse("bot_upgrade", StatusCode::BAD_REQUEST, message)
    };
    match done {
        BotUpgrade::Upgraded => {
            tracing::info!("account {} is a bot account now", caller.account.id);
            Ok(axum::Json(json!({"ok": true})).into_response())
        }
        BotUpgrade::AlreadyBot => Err(refused(ALREADY_BOT)),
        BotUpgrade::PlayedGames => Err(refused(PLAYED_GAMES)),
        // Closed between the token's check and now.
        BotUpgrade::NoAccount => Err(Refusal::new(StatusCode::NOT_FOUND, "No such user", None)),
    }
}

/// The query of `GET /api/bot/online`.
#[derive(Debug, Deserialize)]
struct OnlineQuery {
    nb: Option<String>,
}

/// `nb` as asked: [`DEFAULT_ONLINE`] when absent, 1 to [`MAX_ONLINE`].
fn how_many(nb: Option<&str>) -> Result<usize, Refusal> {
    let Some(nb) = nb else {
        return Ok(DEFAULT_ONLINE);
    };
    nb.parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_ONLINE).contains(n))
        .ok_or_else(|| {
            Refusal::new(
                StatusCode::BAD_REQUEST,
                format!("nb: {nb:?} is not a number from 1 to {MAX_ONLINE}"),
                None,
            )
        })
}

/// `GET /api/bot/online`.
async fn online(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    query: Result<Query<OnlineQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Refusal> {
    api.accounts.admit_api_address(peer, &headers)?;
    let nb = match &query {
        Ok(Query(q)) => how_many(q.nb.as_deref())?,
        Err(e) => {
            return Err(Refusal::new(StatusCode::BAD_REQUEST, e.body_text(), None));
        }
    };
    let store = api.lobby.store().clone();
    let now = api.lobby.now_ms();
    let mut body = String::new();
    for id in api.lobby.account_events.online_bots(nb) {
        let Some(account) = store.account(&id).await.map_err(store_failed)? else {
            continue;
        };
        if !account.bot || account.is_closed() {
            continue;
        }
        let perfs = store.perfs(&id).await.map_err(store_failed)?;
        body.push_str(&public_json(&account, &perfs, now).to_string());
        body.push('\n');
    }
    Ok(([(CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nb_is_bounded() {
        assert_eq!(how_many(None).ok(), Some(DEFAULT_ONLINE));
        assert_eq!(how_many(Some("3")).ok(), Some(3));
        assert_eq!(how_many(Some("200")).ok(), Some(MAX_ONLINE));
        for bad in ["0", "201", "-1", "x", ""] {
            assert!(how_many(Some(bad)).is_err(), "{bad}");
        }
    }
}
