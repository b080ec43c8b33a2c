//! Perft from the start and from the reference positions: the speed of legal move generation.
//!
//! `cargo bench -p rules` (or `cargo xtask bench`). Leaves per second = nodes / time; criterion
//! reports it as throughput in elements per second.

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::{Position, Rules, perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::new(Rules::default());
    for (name, pos, depth, nodes) in [
        ("startpos", start.clone(), 5, 6_223_994u64),
        ("startpos", start, 6, 142_078_057),
        (
            "promo-both-sides",
            Position::from_fen(
                "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w - - 0 1",
                Rules::default(),
            )
            .expect("fen"),
            5,
            25_150_073,
        ),
    ] {
        assert_eq!(perft(&pos, depth), nodes, "{name} perft({depth})");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/{depth}"), |b| b.iter(|| perft(&pos, depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
