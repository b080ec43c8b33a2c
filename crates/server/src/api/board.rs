//! The Board API and the Bot API's game routes, as lichess has them: a player's game stream
//! and the commands they send to their game.
//!
//! - `GET /api/board/game/stream/{gameId}` (scope `board:play`) and
//!   `GET /api/bot/game/stream/{gameId}` (`bot:play`): NDJSON, a `gameFull` line, then a
//!   `gameState` line after each move, draw offer or answer and at the end, and
//!   `opponentGone` lines while the opponent is away ([`super::lichess`]); the stream ends
//!   after the game's last `gameState`. Only a player of the game may stream it: anyone else
//!   gets 404 `{"error": "No such game"}`.
//! - `POST /api/{board|bot}/game/{gameId}/move/{uci}`, `/resign`, `/abort`,
//!   `/draw/{yes|no}` (`yes` offers a draw, or accepts the opponent's), `/claim-victory`:
//!   `{"ok": true}` once the room has taken the command, or 400 `{"error": "..."}` with the
//!   room's reason (an illegal move, not your turn, nothing to abort...); `/chat` 404
//!   `{"error": "Not found"}` (no chat here yet).
//!
//! The Bot API serves bot accounts only (400 `{"error": "This endpoint can only be used with a
//! Bot account. ..."}` to any other), the Board API the others only (403 `{"error": "This API
//! endpoint is not for Bot accounts."}`), as lichess does; see [`super::bots`] for the upgrade.
//! An account has at most [`MAX_GAME_STREAMS_PER_ACCOUNT`] streams open on a node (429 past it).
//! The caller's account must hold a seat in the game; the commands reach the room as the
//! page's do ([`super::link::RoomLink`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use protocol::scope::Scope;
use protocol::{ErrorCode, RoomCommand, RoomEvent, RoomId, ServerMsg, UciMove};
use serde_json::{Value, json};

use super::lichess::{BoardGame, Change, opponent_gone};
use super::link::RoomLink;
use super::{Api, KEEP_ALIVE, MAX_GAME_STREAMS_PER_ACCOUNT, STREAM_OUTBOX_BYTES};
use crate::accounts::Refusal;
use crate::accounts::tokens::Caller;
use crate::address::client_address;

/// How long a command waits for the room's answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// The bytes of frames a command's link may hold (the game's state and a few events).
const COMMAND_OUTBOX_BYTES: usize = 64 * 1024;

type Shared = State<Arc<Api>>;
type Peer = ConnectInfo<SocketAddr>;

/// Which API a route belongs to: its paths' prefix and the scope it needs.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Board,
    Bot,
}

impl Kind {
    fn scope(self) -> Scope {
        match self {
            Kind::Board => Scope::BoardPlay,
            Kind::Bot => Scope::BotPlay,
        }
    }
}

/// The routes (see the module documentation).
pub fn router(api: Arc<Api>) -> Router {
    let mut r = Router::new();
    for (prefix, kind) in [("/api/board", Kind::Board), ("/api/bot", Kind::Bot)] {
        r = r
            .route(
                &format!("{prefix}/game/stream/{{id}}"),
                get(move |s: Shared, c: Peer, p: Path<String>, h: HeaderMap| {
                    stream(s, c, p, h, kind)
                }),
            )
            .route(
                &format!("{prefix}/game/{{id}}/move/{{uci}}"),
                post(
                    move |s: Shared, c: Peer, p: Path<(String, String)>, h: HeaderMap| {
                        play(s, c, p, h, kind)
                    },
                ),
            )
            .route(
                &format!("{prefix}/game/{{id}}/{{action}}"),
                post(
                    move |s: Shared, c: Peer, p: Path<(String, String)>, h: HeaderMap| {
                        act(s, c, p, h, kind, None)
                    },
                ),
            )
            .route(
                &format!("{prefix}/game/{{id}}/draw/{{answer}}"),
                post(
                    move |s: Shared, c: Peer, p: Path<(String, String)>, h: HeaderMap| {
                        act(s, c, p, h, kind, Some("draw"))
                    },
                ),
            );
    }
    r.with_state(api)
}

fn not_found(what: &str) -> Refusal {
    Refusal::new(StatusCode::NOT_FOUND, what, None)
}

fn no_game() -> Refusal {
    not_found("No such game")
}

/// lichess's refusal of a Bot API route to an account that is no bot (400).
pub const NOT_A_BOT: &str = "This endpoint can only be used with a Bot account. Upgrade the \
                             account with POST /api/bot/account/upgrade first.";

/// lichess's refusal of a Board API route to a bot account (403).
pub const NOT_FOR_BOTS: &str = "This API endpoint is not for Bot accounts.";

/// The caller, allowed `kind`'s scope, and of the right kind of account: the Bot API for bot
/// accounts only (400 [`NOT_A_BOT`]), the Board API for the others only (403
/// [`NOT_FOR_BOTS`]), as lichess answers.
async fn caller(
    api: &Api,
    peer: SocketAddr,
    headers: &HeaderMap,
    kind: Kind,
) -> Result<Caller, Refusal> {
    let caller = api.accounts.caller_required(peer, headers).await?;
    caller.require(kind.scope(), &api.accounts)?;
    match kind {
        Kind::Bot if !caller.account.bot => {
            Err(api
                .accounts
                .refuse("not_bot", StatusCode::BAD_REQUEST, NOT_A_BOT))
        }
        Kind::Board if caller.account.bot => {
            Err(api
                .accounts
                .refuse("bot", StatusCode::FORBIDDEN, NOT_FOR_BOTS))
        }
        _ => Ok(caller),
    }
}

/// The caller's game `id`: a link holding their seat there, the game, and their colour.
async fn open(
    api: &Api,
    peer: SocketAddr,
    headers: &HeaderMap,
    caller: &Caller,
    id: &str,
    outbox_bytes: usize,
) -> Result<(RoomLink, BoardGame, rules::Color, u64), Refusal> {
    let room: RoomId = id.parse().map_err(|_| no_game())?;
    let addr = client_address(peer.ip(), headers, &api.proxies);
    let (link, opened) = RoomLink::open(
        api.lobby.clone(),
        room,
        caller.account.username.clone(),
        Some(addr),
        outbox_bytes,
    )
    .await
    .map_err(|r| match r.code {
        ErrorCode::UnknownRoom => no_game(),
        _ => Refusal::new(StatusCode::SERVICE_UNAVAILABLE, r.message, Some(5)),
    })?;
    let seat = opened.seat.ok_or_else(no_game)?;
    Ok((
        link,
        BoardGame::new(id.to_owned(), opened.state),
        seat,
        opened.seq,
    ))
}

/// `GET /api/{board|bot}/game/stream/{id}`.
async fn stream(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    kind: Kind,
) -> Result<Response, Refusal> {
    let caller = caller(&api, peer, &headers, kind).await?;
    let Some(permit) = api.streams.take(&caller.account.id) else {
        api.lobby.metrics.limited("api_stream");
        return Err(Refusal::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "this account has {MAX_GAME_STREAMS_PER_ACCOUNT} streams open, as many as allowed: \
                 close one first"
            ),
            Some(60),
        ));
    };
    let (link, game, seat, _) =
        open(&api, peer, &headers, &caller, &id, STREAM_OUTBOX_BYTES).await?;
    let first = line(&game.game_full());
    let over = game.over();
    let state = Streaming {
        _permit: permit,
        link,
        game,
        seat,
        first: Some(first),
        done: over,
        recheck: super::Recheck::of(&api.accounts, &caller),
    };
    let body = futures_util::stream::unfold(state, next_line);
    Ok((
        [(CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response())
}

/// A game stream between two lines.
struct Streaming {
    /// Its place among the account's streams.
    _permit: super::StreamPermit,
    link: RoomLink,
    game: BoardGame,
    seat: rules::Color,
    /// The `gameFull` line, not yet sent.
    first: Option<String>,
    /// The game's end has been sent: the stream ends.
    done: bool,
    /// Its token, checked again: the stream ends once it is revoked.
    recheck: super::Recheck,
}

/// The stream's next line: the room's next change, or an empty line after [`KEEP_ALIVE`]
/// without one; `None` (the end) after the game's last state or when the room is gone.
async fn next_line(
    mut s: Streaming,
) -> Option<(Result<String, std::convert::Infallible>, Streaming)> {
    if let Some(first) = s.first.take() {
        return Some((Ok(first), s));
    }
    if s.done {
        return None;
    }
    loop {
        if !s.recheck.still_valid().await {
            return None;
        }
        let msg = match tokio::time::timeout(KEEP_ALIVE, s.link.next()).await {
            Err(_) => return Some((Ok("\n".to_owned()), s)),
            Ok(None) => return None,
            Ok(Some(m)) => m,
        };
        let out = match msg {
            ServerMsg::Event { event, .. } => match s.game.apply(&event) {
                Change::State => Some(s.game.game_state()),
                Change::Nothing => None,
            },
            ServerMsg::Presence {
                seat, claim_in_ms, ..
            } if seat != s.seat && !s.game.over() => Some(opponent_gone(claim_in_ms)),
            ServerMsg::Snapshot { state, .. } => {
                // The room sent its whole state again (a resync): follow it.
                s.game = BoardGame::new(s.link.room().to_string(), state);
                Some(s.game.game_state())
            }
            _ => None,
        };
        if let Some(v) = out {
            s.done = s.game.over();
            return Some((Ok(line(&v)), s));
        }
    }
}

fn line(v: &Value) -> String {
    let mut t = v.to_string();
    t.push('\n');
    t
}

/// `POST /api/{board|bot}/game/{id}/move/{uci}`.
async fn play(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, uci)): Path<(String, String)>,
    headers: HeaderMap,
    kind: Kind,
) -> Result<Response, Refusal> {
    let caller = caller(&api, peer, &headers, kind).await?;
    let uci: UciMove = uci.parse().map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            format!("not a move in UCI: {e}"),
            None,
        )
    })?;
    let (link, game, _, _) = open(&api, peer, &headers, &caller, &id, COMMAND_OUTBOX_BYTES).await?;
    let ply = u32::try_from(game.plies()).unwrap_or(u32::MAX);
    command(
        link,
        RoomCommand::Move { ply, uci },
        move |e| matches!(e, RoomEvent::Moved { ply: p, .. } if *p == ply),
    )
    .await
}

/// `POST /api/{board|bot}/game/{id}/{action}` and `.../draw/{yes|no}` (`draw` given).
async fn act(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, word)): Path<(String, String)>,
    headers: HeaderMap,
    kind: Kind,
    draw: Option<&'static str>,
) -> Result<Response, Refusal> {
    let caller = caller(&api, peer, &headers, kind).await?;
    let (cmd, answered): (RoomCommand, fn(&RoomEvent) -> bool) = match (draw, word.as_str()) {
        (None, "resign") => (RoomCommand::Resign, is_over),
        (None, "abort") => (RoomCommand::Abort, is_over),
        (None, "claim-victory") => (RoomCommand::ClaimVictory, is_over),
        (Some(_), "yes" | "true") => (RoomCommand::OfferDraw, |e| {
            matches!(e, RoomEvent::DrawOffered { .. }) || is_over(e)
        }),
        (Some(_), "no" | "false") => (RoomCommand::DeclineDraw, |e| {
            matches!(e, RoomEvent::DrawDeclined { .. })
        }),
        _ => return Err(not_found("Not found")),
    };
    let (link, _, _, _) = open(&api, peer, &headers, &caller, &id, COMMAND_OUTBOX_BYTES).await?;
    command(link, cmd, answered).await
}

fn is_over(e: &RoomEvent) -> bool {
    matches!(e, RoomEvent::GameOver { .. })
}

/// Sends `cmd` through `link` and waits for the room's answer: an event that `answered`
/// recognises (`{"ok": true}`), or the room's refusal (400 with its reason).
async fn command(
    mut link: RoomLink,
    cmd: RoomCommand,
    answered: impl Fn(&RoomEvent) -> bool,
) -> Result<Response, Refusal> {
    link.command(cmd)
        .await
        .map_err(|r| Refusal::new(StatusCode::SERVICE_UNAVAILABLE, r.message, Some(5)))?;
    let answer = tokio::time::timeout(ANSWER_TIMEOUT, async {
        while let Some(msg) = link.next().await {
            match msg {
                ServerMsg::Event { event, .. } if answered(&event) => return Ok(()),
                ServerMsg::Error { message, .. } => {
                    return Err(Refusal::new(StatusCode::BAD_REQUEST, message, None));
                }
                _ => {}
            }
        }
        Err(Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the game is not available right now",
            Some(5),
        ))
    })
    .await
    .map_err(|_| {
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the game did not answer in time",
            Some(5),
        )
    })?;
    answer?;
    Ok(axum::Json(json!({"ok": true})).into_response())
}
