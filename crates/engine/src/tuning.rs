//! Texel tuning of the evaluation's weights: logistic regression of game results on the
//! evaluation's linear terms.
//!
//! The evaluation's weights (material, piece-square tables, mobility, pawn structure, rooks'
//! files, king safety, threats and tempo, each for the middle game and the endgame; see
//! `src/eval/weights.rs` and `eval::GROUPS`) enter it linearly: for a position, the score from
//! White's side is `Σ wᵢ·xᵢ`, where `xᵢ` counts how often the term applies to White less how
//! often to Black, weighted by the phase (middle-game terms by `phase`, endgame terms by
//! `1 - phase`). Texel's method fits the
//! weights `w` so that `σ(K·score)` (with `σ(x) = 1 / (1 + 10^(-x/400))`) predicts the results of
//! the games the positions come from: it minimises the mean squared error between the
//! prediction and the result (1 a White win, ½ a draw, 0 a Black win), first choosing the
//! scale `K` that fits the starting weights best, then moving the weights by Adam's gradient
//! steps.
//!
//! Only positions whose evaluation *is* that linear sum are used ([`Sample::new`] says which):
//! not those with a lone king (the mating technique decides them), without mating material, or
//! pawnless with close material (those are scaled down), nor positions in check.
//!
//! The command-line tool is `asean-tune` (`src/bin/tune.rs`): `gen` plays the self-play games,
//! `fit` runs the regression and writes the weights file.

use rules::Position;

use crate::eval;

/// The number of weights: two phases × (six roles × (64 squares + the material value) + the
/// groups of `eval::GROUPS`).
pub const PARAMS: usize = eval::PARAMS;
/// One phase's block of weights: the endgame weight of a term is this far after its
/// middle-game weight.
const BLOCK: usize = eval::BLOCK;

/// One position of a game, as the regression sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The position's terms: weight index (middle-game layout, see [`weights`]) and count.
    terms: Vec<(u16, i8)>,
    /// The middle game's share of the taper, `0.0..=1.0`.
    phase: f32,
    /// The game's result from White's side: 1, 0.5 or 0.
    pub result: f32,
}

impl Sample {
    /// The sample of `pos` from a game that ended `result` (from White's side: 1, 0.5, 0);
    /// `None` when the position is in check or its evaluation is not the linear sum of the
    /// weights (see the module's doc).
    #[must_use]
    pub fn new(pos: &Position, result: f32) -> Option<Sample> {
        if pos.is_check() || eval::white_score(pos) != eval::linear(pos) {
            return None;
        }
        let mut terms: Vec<(u16, i8)> = Vec::with_capacity(48);
        eval::terms(pos, |i, n| {
            let i = i as u16;
            let n = n as i8;
            match terms.iter_mut().find(|(j, _)| *j == i) {
                Some(t) => t.1 += n,
                None => terms.push((i, n)),
            }
        });
        terms.retain(|&(_, n)| n != 0);
        let phase = eval::phase(pos) as f32 / eval::START_MATERIAL as f32;
        Some(Sample {
            terms,
            phase,
            result,
        })
    }

    /// The score in centipawns from White's side with the weights `w` (the layout of
    /// [`weights`]).
    #[must_use]
    pub fn score(&self, w: &[f64]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, n) in &self.terms {
            mg += f64::from(n) * w[usize::from(i)];
            eg += f64::from(n) * w[BLOCK + usize::from(i)];
        }
        let p = f64::from(self.phase);
        mg * p + eg * (1.0 - p)
    }
}

/// The engine's current weights, as the regression's starting point: index `phase * BLOCK + i`
/// (phase 0 the middle game, 1 the endgame); below `6 * 65`, `i` is `role * 65 + k` (role in
/// [`rules::Role`] order; `k` a square from its owner's side, a1 = 0, or 64 for the material
/// value), and from there on the weights of `eval::GROUPS` in order.
#[must_use]
pub fn weights() -> Vec<f64> {
    (0..PARAMS).map(|i| f64::from(eval::weight(i))).collect()
}

/// The predicted result (White's expected score) of a score of `cp` centipawns with scale `k`.
#[must_use]
pub fn sigmoid(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The mean squared error of the predictions of `w` with scale `k` over `samples`.
#[must_use]
pub fn mean_error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (f64::from(s.result) - sigmoid(s.score(w), k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale `K` in `0.1..=3.0` (steps of 0.01) that minimises the error of `w` over `samples`.
#[must_use]
pub fn best_scale(samples: &[Sample], w: &[f64]) -> f64 {
    (10..=300)
        .map(|k| f64::from(k) / 100.0)
        .map(|k| (k, mean_error(samples, w, k)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(1.0, |(k, _)| k)
}

/// Fits the weights: `epochs` full-batch Adam steps of `rate` centipawns from `start`, with
/// scale `k`, minimising the mean squared error plus `l2 · Σ (wᵢ - startᵢ)² / 10⁴` (a pull
/// towards the starting weights, in pawns², against fitting the few games a rare square sees);
/// `frozen(i)` keeps weight `i` as it is (see [`frozen`]). `report(epoch, error)` is called
/// after each epoch with the mean squared error.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn fit(
    samples: &[Sample],
    start: &[f64],
    k: f64,
    epochs: usize,
    rate: f64,
    l2: f64,
    frozen: impl Fn(usize) -> bool,
    mut report: impl FnMut(usize, f64),
) -> Vec<f64> {
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let ln10 = core::f64::consts::LN_10;
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; w.len()];
        let mut error = 0.0;
        for s in samples {
            let p = sigmoid(s.score(&w), k);
            let diff = p - f64::from(s.result);
            error += diff * diff;
            // d(error)/d(score) = 2·diff·σ'(score), σ' = σ(1-σ)·K·ln10/400.
            let g = 2.0 * diff * p * (1.0 - p) * k * ln10 / 400.0;
            let ph = f64::from(s.phase);
            for &(i, n) in &s.terms {
                let x = f64::from(n);
                grad[usize::from(i)] += g * x * ph;
                grad[BLOCK + usize::from(i)] += g * x * (1.0 - ph);
            }
        }
        let count = samples.len().max(1) as f64;
        for i in 0..w.len() {
            if frozen(i) {
                continue;
            }
            let gi = grad[i] / count + 2.0 * l2 * (w[i] - start[i]) / 1e4;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        report(epoch, error / count);
    }
    w
}

/// `true` for the weights [`fit`] should keep: both phases' pawn material (the unit of the
/// others) and the king's material (never used).
#[must_use]
pub fn frozen(i: usize) -> bool {
    let rest = i % BLOCK;
    let (role, k) = (rest / 65, rest % 65);
    rest < eval::PSQ_LEN && k == 64 && (role == 0 || role == 5)
}

/// `true` for the weights other than the material values: with [`frozen`], a fit of the
/// material alone.
#[must_use]
pub fn is_square(i: usize) -> bool {
    let rest = i % BLOCK;
    rest >= eval::PSQ_LEN || rest % 65 != 64
}

/// The Rust source of `src/eval/weights.rs` for the weights `w` (rounded to centipawns), with
/// `provenance` (how they were made) in its module doc.
#[must_use]
pub fn weights_source(w: &[f64], provenance: &str) -> String {
    let names = ["pawn", "knight", "khon", "met", "rook", "king"];
    let at = |phase: usize, role: usize, k: usize| w[phase * BLOCK + role * 65 + k].round() as i64;
    let mut s = String::from(
        "//! The evaluation's weights, in centipawns: material and piece-square tables for the middle game\n\
         //! and the endgame (the evaluation tapers between them by the material left, see\n\
         //! [`super::phase`]).\n\
         //!\n\
         //! Tables are from White's side, a1 first (rank 1 is the first row of each table), indexed by\n\
         //! [`rules::Role`] order (pawn, knight, khon, met, rook, king). The king's material is never used\n\
         //! (both sides always have one).\n\
         //!\n",
    );
    for line in provenance.lines() {
        s.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    s.push_str("#[rustfmt::skip]\npub(super) const MATERIAL: [[i32; 6]; 2] = [\n");
    for phase in 0..2 {
        let row: Vec<String> = (0..6).map(|r| at(phase, r, 64).to_string()).collect();
        s.push_str(&format!("    [{}],\n", row.join(", ")));
    }
    s.push_str("];\n\n#[rustfmt::skip]\npub(super) const PSQ: [[[i32; 64]; 6]; 2] = [\n");
    for (phase, title) in ["middle game", "endgame"].iter().enumerate() {
        s.push_str(&format!("    // The {title}.\n    [\n"));
        for (role, name) in names.iter().enumerate() {
            s.push_str(&format!("        // {name}\n        [\n"));
            for rank in 0..8 {
                s.push_str("           ");
                for file in 0..8 {
                    s.push_str(&format!(" {:4},", at(phase, role, rank * 8 + file)));
                }
                s.push('\n');
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n");
    }
    s.push_str("];\n\n");
    s.push_str(
        "/// The weights of `super::GROUPS`, in its order: mobility, pawn structure, rooks' files, king\n\
         /// safety, threats and tempo, for the middle game and the endgame.\n",
    );
    s.push_str("#[rustfmt::skip]\npub(super) const EXTRA: [[i32; super::EXTRA_LEN]; 2] = [\n");
    for (phase, title) in ["middle game", "endgame"].iter().enumerate() {
        s.push_str(&format!("    // The {title}.\n    [\n"));
        let mut at_weight = phase * BLOCK + eval::PSQ_LEN;
        for (name, len) in eval::GROUPS {
            s.push_str(&format!("        // {name}\n       "));
            for _ in 0..len {
                s.push_str(&format!(" {},", w[at_weight].round() as i64));
                at_weight += 1;
            }
            s.push('\n');
        }
        s.push_str("    ],\n");
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).expect("fen")
    }

    #[test]
    fn a_sample_scores_as_the_evaluation_does() {
        let w = weights();
        for fen in [
            "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
            "r1bqkb1r/8/pp1ppnpp/2p5/3P4/PP2PPPP/3N4/R1BQKBNR b - - 0 5",
            "4k3/8/2p5/8/3P4/8/1R6/4K3 w - - 0 40",
        ] {
            let p = pos(fen);
            let s = Sample::new(&p, 0.5).expect("a linear position");
            let white = crate::eval::white_score(&p);
            assert!(
                (s.score(&w) - f64::from(white)).abs() <= 1.0,
                "{fen}: sample {} against the evaluation's {white}",
                s.score(&w)
            );
        }
    }

    #[test]
    fn positions_the_evaluation_scales_are_left_out() {
        // A lone king (the mating technique), and a check.
        assert!(Sample::new(&pos("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"), 1.0).is_none());
        assert!(Sample::new(&pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), 0.0).is_none());
    }

    #[test]
    fn fitting_moves_a_weight_towards_the_results() {
        // White wins every game with an extra knight, whatever the weights say: after fitting,
        // the knight is worth more than before and the error is lower.
        let samples: Vec<Sample> = [
            "4k3/8/2p5/8/3P4/2N5/8/4K3 w - - 0 30",
            "4k3/8/5p2/8/4P3/5N2/8/4K3 b - - 0 30",
            "3k4/8/1p6/8/2P5/1N6/8/3K4 w - - 0 30",
        ]
        .iter()
        .map(|f| Sample::new(&pos(f), 1.0).expect("linear"))
        .collect();
        let start = weights();
        let k = 1.0;
        let fitted = fit(&samples, &start, k, 50, 2.0, 0.0, frozen, |_, _| {});
        let knight_eg = BLOCK + 65 + 64;
        assert!(fitted[knight_eg] > start[knight_eg]);
        assert!(mean_error(&samples, &fitted, k) < mean_error(&samples, &start, k));
        assert_eq!(fitted[64], start[64], "the pawn's material is frozen");
    }

    #[test]
    fn the_source_reads_back_as_the_same_weights() {
        let src = weights_source(&weights(), "Hand-set.");
        let current = include_str!("eval/weights.rs");
        let tables = |s: &str| {
            s[s.find("#[rustfmt::skip]\npub(super) const MATERIAL")
                .expect("tables")..]
                .to_owned()
        };
        assert_eq!(tables(&src), tables(current));
    }
}
