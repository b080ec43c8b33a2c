//! `asean-tune`: Texel tuning of the evaluation (see [`engine::tuning`]).
//!
//! ```text
//! # 1. Self-play games from the built-in openings, our engine on both sides at a node budget;
//! #    every quiet position (not in check, best move no capture) with the game's result.
//! asean-tune gen --games 2000 --nodes 3000 --seed 1 --out target/tune/positions.txt
//! # 2. The regression: fits the weights and writes the evaluation's weights file.
//! asean-tune fit --data target/tune/positions.txt --epochs 300 --out crates/engine/src/eval/weights.rs
//! ```
//!
//! The data file has one line a position: `FEN;result;score`, the result from White's side (`1`,
//! `0.5` or `0`) and the score of the search that chose the move played there, in centipawns from
//! White's side (a mate counts as ±3000); files from before the score was recorded (`FEN;result`)
//! are read too. `fit --lambda L` fits to `L·result + (1-L)·σ(K·score)`, a blend of the game's
//! result and the search's opinion of the position (the result alone, `L = 1`, by default).
//!
//! Games are refereed by the rules crate: checkmate, stalemate, dead positions and an expired
//! count end them, a claimable draw (threefold, 50 moves) is claimed at once, and a game still
//! going after 400 plies is scored a draw. `gen` plays `--threads` games at a time.

use core::sync::atomic::AtomicBool;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::Mutex;

use clap::{Parser, Subcommand};
use engine::tuning::{self, Sample};
use engine::{Engine, Limits, NoClock, Score};
use rules::{Color, Game, Outcome, Position, Rules};

/// The committed opening set of the match tool.
const OPENINGS: &str = include_str!("../../openings/asean.fen");
/// Games longer than this are scored a draw.
const MAX_PLIES: usize = 400;

#[derive(Parser)]
#[command(about = "Texel tuning of the evaluation: self-play data, then logistic regression.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays self-play games and writes their quiet positions with the results.
    Gen {
        /// How many games.
        #[arg(long, default_value_t = 2000)]
        games: usize,
        /// Nodes a move for both sides.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Seeds the openings' order and the random first moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Fits the weights to a data file and writes the weights file.
    Fit {
        /// Data files written by `gen`.
        #[arg(long, required = true)]
        data: Vec<PathBuf>,
        /// Full-batch Adam steps.
        #[arg(long, default_value_t = 300)]
        epochs: usize,
        /// Adam's step in centipawns.
        #[arg(long, default_value_t = 1.0)]
        rate: f64,
        /// The weights file to write (`crates/engine/src/eval/weights.rs`); none: only report.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The pull towards the current weights (see `engine::tuning::fit`).
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Fit the material values only, keeping the piece-square tables.
        #[arg(long)]
        material_only: bool,
        /// The share of positions, from the end of the data, held out to check the fit on
        /// games it has not seen (the data files hold whole games, one after the other).
        #[arg(long, default_value_t = 0.1)]
        holdout: f64,
        /// One line of provenance for the weights file's doc (how the data was made).
        #[arg(long, default_value = "")]
        note: String,
        /// The result's share of the target, `0.0..=1.0`; the rest is the predicted result of
        /// the recorded search score (positions without one keep their result).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
    },
}

fn main() {
    let result = match Cli::parse().command {
        Command::Gen {
            games,
            nodes,
            seed,
            threads,
            out,
        } => generate(games, nodes, seed, threads.max(1), &out),
        Command::Fit {
            data,
            epochs,
            rate,
            l2,
            material_only,
            holdout,
            out,
            note,
            lambda,
        } => fit(
            &data,
            &Fit {
                epochs,
                rate,
                l2,
                material_only,
                holdout,
                lambda: lambda.clamp(0.0, 1.0),
            },
            out.as_deref(),
            &note,
        ),
    };
    if let Err(e) = result {
        eprintln!("asean-tune: {e}");
        std::process::exit(1);
    }
}

/// A xorshift generator: the openings' order and the first random moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn generate(
    games: usize,
    nodes: u64,
    seed: u64,
    threads: usize,
    out: &PathBuf,
) -> Result<(), String> {
    let openings: Vec<&str> = OPENINGS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let writer = Mutex::new(std::io::BufWriter::new(file));
    let next = Mutex::new(0usize);
    let tally = Mutex::new([0usize; 4]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let n = {
                        let mut next = next.lock().expect("counter");
                        if *next >= games {
                            return;
                        }
                        *next += 1;
                        *next
                    };
                    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (n as u64) | 1);
                    let opening = openings[rng.below(openings.len())];
                    let (lines, result) = self_play(opening, nodes, &mut rng);
                    let mut w = writer.lock().expect("writer");
                    for (fen, score) in &lines {
                        let _ = writeln!(w, "{fen};{result};{score}");
                    }
                    let mut t = tally.lock().expect("tally");
                    t[0] += 1;
                    t[1] += usize::from(result == "1");
                    t[2] += usize::from(result == "0.5");
                    t[3] += lines.len();
                    if t[0] % 100 == 0 {
                        eprintln!(
                            "{} games ({} White wins, {} draws), {} positions",
                            t[0], t[1], t[2], t[3]
                        );
                    }
                }
            });
        }
    });
    writer
        .into_inner()
        .expect("writer")
        .flush()
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let t = tally.into_inner().expect("tally");
    eprintln!(
        "done: {} games ({} White wins, {} draws, {} Black wins), {} positions in {}",
        t[0],
        t[1],
        t[2],
        t[0] - t[1] - t[2],
        t[3],
        out.display()
    );
    Ok(())
}

/// A mate's score in the data file, in centipawns (searched scores are clamped to `±MATE_CP`).
const MATE_CP: i32 = 3000;

/// One game from `opening` (two random legal moves first, for variety): the quiet positions'
/// FENs with the searched score (centipawns from White's side, see [`MATE_CP`]) and the result
/// from White's side.
fn self_play(opening: &str, nodes: u64, rng: &mut Rng) -> (Vec<(String, i32)>, &'static str) {
    let Ok(mut game) = Game::from_fen(opening, Rules::default()) else {
        return (Vec::new(), "0.5");
    };
    for _ in 0..2 {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if game.play(m).is_err() {
            break;
        }
    }
    let mut engine = Engine::new(8);
    let mut fens = Vec::new();
    let stop = AtomicBool::new(false);
    while !game.is_over() && game.claimable().is_empty() && game.positions().len() < MAX_PLIES {
        let r = engine.search(
            game.positions(),
            Limits::Nodes(nodes),
            &NoClock,
            &stop,
            &mut |_| {},
        );
        let Some(m) = r.best_move else { break };
        let pos = game.position();
        if !pos.is_check() && !pos.is_capture(m) && m.promotion.is_none() {
            let cp = match r.score {
                Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
                Score::Mate(n) if n > 0 => MATE_CP,
                Score::Mate(_) => -MATE_CP,
            };
            let white = if pos.turn() == Color::White { cp } else { -cp };
            fens.push((pos.fen(), white));
        }
        if game.play(m).is_err() {
            break;
        }
    }
    // A draw, or a game cut off before its end, scores a half.
    let result = match game.outcome().and_then(Outcome::winner) {
        Some(Color::White) => "1",
        Some(Color::Black) => "0",
        None => "0.5",
    };
    (fens, result)
}

/// The settings of a fit.
struct Fit {
    epochs: usize,
    rate: f64,
    l2: f64,
    material_only: bool,
    holdout: f64,
    lambda: f64,
}

fn fit(
    data: &[PathBuf],
    settings: &Fit,
    out: Option<&std::path::Path>,
    note: &str,
) -> Result<(), String> {
    let mut samples = Vec::new();
    // The recorded search score of each sample, when its file has one.
    let mut scores: Vec<Option<f64>> = Vec::new();
    let mut skipped = 0usize;
    for path in data {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default();
            let result: f32 = fields
                .next()
                .ok_or_else(|| format!("{}:{}: no `;result`", path.display(), i + 1))?
                .trim()
                .parse()
                .map_err(|e| format!("{}:{}: bad result: {e}", path.display(), i + 1))?;
            let score = fields
                .next()
                .map(|s| s.trim().parse::<f64>())
                .transpose()
                .map_err(|e| format!("{}:{}: bad score: {e}", path.display(), i + 1))?;
            let pos = Position::from_fen(fen, Rules::default())
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            match Sample::new(&pos, result) {
                Some(s) => {
                    samples.push(s);
                    scores.push(score);
                }
                None => skipped += 1,
            }
        }
    }
    eprintln!(
        "{} positions ({} left out: check, lone king, scaled endings)",
        samples.len(),
        skipped
    );
    let Fit {
        epochs,
        rate,
        l2,
        material_only,
        holdout,
        lambda,
    } = *settings;
    let held = ((samples.len() as f64) * holdout.clamp(0.0, 0.5)) as usize;
    let checks = samples.split_off(samples.len() - held);
    scores.truncate(samples.len());
    let start = tuning::weights();
    let k = tuning::best_scale(&samples, &start);
    // The targets: the results blended with the searched scores' predictions (the held-out
    // positions keep their results, the measure of the fit).
    let with_score = scores.iter().filter(|s| s.is_some()).count();
    if lambda < 1.0 {
        for (s, score) in samples.iter_mut().zip(&scores) {
            if let Some(cp) = score {
                let target =
                    lambda * f64::from(s.result) + (1.0 - lambda) * tuning::sigmoid(*cp, k);
                s.result = target as f32;
            }
        }
        eprintln!(
            "targets: {lambda} × result + {} × σ(K·score) for the {with_score} positions with a score",
            1.0 - lambda
        );
    }
    let before = tuning::mean_error(&samples, &start, k);
    let checks_before = tuning::mean_error(&checks, &start, k);
    eprintln!(
        "scale K = {k:.2}; error of the current weights {before:.6} ({} held-out positions: \
         {checks_before:.6})",
        checks.len()
    );
    let frozen = |i| tuning::frozen(i) || (material_only && tuning::is_square(i));
    let w = tuning::fit(&samples, &start, k, epochs, rate, l2, frozen, |epoch, e| {
        if epoch % 25 == 0 {
            eprintln!("epoch {epoch}: error {e:.6}");
        }
    });
    let after = tuning::mean_error(&samples, &w, k);
    let checks_after = tuning::mean_error(&checks, &w, k);
    eprintln!(
        "error {before:.6} -> {after:.6}; held-out positions {checks_before:.6} -> {checks_after:.6}"
    );
    if let Some(out) = out {
        let provenance = format!(
            "Fitted by `asean-tune fit` (Texel's method, see `engine::tuning`): {} positions, scale K \
             = {k:.2}, {epochs} Adam steps of {rate} cp, l2 {l2}{}{}, mean squared error {before:.6} \
             -> {after:.6} ({} held-out positions: {checks_before:.6} -> {checks_after:.6}). {note}",
            samples.len(),
            if material_only { ", material only" } else { "" },
            if lambda < 1.0 {
                format!(
                    ", targets {lambda} × result + {} × σ(K·search score)",
                    1.0 - lambda
                )
            } else {
                String::new()
            },
            checks.len()
        );
        std::fs::write(out, tuning::weights_source(&w, &wrap(&provenance, 96)))
            .map_err(|e| format!("{}: {e}", out.display()))?;
        eprintln!("wrote {}", out.display());
    }
    Ok(())
}

/// `text`'s words in lines of at most `width` characters (a longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if line > 0 && line + 1 + n > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += n;
    }
    out
}
