//! Rooms: the pure state machine ([`state`]) and the task that owns each live room and performs
//! every write of it ([`actor`]), over a narrow environment ([`RoomEnv`], [`RoomHost`]). The
//! lobby uses rooms; rooms never use the lobby. The server's clock and the random ids rooms
//! make are leaves of their own ([`crate::clock`], [`crate::ids`]).

pub mod actor;
pub mod state;

pub use actor::{JoinMode, RoomCmd, RoomEnv, RoomHost, Start, run};
pub use state::{
    DEFAULT_COUNTDOWN, DEFAULT_FINISHED_TTL, DEFAULT_INVITE_TTL, DEFAULT_MAX_PLIES,
    DEFAULT_UNLIST_AFTER, Plan, Refusal, ReplayError, Room, RoomConfig, RoomStatus, hash_secret,
};
