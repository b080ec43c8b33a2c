//! Search speed: nodes per second and depth reached in a fixed time from a set of positions.
//!
//! `cargo bench -p engine` (criterion: time of a fixed-depth search from each position). The
//! fixed-time figures (nodes per second, depth in one second) are printed by
//! `cargo run -p engine --release --example search-speed`.

#![allow(missing_docs)] // criterion's macros generate undocumented items

use core::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::{Engine, Limits, NoClock};
use rules::{Position, Rules};

const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
    ),
    (
        "middlegame",
        "r2q1bn1/4k1r1/1bpp1p1p/5p2/8/1PPP2PP/4Q1BR/1NB1K1N1 b - - 1 13",
    ),
    (
        "endgame",
        "2b1k3/2n1q2P/1p5p/1p6/4b3/PN4P1/1n6/4K3 w - - 0 31",
    ),
];

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for &(name, fen) in POSITIONS {
        let pos = Position::from_fen(fen, Rules::default()).expect("fen");
        group.bench_function(format!("{name}/depth7"), |b| {
            b.iter(|| {
                let mut engine = Engine::new(16);
                engine.search(
                    std::slice::from_ref(&pos),
                    Limits::Depth(7),
                    &NoClock,
                    &AtomicBool::new(false),
                    &mut |_| {},
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
