//! Challenges, as lichess has them, for the variant `asean`:
//!
//! - `POST /api/challenge/{username}` (scope `challenge:write`, `bot:play` or `board:play`,
//!   as lichess; the same for the answers below), a form with `rated` (`true`
//!   or `false`, casual when absent), `clock.limit` and `clock.increment` (seconds, both or
//!   neither; neither: unlimited), `color` (`white`, `black` or `random`, the default) and
//!   `variant` (absent or `asean`; anything else is a 400 naming it). Answers the challenge
//!   ([`challenge_json`]). A rated challenge needs a clock; challenging oneself is a 400; an
//!   unknown or closed account a 404 `{"error": "No such user"}`; a challenger with
//!   [`MAX_OPEN_PER_CHALLENGER`] open challenges gets a 429.
//! - `POST /api/challenge/{id}/accept` (the challenged account only), `/decline` (the
//!   challenged account; form field `reason`, one of lichess's keys, `generic` when absent or
//!   unknown), `/cancel` (the challenger only): `{"ok": true}`; anyone else, or a challenge
//!   already answered or expired, gets 404 `{"error": "No such challenge"}`.
//!
//! A challenge waits [`CHALLENGE_TTL_MS`] for its answer. Accepting starts the game: a room
//! whose id is the challenge's, with both players seated by their accounts (the colours as
//! asked, a random one drawn now), rated if asked, as the pools start a paired game. The
//! players find it with `GET /api/board/game/stream/{id}` and in the page at `#/room/{id}`.
//! Each step reaches both players' event streams ([`super::events`]) and is counted in
//! `asean_challenges{event=...}`.
//!
//! The challenge object: `id`, `url` (the page of the game, from the request's `Host`),
//! `status`, `challenger` and `destUser` ({`id`, `name`, `rating`, `provisional`}, their
//! ratings when it was made), `variant` {`key`: `asean`, `name`: `ASEAN`, `short`}, `rated`,
//! `speed`, `timeControl` ({`type`: `clock`, `limit`, `increment`, `show`} or {`type`:
//! `unlimited`}), `color`, `perf` {`name`}, and for a declined one `declineReason` and
//! `declineReasonKey`. Left out of lichess's: `initialFen`, `rules`, `direction`, `title`,
//! `online`, `lag`, `finalColor` (the colours are in the game's `gameStart`).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use protocol::scope::Scope;
use protocol::user::Username;
use protocol::{PromotionRule, RoomEvent, RoomId, TimeControl};
use rules::{ByColor, Color, Position, Rules};
use serde_json::{Value, json};

use super::Api;
use crate::accounts::tokens::Caller;
use crate::accounts::{Refusal, store_failed};
use crate::address::{AddressKey, client_address};
use crate::ids::{random_room_id, random_secret};
use crate::room::actor::RoomHost;
use crate::room::state::hash_secret;
use crate::store::challenges::{
    CHALLENGE_TTL_MS, Challenge, ChallengeCreated, ChallengeStatus, ChallengeTerms, ColorChoice,
    MAX_OPEN_PER_CHALLENGER,
};
use crate::store::{Append, Phase, RoomMeta, SecretHash, StoreError, StoredRoom};

/// Lichess's reasons to decline, by key.
const DECLINE_REASONS: [(&str, &str); 11] = [
    ("generic", "I'm not accepting challenges at the moment."),
    (
        "later",
        "This is not the right time for me, please ask again later.",
    ),
    (
        "tooFast",
        "This time control is too fast for me, please challenge again with a slower game.",
    ),
    (
        "tooSlow",
        "This time control is too slow for me, please challenge again with a faster game.",
    ),
    (
        "timeControl",
        "I'm not accepting challenges with this time control.",
    ),
    ("rated", "Please send me a rated challenge instead."),
    ("casual", "Please send me a casual challenge instead."),
    (
        "standard",
        "I'm not accepting variant challenges right now.",
    ),
    ("variant", "I'm not willing to play this variant right now."),
    ("noBot", "I'm not accepting challenges from bots."),
    ("onlyBot", "I'm only accepting challenges from bots."),
];

type Shared = State<Arc<Api>>;

/// The routes (see the module documentation).
pub fn router(api: Arc<Api>) -> Router {
    Router::new()
        .route("/api/challenge/open", post(open))
        .route("/api/challenge/{username}", post(create))
        .route("/api/challenge/{id}/{action}", post(answer))
        .with_state(api)
}

/// A 400 saying `message`.
pub(super) fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(StatusCode::BAD_REQUEST, message, None)
}

/// The field `rated`: `true` or `false`, anything else a 400.
pub(super) fn rated_field(value: &str) -> Result<bool, Refusal> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        v => Err(bad(format!("rated: {v:?} is neither true nor false"))),
    }
}

fn no_challenge() -> Refusal {
    Refusal::new(StatusCode::NOT_FOUND, "No such challenge", None)
}

/// The caller, with a token allowed `challenge:write`, `bot:play` or `board:play` (lichess
/// takes any of the three, so that a bot with a `bot:play` token answers its challenges).
async fn caller(api: &Api, peer: SocketAddr, headers: &HeaderMap) -> Result<Caller, Refusal> {
    let caller = signed_caller(api, peer, headers).await?;
    if ![Scope::ChallengeWrite, Scope::BotPlay, Scope::BoardPlay]
        .into_iter()
        .any(|s| caller.may(s))
    {
        caller.require(Scope::ChallengeWrite, &api.accounts)?;
    }
    Ok(caller)
}

/// The caller by token or by session cookie; a cookie's request takes one of the address's
/// API budget as a token's does (challenges made, answered or opened from the page or a
/// script holding a cookie are bounded alike).
async fn signed_caller(
    api: &Api,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<Caller, Refusal> {
    let caller = api.accounts.caller_required(peer, headers).await?;
    if caller.token.is_none() {
        api.accounts.admit_api_address(peer, headers)?;
    }
    Ok(caller)
}

/// What a challenge's form asks.
#[derive(Debug, PartialEq)]
struct Asked {
    rated: bool,
    clock: Option<TimeControl>,
    color: ColorChoice,
}

/// The fields of a request's body: a form (`application/x-www-form-urlencoded`), or a JSON
/// object as some clients send (berserk does), its `null`s left out and its other values
/// as text. A form field given twice (`clock.limit=60&clock.limit=600`) is refused: which one
/// was meant is not ours to guess.
pub(super) fn fields(headers: &HeaderMap, body: &[u8]) -> Result<Vec<(String, String)>, Refusal> {
    let json = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if !json {
        let fields: Vec<(String, String)> = form_urlencoded::parse(body).into_owned().collect();
        let mut seen = std::collections::HashSet::new();
        if let Some((key, _)) = fields.iter().find(|(k, _)| !seen.insert(k.as_str())) {
            return Err(bad(format!("{key}: given twice")));
        }
        return Ok(fields);
    }
    let object: serde_json::Map<String, Value> = serde_json::from_slice(body)
        .map_err(|e| bad(format!("the body is not a JSON object: {e}")))?;
    Ok(object
        .into_iter()
        .filter_map(|(k, v)| match v {
            Value::Null => None,
            Value::String(s) => Some((k, s)),
            other => Some((k, other.to_string())),
        })
        .collect())
}

fn parse_form(fields: &[(String, String)]) -> Result<Asked, Refusal> {
    let (mut rated, mut limit, mut increment, mut color) = (false, None, None, ColorChoice::Random);
    for (key, value) in fields {
        let (key, value) = (key.as_str(), value.as_str());
        match key {
            "rated" => rated = rated_field(value)?,
            "clock.limit" | "clock.increment" => {
                let n: u32 = value
                    .parse()
                    .map_err(|_| bad(format!("{key}: {value:?} is not a number of seconds")))?;
                if key == "clock.limit" {
                    limit = Some(n);
                } else {
                    increment = Some(n);
                }
            }
            "color" => {
                color = match value {
                    "white" => ColorChoice::White,
                    "black" => ColorChoice::Black,
                    "random" => ColorChoice::Random,
                    v => return Err(bad(format!("color: {v:?} is not white, black or random"))),
                }
            }
            "variant" if value != "asean" => {
                return Err(bad(format!(
                    "variant: {value:?} is not played here: the only variant is asean"
                )));
            }
            "days" => {
                return Err(bad(
                    "days: correspondence games are not played here: give clock.limit and \
                     clock.increment, or neither for an unlimited game",
                ));
            }
            // lichess's other fields (keepAliveStream, acceptByToken, message, rules...) are
            // not used here.
            _ => {}
        }
    }
    let clock = match (limit, increment) {
        (None, None) => None,
        (Some(l), Some(i)) => Some(
            TimeControl::fischer(l, i)
                .map_err(|e| bad(format!("clock.limit and clock.increment: {e}")))?,
        ),
        _ => {
            return Err(bad(
                "clock.limit and clock.increment go together: give both, or neither for an \
                 unlimited game",
            ));
        }
    };
    if rated && clock.is_none() {
        return Err(bad(
            "a rated challenge needs a clock (clock.limit and clock.increment)",
        ));
    }
    Ok(Asked {
        rated,
        clock,
        color,
    })
}

fn player_json(name: &Username, r: protocol::SeatRating) -> Value {
    json!({
        "id": name.id().as_str(),
        "name": name.as_str(),
        "rating": r.rating,
        "provisional": r.provisional,
    })
}

/// The page of challenge `id`'s game on `site` (an origin, [`Api::site`]).
fn url_of(id: &RoomId, site: &str) -> String {
    format!("{site}/#/room/{id}")
}

/// Lichess's `timeControl` of a challenge.
fn time_control_json(clock: Option<TimeControl>) -> Value {
    match clock {
        Some(tc) => json!({
            "type": "clock",
            "limit": tc.initial().as_secs(),
            "increment": tc.increment().as_secs(),
            "show": tc.to_string(),
        }),
        None => json!({"type": "unlimited"}),
    }
}

/// Lichess's challenge object (see the module documentation).
#[must_use]
pub fn challenge_json(c: &Challenge, site: &str) -> Value {
    let t = &c.terms;
    let speed = crate::profiles::speed_key(t.clock);
    let perf = t
        .clock
        .map_or("correspondence", |tc| rating::Perf::of(tc).name());
    let time_control = time_control_json(t.clock);
    let mut v = json!({
        "id": c.id.to_string(),
        "url": url_of(&c.id, site),
        "status": c.status.name(),
        "challenger": player_json(&t.challenger, t.challenger_rating),
        "destUser": player_json(&t.dest, t.dest_rating),
        "variant": {"key": "asean", "name": "ASEAN", "short": "ASEAN"},
        "rated": t.rated,
        "speed": speed,
        "timeControl": time_control,
        "color": t.color.name(),
        "perf": {"name": perf},
    });
    if c.status == ChallengeStatus::Declined {
        let key = c.reason.as_deref().unwrap_or("generic");
        let text = DECLINE_REASONS
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(DECLINE_REASONS[0].1, |(_, t)| *t);
        v["declineReasonKey"] = json!(key);
        v["declineReason"] = json!(text);
    }
    v
}

/// Sends `line` to the event streams of both players of `c`.
fn tell_both(api: &Api, c: &Challenge, line: &Value) {
    for u in [&c.terms.challenger, &c.terms.dest] {
        api.lobby.account_event(&u.id(), line);
    }
}

/// `POST /api/challenge/{username}`.
async fn create(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(username): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    let caller = caller(&api, peer, &headers).await?;
    let asked = parse_form(&fields(&headers, &body)?)?;
    let no_user = || Refusal::new(StatusCode::NOT_FOUND, "No such user", None);
    let dest_id: protocol::user::UserId = username.parse().map_err(|_| no_user())?;
    if dest_id == caller.account.id {
        return Err(bad("You cannot challenge yourself"));
    }
    let store = api.lobby.store().clone();
    let dest = store
        .account(&dest_id)
        .await
        .map_err(store_failed)?
        .filter(|a| !a.is_closed())
        .ok_or_else(no_user)?;
    let now = api.lobby.now_ms();
    let perf = asked
        .clock
        .map_or(rating::Perf::Classical, rating::Perf::of);
    let rating_of = |u: protocol::user::UserId| {
        let store = store.clone();
        async move {
            crate::store::accounts::rated_in(&*store, &u, perf)
                .await
                .map(|r| crate::store::accounts::seat_rating(&r, now))
                .map_err(store_failed)
        }
    };
    let challenge = Challenge {
        id: random_room_id(),
        terms: ChallengeTerms {
            challenger_rating: rating_of(caller.account.id.clone()).await?,
            dest_rating: rating_of(dest.id.clone()).await?,
            challenger: caller.account.username.clone(),
            dest: dest.username.clone(),
            rated: asked.rated,
            clock: asked.clock,
            color: asked.color,
        },
        status: ChallengeStatus::Created,
        reason: None,
        created_ms: now,
        expires_ms: now + CHALLENGE_TTL_MS,
    };
    match store
        .create_challenge(challenge.clone())
        .await
        .map_err(store_failed)?
    {
        ChallengeCreated::Created => {}
        ChallengeCreated::NoAccount => return Err(no_user()),
        ChallengeCreated::TooMany => {
            api.lobby.metrics.limited("api");
            return Err(Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "You have {MAX_OPEN_PER_CHALLENGER} open challenges: wait for their \
                     answers, or cancel some"
                ),
                Some(60),
            ));
        }
    }
    api.lobby.metrics.challenge("created");
    let v = challenge_json(&challenge, &api.site(&headers));
    tell_both(
        &api,
        &challenge,
        &json!({"type": "challenge", "challenge": v}),
    );
    Ok(axum::Json(v).into_response())
}

/// `POST /api/challenge/open`: a casual game whose links anyone may open in the page.
async fn open(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    // Any token of an account (no scope needed, as on lichess), or the session cookie: the
    // API's budgets per token and per address bound how many are made.
    signed_caller(&api, peer, &headers).await?;
    let fields = fields(&headers, &body)?;
    for (key, value) in &fields {
        match (key.as_str(), value.as_str()) {
            ("rated", "true") => {
                return Err(bad(
                    "rated: open challenges are casual here (whoever opens the link plays, \
                     signed in or not)",
                ));
            }
            ("fen", v) if !v.is_empty() => {
                return Err(bad("fen: games start from the initial position here"));
            }
            ("users", v) if !v.is_empty() => {
                return Err(bad("users: open challenges here are open to anyone"));
            }
            _ => {}
        }
    }
    let asked = parse_form(&fields)?;
    // A waiting room like one made on the WebSocket: within the caps of the server and of
    // the address.
    let owner = AddressKey::of(client_address(peer.ip(), &headers, &api.proxies));
    if let Err(r) = api.lobby.admit_room(Some(owner)) {
        api.lobby.metrics.limited("open_challenge");
        return Err(Refusal::new(
            StatusCode::TOO_MANY_REQUESTS,
            r.message,
            Some(60),
        ));
    }
    let now = api.lobby.now_ms();
    let meta = RoomMeta {
        id: random_room_id(),
        created_ms: now,
        public: false,
        promotion: PromotionRule::default(),
        clock: asked.clock,
        initial_fen: Position::new(Rules::default()).fen(),
        rated: false,
        seek: crate::store::SeekTerms::default(),
    };
    let append = Append {
        room: meta.id.clone(),
        first_seq: 1,
        events: Vec::new(),
        create: Some(meta.clone()),
        seats: Vec::new(),
        phase: Some(Phase::Waiting),
        fence: api.lobby.cluster().map(|_| 0),
        ratings: None,
        pairing: None,
    };
    write_room(
        &api,
        append,
        &format!("open challenge {}: its room", meta.id),
    )
    .await?;
    let id = meta.id.clone();
    api.lobby.start_owned(
        StoredRoom {
            meta,
            phase: Phase::Waiting,
            secrets: ByColor::default(),
            events: Vec::new(),
            away: None,
        },
        owner,
    );
    api.lobby.metrics.challenge("open");
    Ok(axum::Json(open_json(&id, asked.clock, &api.site(&headers))).into_response())
}

/// Writes a new room (`what` it is, for the log); a store that fails is a 503.
async fn write_room(api: &Api, append: Append, what: &str) -> Result<(), Refusal> {
    let written = api
        .lobby
        .store()
        .append(append)
        .await
        .unwrap_or(Err(StoreError::Stopped));
    written.map_err(|e| {
        tracing::error!("{what} not written: {e}");
        api.lobby.metrics.errors.inc();
        store_failed(e)
    })
}

/// The answer to `POST /api/challenge/open` (see the module documentation).
fn open_json(id: &RoomId, clock: Option<TimeControl>, site: &str) -> Value {
    let url = url_of(id, site);
    let perf = clock.map_or("correspondence", |tc| rating::Perf::of(tc).name());
    json!({
        "id": id.to_string(),
        "url": url,
        "urlWhite": format!("{url}?color=white"),
        "urlBlack": format!("{url}?color=black"),
        "status": "created",
        "challenger": null,
        "destUser": null,
        "variant": {"key": "asean", "name": "ASEAN", "short": "ASEAN"},
        "rated": false,
        "speed": crate::profiles::speed_key(clock),
        "timeControl": time_control_json(clock),
        // The links choose the seats.
        "color": "random",
        "perf": {"name": perf},
        "open": {},
    })
}

/// `POST /api/challenge/{id}/accept`, `/decline`, `/cancel`.
async fn answer(
    State(api): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    let caller = caller(&api, peer, &headers).await?;
    let id: RoomId = id.parse().map_err(|_| no_challenge())?;
    let store = api.lobby.store().clone();
    let now = api.lobby.now_ms();
    let c = store
        .challenge(&id)
        .await
        .map_err(store_failed)?
        .filter(|c| c.is_open(now))
        .ok_or_else(no_challenge)?;
    let me = &caller.account.id;
    let (to, reason) = match action.as_str() {
        "accept" if &c.terms.dest.id() == me => (ChallengeStatus::Accepted, None),
        "decline" if &c.terms.dest.id() == me => {
            let reason = fields(&headers, &body)?
                .into_iter()
                .find(|(k, _)| k == "reason")
                .map(|(_, v)| v)
                .filter(|r| DECLINE_REASONS.iter().any(|(k, _)| k == r))
                .unwrap_or_else(|| "generic".to_owned());
            (ChallengeStatus::Declined, Some(reason))
        }
        "cancel" if &c.terms.challenger.id() == me => (ChallengeStatus::Canceled, None),
        "accept" | "decline" | "cancel" => return Err(no_challenge()),
        _ => return Err(Refusal::new(StatusCode::NOT_FOUND, "Not found", None)),
    };
    if !store
        .settle_challenge(&id, to, reason.clone(), now)
        .await
        .map_err(store_failed)?
    {
        return Err(no_challenge());
    }
    let settled = Challenge {
        status: to,
        reason,
        ..c
    };
    match to {
        ChallengeStatus::Accepted => {
            api.lobby.metrics.challenge("accepted");
            start_game(&api, &settled, now).await?;
        }
        ChallengeStatus::Declined => {
            api.lobby.metrics.challenge("declined");
            let v = challenge_json(&settled, &api.site(&headers));
            tell_both(
                &api,
                &settled,
                &json!({"type": "challengeDeclined", "challenge": v}),
            );
        }
        ChallengeStatus::Canceled => {
            api.lobby.metrics.challenge("canceled");
            let v = challenge_json(&settled, &api.site(&headers));
            tell_both(
                &api,
                &settled,
                &json!({"type": "challengeCanceled", "challenge": v}),
            );
        }
        ChallengeStatus::Created => {}
    }
    Ok(axum::Json(json!({"ok": true})).into_response())
}

/// Writes and starts the game of the accepted challenge `c`: its room with both players
/// seated; their event streams hear `gameStart`.
async fn start_game(api: &Api, c: &Challenge, now: u64) -> Result<(), Refusal> {
    let t = &c.terms;
    let challenger_color = match t.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            let mut b = [0u8; 1];
            let _ = getrandom::fill(&mut b);
            if b[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let players = ByColor::new_with(|seat| {
        if seat == challenger_color {
            (t.challenger.clone(), t.challenger_rating)
        } else {
            (t.dest.clone(), t.dest_rating)
        }
    });
    let meta = RoomMeta {
        id: c.id.clone(),
        created_ms: now,
        public: false,
        promotion: PromotionRule::default(),
        clock: t.clock,
        initial_fen: Position::new(Rules::default()).fen(),
        rated: t.rated,
        seek: crate::store::SeekTerms::default(),
    };
    let events: Vec<RoomEvent> = Color::ALL
        .into_iter()
        .map(|seat| {
            let (user, rating) = players.get(seat).clone();
            RoomEvent::Seated {
                seat,
                user: Some(user),
                seat_rating: Some(rating),
            }
        })
        .collect();
    // Nobody holds these secrets: the players hold their seats by their accounts.
    let secrets = ByColor::new_with(|_| Some(SecretHash(hash_secret(&random_secret()).0)));
    let append = Append {
        room: meta.id.clone(),
        first_seq: 1,
        events: events.clone(),
        create: Some(meta.clone()),
        seats: Color::ALL
            .into_iter()
            .filter_map(|c| secrets.get(c).clone().map(|h| (c, h)))
            .collect(),
        phase: Some(Phase::Playing),
        fence: api.lobby.cluster().map(|_| 0),
        ratings: None,
        pairing: None,
    };
    write_room(api, append, &format!("challenge {}: its game", c.id)).await?;
    api.lobby.start_paired(StoredRoom {
        meta,
        phase: Phase::Playing,
        secrets,
        events,
        away: None,
    });
    api.lobby.game_phase(&c.id, Phase::Playing, Some("friend"));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(body: &[u8]) -> Result<Asked, Refusal> {
        parse_form(&fields(&HeaderMap::new(), body)?)
    }

    #[test]
    fn a_challenge_form_reads_as_lichess_sends_it() {
        let asked = form(b"rated=true&clock.limit=300&clock.increment=3&color=white&variant=asean")
            .expect("a good form");
        assert_eq!(
            asked,
            Asked {
                rated: true,
                clock: TimeControl::fischer(300, 3).ok(),
                color: ColorChoice::White,
            }
        );
        assert_eq!(
            form(b"").expect("empty"),
            Asked {
                rated: false,
                clock: None,
                color: ColorChoice::Random,
            }
        );
        for bad in [
            &b"variant=standard"[..],
            b"rated=true",
            b"clock.limit=300",
            b"clock.limit=x&clock.increment=1",
            b"color=green",
            b"rated=yes",
            b"days=3",
            b"clock.limit=60&clock.increment=0&clock.limit=600",
            b"color=white&color=black",
        ] {
            assert!(form(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        // berserk sends a JSON object, with nulls for what it leaves out.
        let mut json = HeaderMap::new();
        json.insert(CONTENT_TYPE, "application/json".parse().expect("header"));
        let body = br#"{"rated": false, "clock.limit": 300, "clock.increment": 3, "days": null, "color": "black", "variant": null}"#;
        assert_eq!(
            parse_form(&fields(&json, body).expect("fields")).expect("a good object"),
            Asked {
                rated: false,
                clock: TimeControl::fischer(300, 3).ok(),
                color: ColorChoice::Black,
            }
        );
        assert!(fields(&json, b"[1]").is_err());
    }
}
