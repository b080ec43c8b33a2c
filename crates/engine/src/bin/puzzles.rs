//! `asean-puzzles`: the page's puzzles (`#/puzzles`), mined from self-play.
//!
//! **Games.** Game `g` of a run starts with two to eight random legal plies, then two engines
//! play it out, each at one of [`SELF_PLAY_NODES`] a move, with [`SELF_PLAY_NOISE_CP`] of
//! evaluation noise and [`SELF_PLAY_BLUNDERS`] deliberate blunders a thousand moves: the small
//! budgets' oversights and the blunders are the mistakes the puzzles punish.
//!
//! **Candidates.** A position of the game, with the side to move (the *solver*) just after the
//! opponent's move, is looked at when the self-play searches saw that move lose at least
//! [`SWING_CP`] (or allow a mate), or when one move alone stands out by [`SWING_CP`] in a
//! depth-1 look at every move (a defence that alone holds).
//!
//! **Only moves.** A candidate becomes a puzzle when our engine, at [`QUICK_NODES`] and then at
//! [`SCAN_NODES`], finds one
//! move that is clearly better than every other (the best, then the best of the others, by
//! `searchmoves`):
//! - *mate*: the best mates in 1 to 4 moves and no other move mates or wins (under
//!   [`WIN_CP`]);
//! - *win*: the best scores at least [`WIN_CP`], the second at most [`SECOND_WIN_CP`], and
//!   their win chances differ by at least [`ONLY_MOVE_GAP`];
//! - *hold*: the best scores within [`HOLD_CP`] of level and the second loses by the same gap.
//!
//! The solution goes on (the opponent's reply is our engine's best) while the solver's next
//! move is again the only one by the same test, up to a mate, or [`MAX_WIN_MOVES`] moves of a
//! win; it always ends with a solver's move. In a mate, the last move may be any mate.
//!
//! **Verified.** Every solver's move of the line is searched again at [`VERIFY_NODES`]: the
//! same move must come out best (any mate for the mating move) and, for the first, the second
//! best must still be clearly worse; a puzzle failing that is set aside.
//!
//! **Rating.** The depth a fresh search needs to find the first move and keep it one depth
//! more ([`rating_of`]): 500 + 120 a ply of that depth + 100 for each solver's move past the
//! first, within 600 to 2600.
//!
//! **Themes** (lichess's names): `mate`, `mateIn1`..`mateIn4`, `advantage` (a win under 6
//! pawns), `crushing` (from 6), `equality` (a hold), `promotion` (a promotion in the
//! solution), `fork` (the first move attacks two of the opponent's pieces or the king and one),
//! `hangingPiece` (the first move takes an undefended piece), `counting` (the count runs in the
//! puzzle's position), `opening`/`middlegame`/`endgame` (by the ply and the pieces left),
//! `oneMove`, `short` (2 moves), `long` (3 and more).
//!
//! **Output**: one line a puzzle, appended, in lichess's column order:
//! `id,FEN,moves,rating,themes,game`: the FEN is the position *before* the opponent's move, the
//! moves (UCI, space-separated) begin with that move; `game` is the self-play game's number,
//! from which a run resumes. The committed file is `www/puzzles.csv` (header line first):
//!
//! ```text
//! cargo run -p engine --release --bin asean-puzzles -- --puzzles 3000 --seed 1 --out www/puzzles.csv
//! cargo run -p engine --release --bin asean-puzzles -- --check www/puzzles.csv
//! ```
//!
//! `--check` searches every puzzle's solver moves again at [`VERIFY_NODES`] and lists those whose
//! move is no longer the engine's best (exit status 1 if any).

use core::sync::atomic::AtomicBool;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use clap::Parser;
use engine::{Engine, Limits, NoClock, Score, Style};
use rules::{Color, Game, Move, Position, Role, Rules};

/// Nodes a move in the self-play games, one of these for each side of a game: a small
/// budget misses what lies past its horizon, which is what the puzzles punish.
const SELF_PLAY_NODES: [u64; 3] = [400, 1_500, 5_000];
/// Nodes for each of the two searches (best, then the best of the others) of a candidate.
const SCAN_NODES: u64 = 150_000;
/// Nodes of each of the two searches of a first, quick look at a candidate.
const QUICK_NODES: u64 = 25_000;
/// Nodes of the verifying searches.
const VERIFY_NODES: u64 = 600_000;
/// The self-play engines' evaluation noise, in centipawns.
const SELF_PLAY_NOISE_CP: i32 = 20;
/// Their chance of a deliberate blunder a move, in thousandths (a move a depth-1 search sees
/// lose 150 to 750 cp: what it misses is the puzzle).
const SELF_PLAY_BLUNDERS: u16 = 30;
/// A move that loses this much (by the self-play scores), or a move alone this much better
/// than the others at depth 1, makes a candidate.
const SWING_CP: i32 = 200;
/// The least score of a win.
const WIN_CP: i32 = 300;
/// The most the second-best move may score in a win.
const SECOND_WIN_CP: i32 = 200;
/// The most the second-best move may score in a mate (no mate, and its win chance clearly
/// less).
const MATE_SECOND_CP: i32 = 500;
/// The most the solver may have scored before the opponent's move: a side already winning
/// finds many ways on.
const BEFORE_CP: i32 = 150;
/// A hold's best is within this of level.
const HOLD_CP: i32 = 120;
/// The least difference of win chances (from -1 to 1) between the only move and the next.
const ONLY_MOVE_GAP: f64 = 0.35;
/// The most solver's moves of a win (a mate has as many as it needs, at most 4).
const MAX_WIN_MOVES: usize = 3;
/// The least rating of a hold (a depth of 3).
const MIN_HOLD_RATING: u32 = 860;
/// The longest self-play game, in plies.
const MAX_PLIES: usize = 240;
/// Puzzles kept from one game, at most (several from one game are alike).
const MAX_PER_GAME: usize = 3;

#[derive(Parser)]
#[command(about = "Mines puzzles from self-play games, verified by deeper searches.")]
struct Cli {
    /// Puzzles wanted in the file (its existing lines count).
    #[arg(long, default_value_t = 100)]
    puzzles: usize,
    /// The games' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The file appended to.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Check the puzzles of this file instead of mining.
    #[arg(long)]
    check: Option<PathBuf>,
}

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x >> 33).unwrap_or(0) % n.max(1)
    }
}

/// The solver's chance, from -1 to 1, of a score (mates are certain).
fn chance(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => -1.0,
        Score::Cp(cp) => 2.0 / (1.0 + (-f64::from(cp) / 350.0).exp()) - 1.0,
    }
}

/// Centipawns of a score, mates as ±100 000.
fn cp(score: Score) -> i32 {
    match score {
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
        Score::Cp(c) => c,
    }
}

/// What the only move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Mates in this many moves.
    Mate(i32),
    /// Wins, scoring this.
    Win(i32),
    /// Holds, scoring this.
    Hold,
}

/// The kind of puzzle a position is when its best move scores `best` and the best of the
/// others `second` (`None`: no other move), or `None` when the best is not the only move.
fn only_move(best: Score, second: Option<Score>) -> Option<Kind> {
    // A forced move is no puzzle.
    let second = second?;
    let gap = chance(best) - chance(second) >= ONLY_MOVE_GAP;
    let second_cp = cp(second);
    match best {
        Score::Mate(n) if (1..=4).contains(&n) => {
            (second_cp < MATE_SECOND_CP).then_some(Kind::Mate(n))
        }
        Score::Cp(b) if b >= WIN_CP => (second_cp <= SECOND_WIN_CP && gap).then_some(Kind::Win(b)),
        Score::Cp(b) if b.abs() <= HOLD_CP => gap.then_some(Kind::Hold),
        _ => None,
    }
}

/// The best move of the last position of `history` and its score, and the score of the best
/// of the others.
fn best_two(
    engine: &mut Engine,
    history: &[Position],
    nodes: u64,
) -> Option<(Move, Score, Option<Score>)> {
    let stop = AtomicBool::new(false);
    let root = history.last()?;
    let r = engine.search(history, Limits::Nodes(nodes), &NoClock, &stop, &mut |_| {});
    let best = r.best_move?;
    let others: Vec<Move> = root
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != best)
        .collect();
    if others.is_empty() {
        return Some((best, r.score, None));
    }
    let s = engine.search_among(
        history,
        &others,
        Limits::Nodes(nodes),
        &NoClock,
        &stop,
        &mut |_| {},
    );
    Some((best, r.score, Some(s.score)))
}

/// A puzzle found: the game up to the solver's first position, the opponent's move before
/// it, and the solution (solver's moves and the opponent's replies, ending with a solver's).
struct Found {
    before: Position,
    last: Move,
    line: Vec<Move>,
    kind: Kind,
    rating: u32,
    themes: Vec<&'static str>,
}

/// Follows the solution from `history` (the solver to move), whose first move `first` is an
/// only move of kind `kind`: the line, or `None` when a mate is not reached.
fn solution(
    engine: &mut Engine,
    history: &[Position],
    first: Move,
    kind: Kind,
) -> Option<Vec<Move>> {
    let stop = AtomicBool::new(false);
    let mut hist = history.to_vec();
    let mut line = vec![first];
    let push = |hist: &mut Vec<Position>, m: Move| -> Option<()> {
        let next = hist.last()?.play(m).ok()?;
        hist.push(next);
        Some(())
    };
    push(&mut hist, first)?;
    loop {
        let pos = hist.last()?;
        if pos.is_checkmate() {
            return Some(line);
        }
        let solver_moves = line.len().div_ceil(2);
        match kind {
            Kind::Mate(n) if solver_moves >= usize::try_from(n).ok()? => return None,
            Kind::Win(_) if solver_moves >= MAX_WIN_MOVES => return Some(line),
            Kind::Hold => return Some(line),
            _ => {}
        }
        if !pos.has_legal_moves() || pos.is_dead() {
            // A stalemate or a dead position: no win.
            return None;
        }
        let reply = engine
            .search(
                &hist,
                Limits::Nodes(SCAN_NODES),
                &NoClock,
                &stop,
                &mut |_| {},
            )
            .best_move?;
        push(&mut hist, reply)?;
        let (next, best, second) = best_two(engine, &hist, SCAN_NODES)?;
        let again = only_move(best, second);
        match (kind, again) {
            // The mating move itself may be any mate; before it, no other move mates as fast.
            (Kind::Mate(_), _) if matches!(best, Score::Mate(1)) => {}
            (Kind::Mate(_), _) if mates_first(best, second) => {}
            (Kind::Mate(_), _) => return None,
            (Kind::Win(_), Some(Kind::Win(_) | Kind::Mate(_))) => {}
            _ => return Some(line),
        }
        line.push(reply);
        line.push(next);
        push(&mut hist, next)?;
    }
}

/// Whether `best` mates and `second` does not mate as fast.
fn mates_first(best: Score, second: Option<Score>) -> bool {
    match (best, second) {
        (Score::Mate(k), Some(Score::Mate(j))) if k > 0 => j <= 0 || j > k,
        (Score::Mate(k), _) => k > 0,
        _ => false,
    }
}

/// Whether the line stands at [`VERIFY_NODES`]: each solver's move the best again (a mate for
/// the last of a mate), the first still the only move.
fn verified(engine: &mut Engine, history: &[Position], line: &[Move], kind: Kind) -> bool {
    let stop = AtomicBool::new(false);
    let mut hist = history.to_vec();
    for (i, &m) in line.iter().enumerate() {
        let Some(pos) = hist.last() else {
            return false;
        };
        if i % 2 == 0 {
            let mates = pos.play(m).is_ok_and(|p| p.is_checkmate());
            if i == 0 {
                let Some((best, score, second)) = best_two(engine, &hist, VERIFY_NODES) else {
                    return false;
                };
                let again = only_move(score, second);
                let same_kind = matches!(
                    (kind, again),
                    (Kind::Mate(_), Some(Kind::Mate(_)))
                        | (Kind::Win(_), Some(Kind::Win(_) | Kind::Mate(_)))
                        | (Kind::Hold, Some(Kind::Hold))
                );
                if !(same_kind && (best == m || mates)) {
                    return false;
                }
            } else if !mates {
                let r = engine.search(
                    &hist,
                    Limits::Nodes(VERIFY_NODES),
                    &NoClock,
                    &stop,
                    &mut |_| {},
                );
                if r.best_move != Some(m) {
                    return false;
                }
            }
        }
        let Ok(next) = pos.play(m) else {
            return false;
        };
        hist.push(next);
    }
    true
}

/// The puzzle's rating from the depth a fresh search needs to find the first move (and keep it
/// one depth more; 13 when depth 12 has not), and the solver's moves.
fn rating_of(history: &[Position], line: &[Move]) -> u32 {
    let stop = AtomicBool::new(false);
    let Some(first) = line.first().copied() else {
        return 1500;
    };
    let mates_at_once = line.len() == 1
        && history
            .last()
            .is_some_and(|p| p.play(first).is_ok_and(|q| q.is_checkmate()));
    let mut engine = Engine::new(16);
    let mut needed = 13;
    let mut found_at: Option<u32> = None;
    for depth in 1..=12u8 {
        engine.new_game();
        let r = engine.search(history, Limits::Depth(depth), &NoClock, &stop, &mut |_| {});
        let found = r.best_move == Some(first)
            || (mates_at_once
                && r.best_move
                    .and_then(|m| history.last()?.play(m).ok())
                    .is_some_and(|q| q.is_checkmate()));
        match (found, found_at) {
            (true, None) => found_at = Some(u32::from(depth)),
            (true, Some(d)) => {
                needed = d;
                break;
            }
            (false, _) => found_at = None,
        }
    }
    if mates_at_once {
        needed = needed.min(1);
    }
    let extra = u32::try_from(line.len().div_ceil(2).saturating_sub(1)).unwrap_or(0);
    (500 + 120 * needed + 100 * extra).clamp(600, 2600)
}

/// The themes of a puzzle.
fn themes(
    before: &Position,
    last: Move,
    line: &[Move],
    kind: Kind,
    ply: usize,
) -> Vec<&'static str> {
    let mut out = Vec::new();
    let solver_moves = line.len().div_ceil(2);
    let Ok(start) = before.play(last) else {
        return out;
    };
    match kind {
        Kind::Mate(n) => {
            out.push("mate");
            out.push(match n {
                1 => "mateIn1",
                2 => "mateIn2",
                3 => "mateIn3",
                _ => "mateIn4",
            });
        }
        Kind::Win(cp) if cp >= 600 => out.push("crushing"),
        Kind::Win(_) => out.push("advantage"),
        Kind::Hold => out.push("equality"),
    }
    if line.iter().any(|m| m.promotion.is_some()) {
        out.push("promotion");
    }
    let solver = start.turn();
    if let Some(&first) = line.first() {
        if start.is_capture(first)
            && start.attackers_to(first.to, solver.other()).is_empty()
            && start
                .piece_at(first.to)
                .is_some_and(|p| p.role != Role::Pawn)
        {
            out.push("hangingPiece");
        }
        if let Ok(mut after) = start.play(first) {
            let check = after.is_check();
            // The moved piece's targets: its moves from its square were the solver to move
            // again.
            after.play_null();
            let targets = after
                .legal_moves_from(first.to)
                .iter()
                .filter(|m| {
                    after.piece_at(m.to).is_some_and(|p| {
                        p.color != solver && !matches!(p.role, Role::Pawn | Role::King)
                    })
                })
                .count()
                + usize::from(check);
            if targets >= 2 {
                out.push("fork");
            }
        }
    }
    if start.to_setup().counting.is_some() {
        out.push("counting");
    }
    let pieces = (start.occupied() & !start.by_role(Role::Pawn) & !start.by_role(Role::King))
        .into_iter()
        .count();
    out.push(if ply < 20 {
        "opening"
    } else if pieces <= 6 {
        "endgame"
    } else {
        "middlegame"
    });
    out.push(match solver_moves {
        1 => "oneMove",
        2 => "short",
        _ => "long",
    });
    out
}

/// Plays self-play game `g` and mines it.
fn mine_game(g: u64, seed: u64, analyst: &mut Engine) -> Vec<Found> {
    let stop = AtomicBool::new(false);
    let mut rng = Rng((seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (g + 1).wrapping_mul(0xd6e8_feb8_6659_fd93))
        | 1);
    let mut game = Game::new(Rules::default());
    for _ in 0..2 + rng.below(7) {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if game.play(m).is_err() {
            break;
        }
    }
    let nodes = [
        SELF_PLAY_NODES[rng.below(SELF_PLAY_NODES.len())],
        SELF_PLAY_NODES[rng.below(SELF_PLAY_NODES.len())],
    ];
    let mut sides: Vec<Engine> = (0..2)
        .map(|i| {
            let mut e = Engine::new(8);
            e.style = Style {
                noise_cp: SELF_PLAY_NOISE_CP,
                seed: seed ^ g.wrapping_mul(31) ^ i,
                blunders_per_mille: SELF_PLAY_BLUNDERS,
                ..Style::default()
            };
            e
        })
        .collect();
    // The mover's self-play score of each position (`None` for the random opening's).
    let mut scores: Vec<Option<Score>> = vec![None; game.positions().len() - 1];
    while !game.is_over() && game.positions().len() < MAX_PLIES {
        let side = usize::from(game.position().turn() == Color::Black);
        let r = sides[side].search(
            game.positions(),
            Limits::Nodes(nodes[side]),
            &NoClock,
            &stop,
            &mut |_| {},
        );
        scores.push(Some(r.score));
        let Some(m) = r.best_move else { break };
        if game.play(m).is_err() {
            break;
        }
        if !game.claimable().is_empty() {
            break;
        }
    }
    let positions = game.positions().to_vec();
    let moves = game.moves().to_vec();
    let score_at = |i: usize| scores.get(i).copied().flatten();
    let mut found = Vec::new();
    let mut last_kept: Option<usize> = None;
    for t in 1..positions.len() {
        if found.len() >= MAX_PER_GAME {
            break;
        }
        if last_kept.is_some_and(|k| t < k + 8) {
            continue;
        }
        let pos = &positions[t];
        if pos.legal_moves().len() < 2 || pos.is_dead() {
            continue;
        }
        // The solver's own score at its previous move: a side already winning finds many
        // ways on, and one already lost has no defence to find.
        let Some(prior) = t.checked_sub(2).and_then(score_at) else {
            continue;
        };
        let prior = cp(prior);
        if prior > BEFORE_CP {
            continue;
        }
        let swing = score_at(t).is_some_and(|now| {
            cp(now) - prior >= SWING_CP || matches!(now, Score::Mate(n) if n > 0)
        });
        let stands_out = !swing && prior >= -HOLD_CP && {
            let mut s = analyst.shallow_scores(&positions[..=t], &NoClock, &stop);
            s.sort_by_key(|&(_, v)| -v);
            s.len() >= 2 && s[0].1 - s[1].1 >= SWING_CP && s[0].1 >= -HOLD_CP
        };
        if !swing && !stands_out {
            continue;
        }
        let history = &positions[..=t];
        // A quick look first: most candidates have no only move.
        if best_two(analyst, history, QUICK_NODES)
            .is_none_or(|(_, score, second)| only_move(score, second).is_none())
        {
            continue;
        }
        let Some((best, score, second)) = best_two(analyst, history, SCAN_NODES) else {
            continue;
        };
        let Some(kind) = only_move(score, second) else {
            continue;
        };
        // Taking back what the opponent just took is no puzzle.
        let recapture = positions[t - 1].is_capture(moves[t - 1]) && best.to == moves[t - 1].to;
        if recapture && !matches!(kind, Kind::Mate(_)) {
            continue;
        }
        let Some(line) = solution(analyst, history, best, kind) else {
            continue;
        };
        if !verified(analyst, history, &line, kind) {
            eprintln!("game {g} ply {t}: not verified ({kind:?})");
            continue;
        }
        let rating = rating_of(history, &line);
        // A hold that a depth-2 search finds is a forced reply, not a defence to find.
        if kind == Kind::Hold && rating < MIN_HOLD_RATING {
            continue;
        }
        let themes = themes(&positions[t - 1], moves[t - 1], &line, kind, t);
        last_kept = Some(t);
        found.push(Found {
            before: positions[t - 1].clone(),
            last: moves[t - 1],
            line,
            kind,
            rating,
            themes,
        });
    }
    found
}

/// A short id from the puzzle's position and moves (base 36 of a 40-bit FNV-1a hash).
fn id_of(fen: &str, moves: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in fen.bytes().chain(moves.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let mut n = h & 0xff_ffff_ffff;
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut s = Vec::new();
    for _ in 0..8 {
        s.push(digits[usize::try_from(n % 36).unwrap_or(0)]);
        n /= 36;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The header line of the file.
const HEADER: &str = "id,fen,moves,rating,themes,game";

fn mine(cli: &Cli, out_path: &PathBuf) -> std::io::Result<()> {
    let text = std::fs::read_to_string(out_path).unwrap_or_default();
    let mut have = 0;
    let mut next_game = 0u64;
    let mut seen: HashSet<String> = HashSet::new();
    for line in text.lines().filter(|l| !l.is_empty() && *l != HEADER) {
        let cols: Vec<&str> = line.split(',').collect();
        if let [_, fen, _, _, _, game] = cols[..] {
            have += 1;
            seen.insert(fen.to_owned());
            if let Ok(g) = game.parse::<u64>() {
                next_game = next_game.max(g + 1);
            }
        }
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out_path)?;
    if text.is_empty() {
        writeln!(out, "{HEADER}")?;
    }
    let mut analyst = Engine::new(64);
    let mut g = next_game;
    while have < cli.puzzles {
        analyst.new_game();
        for f in mine_game(g, cli.seed, &mut analyst) {
            let fen = f.before.fen();
            if !seen.insert(fen.clone()) {
                continue;
            }
            let moves: Vec<String> = core::iter::once(f.last)
                .chain(f.line.iter().copied())
                .map(|m| m.to_uci())
                .collect();
            let moves = moves.join(" ");
            writeln!(
                out,
                "{},{fen},{moves},{},{},{g}",
                id_of(&fen, &moves),
                f.rating,
                f.themes.join(" ")
            )?;
            out.flush()?;
            have += 1;
            eprintln!(
                "{have}/{}: game {g} {:?} rating {} {moves}",
                cli.puzzles, f.kind, f.rating
            );
        }
        g += 1;
    }
    Ok(())
}

/// Checks every puzzle of `path` (see the module's documentation); the faulty lines.
fn check(path: &PathBuf) -> std::io::Result<usize> {
    let text = std::fs::read_to_string(path)?;
    let mut engine = Engine::new(64);
    let mut bad = 0;
    let mut total = 0;
    for line in text.lines().filter(|l| !l.is_empty() && *l != HEADER) {
        total += 1;
        let cols: Vec<&str> = line.split(',').collect();
        let ok = (|| {
            let [_, fen, moves, _, themes, _] = cols[..] else {
                return false;
            };
            let Ok(mut game) = Game::from_fen(fen, Rules::default()) else {
                return false;
            };
            let mut ucis = moves.split(' ');
            if ucis.next().is_none_or(|u| game.play_uci(u).is_err()) {
                return false;
            }
            let history = game.positions().to_vec();
            let mut line = Vec::new();
            for u in ucis {
                match game.play_uci(u) {
                    Ok(m) => line.push(m),
                    Err(_) => return false,
                }
            }
            if line.len() % 2 == 0 {
                return false;
            }
            let kind = if themes.contains("mateIn") {
                Kind::Mate(4)
            } else if themes.contains("equality") {
                Kind::Hold
            } else {
                Kind::Win(WIN_CP)
            };
            engine.new_game();
            verified(&mut engine, &history, &line, kind)
        })();
        if !ok {
            bad += 1;
            println!("not verified: {line}");
        }
    }
    println!("{total} puzzles, {bad} not verified at {VERIFY_NODES} nodes");
    Ok(bad)
}

fn main() -> std::io::Result<()> {
    let cli = Cli::parse();
    if let Some(path) = &cli.check {
        let bad = check(path)?;
        std::process::exit(i32::from(bad > 0));
    }
    let Some(out) = cli.out.clone() else {
        eprintln!("--out FILE or --check FILE");
        std::process::exit(2);
    };
    mine(&cli, &out)
}
