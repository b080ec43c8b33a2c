//! Plays one level of the engine against another from varied openings and reports the score and
//! the Elo difference with a 95% confidence interval.
//!
//! ```text
//! cargo run -p engine --release --bin selfplay -- [--a LEVEL] [--b LEVEL] [--games N]
//!     [--time-scale X] [--seed S]
//! ```
//! Each opening (4 to 7 random plies from the start, seeded) is played twice with colours
//! swapped. Each level thinks for its own move time multiplied by `--time-scale` (default 0.25)
//! and keeps its depth cap and noise. A game ends by the rules; a claimable draw (threefold,
//! 50 moves) is taken as a draw, and 300 plies without an end count as a draw.

use core::sync::atomic::AtomicBool;
use core::time::Duration;

use engine::{Engine, Level, Limits, StdClock};
use rules::{Color, Game, Rules};

struct Options {
    a: Level,
    b: Level,
    games: u32,
    time_scale: f64,
    seed: u64,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        a: Level::new(4).ok_or("level")?,
        b: Level::new(3).ok_or("level")?,
        games: 20,
        time_scale: 0.25,
        seed: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let level = |v: &str| {
            v.parse()
                .ok()
                .and_then(Level::new)
                .ok_or_else(|| format!("bad level {v} (1..=8)"))
        };
        match args[i].as_str() {
            "--a" => o.a = level(v)?,
            "--b" => o.b = level(v)?,
            "--games" => o.games = v.parse().map_err(|_| format!("bad --games {v}"))?,
            "--time-scale" => {
                o.time_scale = v.parse().map_err(|_| format!("bad --time-scale {v}"))?
            }
            "--seed" => o.seed = v.parse().map_err(|_| format!("bad --seed {v}"))?,
            other => return Err(format!("unknown argument {other}")),
        }
        i += 2;
    }
    Ok(o)
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays one game; returns A's score (1, 0.5 or 0).
fn play(o: &Options, opening_seed: u64, a_is_white: bool, game_no: u64) -> f64 {
    let mut game = Game::new(Rules::default());
    let mut rng = opening_seed | 1;
    let plies = 4 + xorshift(&mut rng) % 4;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        let m = moves[(xorshift(&mut rng) % moves.len() as u64) as usize];
        game.play(m).expect("legal");
    }
    let mut engines = [Engine::new(16), Engine::new(16)];
    engines[0].style = o.a.style(opening_seed ^ game_no);
    engines[1].style = o.b.style(opening_seed ^ game_no ^ 0x55);
    let levels = [o.a, o.b];
    while !game.is_over() && game.claimable().is_empty() && game.moves().len() < 300 {
        let white_to_move = game.position().turn() == Color::White;
        let side = usize::from(white_to_move != a_is_white);
        let time = Duration::from_secs_f64(levels[side].move_time().as_secs_f64() * o.time_scale);
        let r = engines[side].search(
            game.positions(),
            Limits::MoveTime(time),
            &StdClock::start(),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let Some(m) = r.best_move else { break };
        game.play(m).expect("engine moves are legal");
    }
    match game.outcome().and_then(|o| o.winner()) {
        Some(w) if (w == Color::White) == a_is_white => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn elo(score: f64) -> f64 {
    let p = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

fn main() {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("selfplay: {e}");
            std::process::exit(2);
        }
    };
    let mut results = Vec::new();
    let mut seed = o.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for g in 0..u64::from(o.games) {
        if g % 2 == 0 {
            xorshift(&mut seed);
        }
        let r = play(&o, seed, g % 2 == 0, g);
        results.push(r);
        eprint!(
            "{}",
            if r == 1.0 {
                "+"
            } else if r == 0.0 {
                "-"
            } else {
                "="
            }
        );
    }
    eprintln!();
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (var / n).sqrt();
    let (w, d, l) = (
        results.iter().filter(|&&r| r == 1.0).count(),
        results.iter().filter(|&&r| r == 0.5).count(),
        results.iter().filter(|&&r| r == 0.0).count(),
    );
    println!(
        "level {} vs level {}: {} games, +{w} ={d} -{l}, score {:.1}%, Elo {:+.0} (95%: {:+.0} to {:+.0})",
        o.a,
        o.b,
        results.len(),
        mean * 100.0,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin)
    );
}
