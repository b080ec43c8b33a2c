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
//! A connection that watches the lobby ([`ClientMsg::WatchLobby`]) gets the listing in full
//! ([`ServerMsg::Lobby`]), then each change of its rooms as a [`ServerMsg::LobbyDiff`] (or in
//! full again when that is the smaller frame, or when the connection missed a change), and the
//! counts of players and games apart ([`ServerMsg::LobbyCounts`]), at most every few seconds:
//! connections coming and going never resend the rooms.
//!
//! A wire move is not a legal move: it is read as a [`UciMove`] (text that is none is a
//! malformed message), and the room checks every [`RoomCommand::Move`] with the rules crate
//! against its own game. Unknown or malformed messages are [`ParseError`]s, answered with
//! [`ServerMsg::Error`], never a panic.
//!
//! ```
//! use protocol::{ClientMsg, RoomCommand, parse_client};
//! let msg = parse_client(r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"e3e4"}"#)
//!     .unwrap();
//! let room = "0123456789abcdef0123".parse().unwrap();
//! let command = RoomCommand::Move { ply: 0, uci: "e3e4".parse().unwrap() };
//! assert_eq!(msg, ClientMsg::Room { room, command });
//! assert!(parse_client(r#"{"type":"fly"}"#).is_err());
//! let garbled = r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"e9"}"#;
//! assert!(parse_client(garbled).is_err());
//! assert!(parse_client(r#"{"type":"resign","room":"../etc"}"#).is_err());
//! ```

use core::fmt;

pub mod scope;
mod server_wire;
pub mod user;
#[cfg(feature = "worker")]
pub mod worker;

/// How a game ends is the rules crate's [`Outcome`], the server's ends (time, abandonment,
/// abort, the ply cap) included; on the wire it is its label, e.g. `"checkmate-white-wins"`, `"timeout-draw"`
/// or `"aborted"` ([`Outcome::label`]).
pub use rules::{
    ByColor, Color, Decider, DrawClaim, DrawReason, Outcome, OutcomeKind, ParseOutcomeError,
    PromotionRule, WinReason,
};

/// A move on the wire: the rules' [`UciMove`], its text (`"e3e4"`, `"a7a8r"`), parsed when a
/// message is read and checked against a position only by the room that plays it.
pub use rules::UciMove;
/// The rules' time control and clock snapshot, carried as they are: on the wire a time control
/// is `{"initial_secs": 300, "increment_secs": 3}` (read through the rules' checked
/// constructor: one out of bounds is a [`ParseError`]) and the clocks
/// `{"white_ms": 60000, "black_ms": 59000, "running": "white"}`.
///
/// ```
/// use core::time::Duration;
/// use protocol::{ByColor, ClockSnapshot, Color, TimeControl};
/// let tc = TimeControl::fischer(300, 3).unwrap();
/// assert_eq!(serde_json::to_string(&tc).unwrap(), r#"{"initial_secs":300,"increment_secs":3}"#);
/// assert!(serde_json::from_str::<TimeControl>(r#"{"initial_secs":0,"increment_secs":3}"#).is_err());
/// let ms = Duration::from_millis;
/// let c = ClockSnapshot { left: ByColor { white: ms(60_000), black: ms(59_000) }, running: Some(Color::White) };
/// let json = serde_json::to_string(&c).unwrap();
/// assert_eq!(json, r#"{"white_ms":60000,"black_ms":59000,"running":"white"}"#);
/// assert_eq!(serde_json::from_str::<ClockSnapshot>(&json).unwrap(), c);
/// ```
pub use rules::{ClockSnapshot, TimeControl};
use serde::{Deserialize, Serialize};

/// The version of this protocol; [`ClientMsg::Hello`] must carry it.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest text frame a client may send, in bytes.
pub const MAX_CLIENT_MESSAGE_BYTES: usize = 4096;

/// A room's id: 20 lower-case hex digits (80 random bits), checked once when read.
///
/// On the wire it is a plain JSON string; a message whose room id is not 20 lower-case hex
/// digits is a [`ParseError`] (answered with [`ErrorCode::BadMessage`]).
///
/// ```
/// use protocol::RoomId;
/// let id: RoomId = "0123456789abcdef0123".parse().unwrap();
/// assert_eq!(id.as_str(), "0123456789abcdef0123");
/// assert!("0123456789ABCDEF0123".parse::<RoomId>().is_err());
/// assert!("../etc/passwd".parse::<RoomId>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomId(String);

/// The length of a [`RoomId`] in hex digits.
pub const ROOM_ID_LEN: usize = 20;

/// A string that is not a [`RoomId`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRoomIdError;

impl fmt::Display for ParseRoomIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a room id is {ROOM_ID_LEN} lower-case hex digits")
    }
}

impl std::error::Error for ParseRoomIdError {}

impl RoomId {
    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A room id from 10 random bytes (as the server makes them).
    #[must_use]
    pub fn from_bytes(bytes: [u8; ROOM_ID_LEN / 2]) -> RoomId {
        RoomId(hex::encode(bytes))
    }
}

impl core::str::FromStr for RoomId {
    type Err = ParseRoomIdError;

    fn from_str(s: &str) -> Result<RoomId, ParseRoomIdError> {
        if s.len() == ROOM_ID_LEN && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            Ok(RoomId(s.to_owned()))
        } else {
            Err(ParseRoomIdError)
        }
    }
}

impl TryFrom<String> for RoomId {
    type Error = ParseRoomIdError;

    fn try_from(s: String) -> Result<RoomId, ParseRoomIdError> {
        s.parse()
    }
}

impl From<RoomId> for String {
    fn from(id: RoomId) -> String {
        id.0
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for RoomId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Why a room closed without a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// The creator cancelled the invitation.
    Cancelled,
    /// Nobody took the invitation in time (24 hours).
    Expired,
}

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

/// Messages from the browser to the server.
///
/// On the wire each is one flat JSON object named by `"type"`, a room command's fields beside
/// its `room`: `{"type":"resign","room":"…"}`,
/// `{"type":"move","room":"…","ply":4,"uci":"e3e4"}`;
/// in Rust the commands to a room's game are one [`RoomCommand`], so the room that plans them
/// matches them in full. A move's text is read as a [`UciMove`] here, at the edge: text that is
/// no UCI move is a [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ClientWire", into = "ClientWire")]
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
        /// A rated game: both players signed in, a time control; the result changes their
        /// ratings (absent on the wire: casual).
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        rated: bool,
        /// A rating range: only a signed-in player whose rating for the game's speed is
        /// inside it may take the free seat (absent on the wire: anyone). Only a signed-in
        /// creator of a timed room may set one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating_range: Option<RatingRange>,
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
        watch: bool,
    },
    /// Open a room taking one seat in particular when it is free (an open challenge's link
    /// for White or Black, `#/room/<id>?color=white`): the seat the connection or its account
    /// holds already, else `seat` if free, else watch (told [`ErrorCode::NotAllowed`]).
    TakeSeat {
        /// The room.
        room: RoomId,
        /// The seat wanted.
        seat: Color,
    },
    /// A command to the game in a room the connection has joined.
    Room {
        /// The room.
        room: RoomId,
        /// The command.
        command: RoomCommand,
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
    /// Wait in a quick-pairing pool ([`POOLS`]): a signed-in player for a rated game against
    /// another signed-in player, an anonymous one for a casual game against another anonymous
    /// one. Answered with [`ServerMsg::Pool`]; when paired, [`ServerMsg::Seated`] and the
    /// room's snapshot follow as for a room created by this connection. One place per
    /// connection (and per account): joining again moves it.
    JoinPool {
        /// The pool's time control (one of [`POOLS`]).
        pool: TimeControl,
    },
    /// Leave the pool (a no-op when not waiting in one).
    LeavePool,
    /// Keep-alive; answered with [`ServerMsg::Pong`].
    Ping,
}

/// The time controls of quick pairing's pools, as (initial seconds, increment seconds): 1+0,
/// 3+0, 3+2, 5+3, 10+0, 10+5, 15+10 and 30+0 (minutes + seconds), as lichess offers them.
pub const POOLS: [(u32, u32); 8] = [
    (60, 0),
    (180, 0),
    (180, 2),
    (300, 3),
    (600, 0),
    (600, 5),
    (900, 10),
    (1800, 0),
];

/// The pools' time controls, in [`POOLS`]' order.
///
/// ```
/// let names: Vec<String> = protocol::pools().map(|tc| tc.to_string()).collect();
/// assert_eq!(names, ["1+0", "3+0", "3+2", "5+3", "10+0", "10+5", "15+10", "30+0"]);
/// ```
pub fn pools() -> impl Iterator<Item = TimeControl> {
    POOLS
        .into_iter()
        .filter_map(|(i, inc)| TimeControl::fischer(i, inc).ok())
}

/// Whether `tc` is the time control of a pool.
#[must_use]
pub fn is_pool(tc: TimeControl) -> bool {
    pools().any(|p| p == tc)
}

/// A command to the game in one room, from a seat's player: what the room's plan decides on.
///
/// Serialised as the flat frame of [`ClientMsg`] it travels in, and on its own (between the
/// server's nodes) as `{"type":"resign"}`, `{"type":"move","ply":4,"uci":"e3e4"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomCommand {
    /// Play a move; `ply` is the number of moves already played (so a replay is refused).
    Move {
        /// The number of moves played before this one.
        ply: u32,
        /// The move, not yet checked against the room's game.
        uci: UciMove,
    },
    /// Resign the game.
    Resign,
    /// Offer a draw (or accept the opponent's pending offer).
    OfferDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Claim a 50-move or threefold draw (valid only on one's own turn when the rule holds).
    ClaimDraw {
        /// Which draw.
        claim: DrawClaim,
    },
    /// Claim the win after the opponent has been gone for the whole countdown.
    ClaimVictory,
    /// Offer (or accept) a rematch with colours swapped.
    Rematch,
    /// Cancel one's own invitation while nobody has taken the other seat; the room closes
    /// ([`RoomEvent::Closed`]) and leaves the listing.
    Cancel,
    /// Abort the game: allowed to either player until both sides have made a move; the game
    /// ends with [`Outcome::Aborted`] (no winner).
    Abort,
}

impl RoomCommand {
    /// The message that sends this command to `room`.
    ///
    /// ```
    /// use protocol::{ClientMsg, RoomCommand};
    /// let room = "0123456789abcdef0123".parse().unwrap();
    /// let msg = RoomCommand::Resign.to(room);
    /// assert_eq!(msg.to_json(), r#"{"type":"resign","room":"0123456789abcdef0123"}"#);
    /// ```
    #[must_use]
    pub fn to(self, room: RoomId) -> ClientMsg {
        ClientMsg::Room {
            room,
            command: self,
        }
    }
}

/// The client frames as they travel: one flat object per message, `"type"` naming it (the
/// room commands' fields beside `room`). [`ClientMsg`] reads and writes through it.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientWire {
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
        /// A rated game: both players signed in, a time control; the result changes their
        /// ratings (absent on the wire: casual).
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        rated: bool,
        /// A rating range: only a signed-in player whose rating for the game's speed is
        /// inside it may take the free seat (absent on the wire: anyone). Only a signed-in
        /// creator of a timed room may set one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating_range: Option<RatingRange>,
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
    TakeSeat {
        room: RoomId,
        seat: Color,
    },
    /// Play a move; `ply` is the number of moves already played (so a replay is refused).
    Move {
        /// The room.
        room: RoomId,
        /// The number of moves played before this one.
        ply: u32,
        /// The move in UCI notation.
        uci: UciMove,
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
    /// Cancel one's own invitation while nobody has taken the other seat; the room closes
    /// ([`RoomEvent::Closed`]) and leaves the listing.
    Cancel {
        /// The room.
        room: RoomId,
    },
    /// Abort the game: allowed to either player until both sides have made a move; the game
    /// ends with [`Outcome::Aborted`] (no winner).
    Abort {
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
    /// Wait in a quick-pairing pool.
    JoinPool {
        /// The pool's time control.
        pool: TimeControl,
    },
    /// Leave the pool.
    LeavePool,
    /// Keep-alive; answered with [`ServerMsg::Pong`].
    Ping,
}

impl From<ClientWire> for ClientMsg {
    fn from(w: ClientWire) -> ClientMsg {
        let room = |room, command| ClientMsg::Room { room, command };
        match w {
            ClientWire::Hello { protocol } => ClientMsg::Hello { protocol },
            ClientWire::WatchLobby => ClientMsg::WatchLobby,
            ClientWire::UnwatchLobby => ClientMsg::UnwatchLobby,
            ClientWire::CreateRoom {
                seat,
                promotion,
                clock,
                public,
                rated,
                rating_range,
            } => ClientMsg::CreateRoom {
                seat,
                promotion,
                clock,
                public,
                rated,
                rating_range,
            },
            ClientWire::Join {
                room,
                secret,
                after,
                watch,
            } => ClientMsg::Join {
                room,
                secret,
                after,
                watch,
            },
            ClientWire::Move { room: r, ply, uci } => room(r, RoomCommand::Move { ply, uci }),
            ClientWire::Resign { room: r } => room(r, RoomCommand::Resign),
            ClientWire::OfferDraw { room: r } => room(r, RoomCommand::OfferDraw),
            ClientWire::DeclineDraw { room: r } => room(r, RoomCommand::DeclineDraw),
            ClientWire::ClaimDraw { room: r, claim } => room(r, RoomCommand::ClaimDraw { claim }),
            ClientWire::ClaimVictory { room: r } => room(r, RoomCommand::ClaimVictory),
            ClientWire::Rematch { room: r } => room(r, RoomCommand::Rematch),
            ClientWire::Cancel { room: r } => room(r, RoomCommand::Cancel),
            ClientWire::Abort { room: r } => room(r, RoomCommand::Abort),
            ClientWire::Ack { room, seq } => ClientMsg::Ack { room, seq },
            ClientWire::Leave { room } => ClientMsg::Leave { room },
            ClientWire::JoinPool { pool } => ClientMsg::JoinPool { pool },
            ClientWire::LeavePool => ClientMsg::LeavePool,
            ClientWire::TakeSeat { room, seat } => ClientMsg::TakeSeat { room, seat },
            ClientWire::Ping => ClientMsg::Ping,
        }
    }
}

impl From<ClientMsg> for ClientWire {
    fn from(m: ClientMsg) -> ClientWire {
        match m {
            ClientMsg::Hello { protocol } => ClientWire::Hello { protocol },
            ClientMsg::WatchLobby => ClientWire::WatchLobby,
            ClientMsg::UnwatchLobby => ClientWire::UnwatchLobby,
            ClientMsg::CreateRoom {
                seat,
                promotion,
                clock,
                public,
                rated,
                rating_range,
            } => ClientWire::CreateRoom {
                seat,
                promotion,
                clock,
                public,
                rated,
                rating_range,
            },
            ClientMsg::Join {
                room,
                secret,
                after,
                watch,
            } => ClientWire::Join {
                room,
                secret,
                after,
                watch,
            },
            ClientMsg::Room { room, command } => match command {
                RoomCommand::Move { ply, uci } => ClientWire::Move { room, ply, uci },
                RoomCommand::Resign => ClientWire::Resign { room },
                RoomCommand::OfferDraw => ClientWire::OfferDraw { room },
                RoomCommand::DeclineDraw => ClientWire::DeclineDraw { room },
                RoomCommand::ClaimDraw { claim } => ClientWire::ClaimDraw { room, claim },
                RoomCommand::ClaimVictory => ClientWire::ClaimVictory { room },
                RoomCommand::Rematch => ClientWire::Rematch { room },
                RoomCommand::Cancel => ClientWire::Cancel { room },
                RoomCommand::Abort => ClientWire::Abort { room },
            },
            ClientMsg::Ack { room, seq } => ClientWire::Ack { room, seq },
            ClientMsg::Leave { room } => ClientWire::Leave { room },
            ClientMsg::JoinPool { pool } => ClientWire::JoinPool { pool },
            ClientMsg::LeavePool => ClientWire::LeavePool,
            ClientMsg::TakeSeat { room, seat } => ClientWire::TakeSeat { room, seat },
            ClientMsg::Ping => ClientWire::Ping,
        }
    }
}

/// The lowest and highest rating a seek accepts, both included (absolute, as lichess's seek
/// form sends them).
///
/// On the wire: `{"min": 1300, "max": 1800}`.
///
/// ```
/// use protocol::RatingRange;
/// let r = RatingRange::new(1300, 1800).unwrap();
/// assert!(r.contains(1300) && r.contains(1800) && !r.contains(1801));
/// assert!(RatingRange::new(1800, 1300).is_err());
/// assert!(RatingRange::new(100, 1300).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingRange {
    /// The lowest rating accepted.
    pub min: u16,
    /// The highest rating accepted.
    pub max: u16,
}

impl RatingRange {
    /// The lowest bound a range may have (the lowest rating Glicko-2 gives here).
    pub const LOWEST: u16 = 400;
    /// The highest bound a range may have.
    pub const HIGHEST: u16 = 4000;

    /// A range from `min` to `max`.
    ///
    /// # Errors
    /// A text saying why when `min > max` or a bound is outside
    /// [`RatingRange::LOWEST`]..=[`RatingRange::HIGHEST`].
    pub fn new(min: u16, max: u16) -> Result<RatingRange, String> {
        RatingRange { min, max }.checked()
    }

    /// This range, if its bounds are in order and within bounds.
    ///
    /// # Errors
    /// As [`RatingRange::new`].
    pub fn checked(self) -> Result<RatingRange, String> {
        let bounds = RatingRange::LOWEST..=RatingRange::HIGHEST;
        if !bounds.contains(&self.min) || !bounds.contains(&self.max) {
            return Err(format!(
                "a rating range is within {}..{}, not {}..{}",
                RatingRange::LOWEST,
                RatingRange::HIGHEST,
                self.min,
                self.max
            ));
        }
        if self.min > self.max {
            return Err(format!(
                "a rating range goes from low to high, not {}..{}",
                self.min, self.max
            ));
        }
        Ok(self)
    }

    /// Whether `rating` is inside the range.
    #[must_use]
    pub fn contains(self, rating: i32) -> bool {
        (i32::from(self.min)..=i32::from(self.max)).contains(&rating)
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", self.min, self.max)
    }
}

/// The signed-in player waiting in a listed room (a seek), with their rating for the room's
/// speed when it was listed.
///
/// On the wire: `{"username": "Somchai", "rating": 1500, "provisional": true}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seeker {
    /// The player's name.
    pub username: user::Username,
    /// Their rating for the room's speed, rounded (absent for an untimed room, which has no
    /// speed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// Whether that rating is still provisional (shown `1500?`).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub provisional: bool,
}

/// A room listed in the lobby: a seek, a waiting room with its conditions.
///
/// On the wire, an anonymous player's casual room: `{"id": "…", "open_seat": "white",
/// "promotion": "any", "clock": null}`; a signed-in player's rated seek with a range adds
/// `"rated": true, "seeker": {"username": "Somchai", "rating": 1500, "provisional": true},
/// "rating_range": {"min": 1400, "max": 1600}` (clients that do not know these fields ignore
/// them).
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
    /// A rated game (absent on the wire: casual).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub rated: bool,
    /// The waiting player, when signed in (absent on the wire: anonymous).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeker: Option<Seeker>,
    /// The ratings that may take the free seat (absent on the wire: anyone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<RatingRange>,
}

/// A room of the listing and its place there (0 the newest), in a [`ListingDiff`].
///
/// On the wire: `{"at": 0, "room": {"id": "…", "open_seat": "white", "promotion": "any",
/// "clock": null}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedRoom {
    /// The room's index in the listing once the diff is applied.
    pub at: u32,
    /// The room as listed.
    pub room: RoomSummary,
}

/// The change from one listing to the next ([`ServerMsg::LobbyDiff`]): the rooms that left it,
/// and the rooms that entered it or changed, each with its place.
///
/// ```
/// use protocol::{Color, ListingDiff, PromotionRule, RoomId, RoomSummary};
/// let room = |b: u8| RoomSummary {
///     id: RoomId::from_bytes([b; 10]),
///     open_seat: Color::White,
///     promotion: PromotionRule::Any,
///     clock: None,
///     rated: false,
///     seeker: None,
///     rating_range: None,
/// };
/// let old = vec![room(1), room(2), room(3)];
/// let new = vec![room(4), room(1), room(3)];
/// let diff = ListingDiff::between(&old, &new).expect("the rooms kept keep their order");
/// assert_eq!(diff.removed, vec![RoomId::from_bytes([2; 10])]);
/// assert_eq!(diff.added.len(), 1);
/// let mut rooms = old.clone();
/// diff.apply(&mut rooms);
/// assert_eq!(rooms, new);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ListingDiff {
    /// Rooms that left the listing.
    pub removed: Vec<RoomId>,
    /// Rooms that entered the listing or changed, in ascending order of `at`.
    pub added: Vec<ListedRoom>,
}

impl ListingDiff {
    /// The diff from `old` to `new`: `None` when the rooms in both do not keep their order
    /// (this diff cannot say that: send the full listing).
    #[must_use]
    pub fn between(old: &[RoomSummary], new: &[RoomSummary]) -> Option<ListingDiff> {
        let removed = old
            .iter()
            .filter(|o| !new.iter().any(|n| n.id == o.id))
            .map(|o| o.id.clone())
            .collect();
        let added = new
            .iter()
            .enumerate()
            .filter(|(_, n)| !old.contains(n))
            .map(|(at, n)| ListedRoom {
                at: u32::try_from(at).unwrap_or(u32::MAX),
                room: n.clone(),
            })
            .collect();
        let diff = ListingDiff { removed, added };
        let mut check = old.to_vec();
        diff.apply(&mut check);
        (check == new).then_some(diff)
    }

    /// Applies the diff to `rooms`, the listing it was made from: drops the rooms removed and
    /// the ones added (a changed room is in `added`), then inserts each added room at its
    /// place, in order. A place past the end appends (a diff that does not fit the listing
    /// gives a wrong listing, never a panic).
    pub fn apply(&self, rooms: &mut Vec<RoomSummary>) {
        rooms.retain(|r| {
            !self.removed.contains(&r.id) && !self.added.iter().any(|a| a.room.id == r.id)
        });
        for a in &self.added {
            let at = usize::try_from(a.at).unwrap_or(usize::MAX).min(rooms.len());
            rooms.insert(at, a.room.clone());
        }
    }

    /// No room changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.added.is_empty()
    }
}

/// One seat as everyone in the room sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seat {
    /// A player holds the seat.
    pub taken: bool,
    /// The seat's player has an open connection.
    pub online: bool,
}

/// Who sits where and whether they are connected, by colour.
///
/// On the wire: `{"white_taken": true, "black_taken": false, "white_online": true,
/// "black_online": false}`.
///
/// ```
/// use protocol::{ByColor, Color, Seat, Seats};
/// let s = Seats(ByColor { white: Seat { taken: true, online: true }, black: Seat::default() });
/// assert!(s.get(Color::White).online);
/// let json = serde_json::to_string(&s).unwrap();
/// assert_eq!(
///     json,
///     r#"{"white_taken":true,"black_taken":false,"white_online":true,"black_online":false}"#
/// );
/// assert_eq!(serde_json::from_str::<Seats>(&json).unwrap(), s);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "SeatsWire", into = "SeatsWire")]
pub struct Seats(pub ByColor<Seat>);

impl core::ops::Deref for Seats {
    type Target = ByColor<Seat>;

    fn deref(&self) -> &ByColor<Seat> {
        &self.0
    }
}

impl core::ops::DerefMut for Seats {
    fn deref_mut(&mut self) -> &mut ByColor<Seat> {
        &mut self.0
    }
}

/// The wire form of [`Seats`].
#[derive(Serialize, Deserialize)]
struct SeatsWire {
    white_taken: bool,
    black_taken: bool,
    white_online: bool,
    black_online: bool,
}

impl From<SeatsWire> for Seats {
    fn from(w: SeatsWire) -> Seats {
        Seats(ByColor {
            white: Seat {
                taken: w.white_taken,
                online: w.white_online,
            },
            black: Seat {
                taken: w.black_taken,
                online: w.black_online,
            },
        })
    }
}

impl From<Seats> for SeatsWire {
    fn from(s: Seats) -> SeatsWire {
        SeatsWire {
            white_taken: s.white.taken,
            black_taken: s.black.taken,
            white_online: s.white.online,
            black_online: s.black.online,
        }
    }
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
    pub moves: Vec<UciMove>,
    /// The seats.
    pub seats: Seats,
    /// The result once the game is over (on the wire its label, e.g. `checkmate-white-wins`,
    /// `timeout-black-wins`, `abandoned-white-wins`, `aborted`).
    pub outcome: Option<Outcome>,
    /// A pending draw offer and who made it.
    pub draw_offer: Option<Color>,
    /// A pending rematch offer and who made it.
    pub rematch_offer: Option<Color>,
    /// The rematch room, once both agreed.
    pub rematch_room: Option<RoomId>,
    /// The clocks, for a timed game.
    pub clocks: Option<ClockSnapshot>,
    /// Milliseconds until the opponent-left countdown lets the player present claim the win
    /// (or, before both sides have moved, until the server aborts the game).
    pub claim_in_ms: Option<u64>,
    /// Why the room closed without a game (cancelled or expired invitation), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<CloseReason>,
    /// `true` while the room is shown in the lobby (public, waiting, creator present).
    #[serde(default)]
    pub listed: bool,
    /// When a waiting private invitation expires, in milliseconds since the Unix epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<u64>,
    /// The signed-in player of each seat (`None`: empty, or an anonymous player).
    ///
    /// On the wire: `"players": {"white": "Somchai", "black": null}`.
    #[serde(default)]
    pub players: ByColor<Option<user::Username>>,
    /// A rated game (its result changes the players' ratings).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub rated: bool,
    /// Each signed-in player's rating for the room's speed when they took their seat (`None`:
    /// empty, anonymous, or an untimed room, which has no speed).
    ///
    /// On the wire: `"seat_ratings": {"white": {"rating": 1500, "provisional": true},
    /// "black": null}` (absent from servers that predate it: no ratings).
    #[serde(default)]
    pub seat_ratings: ByColor<Option<SeatRating>>,
}

/// A signed-in player's rating for a room's speed when they took their seat, rounded as
/// players see ratings: what stands beside their name by the clock.
///
/// On the wire: `{"rating": 1500, "provisional": true}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRating {
    /// The rating, rounded.
    pub rating: i32,
    /// Whether it is still provisional (shown `1500?`).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub provisional: bool,
}

impl fmt::Display for SeatRating {
    /// `1500`, or `1500?` while provisional.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.rating,
            if self.provisional { "?" } else { "" }
        )
    }
}

/// How a rated game moved one player's rating, rounded as players see ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: i32,
    /// The rating after it.
    pub after: i32,
    /// Whether the rating after it is still provisional (shown `1500?`).
    pub provisional: bool,
}

impl RatingChange {
    /// What the game-over dialog shows: `after - before` (`+12`, `-12`).
    #[must_use]
    pub fn diff(self) -> i32 {
        self.after - self.before
    }
}

/// Something that happened in a room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoomEvent {
    /// A player took a seat.
    Seated {
        /// The seat.
        seat: Color,
        /// The player's account, when they are signed in (absent on the wire otherwise).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<user::Username>,
        /// The signed-in player's rating for the room's speed as they sat down (absent on the
        /// wire for an anonymous player, an untimed room, or a log written before it was
        /// recorded).
        ///
        /// On the wire: `"seat_rating": {"rating": 1500, "provisional": true}`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_rating: Option<SeatRating>,
    },
    /// A move was played.
    Moved {
        /// Its index: the number of moves played before it.
        ply: u32,
        /// The move in UCI.
        uci: UciMove,
        /// The move in SAN.
        san: String,
        /// The clocks after the move, in a timed game.
        clocks: Option<ClockSnapshot>,
        /// When the server accepted the move, in milliseconds since the Unix epoch (absent in
        /// logs written before it was recorded).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
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
        /// The result; on the wire its label, e.g. `checkmate-white-wins`, `resign-black-wins`,
        /// `agreement`, `threefold`, `timeout-white-wins`, `abandoned-black-wins`, `aborted`.
        result: Outcome,
        /// The winner, for a decisive result (the same as `result`'s).
        winner: Option<Color>,
        /// When the game ended, in milliseconds since the Unix epoch (absent in logs written
        /// before it was recorded).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
        /// In a rated game with a result, how each player's rating moved (absent otherwise).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<ByColor<RatingChange>>,
    },
    /// A player connected or left. Only in logs written by servers before presence became
    /// [`ServerMsg::Presence`] (not numbered, not stored); ignored when replayed.
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
    /// A public room left the lobby listing (its creator has been gone for 30 s) or came back
    /// to it (the creator returned).
    Listed {
        /// Whether the room is listed now.
        listed: bool,
    },
    /// The room closed without a game: the invitation was cancelled or expired. Nothing more
    /// happens in it.
    Closed {
        /// Why.
        reason: CloseReason,
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
    /// The move is not legal in the room's position (text that is no UCI move is
    /// [`ErrorCode::BadMessage`]).
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The request is not valid now (no draw offer to decline, no claim to make...).
    NotAllowed,
    /// The room settings are invalid (e.g. a time control out of range).
    InvalidSettings,
    /// The server failed to store the change; nothing was changed.
    Internal,
    /// The room was cancelled or expired: nothing can happen in it any more.
    RoomClosed,
    /// Too many rooms: this address (or the whole server) has as many open rooms as allowed.
    TooManyRooms,
    /// [`ClientMsg::Hello`] did not arrive in time; the connection closes.
    HelloTimeout,
    /// The client did not read what the server sent (or never acknowledged its events) and is
    /// disconnected.
    SlowClient,
    /// The action needs a signed-in player (a rated game, a rating range): this connection is
    /// anonymous, or its session ended (signed out, revoked, expired, account closed).
    /// Taking a seat so refused leaves the connection watching.
    SignInRequired,
    /// This signed-in player has as many seeks (public rooms waiting for an opponent) as
    /// allowed.
    TooManySeeks,
}

/// Messages from the server to the browser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Sent on connection: the server's protocol version.
    Welcome {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The signed-in player of the connection (its session cookie), absent for an
        /// anonymous one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<user::Username>,
    },
    /// The lobby's listing in full: the public rooms waiting for an opponent, newest first (at
    /// most 50). Sent when a connection starts watching the lobby ([`ClientMsg::WatchLobby`])
    /// and whenever a diff would not be smaller, or the connection missed a change (it was
    /// slow to read); later changes come as [`ServerMsg::LobbyDiff`]. Only a change of the rooms
    /// sends it: the counts travel apart ([`ServerMsg::LobbyCounts`]).
    ///
    /// On the wire: `{"type":"lobby","rooms":[{"id":"…","open_seat":"white","promotion":"any",
    /// "clock":null}]}`.
    Lobby {
        /// Public rooms with a free seat, newest first.
        rooms: Vec<RoomSummary>,
    },
    /// What changed in the listing since the last [`ServerMsg::Lobby`] or `lobby_diff` this
    /// connection received: apply it with [`ListingDiff::apply`]. Sent instead of the full
    /// listing when it is the smaller frame.
    ///
    /// On the wire: `{"type":"lobby_diff","removed":["…"],"added":[{"at":0,"room":{…}}]}`.
    LobbyDiff(ListingDiff),
    /// The lobby's live counts. Sent when a connection starts watching the lobby and then at
    /// most once every few seconds (5 s on the server as shipped), and only when a count
    /// changed: connections coming and going never send the listing.
    ///
    /// On the wire: `{"type":"lobby_counts","players_online":12,"games_in_progress":3}`.
    LobbyCounts {
        /// Open connections (on every node of the server).
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
    /// A seated player connected or left (not numbered, not stored: presence is not part of the
    /// game's record).
    Presence {
        /// The room.
        room: RoomId,
        /// The seat.
        seat: Color,
        /// Whether the seat has an open connection.
        online: bool,
        /// When offline: milliseconds until the opponent may claim the win (or, before both
        /// sides have moved, until the game is aborted). Away time adds up over short
        /// reconnects until the player moves again.
        claim_in_ms: Option<u64>,
    },
    /// This connection waits in a quick-pairing pool ([`ClientMsg::JoinPool`]): sent when it
    /// joins, and again every few seconds while the number of players waiting changes.
    ///
    /// On the wire: `{"type":"pool","pool":{"initial_secs":180,"increment_secs":2},
    /// "rated":true,"players":7}`.
    Pool {
        /// The pool's time control.
        pool: TimeControl,
        /// Whether its games are rated (signed-in players) or casual (anonymous ones).
        rated: bool,
        /// The players waiting in the pool now, this one included (on every node).
        players: u32,
    },
    /// This connection's place in a pool is gone without [`ClientMsg::LeavePool`]: the account
    /// took a place from another connection, or the server let the place go.
    ///
    /// On the wire: `{"type":"pool_left","pool":{"initial_secs":180,"increment_secs":2}}`.
    PoolLeft {
        /// The pool's time control.
        pool: TimeControl,
    },
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
/// Reads what `serde_json::from_str::<ServerMsg>` reads, with the same result, through a lighter
/// reader of its own (a flat object checked against its `type`: see `server_wire.rs`), so the
/// browser's module needs no code for serde's internally tagged enums.
///
/// # Errors
/// [`ParseError`] naming the problem.
pub fn parse_server(text: &str) -> Result<ServerMsg, ParseError> {
    let wire: server_wire::ServerWire =
        serde_json::from_str(text).map_err(|e| ParseError(e.to_string()))?;
    ServerMsg::try_from(wire).map_err(ParseError)
}

impl ClientMsg {
    /// The room a room command is for (`None` for hello, lobby, create, ping).
    #[must_use]
    pub fn room(&self) -> Option<&RoomId> {
        match self {
            ClientMsg::Join { room, .. }
            | ClientMsg::TakeSeat { room, .. }
            | ClientMsg::Room { room, .. }
            | ClientMsg::Ack { room, .. }
            | ClientMsg::Leave { room } => Some(room),
            ClientMsg::Hello { .. }
            | ClientMsg::WatchLobby
            | ClientMsg::UnwatchLobby
            | ClientMsg::CreateRoom { .. }
            | ClientMsg::JoinPool { .. }
            | ClientMsg::LeavePool
            | ClientMsg::Ping => None,
        }
    }

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
    pub fn error(code: ErrorCode, message: impl Into<String>, room: Option<&RoomId>) -> ServerMsg {
        ServerMsg::Error {
            code,
            message: message.into(),
            room: room.cloned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use super::*;

    fn r() -> RoomId {
        "0123456789abcdef0123".parse().expect("id")
    }

    #[test]
    fn round_trips() {
        let msgs = [
            ClientMsg::Hello { protocol: 1 },
            ClientMsg::CreateRoom {
                rated: false,
                seat: SeatChoice::Random,
                promotion: PromotionRule::MetOnly,
                clock: TimeControl::fischer(300, 3).ok(),
                public: true,
                rating_range: None,
            },
            ClientMsg::Join {
                room: r(),
                secret: None,
                after: Some(3),
                watch: false,
            },
            ClientMsg::Room {
                room: r(),
                command: RoomCommand::ClaimDraw {
                    claim: DrawClaim::Threefold,
                },
            },
            ClientMsg::JoinPool {
                pool: TimeControl::fischer(180, 2).expect("3+2"),
            },
            ClientMsg::LeavePool,
            ClientMsg::Ping,
        ];
        for m in msgs {
            assert_eq!(parse_client(&m.to_json()), Ok(m.clone()), "{}", m.to_json());
        }
        let s = ServerMsg::Event {
            room: r(),
            seq: 2,
            event: RoomEvent::Moved {
                ply: 0,
                uci: "e3e4".parse().expect("uci"),
                san: "e4".into(),
                clocks: None,
                at_ms: Some(1_700_000_000_000),
            },
        };
        assert_eq!(parse_server(&s.to_json()), Ok(s));
        for m in [
            ClientMsg::Room {
                room: r(),
                command: RoomCommand::Cancel,
            },
            ClientMsg::Room {
                room: r(),
                command: RoomCommand::Abort,
            },
        ] {
            assert_eq!(parse_client(&m.to_json()), Ok(m.clone()), "{}", m.to_json());
        }
        let over = ServerMsg::Event {
            room: r(),
            seq: 9,
            event: RoomEvent::GameOver {
                ratings: None,
                result: Outcome::Aborted,
                winner: None,
                at_ms: None,
            },
        };
        assert_eq!(parse_server(&over.to_json()), Ok(over));
    }

    #[test]
    fn results_keep_their_labels() {
        // Today's labels, byte for byte, in a game-over frame: the wire and the stored events.
        let labels = [
            "checkmate-white-wins",
            "checkmate-black-wins",
            "resign-white-wins",
            "resign-black-wins",
            "timeout-white-wins",
            "timeout-black-wins",
            "abandoned-white-wins",
            "abandoned-black-wins",
            "stalemate",
            "dead-position",
            "counting-draw",
            "fifty-move",
            "threefold",
            "agreement",
            "timeout-draw",
            "ply-cap",
            "aborted",
        ];
        assert_eq!(Outcome::ALL.map(Outcome::label), labels);
        for result in Outcome::ALL {
            let event = RoomEvent::GameOver {
                ratings: None,
                result,
                winner: result.winner(),
                at_ms: None,
            };
            let winner = match result.winner() {
                Some(Color::White) => r#""white""#,
                Some(Color::Black) => r#""black""#,
                None => "null",
            };
            let json = format!(
                r#"{{"kind":"game_over","result":"{}","winner":{winner}}}"#,
                result.label()
            );
            assert_eq!(serde_json::to_string(&event).expect("json"), json);
            assert_eq!(serde_json::from_str::<RoomEvent>(&json).ok(), Some(event));
        }
        assert!(parse_server(
            r#"{"type":"event","room":"0123456789abcdef0123","seq":1,"event":{"kind":"game_over","result":"won","winner":null}}"#
        )
        .is_err());
    }

    /// The clocks' frames, byte for byte as the server and the page have always written them
    /// (the rules' types carry them now).
    #[test]
    fn clock_frames_are_unchanged() {
        let create = ClientMsg::CreateRoom {
            rated: false,
            seat: SeatChoice::White,
            promotion: PromotionRule::Any,
            clock: TimeControl::fischer(300, 3).ok(),
            public: false,
            rating_range: None,
        };
        let text = r#"{"type":"create_room","seat":"white","promotion":"any","clock":{"initial_secs":300,"increment_secs":3},"public":false}"#;
        assert_eq!(create.to_json(), text);
        assert_eq!(parse_client(text), Ok(create));
        let moved = ServerMsg::Event {
            room: r(),
            seq: 4,
            event: RoomEvent::Moved {
                ply: 3,
                uci: "e3e4".parse().expect("uci"),
                san: "e4".into(),
                clocks: Some(ClockSnapshot {
                    left: ByColor {
                        white: Duration::from_millis(57_500),
                        black: Duration::from_millis(61_999),
                    },
                    running: Some(Color::Black),
                }),
                at_ms: Some(1_700_000_000_000),
            },
        };
        let text = r#"{"type":"event","room":"0123456789abcdef0123","seq":4,"event":{"kind":"moved","ply":3,"uci":"e3e4","san":"e4","clocks":{"white_ms":57500,"black_ms":61999,"running":"black"},"at_ms":1700000000000}}"#;
        assert_eq!(moved.to_json(), text);
        assert_eq!(parse_server(text), Ok(moved));
        // A time control the rules cannot play is refused as a malformed message.
        for clock in [
            r#"{"initial_secs":0,"increment_secs":3}"#,
            r#"{"initial_secs":10801,"increment_secs":0}"#,
            r#"{"initial_secs":60,"increment_secs":181}"#,
        ] {
            let text = format!(
                r#"{{"type":"create_room","seat":"white","promotion":"any","clock":{clock},"public":false}}"#
            );
            assert!(parse_client(&text).is_err(), "{text}");
        }
    }

    #[test]
    fn old_events_still_read() {
        // Logs written before `at_ms` and before presence left the log.
        let old = r#"{"kind":"moved","ply":0,"uci":"e3e4","san":"e4","clocks":null}"#;
        assert!(serde_json::from_str::<RoomEvent>(old).is_ok());
        let presence = r#"{"kind":"presence","seat":"white","online":false,"claim_in_ms":60000}"#;
        assert!(serde_json::from_str::<RoomEvent>(presence).is_ok());
    }

    #[test]
    fn wire_format_is_stable() {
        assert_eq!(
            ClientMsg::Room {
                room: r(),
                command: RoomCommand::ClaimDraw {
                    claim: DrawClaim::FiftyMoves
                }
            }
            .to_json(),
            r#"{"type":"claim_draw","room":"0123456789abcdef0123","claim":"fifty-moves"}"#
        );
        assert_eq!(
            ServerMsg::error(ErrorCode::WrongPly, "x", None).to_json(),
            r#"{"type":"error","code":"wrong_ply","message":"x","room":null}"#
        );
        let pool = TimeControl::fischer(180, 2).expect("3+2");
        assert_eq!(
            ClientMsg::JoinPool { pool }.to_json(),
            r#"{"type":"join_pool","pool":{"initial_secs":180,"increment_secs":2}}"#
        );
        assert_eq!(
            ServerMsg::Pool {
                pool,
                rated: false,
                players: 3
            }
            .to_json(),
            r#"{"type":"pool","pool":{"initial_secs":180,"increment_secs":2},"rated":false,"players":3}"#
        );
        assert!(is_pool(pool));
        assert!(!is_pool(TimeControl::fischer(180, 1).expect("3+1")));
    }

    /// One of every server message and room event, as the server writes them.
    fn every_server_msg() -> Vec<ServerMsg> {
        let clocks = Some(ClockSnapshot {
            left: ByColor {
                white: Duration::from_millis(1000),
                black: Duration::from_millis(2000),
            },
            running: Some(Color::White),
        });
        let events = [
            RoomEvent::Seated {
                seat: Color::Black,
                user: None,
                seat_rating: None,
            },
            RoomEvent::Seated {
                seat: Color::White,
                user: "Somchai".parse().ok(),
                seat_rating: Some(SeatRating {
                    rating: 1500,
                    provisional: true,
                }),
            },
            RoomEvent::Moved {
                ply: 3,
                uci: "e3e4".parse().expect("uci"),
                san: "e4".into(),
                clocks,
                at_ms: Some(5),
            },
            RoomEvent::Moved {
                ply: 0,
                uci: "e3e4".parse().expect("uci"),
                san: "e4".into(),
                clocks: None,
                at_ms: None,
            },
            RoomEvent::DrawOffered { by: Color::White },
            RoomEvent::DrawDeclined { by: Color::Black },
            RoomEvent::GameOver {
                ratings: None,
                result: Outcome::Aborted,
                winner: None,
                at_ms: Some(9),
            },
            RoomEvent::GameOver {
                result: "resign-white-wins".parse().expect("outcome"),
                winner: Some(Color::White),
                at_ms: Some(10),
                ratings: Some(ByColor {
                    white: RatingChange {
                        before: 1500,
                        after: 1662,
                        provisional: true,
                    },
                    black: RatingChange {
                        before: 1720,
                        after: 1702,
                        provisional: false,
                    },
                }),
            },
            RoomEvent::Presence {
                seat: Color::White,
                online: false,
                claim_in_ms: Some(60_000),
            },
            RoomEvent::RematchOffered { by: Color::White },
            RoomEvent::RematchReady { room: r() },
            RoomEvent::Listed { listed: true },
            RoomEvent::Closed {
                reason: CloseReason::Expired,
            },
        ];
        let state = RoomState {
            initial_fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            promotion: PromotionRule::MetOnly,
            clock: TimeControl::fischer(60, 1).ok(),
            public: true,
            moves: vec!["e3e4".parse().expect("uci")],
            seats: Seats::default(),
            outcome: None,
            draw_offer: Some(Color::Black),
            rematch_offer: None,
            rematch_room: Some(r()),
            clocks,
            claim_in_ms: None,
            closed: None,
            listed: true,
            expires_at_ms: Some(7),
            players: ByColor {
                white: "Somchai".parse().ok(),
                black: None,
            },
            rated: true,
            seat_ratings: ByColor {
                white: Some(SeatRating {
                    rating: 1612,
                    provisional: false,
                }),
                black: None,
            },
        };
        let mut msgs = vec![
            ServerMsg::Welcome {
                protocol: 3,
                user: None,
            },
            ServerMsg::Welcome {
                protocol: 3,
                user: "Malee".parse().ok(),
            },
            ServerMsg::Lobby {
                rooms: vec![RoomSummary {
                    id: r(),
                    open_seat: Color::White,
                    promotion: PromotionRule::Any,
                    clock: None,
                    rated: false,
                    seeker: None,
                    rating_range: None,
                }],
            },
            ServerMsg::LobbyDiff(ListingDiff {
                removed: vec![r()],
                added: vec![ListedRoom {
                    at: 2,
                    room: RoomSummary {
                        id: r(),
                        open_seat: Color::Black,
                        promotion: PromotionRule::MetOnly,
                        clock: TimeControl::fischer(60, 1).ok(),
                        rated: true,
                        seeker: Some(Seeker {
                            username: "Malee".parse().expect("name"),
                            rating: Some(1520),
                            provisional: true,
                        }),
                        rating_range: RatingRange::new(1300, 1800).ok(),
                    },
                }],
            }),
            ServerMsg::LobbyDiff(ListingDiff::default()),
            ServerMsg::LobbyCounts {
                players_online: 4,
                games_in_progress: 1,
            },
            ServerMsg::Pool {
                pool: TimeControl::fischer(300, 3).expect("5+3"),
                rated: true,
                players: 12,
            },
            ServerMsg::PoolLeft {
                pool: TimeControl::fischer(60, 0).expect("1+0"),
            },
            ServerMsg::Seated {
                room: r(),
                seat: Color::White,
                secret: "s".into(),
            },
            ServerMsg::Snapshot {
                room: r(),
                seq: 8,
                you: None,
                state: state.clone(),
            },
            ServerMsg::Snapshot {
                room: r(),
                seq: 8,
                you: Some(Color::Black),
                state,
            },
            ServerMsg::error(ErrorCode::WrongPly, "x", None),
            ServerMsg::error(ErrorCode::UnknownRoom, "y", Some(&r())),
            ServerMsg::Pong,
            ServerMsg::Presence {
                room: r(),
                seat: Color::Black,
                online: true,
                claim_in_ms: None,
            },
        ];
        msgs.extend(
            events
                .into_iter()
                .enumerate()
                .map(|(i, event)| ServerMsg::Event {
                    room: r(),
                    seq: i as u64 + 1,
                    event,
                }),
        );
        msgs
    }

    #[test]
    fn parse_server_reads_as_the_derived_reader() {
        let room = "0123456789abcdef0123";
        let mut texts: Vec<String> = every_server_msg().iter().map(ServerMsg::to_json).collect();
        texts.extend(
            [
                // Old logs, fields in another order, fields of other messages, absent options.
                r#"{"room":"R","type":"event","seq":1,"event":{"clocks":null,"kind":"moved","ply":0,"uci":"e3e4","san":"e4"}}"#,
                r#"{"type":"pong","room":"R","seq":3}"#,
                r#"{"type":"snapshot","room":"R","seq":1,"state":{"initial_fen":"8/8/8/8/8/8/8/8 w - - 0 1","promotion":"met-only","clock":null,"public":false,"moves":[],"seats":{"white_taken":true,"black_taken":false,"white_online":true,"black_online":false},"outcome":null,"draw_offer":null,"rematch_offer":null,"rematch_room":null,"clocks":null,"claim_in_ms":null}}"#,
                r#"{"type":"error","code":"internal","message":"m"}"#,
                r#"{"type":"event","room":"R","seq":2,"event":{"kind":"game_over","result":"aborted"}}"#,
                r#"{"type":"presence","room":"R","seat":"white","online":false,"extra":[1,{"a":null}]}"#,
                // Refused by both: unknown or missing tags, missing, null or mistyped fields.
                r#"{"type":"nope"}"#,
                r#"{"room":"R"}"#,
                r#"{"type":"event","room":"R","seq":2,"event":{"kind":"nope"}}"#,
                r#"{"type":"event","room":"R","seq":2,"event":{"ply":1}}"#,
                r#"{"type":"event","room":"R","seq":2}"#,
                r#"{"type":"event","room":"R","seq":"2","event":{"kind":"listed","listed":true}}"#,
                r#"{"type":"event","room":"R","seq":2,"event":{"kind":"listed","listed":null}}"#,
                r#"{"type":"event","room":"R","seq":2,"event":{"kind":"game_over","result":"won"}}"#,
                r#"{"type":"seated","room":"R","seat":"white"}"#,
                r#"{"type":"seated","room":"bad id","seat":"white","secret":"s"}"#,
                r#"{"type":"welcome","protocol":-1}"#,
                r#"{"type":"welcome","protocol":1,"protocol":2}"#,
                r#"{"type":"lobby","players_online":1}"#,
                r#"{"type":"lobby_diff","removed":[]}"#,
                r#"{"type":"lobby_diff","removed":["R"],"added":[{"room":{"id":"R","open_seat":"white","promotion":"any","clock":null}}]}"#,
                r#"{"type":"lobby_diff","removed":["bad id"],"added":[]}"#,
                r#"{"type":"lobby_counts","players_online":1}"#,
                r#"{"type":"lobby_counts","players_online":-1,"games_in_progress":0}"#,
                r#"{"type":"presence","room":"R","seat":"green","online":true}"#,
                "[]",
                "null",
                "",
                "{",
            ]
            .map(|t| t.replace("\"R\"", &format!("\"{room}\""))),
        );
        for text in &texts {
            let derived = serde_json::from_str::<ServerMsg>(text).ok();
            assert_eq!(parse_server(text).ok(), derived, "{text}");
        }
        let read = texts.iter().filter(|t| parse_server(t).is_ok()).count();
        assert_eq!(
            read,
            every_server_msg().len() + 6,
            "the valid ones are read"
        );
    }

    #[test]
    fn damaged_server_frames_read_as_the_derived_reader() {
        // Every message cut short at each character, or with one character dropped: the light
        // reader agrees with serde's derived one (mostly a refusal) and never panics.
        for text in every_server_msg().iter().map(ServerMsg::to_json) {
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            for &(i, c) in &chars {
                let cut = &text[..i];
                let dropped = format!("{}{}", &text[..i], &text[i + c.len_utf8()..]);
                for damaged in [cut, dropped.as_str()] {
                    let derived = serde_json::from_str::<ServerMsg>(damaged).ok();
                    assert_eq!(parse_server(damaged).ok(), derived, "{damaged}");
                }
            }
        }
    }

    fn listed(b: u8, open_seat: Color) -> RoomSummary {
        RoomSummary {
            id: RoomId::from_bytes([b; 10]),
            open_seat,
            promotion: PromotionRule::Any,
            clock: None,
            rated: false,
            seeker: None,
            rating_range: None,
        }
    }

    #[test]
    fn a_listing_diff_adds_changes_and_removes_rooms() {
        let old = vec![
            listed(1, Color::White),
            listed(2, Color::White),
            listed(3, Color::Black),
            listed(4, Color::White),
        ];
        // Room 5 added first, room 2 removed, room 3 changed (its open seat), room 6 added last.
        let new = vec![
            listed(5, Color::White),
            listed(1, Color::White),
            listed(3, Color::White),
            listed(4, Color::White),
            listed(6, Color::Black),
        ];
        let diff = ListingDiff::between(&old, &new).expect("a diff");
        assert_eq!(diff.removed, vec![RoomId::from_bytes([2; 10])]);
        let added: Vec<(u32, u8)> = diff
            .added
            .iter()
            .map(|a| (a.at, a.room.id.as_str().as_bytes()[1] - b'0'))
            .collect();
        assert_eq!(added, vec![(0, 5), (2, 3), (4, 6)]);
        // Through the wire and back, applied to the old listing: the new one.
        let text = ServerMsg::LobbyDiff(diff).to_json();
        let Ok(ServerMsg::LobbyDiff(read)) = parse_server(&text) else {
            panic!("{text}");
        };
        let mut rooms = old.clone();
        read.apply(&mut rooms);
        assert_eq!(rooms, new);
        // Everything removed, nothing left; nothing changed, an empty diff.
        let gone = ListingDiff::between(&old, &[]).expect("a diff");
        assert_eq!(gone.removed.len(), 4);
        assert!(gone.added.is_empty());
        assert!(ListingDiff::between(&new, &new).is_some_and(|d| d.is_empty()));
    }

    #[test]
    fn rooms_that_change_order_are_no_diff_and_a_diff_that_does_not_fit_never_panics() {
        let old = vec![listed(1, Color::White), listed(2, Color::White)];
        let swapped = vec![listed(2, Color::White), listed(1, Color::White)];
        assert_eq!(ListingDiff::between(&old, &swapped), None);
        let odd = ListingDiff {
            removed: vec![RoomId::from_bytes([9; 10])],
            added: vec![ListedRoom {
                at: u32::MAX,
                room: listed(3, Color::Black),
            }],
        };
        let mut rooms = Vec::new();
        odd.apply(&mut rooms);
        assert_eq!(rooms, vec![listed(3, Color::Black)]);
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
            r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"e3e4","x":1}"#,
            r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"c6c7=m"}"#,
            r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"e3e4 "}"#,
            r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":"E3E4"}"#,
            r#"{"type":"move","room":"0123456789abcdef0123","ply":0,"uci":4}"#,
            // An unknown field inside a nested object is refused too.
            r#"{"type":"create_room","seat":"white","promotion":"any","clock":{"initial_secs":300,"increment_secs":3,"x":1},"public":true}"#,
            "\u{0}\u{ffff}",
        ] {
            assert!(parse_client(text).is_err(), "{text:?}");
        }
    }
}
