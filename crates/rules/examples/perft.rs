//! `cargo run -p rules --release --example perft -- [depth] [fen]`: perft with timing.

use std::time::Instant;

use rules::{Position, Rules, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|d| d.parse()) {
        None => 6,
        Some(Ok(d)) => d,
        Some(Err(_)) => {
            eprintln!("usage: perft [depth] [fen...]  (depth: a number of plies)");
            std::process::exit(2);
        }
    };
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Position::new(Rules::default())
    } else {
        match Position::from_fen(&fen.join(" "), Rules::default()) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {nodes} in {secs:.3} s: {:.1} M leaves/s",
        nodes as f64 / secs / 1e6
    );
}
