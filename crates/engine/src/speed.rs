//! Search speed: the nodes per second and the depth reached in a fixed time from five positions
//! (the start, an opening, two middle games and an endgame), measured the same way natively
//! (`cargo run -p engine --release --example search-speed`) and in the browser's wasm (the
//! ignored test in `crates/worker/tests/web.rs`), so the two figures compare.

use core::sync::atomic::AtomicBool;
use core::time::Duration;

use rules::{Move, Position, Rules};

use crate::{Clock, Engine, Limits};

/// The positions, each with its name and FEN.
pub const POSITIONS: [(&str, &str); 5] = [
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

/// One position's search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Speed {
    /// The position's name in [`POSITIONS`].
    pub name: &'static str,
    /// The deepest iteration completed, in plies.
    pub depth: u8,
    /// The nodes searched.
    pub nodes: u64,
    /// The time the search took, by its clock.
    pub time: Duration,
    /// The move it chose.
    pub best_move: Option<Move>,
}

impl Speed {
    /// Nodes per second (0 when no time passed).
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 { self.nodes as f64 / s } else { 0.0 }
    }
}

/// Searches each of [`POSITIONS`] for `time` (`go movetime`, spent whole) with a fresh engine
/// of `tt_megabytes` MiB, each timed by a clock that `start_clock` starts.
///
/// # Panics
/// Never: the positions are valid FEN (a test reads them).
pub fn measure(
    time: Duration,
    tt_megabytes: usize,
    start_clock: &mut dyn FnMut() -> Box<dyn Clock>,
) -> Vec<Speed> {
    POSITIONS
        .iter()
        .map(|&(name, fen)| {
            let pos = Position::from_fen(fen, Rules::default()).expect("the positions are valid");
            let mut engine = Engine::new(tt_megabytes);
            let clock = start_clock();
            let r = engine.search(
                &[pos],
                Limits::MoveTime(time),
                clock.as_ref(),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            Speed {
                name,
                depth: r.depth,
                nodes: r.nodes,
                time: clock.elapsed(),
                best_move: r.best_move,
            }
        })
        .collect()
}

/// The table of [`measure`]'s rows, a line each, and a last line with the nodes per second over
/// all of them:
///
/// ```text
/// start        depth 13    1311744 nodes    1311 k nodes/s  best c3c4
/// total: 1227 k nodes/s, mean depth 13.8
/// ```
#[must_use]
pub fn report(rows: &[Speed]) -> String {
    let mut out = String::new();
    for r in rows {
        out.push_str(&format!(
            "{:12} depth {:2}  {:>9} nodes  {:>6.0} k nodes/s  best {}\n",
            r.name,
            r.depth,
            r.nodes,
            r.nodes_per_second() / 1000.0,
            r.best_move.map_or("-".to_owned(), |m| m.to_uci())
        ));
    }
    let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    let secs: f64 = rows.iter().map(|r| r.time.as_secs_f64()).sum();
    let depth = rows.iter().map(|r| f64::from(r.depth)).sum::<f64>() / rows.len().max(1) as f64;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    out.push_str(&format!(
        "total: {:.0} k nodes/s, mean depth {depth:.1}\n",
        nps / 1000.0
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoClock;

    #[test]
    fn every_position_is_valid_and_searched() {
        // A clock that never advances: the search ends at its depth cap, so bound it by depth.
        for &(name, fen) in &POSITIONS {
            assert!(
                Position::from_fen(fen, Rules::default()).is_ok(),
                "{name}: {fen}"
            );
        }
        let rows = measure(Duration::ZERO, 1, &mut || Box::new(NoClock));
        assert_eq!(rows.len(), POSITIONS.len());
        for r in &rows {
            assert!(r.best_move.is_some(), "{}", r.name);
        }
        let text = report(&rows);
        assert_eq!(text.lines().count(), POSITIONS.len() + 1);
        assert!(
            text.lines()
                .last()
                .is_some_and(|l| l.starts_with("total: "))
        );
    }
}
