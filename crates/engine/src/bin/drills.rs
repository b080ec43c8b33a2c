//! `asean-drills`: the positions of the counting trainer (the page's `#/training/counting`).
//!
//! Each drill is one way to mate a lone king: a king and a rook, a khon and a met, a khon and a
//! knight, a knight and two mets, two knights and a met, three mets. A position is drawn at
//! random at the moment the count begins (the lone king to move, counted ply 0; with mets only
//! there is no count and the 50-move clock starts at 0), and kept only when
//!
//! - it is legal, the lone king is not in check and can move, the position is not dead;
//! - no piece of the attacker stands en prise (attacked by the lone king and not defended);
//! - our engine shows it won within the count: level 8's style attacking at
//!   [`ATTACK_NODES`] a move against level 8's style defending at [`DEFEND_NODES`] a move mates
//!   in at most three quarters of the count (of the 50 moves when the lone king's 50-move claim
//!   comes first: a knight's count of 64, mets), and in at least
//!   [`Kind::min_moves`] moves (a drill that ends in three moves teaches nothing). The lone
//!   king claims a threefold repetition or 50 moves as soon as it may.
//!
//! The output has one line a position, `kind | FEN | moves the engine needed`, appended to the
//! file; a run resumes by counting the lines each kind already has. The committed file is
//! `crates/web/src/model/drills.fen`:
//!
//! ```text
//! cargo run -p engine --release --bin asean-drills -- --per-kind 24 --seed 1 \
//!     --out crates/web/src/model/drills.fen
//! ```

use core::sync::atomic::AtomicBool;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use clap::Parser;
use engine::{Engine, Level, Limits, NoClock};
use rules::{Color, Game, Outcome, Position, Rules, WinReason};

/// The attacker's node budget a move while verifying.
const ATTACK_NODES: u64 = 150_000;
/// The lone king's node budget a move while verifying.
const DEFEND_NODES: u64 = 100_000;
/// Draws tried for each position kept, at most, before a kind is given up.
const MAX_TRIES: usize = 400;

#[derive(Parser)]
#[command(about = "Generates the counting trainer's positions, verified by self-play.")]
struct Cli {
    /// Positions wanted of each kind (the file's existing lines count).
    #[arg(long, default_value_t = 24)]
    per_kind: usize,
    /// The random draw's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only these kinds (their names, comma-separated); all by default.
    #[arg(long, value_delimiter = ',')]
    kinds: Vec<String>,
    /// The file appended to.
    #[arg(long)]
    out: PathBuf,
}

/// A drill: its name (the page's `data-drill`) and the attacker's pieces besides the king, as FEN
/// letters of White.
struct Kind {
    name: &'static str,
    pieces: &'static [char],
}

impl Kind {
    /// The count's limit in plies, or `None` (mets only: the 50-move rule, 100 plies).
    fn limit_plies(&self) -> Option<u16> {
        if self.pieces.contains(&'R') {
            Some(32)
        } else if self.pieces.contains(&'B') {
            Some(88)
        } else if self.pieces.contains(&'N') {
            Some(128)
        } else {
            None
        }
    }

    /// The most attacker moves the engine may need: three quarters of the count, or of the 50
    /// moves when the lone king's 50-move claim comes first (a knight's 64, mets).
    fn max_moves(&self) -> usize {
        let limit = self
            .limit_plies()
            .map_or(50, |p| usize::from(p.div_ceil(2)))
            .min(50);
        limit * 3 / 4
    }

    /// The fewest attacker moves the engine may need.
    fn min_moves(&self) -> usize {
        if self.pieces.contains(&'R') { 6 } else { 12 }
    }
}

const KINDS: &[Kind] = &[
    Kind {
        name: "rook",
        pieces: &['R'],
    },
    Kind {
        name: "khon-met",
        pieces: &['B', 'Q'],
    },
    Kind {
        name: "khon-knight",
        pieces: &['B', 'N'],
    },
    Kind {
        name: "knight-mets",
        pieces: &['N', 'Q', 'Q'],
    },
    Kind {
        name: "knights-met",
        pieces: &['N', 'N', 'Q'],
    },
    Kind {
        name: "mets",
        pieces: &['Q', 'Q', 'Q'],
    },
];

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x >> 33).unwrap_or(0) % n
    }
}

/// A random placement of `kind` with the lone king to move, as a FEN, or `None` when the draw
/// put two pieces on one square or the position is not legal.
fn draw(kind: &Kind, rng: &mut Rng) -> Option<Position> {
    let attacker = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut board = [None::<char>; 64];
    let mut place = |c: char, board: &mut [Option<char>; 64]| -> bool {
        let sq = rng.below(64);
        if board[sq].is_some() {
            return false;
        }
        board[sq] = Some(c);
        true
    };
    let mut ok = place('K', &mut board) && place('k', &mut board);
    for &p in kind.pieces {
        ok = ok && place(p, &mut board);
    }
    if !ok {
        return None;
    }
    let letter = |c: char| {
        // 'K' and the pieces belong to the attacker, 'k' to the lone king.
        let ours = c.is_ascii_uppercase();
        let white = ours == (attacker == Color::White);
        if white {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    };
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(letter(c));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let lone = if attacker == Color::White { 'b' } else { 'w' };
    let count = kind
        .limit_plies()
        .map_or("- 0".to_owned(), |p| format!("{p} 0"));
    let fen = format!("{fen} {lone} - {count} 1");
    Position::from_fen(&fen, Rules::default()).ok()
}

/// Whether `pos` is a fair start: the lone king not in check and able to move, not dead, and no
/// attacking piece en prise.
fn fair(pos: &Position) -> bool {
    let lone = pos.turn();
    let attacker = lone.other();
    if pos.is_check() || !pos.has_legal_moves() || pos.is_dead() {
        return false;
    }
    let lone_king = pos.king_square(lone);
    (pos.by_color(attacker) & !pos.by_role(rules::Role::King))
        .into_iter()
        .all(|sq| {
            pos.attackers_to(sq, lone).is_empty() || !pos.attackers_to(sq, attacker).is_empty()
        })
        && pos.king_square(attacker) != lone_king
}

/// Plays `pos` out, level 8's style on both sides at the verifying budgets; the attacker's moves
/// to mate, or `None` when it did not mate (an expired count, a claim, a stalemate...).
fn verify(pos: &Position, seed: u64) -> Option<usize> {
    let mut game = Game::from_position(pos.clone());
    let attacker = pos.turn().other();
    let mut attack = Engine::new(16);
    attack.style = Level::MAX.style(seed);
    let mut defend = Engine::new(16);
    defend.style = Level::MAX.style(seed ^ 1);
    let mut moves = 0;
    loop {
        if let Some(outcome) = game.outcome() {
            return match outcome {
                Outcome::Win {
                    winner,
                    reason: WinReason::Checkmate,
                } if winner == attacker => Some(moves),
                _ => None,
            };
        }
        let turn = game.position().turn();
        if turn != attacker && !game.claimable().is_empty() {
            return None;
        }
        let (engine, nodes) = if turn == attacker {
            moves += 1;
            (&mut attack, ATTACK_NODES)
        } else {
            (&mut defend, DEFEND_NODES)
        };
        let stop = AtomicBool::new(false);
        let r = engine.search(
            game.positions(),
            Limits::Nodes(nodes),
            &NoClock,
            &stop,
            &mut |_| {},
        );
        game.play(r.best_move?).ok()?;
    }
}

fn main() -> std::io::Result<()> {
    let cli = Cli::parse();
    let mut have: HashMap<String, usize> = HashMap::new();
    if let Ok(text) = std::fs::read_to_string(&cli.out) {
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            if let Some(name) = line.split('|').next() {
                *have.entry(name.trim().to_owned()).or_default() += 1;
            }
        }
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cli.out)?;
    for (i, kind) in KINDS.iter().enumerate() {
        if !cli.kinds.is_empty() && !cli.kinds.iter().any(|k| k == kind.name) {
            continue;
        }
        // The same draws in the same order on every run: a resumed run skips the positions
        // already kept (and plays the rejected ones out again).
        let stream = (u64::try_from(i).unwrap_or(0) + 1) << 32;
        let mut rng = Rng(cli.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ stream | 1);
        let mut kept = have.get(kind.name).copied().unwrap_or(0);
        let mut tries = 0;
        while kept < cli.per_kind && tries < MAX_TRIES * cli.per_kind {
            tries += 1;
            let Some(pos) = draw(kind, &mut rng) else {
                continue;
            };
            if !fair(&pos) {
                continue;
            }
            let fen = pos.fen();
            if have_fen(&cli.out, &fen) {
                continue;
            }
            let seed = fen.bytes().fold(cli.seed, |h, b| {
                h.wrapping_mul(31).wrapping_add(u64::from(b))
            });
            match verify(&pos, seed) {
                Some(n) if (kind.min_moves()..=kind.max_moves()).contains(&n) => {
                    writeln!(out, "{} | {fen} | {n}", kind.name)?;
                    out.flush()?;
                    kept += 1;
                    eprintln!("{}: {kept}/{} ({fen}, {n} moves)", kind.name, cli.per_kind);
                }
                Some(n) => eprintln!("{}: {fen}: mated in {n} moves, out of range", kind.name),
                None => eprintln!("{}: {fen}: not mated", kind.name),
            }
        }
    }
    Ok(())
}

/// Whether `fen` is already in the file (a resumed run draws the same positions again).
fn have_fen(path: &PathBuf, fen: &str) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.lines().any(|l| l.contains(fen)))
}
