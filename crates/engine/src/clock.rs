use core::time::Duration;

/// A source of elapsed time, injected into the search because `std::time::Instant` panics on
/// `wasm32-unknown-unknown` (the browser passes `performance.now()` instead).
pub trait Clock {
    /// Time elapsed since the clock was started.
    fn elapsed(&self) -> Duration;
}

/// A clock that never advances: searches bounded by depth or nodes only, and tests.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}

/// A clock backed by a function returning milliseconds since some origin (e.g. the browser's
/// `performance.now()`); elapsed time is measured from the first call.
pub struct FnClock<F: Fn() -> f64> {
    now_ms: F,
    start_ms: f64,
}

impl<F: Fn() -> f64> FnClock<F> {
    /// Starts the clock now.
    pub fn new(now_ms: F) -> Self {
        let start_ms = now_ms();
        FnClock { now_ms, start_ms }
    }
}

impl<F: Fn() -> f64> Clock for FnClock<F> {
    fn elapsed(&self) -> Duration {
        Duration::from_secs_f64(((self.now_ms)() - self.start_ms).max(0.0) / 1000.0)
    }
}

/// The operating system's monotonic clock (native targets only).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct StdClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    /// Starts the clock now.
    #[must_use]
    pub fn start() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}
