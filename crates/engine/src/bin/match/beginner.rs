//! How a low level plays: one of our levels (level 1 by default) against a random mover and
//! against another level, in this process, from the starting position (the game a newcomer
//! plays), each game with its own noise seed. Every move of the level under study is judged by
//! a search at full strength: a move that loses at least `--blunder-cp` against the judge's
//! best (scores clamped to ±1000 cp, so a slower mate in a won position is no blunder) is a
//! blunder. The report gives the level's wins, draws and losses and how each game ended, its
//! blunder rate by move number and by the material left on the board, and what became of the
//! games it led by a lot (the judge's score at least `--far-ahead-cp`).
//!
//! ```text
//! cargo build -p engine --release --bin match
//! target/release/match beginner --level 1 --against random,2 --games 100
//! ```
//!
//! Games are refereed as matches are ([`crate::adjudication::adjudicate`]): the rules' ends, a
//! claimable draw taken at once, and a draw at `--max-plies`.

use core::sync::atomic::AtomicBool;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use engine::{Engine, Level, Limits, Score, StdClock, Style};
use rules::{Color, Game, Position, Role, Rules};

use crate::adjudication::{End, adjudicate};
use crate::rng::SplitMix64;

/// Who the level under study plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// A uniformly random legal move.
    Random,
    /// Another of our levels.
    Level(Level),
}

impl std::str::FromStr for Opponent {
    type Err = String;
    fn from_str(s: &str) -> Result<Opponent, String> {
        if s == "random" {
            return Ok(Opponent::Random);
        }
        s.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .map(Opponent::Level)
            .ok_or_else(|| format!("{s:?} is neither `random` nor a level 1 to 8"))
    }
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Random => write!(f, "a random mover"),
            Opponent::Level(l) => write!(f, "level {l}"),
        }
    }
}

/// What to measure.
#[derive(Debug, Clone)]
pub struct Study {
    /// The level under study.
    pub level: Level,
    /// Its opponent.
    pub against: Opponent,
    /// Games (colours alternate, the level White first).
    pub games: usize,
    /// Seed of the noise and of the random mover.
    pub seed: u64,
    /// The judge's nodes per position.
    pub judge_nodes: u64,
    /// A move losing this much against the judge's best is a blunder.
    pub blunder_cp: i32,
    /// A game where the judge scored the level this far ahead was "far ahead".
    pub far_ahead_cp: i32,
    /// Plies after which a game is a draw.
    pub max_plies: usize,
}

/// Move-number buckets (the level's own moves).
const MOVE_BUCKETS: [(u32, u32); 6] = [
    (1, 10),
    (11, 20),
    (21, 30),
    (31, 40),
    (41, 60),
    (61, u32::MAX),
];
/// The share of the starting non-pawn material left, in thirds: `2` (more than two thirds), `1`,
/// `0` (less than a third).
const MATERIAL_NAMES: [&str; 3] = ["< 1/3", "1/3 to 2/3", "> 2/3"];

#[derive(Debug, Default, Clone, Copy)]
struct Rate {
    moves: u32,
    blunders: u32,
    loss_sum: i64,
    /// Moves where a blunder was at hand (some legal move gave material away).
    open: u32,
    /// Blunders among those.
    open_blunders: u32,
}

impl Rate {
    fn add(&mut self, loss: i32, blunder_cp: i32, at_hand: bool) {
        self.moves += 1;
        self.loss_sum += i64::from(loss);
        let blunder = loss >= blunder_cp;
        if blunder {
            self.blunders += 1;
        }
        if at_hand {
            self.open += 1;
            self.open_blunders += u32::from(blunder);
        }
    }

    fn line(&self) -> String {
        if self.moves == 0 {
            return "no moves".to_owned();
        }
        let share = |n: u32, of: u32| {
            if of == 0 {
                0.0
            } else {
                100.0 * f64::from(n) / f64::from(of)
            }
        };
        format!(
            "{:>5} moves, {:>4} blunders ({:>4.1}%), mean loss {:>4} cp; a blunder at hand in {:>5}: {:>4.1}% blundered",
            self.moves,
            self.blunders,
            share(self.blunders, self.moves),
            self.loss_sum / i64::from(self.moves),
            self.open,
            share(self.open_blunders, self.open)
        )
    }
}

/// The tallies of a study.
#[derive(Debug, Default)]
pub struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    ends: BTreeMap<String, u32>,
    by_move: [Rate; MOVE_BUCKETS.len()],
    by_material: [Rate; 3],
    far_ahead: u32,
    far_ahead_won: u32,
    far_ahead_ends: BTreeMap<String, u32>,
    plies: u64,
}

/// A score in centipawns for the side it belongs to, mates as ±1000, clamped to ±1000.
fn clamp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-1000, 1000),
        Score::Mate(n) if n > 0 => 1000,
        Score::Mate(_) => -1000,
    }
}

/// The starting non-pawn material left in `pos`, in thirds (see [`MATERIAL_NAMES`]).
fn material_third(pos: &Position) -> usize {
    let start = 2
        * (2 * engine::value(Role::Rook)
            + 2 * engine::value(Role::Knight)
            + 2 * engine::value(Role::Khon)
            + engine::value(Role::Met));
    let mut left = 0;
    for role in [Role::Rook, Role::Knight, Role::Khon, Role::Met] {
        for color in Color::ALL {
            left += engine::value(role) * (pos.by_color(color) & pos.by_role(role)).count() as i32;
        }
    }
    (3 * left / start).min(2) as usize
}

/// The level's move in `game`.
fn level_move(engine: &mut Engine, level: Level, seed: u64, game: &Game) -> Option<rules::Move> {
    engine.style = level.style(seed);
    let limits = level.limits_at(game.position());
    engine
        .search(
            game.positions(),
            limits,
            &StdClock::start(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .best_move
}

/// Whether some legal move in the last position of `positions` gives away material (loses at
/// least `blunder_cp` against the best move as a plain depth-1 search sees each: a piece left
/// hanging), so that a blunder was at hand.
fn blunder_at_hand(engine: &mut Engine, positions: &[Position], blunder_cp: i32) -> bool {
    let scores: Vec<i32> = engine
        .shallow_scores(positions, &StdClock::start(), &AtomicBool::new(false))
        .into_iter()
        .map(|(_, s)| s.clamp(-1000, 1000))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    scores.iter().any(|&s| best - s >= blunder_cp)
}

/// The judge's score of the last position of `positions` for its side to move, and its move.
fn judge(engine: &mut Engine, positions: &[Position], nodes: u64) -> (i32, Option<rules::Move>) {
    engine.style = Style::default();
    let r = engine.search(
        positions,
        Limits::Nodes(nodes),
        &StdClock::start(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    (clamp(r.score), r.best_move)
}

/// Plays and judges the games of `study`, printing a mark a game to standard error.
#[must_use]
pub fn run(study: &Study) -> Tally {
    let mut tally = Tally::default();
    let mut mine = Engine::new(8);
    let mut theirs = Engine::new(8);
    let mut judge_engine = Engine::new(16);
    let mut shallow = Engine::new(1);
    let mut rng = SplitMix64::new(study.seed);
    for g in 0..study.games {
        let level_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let my_seed = rng.next_u64();
        let their_seed = rng.next_u64();
        mine.new_game();
        theirs.new_game();
        judge_engine.new_game();
        let mut game = Game::new(Rules::default());
        let mut plies = 0;
        let mut my_moves = 0u32;
        let mut best_lead = -1000;
        let end = loop {
            if let Some(end) = adjudicate(&mut game, plies, study.max_plies) {
                break end;
            }
            let turn = game.position().turn();
            let m = if turn == level_color {
                let Some(m) = level_move(&mut mine, study.level, my_seed, &game) else {
                    break End::PlyCap(plies);
                };
                my_moves += 1;
                let (best, best_move) =
                    judge(&mut judge_engine, game.positions(), study.judge_nodes);
                best_lead = best_lead.max(best);
                let played = if best_move == Some(m) {
                    best
                } else {
                    let mut after = game.clone();
                    if after.play(m).is_err() {
                        break End::PlyCap(plies);
                    }
                    let (reply, _) = judge(&mut judge_engine, after.positions(), study.judge_nodes);
                    -reply
                };
                let loss = (best - played).max(0);
                let at_hand = blunder_at_hand(&mut shallow, game.positions(), study.blunder_cp);
                let bucket = MOVE_BUCKETS
                    .iter()
                    .position(|&(lo, hi)| (lo..=hi).contains(&my_moves))
                    .unwrap_or(MOVE_BUCKETS.len() - 1);
                tally.by_move[bucket].add(loss, study.blunder_cp, at_hand);
                tally.by_material[material_third(game.position())].add(
                    loss,
                    study.blunder_cp,
                    at_hand,
                );
                m
            } else {
                match study.against {
                    Opponent::Random => {
                        let moves = game.position().legal_moves();
                        let i = rng.below(moves.len());
                        let Some(&m) = moves.get(i) else {
                            break End::PlyCap(plies);
                        };
                        m
                    }
                    Opponent::Level(l) => {
                        let Some(m) = level_move(&mut theirs, l, their_seed, &game) else {
                            break End::PlyCap(plies);
                        };
                        m
                    }
                }
            };
            if game.play(m).is_err() {
                break End::PlyCap(plies);
            }
            plies += 1;
        };
        tally.plies += plies as u64;
        let describe = end.describe();
        let mark = match end.winner() {
            Some(c) if c == level_color => {
                tally.wins += 1;
                '+'
            }
            Some(_) => {
                tally.losses += 1;
                '-'
            }
            None => {
                tally.draws += 1;
                '='
            }
        };
        let who = match end.winner() {
            Some(c) if c == level_color => "won: ",
            Some(_) => "lost: ",
            None => "drawn: ",
        };
        *tally.ends.entry(format!("{who}{describe}")).or_default() += 1;
        if best_lead >= study.far_ahead_cp {
            tally.far_ahead += 1;
            if mark == '+' {
                tally.far_ahead_won += 1;
            } else {
                *tally
                    .far_ahead_ends
                    .entry(format!("{who}{describe}"))
                    .or_default() += 1;
            }
        }
        eprint!("{mark}");
    }
    eprintln!();
    tally
}

/// The report of `tally` for `study`.
#[must_use]
pub fn report(study: &Study, tally: &Tally) -> String {
    let mut s = String::new();
    let games = tally.wins + tally.draws + tally.losses;
    let _ = writeln!(
        s,
        "Level {} against {} ({} games from the start, colours alternating, seed {}; judge {} nodes, blunder: a loss of {} cp or more):",
        study.level, study.against, games, study.seed, study.judge_nodes, study.blunder_cp
    );
    let _ = writeln!(
        s,
        "  level {}: +{} ={} -{} ({:.1}%), {:.0} plies a game",
        study.level,
        tally.wins,
        tally.draws,
        tally.losses,
        if games == 0 {
            0.0
        } else {
            100.0 * (f64::from(tally.wins) + 0.5 * f64::from(tally.draws)) / f64::from(games)
        },
        tally.plies as f64 / f64::from(games.max(1))
    );
    let _ = writeln!(s, "  how the games ended:");
    for (end, n) in &tally.ends {
        let _ = writeln!(s, "    {n:>4}  {end}");
    }
    let _ = writeln!(s, "  blunders by the level's move number:");
    for (rate, (lo, hi)) in tally.by_move.iter().zip(MOVE_BUCKETS) {
        let range = if hi == u32::MAX {
            format!("{lo}+")
        } else {
            format!("{lo}-{hi}")
        };
        let _ = writeln!(s, "    moves {range:>6}: {}", rate.line());
    }
    let _ = writeln!(
        s,
        "  blunders by the non-pawn material left (of the start's):"
    );
    for (rate, name) in tally.by_material.iter().zip(MATERIAL_NAMES).rev() {
        let _ = writeln!(s, "    {name:>12}: {}", rate.line());
    }
    let _ = writeln!(
        s,
        "  far ahead (judged +{} cp or more at some move): {} games, {} won",
        study.far_ahead_cp, tally.far_ahead, tally.far_ahead_won
    );
    for (end, n) in &tally.far_ahead_ends {
        let _ = writeln!(s, "    {n:>4}  {end}");
    }
    s
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    #[test]
    fn opponents_parse() {
        assert_eq!("random".parse::<Opponent>(), Ok(Opponent::Random));
        assert_eq!(
            "2".parse::<Opponent>(),
            Ok(Opponent::Level(Level::new(2).unwrap()))
        );
        assert!("9".parse::<Opponent>().is_err());
        assert!("rand".parse::<Opponent>().is_err());
    }

    #[test]
    fn material_thirds() {
        let start = Position::new(Rules::default());
        assert_eq!(material_third(&start), 2);
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Rules::default()).unwrap();
        assert_eq!(material_third(&bare), 0);
    }

    #[test]
    fn a_short_study_tallies_every_game_and_every_move() {
        let study = Study {
            level: Level::MIN,
            against: Opponent::Random,
            games: 2,
            seed: 3,
            judge_nodes: 500,
            blunder_cp: 180,
            far_ahead_cp: 800,
            max_plies: 40,
        };
        let tally = run(&study);
        assert_eq!(tally.wins + tally.draws + tally.losses, 2);
        let judged: u32 = tally.by_move.iter().map(|r| r.moves).sum();
        let by_material: u32 = tally.by_material.iter().map(|r| r.moves).sum();
        assert_eq!(judged, by_material);
        assert!(judged >= 2, "each game had moves of the level: {judged}");
        assert!(report(&study, &tally).contains("how the games ended"));
    }
}
