//! [`parse_server`](crate::parse_server)'s reader: a server message read as one flat object
//! (every field any message may have, each optional) and then checked against its `type`.
//!
//! The derived `Deserialize` of [`ServerMsg`] and [`RoomEvent`] (internally tagged enums) first
//! buffers the whole object in serde's generic `Content` tree and then reads each variant from
//! it, which costs the browser's module about 60 KiB of code; this reader does in one pass what
//! it does for every message the derived one accepts, with the same result (tests compare
//! both), and refuses the same messages: an unknown `type` or `kind`, a missing or mistyped
//! field. Fields of other messages are ignored, as there.

use serde::Deserialize;

use crate::user::Username;

use crate::{
    ClockSnapshot, CloseReason, Color, ErrorCode, ListedRoom, ListingDiff, Outcome, RoomEvent,
    RoomId, RoomState, RoomSummary, ServerMsg, UciMove,
};

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ServerType {
    Welcome,
    Lobby,
    LobbyDiff,
    LobbyCounts,
    Seated,
    Snapshot,
    Event,
    Error,
    Pong,
    Presence,
    Pool,
    PoolLeft,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum EventKind {
    Seated,
    Moved,
    DrawOffered,
    DrawDeclined,
    GameOver,
    Presence,
    RematchOffered,
    RematchReady,
    Listed,
    Closed,
}

/// Every field of every server message.
#[derive(Deserialize)]
pub(crate) struct ServerWire {
    #[serde(rename = "type")]
    kind: ServerType,
    protocol: Option<u32>,
    rooms: Option<Vec<RoomSummary>>,
    removed: Option<Vec<RoomId>>,
    added: Option<Vec<ListedRoom>>,
    players_online: Option<u32>,
    games_in_progress: Option<u32>,
    room: Option<RoomId>,
    seat: Option<Color>,
    secret: Option<String>,
    seq: Option<u64>,
    you: Option<Color>,
    state: Option<RoomState>,
    event: Option<EventWire>,
    code: Option<ErrorCode>,
    message: Option<String>,
    online: Option<bool>,
    claim_in_ms: Option<u64>,
    user: Option<Username>,
    pool: Option<crate::TimeControl>,
    rated: Option<bool>,
    players: Option<u32>,
}

/// Every field of every room event.
#[derive(Deserialize)]
struct EventWire {
    kind: EventKind,
    seat: Option<Color>,
    ply: Option<u32>,
    uci: Option<UciMove>,
    san: Option<String>,
    clocks: Option<ClockSnapshot>,
    at_ms: Option<u64>,
    by: Option<Color>,
    result: Option<Outcome>,
    winner: Option<Color>,
    online: Option<bool>,
    claim_in_ms: Option<u64>,
    room: Option<RoomId>,
    listed: Option<bool>,
    reason: Option<CloseReason>,
    user: Option<Username>,
    seat_rating: Option<crate::SeatRating>,
    ratings: Option<crate::ByColor<crate::RatingChange>>,
}

/// `value`, or the error naming the missing field.
fn need<T>(value: Option<T>, field: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("missing field `{field}`"))
}

impl TryFrom<ServerWire> for ServerMsg {
    type Error = String;

    fn try_from(w: ServerWire) -> Result<ServerMsg, String> {
        Ok(match w.kind {
            ServerType::Welcome => ServerMsg::Welcome {
                protocol: need(w.protocol, "protocol")?,
                user: w.user,
            },
            ServerType::Lobby => ServerMsg::Lobby {
                rooms: need(w.rooms, "rooms")?,
            },
            ServerType::LobbyDiff => ServerMsg::LobbyDiff(ListingDiff {
                removed: need(w.removed, "removed")?,
                added: need(w.added, "added")?,
            }),
            ServerType::LobbyCounts => ServerMsg::LobbyCounts {
                players_online: need(w.players_online, "players_online")?,
                games_in_progress: need(w.games_in_progress, "games_in_progress")?,
            },
            ServerType::Seated => ServerMsg::Seated {
                room: need(w.room, "room")?,
                seat: need(w.seat, "seat")?,
                secret: need(w.secret, "secret")?,
            },
            ServerType::Snapshot => ServerMsg::Snapshot {
                room: need(w.room, "room")?,
                seq: need(w.seq, "seq")?,
                you: w.you,
                state: need(w.state, "state")?,
            },
            ServerType::Event => ServerMsg::Event {
                room: need(w.room, "room")?,
                seq: need(w.seq, "seq")?,
                event: need(w.event, "event")?.try_into()?,
            },
            ServerType::Error => ServerMsg::Error {
                code: need(w.code, "code")?,
                message: need(w.message, "message")?,
                room: w.room,
            },
            ServerType::Pong => ServerMsg::Pong,
            ServerType::Presence => ServerMsg::Presence {
                room: need(w.room, "room")?,
                seat: need(w.seat, "seat")?,
                online: need(w.online, "online")?,
                claim_in_ms: w.claim_in_ms,
            },
            ServerType::Pool => ServerMsg::Pool {
                pool: need(w.pool, "pool")?,
                rated: need(w.rated, "rated")?,
                players: need(w.players, "players")?,
            },
            ServerType::PoolLeft => ServerMsg::PoolLeft {
                pool: need(w.pool, "pool")?,
            },
        })
    }
}

impl TryFrom<EventWire> for RoomEvent {
    type Error = String;

    fn try_from(w: EventWire) -> Result<RoomEvent, String> {
        Ok(match w.kind {
            EventKind::Seated => RoomEvent::Seated {
                seat: need(w.seat, "seat")?,
                user: w.user,
                seat_rating: w.seat_rating,
            },
            EventKind::Moved => RoomEvent::Moved {
                ply: need(w.ply, "ply")?,
                uci: need(w.uci, "uci")?,
                san: need(w.san, "san")?,
                clocks: w.clocks,
                at_ms: w.at_ms,
            },
            EventKind::DrawOffered => RoomEvent::DrawOffered {
                by: need(w.by, "by")?,
            },
            EventKind::DrawDeclined => RoomEvent::DrawDeclined {
                by: need(w.by, "by")?,
            },
            EventKind::GameOver => RoomEvent::GameOver {
                result: need(w.result, "result")?,
                winner: w.winner,
                at_ms: w.at_ms,
                ratings: w.ratings,
            },
            EventKind::Presence => RoomEvent::Presence {
                seat: need(w.seat, "seat")?,
                online: need(w.online, "online")?,
                claim_in_ms: w.claim_in_ms,
            },
            EventKind::RematchOffered => RoomEvent::RematchOffered {
                by: need(w.by, "by")?,
            },
            EventKind::RematchReady => RoomEvent::RematchReady {
                room: need(w.room, "room")?,
            },
            EventKind::Listed => RoomEvent::Listed {
                listed: need(w.listed, "listed")?,
            },
            EventKind::Closed => RoomEvent::Closed {
                reason: need(w.reason, "reason")?,
            },
        })
    }
}
