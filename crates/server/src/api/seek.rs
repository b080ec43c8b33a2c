//! lichess's seek of the Board API, `POST /api/board/seek` (scope `board:play`): waits in
//! the quick-pairing pools ([`crate::pairing`]) for an opponent, a player of the page or
//! another seek, on any node.
//!
//! The form (or a JSON object, as [`super::challenges`] reads it):
//!
//! - `time`: the clock's initial time in **minutes** (`0.5`, `3`, `10`; fractions that make
//!   whole seconds), and `increment` in **seconds**: together one of the pools' time controls
//!   ([`protocol::POOLS`]: 1+0, 3+0, 3+2, 5+3, 10+0, 10+5, 15+10, 30+0). Any other time
//!   control is 400, naming the ones offered;
//! - `rated`: `true` for the rated pool, `false` (the default) for the casual one, where
//!   the page's anonymous players wait;
//! - `variant`: absent or `asean` (berserk sends `standard` unless told: 400 naming it);
//! - `color`: absent or `random` (the pools give colours by recent games: `white` or `black`
//!   is 400);
//! - `ratingRange`: absent or empty (the pools pair by the nearest rating, widening with the
//!   wait: a range is 400);
//! - `days`: 400, correspondence games are not played here.
//!
//! Why a time control outside the pools is refused rather than made a listed room of the
//! lobby: a seek here is a place in the same pools as the page's quick pairing, so it meets
//! the page's players at once; a listed room would wait for a player to browse the lobby,
//! with no pairing by rating. The answer names the time controls that pair.
//!
//! The answer is an NDJSON stream (`application/x-ndjson`) with no lines of its own, only an
//! empty line every [`SEEK_KEEP_ALIVE`], open while the seek waits. It ends when the seek is
//! paired: the game's `gameStart` (`source: "pool"`) reaches the player's event stream
//! ([`super::events`]), and the game is played with the Board API. It also ends, without a
//! game, when another seek of the account (or the account's quick pairing in the page)
//! replaces this one: an account waits in one place at a time, as in the page; lichess too
//! keeps one seek of a player's session. Closing the stream leaves the pool: the server sees
//! the close at the latest at the next keep-alive line.
//!
//! Errors (lichess's JSON shape `{"error": ...}`): 401 without a token, 403 without the scope
//! `board:play`, 400 for a field as above, 503 when the pools cannot be reached. Counted in
//! `/metrics`: `asean_api_seeks` (seeks waiting on this node) and `asean_pool_joins`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use protocol::scope::Scope;
use protocol::{ErrorCode, ServerMsg, TimeControl};

use super::Api;
use super::challenges::{bad, fields, rated_field};
use crate::accounts::Refusal;
use crate::lobby::{ConnId, Lobby};
use crate::outbox::{Outbox, OutboxReader};
use crate::pairing::PoolKey;
use crate::room::actor::Subscriber;

/// How often a waiting seek sends an empty line: also how soon a closed stream is seen.
pub const SEEK_KEEP_ALIVE: Duration = Duration::from_secs(2);

/// The bytes a seek's place may hold of pool messages not yet read (a few counts).
const SEEK_OUTBOX_BYTES: usize = 16 * 1024;

/// The route (see the module documentation).
pub fn router(api: Arc<Api>) -> Router {
    Router::new()
        .route("/api/board/seek", post(seek))
        .with_state(api)
}

/// The pool a seek's form asks for.
fn parse_seek(fields: &[(String, String)]) -> Result<PoolKey, Refusal> {
    let (mut rated, mut minutes, mut increment) = (false, None, None);
    for (key, value) in fields {
        let (key, value) = (key.as_str(), value.as_str());
        match key {
            "rated" => rated = rated_field(value)?,
            "time" => {
                let m: f64 = value
                    .parse()
                    .ok()
                    .filter(|m: &f64| m.is_finite() && *m >= 0.0 && *m <= 180.0)
                    .ok_or_else(|| {
                        bad(format!(
                            "time: {value:?} is not a number of minutes (0 to 180)"
                        ))
                    })?;
                let secs = m * 60.0;
                if (secs - secs.round()).abs() > 1e-6 {
                    return Err(bad(format!(
                        "time: {value} minutes is not a whole number of seconds"
                    )));
                }
                // In 0..=10800 after the check above.
                minutes = Some(secs.round() as u32);
            }
            "increment" => {
                increment = Some(value.parse::<u32>().map_err(|_| {
                    bad(format!("increment: {value:?} is not a number of seconds"))
                })?);
            }
            "days" if !value.is_empty() => {
                return Err(bad(
                    "days: correspondence seeks are not offered here: give time (minutes) and \
                     increment (seconds) of a pool",
                ));
            }
            "variant" if !value.is_empty() && value != "asean" => {
                return Err(bad(format!(
                    "variant: {value:?} is not played here: the only variant is asean"
                )));
            }
            "color" if !value.is_empty() && value != "random" => {
                return Err(bad(format!(
                    "color: {value:?} cannot be chosen: the pools give the colours (send \
                     random, or leave it out)"
                )));
            }
            "ratingRange" if !value.is_empty() => {
                return Err(bad(
                    "ratingRange: the pools pair the nearest ratings, widening the range as \
                     the seek waits: leave it out",
                ));
            }
            _ => {}
        }
    }
    let offered = || {
        protocol::pools()
            .map(|tc| tc.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (Some(limit), Some(increment)) = (minutes, increment) else {
        return Err(bad(format!(
            "time (minutes) and increment (seconds) are needed: one of the pools' time \
             controls {}",
            offered()
        )));
    };
    let clock = TimeControl::fischer(limit, increment)
        .map_err(|e| bad(format!("time and increment: {e}")))?;
    if !protocol::is_pool(clock) {
        return Err(bad(format!(
            "{clock} is not offered here: seeks pair in the pools' time controls {} \
             (time in minutes, increment in seconds)",
            offered()
        )));
    }
    Ok(PoolKey { clock, rated })
}

/// `POST /api/board/seek`.
async fn seek(
    State(api): State<Arc<Api>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    let caller = api.accounts.caller_required(peer, &headers).await?;
    caller.require(Scope::BoardPlay, &api.accounts)?;
    let pool = parse_seek(&fields(&headers, &body)?)?;
    let lobby = api.lobby.clone();
    let conn = lobby.conn_id();
    let (outbox, reader) = Outbox::new(SEEK_OUTBOX_BYTES);
    let sub = Subscriber {
        conn,
        outbox,
        addr: Some(peer.ip()),
        user: Some(caller.account.username.clone()),
    };
    // From here the place leaves the pool when the stream ends, however it ends.
    let place = Place::new(lobby.clone(), conn);
    if let Err(e) = lobby.pools.join_pool(&lobby, &sub, pool).await {
        return Err(match e.code {
            ErrorCode::InvalidSettings => bad(e.message),
            // A bot account: bots play through challenges.
            ErrorCode::NotAllowed => Refusal::new(StatusCode::FORBIDDEN, e.message, None),
            _ => Refusal::new(StatusCode::SERVICE_UNAVAILABLE, e.message, Some(5)),
        });
    }
    let body = futures_util::stream::unfold((place, reader), next_line);
    Ok((
        [(CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response())
}

/// A seek's place in the pools while its stream is open: dropping it (the stream ended or
/// its client went away) takes the place out.
struct Place {
    lobby: Arc<Lobby>,
    conn: ConnId,
}

impl Place {
    fn new(lobby: Arc<Lobby>, conn: ConnId) -> Place {
        lobby.metrics.api_seeks.inc();
        Place { lobby, conn }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.lobby.metrics.api_seeks.dec();
        let (lobby, conn) = (self.lobby.clone(), self.conn);
        tokio::spawn(async move { lobby.pools.leave(conn).await });
    }
}

async fn next_line(
    (place, mut reader): (Place, OutboxReader),
) -> Option<(
    Result<&'static str, std::convert::Infallible>,
    (Place, OutboxReader),
)> {
    loop {
        match tokio::time::timeout(SEEK_KEEP_ALIVE, reader.next()).await {
            Err(_) => return Some((Ok("\n"), (place, reader))),
            // The pool's count of players: nothing to tell.
            Ok(Some(frame)) if matches!(parse(&frame), Some(ServerMsg::Pool { .. })) => {}
            // Paired (`Seated`), replaced (`PoolLeft`), or the server stops.
            Ok(_) => return None,
        }
    }
}

fn parse(frame: &crate::outbox::Frame) -> Option<ServerMsg> {
    protocol::parse_server(frame.as_str()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(body: &str) -> Result<PoolKey, Refusal> {
        parse_seek(&fields(&HeaderMap::new(), body.as_bytes())?)
    }

    fn tc(l: u32, i: u32) -> TimeControl {
        TimeControl::fischer(l, i).expect("a time control")
    }

    #[test]
    fn a_seek_form_reads_as_berserk_sends_it() {
        // berserk's board.seek(3, 2, rated=True, variant="asean").
        assert_eq!(
            form("rated=true&time=3&increment=2&variant=asean&color=random&ratingRange=")
                .expect("a pool"),
            PoolKey {
                clock: tc(180, 2),
                rated: true
            }
        );
        assert_eq!(
            form("time=1.0&increment=0").expect("a pool"),
            PoolKey {
                clock: tc(60, 0),
                rated: false
            }
        );
        for bad in [
            "time=3&increment=1",
            "time=3",
            "increment=2",
            "time=0.3333&increment=0",
            "time=-1&increment=0",
            "time=NaN&increment=0",
            "time=3&increment=2&variant=standard",
            "time=3&increment=2&color=white",
            "time=3&increment=2&ratingRange=1500-1800",
            "time=3&increment=2&rated=yes",
            "days=3",
        ] {
            assert!(form(bad).is_err(), "{bad}");
        }
        let Err(e) = form("time=4&increment=0") else {
            panic!("4+0 is no pool");
        };
        let text = format!("{e:?}");
        assert!(text.contains("5+3") && text.contains("1+0"), "{text}");
    }
}
