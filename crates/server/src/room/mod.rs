//! Rooms: the pure state machine ([`state`]) and the task that owns each live room and performs
//! every write of it ([`actor`]), over a narrow environment ([`RoomEnv`], [`RoomHost`]). The
//! lobby uses rooms; rooms never use the lobby.

pub mod actor;
pub mod state;

pub use actor::{RoomCmd, RoomEnv, RoomHost, Start, run};
pub use state::{Plan, Refusal, ReplayError, Room, RoomConfig, RoomStatus, hash_secret};

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

/// The server's clock: Unix milliseconds that never go backwards within one process (the wall
/// clock read once at start, advanced by the monotonic clock), so that stored move times are
/// real dates and clocks are immune to the wall clock being set.
#[derive(Debug, Clone, Copy)]
pub struct ServerClock {
    epoch: Instant,
    epoch_unix_ms: u64,
}

impl ServerClock {
    /// A clock reading the wall clock now.
    #[must_use]
    pub fn start() -> ServerClock {
        ServerClock {
            epoch: Instant::now(),
            epoch_unix_ms: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
        }
    }

    /// Milliseconds since the Unix epoch, now.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        self.epoch_unix_ms + u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX / 2)
    }

    /// The instant of a time of this clock (times before the start are the start).
    #[must_use]
    pub fn instant_of(&self, ms: u64) -> Instant {
        self.epoch + Duration::from_millis(ms.saturating_sub(self.epoch_unix_ms))
    }
}

/// `n` random bytes from the operating system, in hex.
///
/// # Panics
/// If the operating system's random source fails (nothing sensible can go on then).
#[must_use]
pub fn random_hex(n: usize) -> String {
    use std::fmt::Write as _;
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    bytes.iter().fold(String::with_capacity(2 * n), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A new random room id.
///
/// # Panics
/// If the operating system's random source fails.
#[must_use]
pub fn random_room_id() -> protocol::RoomId {
    let mut bytes = [0u8; protocol::ROOM_ID_LEN / 2];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    protocol::RoomId::from_bytes(bytes)
}
