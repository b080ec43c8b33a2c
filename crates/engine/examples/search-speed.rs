//! Nodes per second and depth reached in a fixed time from the positions of
//! [`engine::speed::POSITIONS`], natively (the browser's figures come from the ignored test in
//! `crates/worker/tests/web.rs`).
//!
//! `cargo run -p engine --release --example search-speed -- [milliseconds]` (default 1000).

use core::time::Duration;

use engine::{StdClock, speed};

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let rows = speed::measure(Duration::from_millis(ms), 64, &mut || {
        Box::new(StdClock::start())
    });
    print!("{}", speed::report(&rows));
}
