//! The server's clock ([`ServerClock`]): the one source of "now" for rooms, the lobby and the
//! cluster. A leaf: it uses nothing else of the server.

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
