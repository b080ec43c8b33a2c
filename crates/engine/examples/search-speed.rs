//! Nodes per second and depth reached in a fixed time from a set of positions.
//!
//! `cargo run -p engine --release --example search-speed -- [milliseconds]` (default 1000).

use core::sync::atomic::AtomicBool;
use core::time::Duration;

use engine::{Engine, Limits, StdClock};
use rules::{Position, Rules};

const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
    ),
    (
        "opening",
        "rnbqkbnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNBQKBNR w - - 0 2",
    ),
    (
        "middlegame",
        "r2q1bn1/4k1r1/1bpp1p1p/5p2/8/1PPP2PP/4Q1BR/1NB1K1N1 b - - 1 13",
    ),
    (
        "middlegame2",
        "3r1bn1/5k2/1Npp1p1p/b7/3P1pBP/1PP5/3N3R/2B1K3 b - - 0 23",
    ),
    (
        "endgame",
        "2b1k3/2n1q2P/1p5p/1p6/4b3/PN4P1/1n6/4K3 w - - 0 31",
    ),
];

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for &(name, fen) in POSITIONS {
        let pos = Position::from_fen(fen, Rules::default()).expect("fen");
        let mut engine = Engine::new(64);
        let clock = StdClock::start();
        let r = engine.search(
            &[pos],
            Limits::MoveTime(Duration::from_millis(ms)),
            &clock,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let t = clock_secs(&clock);
        nodes += r.nodes;
        secs += t;
        println!(
            "{name:12} depth {:2}  {:>9} nodes  {:>6.0} k nodes/s  best {}",
            r.depth,
            r.nodes,
            r.nodes as f64 / t / 1000.0,
            r.best_move.map_or("-".to_owned(), |m| m.to_uci())
        );
    }
    println!("total: {:.0} k nodes/s", nodes as f64 / secs / 1000.0);
}

fn clock_secs(clock: &StdClock) -> f64 {
    use engine::Clock;
    clock.elapsed().as_secs_f64()
}
