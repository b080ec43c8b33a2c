//! Log lines of one kind at most once a [`LOG_INTERVAL`], counting the ones left out.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

/// Shortest interval between two log lines of one kind.
pub(super) const LOG_INTERVAL: Duration = Duration::from_secs(1);

/// At most one log line per [`LOG_INTERVAL`], counting the ones left out.
pub(crate) struct RateLimit {
    state: Mutex<RateState>,
}

pub(super) struct RateState {
    last: Option<Instant>,
    suppressed: u64,
}

impl RateLimit {
    pub(crate) const fn new() -> Self {
        RateLimit {
            state: Mutex::new(RateState {
                last: None,
                suppressed: 0,
            }),
        }
    }

    /// Whether a line may be logged at `now`: `Some(lines left out since the last one)`,
    /// or `None` (and this one is counted as left out).
    pub(crate) fn allow(&self, now: Instant) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let due = state
            .last
            .is_none_or(|last| now.saturating_duration_since(last) >= LOG_INTERVAL);
        if due {
            state.last = Some(now);
            Some(std::mem::take(&mut state.suppressed))
        } else {
            state.suppressed += 1;
            None
        }
    }
}
