//! The messages of the ASEAN chess lobby, named by direction: [`ClientMsg`] (browser to server)
//! and [`ServerMsg`] (server to browser), sent as JSON text frames over one WebSocket at `/ws`.
//!
//! Every message is an object with a `"type"` field in snake case, for example
//! `{"type":"move","room":"k3j…","ply":4,"uci":"e3e4"}`. The first client message must be
//! [`ClientMsg::Hello`] with [`PROTOCOL_VERSION`]. Room events are numbered per room
//! ([`ServerMsg::Event`]`.seq`, from 1); the client acknowledges them ([`ClientMsg::Ack`]), the
//! server resends what is not acknowledged, and a client that reconnects joins again with the
//! last number it saw ([`ClientMsg::Join`]`.after`) to catch up.
//!
//! A wire move is not a legal move: the server checks every [`ClientMsg::Move`] with the rules
//! crate against its own game. Unknown or malformed messages are [`ParseError`]s, answered with
//! [`ServerMsg::Error`], never a panic.
//!
//! ```
//! use protocol::{ClientMsg, parse_client};
//! let msg = parse_client(r#"{"type":"move","room":"abc","ply":0,"uci":"e3e4"}"#).unwrap();
//! assert_eq!(msg, ClientMsg::Move { room: "abc".into(), ply: 0, uci: "e3e4".into() });
//! assert!(parse_client(r#"{"type":"fly"}"#).is_err());
//! ```

use core::fmt;

pub use rules::{Color, DrawClaim, PromotionRule};
use serde::{Deserialize, Serialize};

/// The version of this protocol; [`ClientMsg::Hello`] must carry it.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest text frame a client may send, in bytes.
pub const MAX_CLIENT_MESSAGE_BYTES: usize = 4096;

/// A room's id: 20 lower-case hex digits (80 random bits).
pub type RoomId = String;

/// Which seat the creator of a room takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Chosen at random by the server.
    Random,
}

/// A time control: minutes and seconds of increment, as "5+3".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Initial time of each side, in seconds (1 to 10 800).
    pub initial_secs: u32,
    /// Seconds added after each move (0 to 180).
    pub increment_secs: u32,
}

/// The clocks of a timed game, in milliseconds left for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// The side whose clock runs, if any (none before the first move and after the end).
    pub running: Option<Color>,
}

/// Messages from the browser to the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the protocol version the client speaks.
    Hello {
        /// Must equal [`PROTOCOL_VERSION`].
        protocol: u32,
    },
    /// Receive [`ServerMsg::Lobby`] now and whenever it changes.
    WatchLobby,
    /// Stop receiving lobby updates.
    UnwatchLobby,
    /// Create a room and take a seat in it.
    CreateRoom {
        /// The creator's seat.
        seat: SeatChoice,
        /// The promotion rule of the game.
        promotion: PromotionRule,
        /// A time control, or `None` for an untimed game.
        clock: Option<TimeControl>,
        /// `true` to list the room in the lobby; `false` for an invite link only.
        public: bool,
    },
    /// Open a room: resume a seat with its secret, take the free seat (the invitee's first
    /// click), or watch as a spectator when both seats are taken.
    Join {
        /// The room.
        room: RoomId,
        /// The secret of a seat held earlier (kept in the browser's storage).
        secret: Option<String>,
        /// The last event number seen; events after it are sent again.
        after: Option<u64>,
        /// `true` to watch only, never taking a free seat.
        #[serde(default)]
        watch: bool,
    },
    /// Play a move; `ply` is the number of moves already played (so a replay is refused).
    Move {
        /// The room.
        room: RoomId,
        /// The number of moves played before this one.
        ply: u32,
        /// The move in UCI notation.
        uci: String,
    },
    /// Resign the game.
    Resign {
        /// The room.
        room: RoomId,
    },
    /// Offer a draw (or accept the opponent's pending offer).
    OfferDraw {
        /// The room.
        room: RoomId,
    },
    /// Decline the opponent's draw offer.
    DeclineDraw {
        /// The room.
        room: RoomId,
    },
    /// Claim a 50-move or threefold draw (valid only on one's own turn when the rule holds).
    ClaimDraw {
        /// The room.
        room: RoomId,
        /// Which draw.
        claim: DrawClaim,
    },
    /// Claim the win after the opponent has been gone for the whole countdown.
    ClaimVictory {
        /// The room.
        room: RoomId,
    },
    /// Offer (or accept) a rematch with colours swapped.
    Rematch {
        /// The room.
        room: RoomId,
    },
    /// Acknowledge the room's events up to `seq`.
    Ack {
        /// The room.
        room: RoomId,
        /// The highest event number received.
        seq: u64,
    },
    /// Stop receiving the room's events (the seat is kept).
    Leave {
        /// The room.
        room: RoomId,
    },
    /// Keep-alive; answered with [`ServerMsg::Pong`].
    Ping,
}

/// A room listed in the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSummary {
    /// The room id (the invite link is `/#/room/<id>`).
    pub id: RoomId,
    /// The seat still free.
    pub open_seat: Color,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
}

/// Who sits where and whether they are connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// White's seat is taken.
    pub white_taken: bool,
    /// Black's seat is taken.
    pub black_taken: bool,
    /// White has an open connection.
    pub white_online: bool,
    /// Black has an open connection.
    pub black_online: bool,
}

/// The whole state of a room, sent on joining and when events cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    /// The FEN the game started from.
    pub initial_fen: String,
    /// The promotion rule.
    pub promotion: PromotionRule,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// `true` when listed in the lobby.
    pub public: bool,
    /// The moves played, in UCI.
    pub moves: Vec<String>,
    /// The seats.
    pub seats: Seats,
    /// The result label (e.g. `checkmate-white-wins`, `timeout-black-wins`, `abandoned-white-wins`)
    /// once the game is over.
    pub outcome: Option<String>,
    /// A pending draw offer and who made it.
    pub draw_offer: Option<Color>,
    /// A pending rematch offer and who made it.
    pub rematch_offer: Option<Color>,
    /// The rematch room, once both agreed.
    pub rematch_room: Option<RoomId>,
    /// The clocks, for a timed game.
    pub clocks: Option<Clocks>,
    /// Milliseconds until the opponent-left countdown lets the player present claim the win.
    pub claim_in_ms: Option<u64>,
}

/// Something that happened in a room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoomEvent {
    /// A player took a seat.
    Seated {
        /// The seat.
        seat: Color,
    },
    /// A move was played.
    Moved {
        /// Its index: the number of moves played before it.
        ply: u32,
        /// The move in UCI.
        uci: String,
        /// The move in SAN.
        san: String,
        /// The clocks after the move, in a timed game.
        clocks: Option<Clocks>,
    },
    /// A player offered a draw.
    DrawOffered {
        /// Who offered.
        by: Color,
    },
    /// The draw offer was declined (or withdrawn by a move).
    DrawDeclined {
        /// Who declined.
        by: Color,
    },
    /// The game ended.
    GameOver {
        /// The result label, e.g. `checkmate-white-wins`, `resign-black-wins`, `agreement`,
        /// `threefold`, `timeout-white-wins`, `abandoned-black-wins`.
        result: String,
        /// The winner, for a decisive result.
        winner: Option<Color>,
    },
    /// A player connected or left.
    Presence {
        /// The seat.
        seat: Color,
        /// Whether the seat has an open connection.
        online: bool,
        /// When offline: milliseconds until the opponent may claim the win.
        claim_in_ms: Option<u64>,
    },
    /// A player asked for a rematch.
    RematchOffered {
        /// Who asked.
        by: Color,
    },
    /// Both agreed: the rematch is in this new room, colours swapped; seats keep their secrets.
    RematchReady {
        /// The new room.
        room: RoomId,
    },
}

/// Why a client message was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object, an unknown `type`, a missing or extra field.
    BadMessage,
    /// The frame was larger than [`MAX_CLIENT_MESSAGE_BYTES`] (or binary).
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// [`ClientMsg::Hello`] is missing or has another protocol version.
    UnsupportedVersion,
    /// No such room.
    UnknownRoom,
    /// The action needs a seat this connection does not hold.
    NotSeated,
    /// It is the other side's turn.
    NotYourTurn,
    /// The `ply` does not match the game (a replayed or out-of-date move).
    WrongPly,
    /// The move is malformed or not legal.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The request is not valid now (no draw offer to decline, no claim to make...).
    NotAllowed,
    /// The room settings are invalid (e.g. a time control out of range).
    InvalidSettings,
    /// The server failed to store the change; nothing was changed.
    Internal,
}

/// Messages from the server to the browser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Sent on connection: the server's protocol version.
    Welcome {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
    },
    /// The lobby: public rooms waiting for an opponent and live counts.
    Lobby {
        /// Public rooms with a free seat, newest first.
        rooms: Vec<RoomSummary>,
        /// Open connections.
        players_online: u32,
        /// Games with both seats taken and not over.
        games_in_progress: u32,
    },
    /// This connection holds `seat` in `room`; keep `secret` to resume it later.
    Seated {
        /// The room.
        room: RoomId,
        /// The seat.
        seat: Color,
        /// The seat's secret.
        secret: String,
    },
    /// The full state of a room and the number of its latest event.
    Snapshot {
        /// The room.
        room: RoomId,
        /// The number of the latest event included.
        seq: u64,
        /// The seat this connection holds, if any (`None`: spectator).
        you: Option<Color>,
        /// The state.
        state: RoomState,
    },
    /// A numbered room event.
    Event {
        /// The room.
        room: RoomId,
        /// The event's number in the room, from 1.
        seq: u64,
        /// What happened.
        event: RoomEvent,
    },
    /// A refused message, with the reason.
    Error {
        /// What went wrong.
        code: ErrorCode,
        /// A human-readable explanation (English).
        message: String,
        /// The room concerned, if any.
        room: Option<RoomId>,
    },
    /// The answer to [`ClientMsg::Ping`].
    Pong,
}

/// A client message that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed message: {}", self.0)
    }
}

impl std::error::Error for ParseError {}

/// Reads a client message from a JSON text frame.
///
/// # Errors
/// [`ParseError`] naming the problem (not JSON, unknown type, missing or unknown field).
pub fn parse_client(text: &str) -> Result<ClientMsg, ParseError> {
    serde_json::from_str(text).map_err(|e| ParseError(e.to_string()))
}

/// Reads a server message from a JSON text frame (for clients and tests).
///
/// # Errors
/// [`ParseError`] naming the problem.
pub fn parse_server(text: &str) -> Result<ServerMsg, ParseError> {
    serde_json::from_str(text).map_err(|e| ParseError(e.to_string()))
}

impl ClientMsg {
    /// The message as a JSON text frame.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMsg {
    /// The message as a JSON text frame.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An error message.
    #[must_use]
    pub fn error(code: ErrorCode, message: impl Into<String>, room: Option<&str>) -> ServerMsg {
        ServerMsg::Error {
            code,
            message: message.into(),
            room: room.map(str::to_owned),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let msgs = [
            ClientMsg::Hello { protocol: 1 },
            ClientMsg::CreateRoom {
                seat: SeatChoice::Random,
                promotion: PromotionRule::MetOnly,
                clock: Some(TimeControl {
                    initial_secs: 300,
                    increment_secs: 3,
                }),
                public: true,
            },
            ClientMsg::Join {
                room: "r".into(),
                secret: None,
                after: Some(3),
                watch: false,
            },
            ClientMsg::ClaimDraw {
                room: "r".into(),
                claim: DrawClaim::Threefold,
            },
            ClientMsg::Ping,
        ];
        for m in msgs {
            assert_eq!(parse_client(&m.to_json()), Ok(m.clone()), "{}", m.to_json());
        }
        let s = ServerMsg::Event {
            room: "r".into(),
            seq: 2,
            event: RoomEvent::Moved {
                ply: 0,
                uci: "e3e4".into(),
                san: "e4".into(),
                clocks: None,
            },
        };
        assert_eq!(parse_server(&s.to_json()), Ok(s));
    }

    #[test]
    fn wire_format_is_stable() {
        assert_eq!(
            ClientMsg::ClaimDraw {
                room: "r".into(),
                claim: DrawClaim::FiftyMoves
            }
            .to_json(),
            r#"{"type":"claim_draw","room":"r","claim":"fifty-moves"}"#
        );
        assert_eq!(
            ServerMsg::error(ErrorCode::WrongPly, "x", None).to_json(),
            r#"{"type":"error","code":"wrong_ply","message":"x","room":null}"#
        );
    }

    #[test]
    fn garbage_is_an_error() {
        for text in [
            "",
            "null",
            "[]",
            "{}",
            r#"{"type":"move"}"#,
            r#"{"type":"move","room":"r","ply":0,"uci":"e3e4","x":1}"#,
            "\u{0}\u{ffff}",
        ] {
            assert!(parse_client(text).is_err(), "{text:?}");
        }
    }
}
