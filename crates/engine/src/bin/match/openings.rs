//! The openings a match starts its games from: a committed set of FENs a few plies from the
//! start (`crates/engine/openings/asean.fen`, built into the tool), or any file of FENs, and the
//! generator that made the set.
//!
//! File format: one FEN per line; blank lines and lines starting with `#` are ignored.

use core::sync::atomic::AtomicBool;
use std::collections::HashSet;

use engine::{Engine, Limits, NoClock, Score};
use rules::{Game, Rules};

use crate::rng::SplitMix64;

/// The committed opening set.
pub const BUILT_IN: &str = include_str!("../../../openings/asean.fen");

/// Reads openings from `text` (`source` names it in errors): every line a FEN of a legal
/// position whose game is not over.
///
/// # Errors
/// The first bad line, with its number and why; or no opening at all.
pub fn parse(text: &str, source: &str) -> Result<Vec<Game>, String> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = Game::from_fen(line, Rules::default())
            .map_err(|e| format!("{source}:{}: {e}: {line}", i + 1))?;
        if let Some(o) = game.outcome() {
            return Err(format!(
                "{source}:{}: the game is over ({o}): {line}",
                i + 1
            ));
        }
        games.push(game);
    }
    if games.is_empty() {
        return Err(format!("{source}: no opening"));
    }
    Ok(games)
}

/// How [`generate`] makes openings.
#[derive(Debug, Clone, Copy)]
pub struct Recipe {
    /// How many openings.
    pub count: usize,
    /// The seed of the random moves.
    pub seed: u64,
    /// The fewest random plies from the start.
    pub min_plies: usize,
    /// The most random plies from the start.
    pub max_plies: usize,
    /// Nodes of our engine's search that judges each candidate.
    pub nodes: u64,
    /// The largest score in centipawns (either side's) a kept opening may have.
    pub max_cp: i32,
}

/// Openings made by `recipe`, as FEN lines: from the initial position, a random number of
/// uniformly random legal plies (of pieces other than the king) in `min_plies..=max_plies`,
/// kept when the game goes on, the side
/// to move is not in check, the position is new, and our engine's search of `nodes` nodes
/// scores it within `±max_cp` (neither side clearly better). The same recipe and the same
/// engine give the same list.
#[must_use]
pub fn generate(recipe: &Recipe) -> Vec<String> {
    let mut rng = SplitMix64::new(recipe.seed);
    let mut engine = Engine::new(16);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let span = recipe.max_plies.saturating_sub(recipe.min_plies) + 1;
    let attempts = recipe.count.saturating_mul(100).max(1000);
    for _ in 0..attempts {
        if out.len() >= recipe.count {
            break;
        }
        let mut game = Game::new(Rules::default());
        let plies = recipe.min_plies + rng.below(span);
        for _ in 0..plies {
            // Kings stay home in an opening: random plies move any other piece.
            let pos = game.position();
            let king = pos.king_square(pos.turn());
            let moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| m.from != king)
                .collect();
            if moves.is_empty() || game.is_over() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if game.play(m).is_err() {
                break;
            }
        }
        if game.moves().len() != plies || game.is_over() || game.position().is_check() {
            continue;
        }
        let fen = game.position().fen();
        if !seen.insert(fen.clone()) {
            continue;
        }
        engine.new_game();
        let result = engine.search(
            game.positions(),
            Limits::Nodes(recipe.nodes),
            &NoClock,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= recipe.max_cp) {
            out.push(fen);
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    #[test]
    fn the_built_in_set_parses_and_every_opening_goes_on() {
        let games = parse(BUILT_IN, "asean.fen").unwrap();
        assert!(games.len() >= 200, "{} openings", games.len());
        let mut seen = HashSet::new();
        for g in &games {
            assert!(!g.is_over());
            assert!(g.position().has_legal_moves());
            assert!(g.claimable().is_empty());
            assert!(
                seen.insert(g.position().fen()),
                "duplicate {}",
                g.position().fen()
            );
        }
    }

    #[test]
    fn bad_files_name_the_line() {
        let e = parse("# c\n\nnot a fen\n", "x.fen").unwrap_err();
        assert!(e.starts_with("x.fen:3:"), "{e}");
        let e = parse("k7/8/1K6/8/8/8/8/8 w - - 0 1\n", "x.fen").unwrap_err();
        assert!(e.contains("over"), "{e}");
        assert!(parse("# only comments\n", "x.fen").is_err());
    }

    #[test]
    fn generation_is_reproducible_and_balanced() {
        let recipe = Recipe {
            count: 3,
            seed: 5,
            min_plies: 4,
            max_plies: 6,
            nodes: 2_000,
            max_cp: 60,
        };
        let a = generate(&recipe);
        assert_eq!(a.len(), 3);
        assert_eq!(a, generate(&recipe));
        let text = a.join("\n");
        assert_eq!(parse(&text, "generated").unwrap().len(), 3);
    }
}
