//! The Universal Chess Interface for this engine, as other variant engines speak it.
//!
//! Accepted commands: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant value asean`
//! (the only variant), `setoption name Hash value <MiB>`, `setoption name Skill Level value
//! <1..8>`, `setoption name Search Features value <list>` (the techniques of the search, as
//! [`crate::SearchFeatures`] reads them, e.g. `all,-lmp`: for measuring each one in a match),
//! `position startpos|fen <FEN> [moves <uci>...]`, `go depth <n> | nodes <n> | movetime
//! <ms> | wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>] | infinite`, each
//! with `searchmoves <uci>...` (the search only among those moves; an illegal one is an
//! error and nothing is searched), `go perft <n>`, `stop`, `quit`. Searches run on a thread, so `stop` and `isready` are answered while
//! thinking. Malformed input is answered with `info string error: ...` and changes nothing.
//!
//! # Skill Level
//! `Skill Level` 1 to 8 plays as the page's [`Level`] of that number. Until it is set the engine
//! plays at full strength with no limit but `go`'s (the option's default, 8, differs only by
//! its time ceiling). Once set, every search takes from the level:
//! - its depth cap (`go depth d` searches to the smaller of `d` and the cap);
//! - its evaluation noise, seeded by the game's first position (the `position` command's
//!   `startpos` or FEN), so the same game replays the same moves;
//! - its move time `T` in the position ([`Level::move_time_at`]: at least a second against a lone
//!   king) as a ceiling: `go` with no limit thinks as the page does (at most
//!   `T`, less when the best move is obvious: [`Limits::AtMost`]); `go movetime m` thinks
//!   `min(m, T)`, all of it; `go nodes n`, `go depth d` and
//!   `go wtime .. btime ..` keep their own limit and stop at `T` at the latest; only
//!   `go infinite` has no ceiling (it runs until `stop`, within the depth cap).

#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use rules::{Position, Rules, perft};

use crate::{Engine, Level, Limits, Score, SearchInfo, StdClock, Style};

/// The engine's name as `uci` reports it.
pub const NAME: &str = "ASEAN chess engine";

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The UCI state: the position, the engine and the search thread.
pub struct Session {
    out: Out,
    game: Vec<Position>,
    engine: Arc<Mutex<Engine>>,
    /// The stop flag of the current search (each search has its own, so a late time ceiling
    /// of an earlier search never stops a later one).
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The `Skill Level`, once set.
    level: Option<Level>,
    /// Why the latest `position` was refused, until a position is taken: `go` then searches
    /// nothing (`bestmove (none)`), never the position before it.
    refused: Option<String>,
}

impl Session {
    /// A session writing its answers to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Session {
        Session {
            out: Arc::new(Mutex::new(out)),
            game: vec![Position::new(Rules::default())],
            engine: Arc::new(Mutex::new(Engine::new(16))),
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            level: None,
            refused: None,
        }
    }

    fn wait(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// Handles one command line; returns `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                say(
                    &self.out,
                    &format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")),
                );
                say(
                    &self.out,
                    "id author the ASEAN chess in the browser authors",
                );
                say(
                    &self.out,
                    "option name UCI_Variant type combo default asean var asean",
                );
                say(
                    &self.out,
                    "option name Hash type spin default 16 min 1 max 1024",
                );
                say(
                    &self.out,
                    "option name Skill Level type spin default 8 min 1 max 8",
                );
                say(
                    &self.out,
                    "option name Search Features type string default all",
                );
                say(&self.out, "uciok");
            }
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.stop_search();
                if let Ok(mut e) = self.engine.lock() {
                    e.new_game();
                }
                self.game = vec![Position::new(Rules::default())];
                self.refused = None;
            }
            "setoption" => self.set_option(&rest),
            "position" => {
                self.stop_search();
                match parse_position(&rest) {
                    Ok(game) => {
                        self.game = game;
                        self.refused = None;
                    }
                    Err(e) => {
                        say(&self.out, &format!("info string error: {e}"));
                        self.refused = Some(e.to_string());
                    }
                }
            }
            "go" => {
                self.stop_search();
                match &self.refused {
                    Some(why) => {
                        say(
                            &self.out,
                            &format!("info string error: no position to search ({why})"),
                        );
                        say(&self.out, "bestmove (none)");
                    }
                    None => self.go(&rest),
                }
            }
            "stop" => self.stop_search(),
            "quit" => {
                self.stop_search();
                return false;
            }
            other => say(
                &self.out,
                &format!("info string error: unknown command {other}"),
            ),
        }
        true
    }

    fn set_option(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let (name, value) = match text
            .strip_prefix("name ")
            .and_then(|t| t.split_once(" value "))
        {
            Some((n, v)) => (n.trim(), v.trim()),
            None => {
                say(
                    &self.out,
                    "info string error: expected setoption name <name> value <value>",
                );
                return;
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" if value == "asean" => {}
            "uci_variant" => say(
                &self.out,
                &format!("info string error: unsupported variant {value} (only asean)"),
            ),
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => {
                    self.stop_search();
                    let mut engine = Engine::new(mb);
                    if let Ok(old) = self.engine.lock() {
                        engine.features = old.features;
                    }
                    self.engine = Arc::new(Mutex::new(engine));
                }
                _ => say(&self.out, "info string error: Hash must be 1 to 1024 (MiB)"),
            },
            "skill level" => match value.parse::<u8>().ok().and_then(Level::new) {
                Some(level) => self.level = Some(level),
                None => say(&self.out, "info string error: Skill Level must be 1 to 8"),
            },
            "search features" => match value.parse::<crate::SearchFeatures>() {
                Ok(features) => {
                    self.stop_search();
                    if let Ok(mut e) = self.engine.lock() {
                        e.features = features;
                    }
                }
                Err(e) => say(&self.out, &format!("info string error: {e}")),
            },
            _ => say(
                &self.out,
                &format!("info string error: unknown option {name}"),
            ),
        }
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            match args.get(1).and_then(|d| d.parse::<u32>().ok()) {
                Some(depth) if depth <= 10 => self.perft(depth),
                _ => say(
                    &self.out,
                    "info string error: expected go perft <depth 0..=10>",
                ),
            }
            return;
        }
        let (args, searchmoves) = split_searchmoves(args);
        let only = match self.game.last().map_or(Ok(Vec::new()), |pos| {
            searchmoves
                .iter()
                .map(|m| {
                    pos.parse_uci(m)
                        .map_err(|e| format!("searchmoves: {m} is not a legal move here: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()
        }) {
            Ok(only) => only,
            Err(e) => {
                say(&self.out, &format!("info string error: {e}"));
                return;
            }
        };
        let args = args.as_slice();
        let limits = match parse_limits(
            args,
            self.game.last().map_or(rules::Color::White, Position::turn),
        ) {
            Ok(l) => l,
            Err(e) => {
                say(&self.out, &format!("info string error: {e}"));
                return;
            }
        };
        let level_time = self.level.map(|l| {
            self.game
                .last()
                .map_or(l.move_time(), |pos| l.move_time_at(pos))
        });
        let plan = Plan::new(limits, args.is_empty(), level_time);
        let seed = self.game.first().map_or(0, Position::zobrist);
        let style = self.level.map_or_else(Style::default, |l| l.style(seed));
        self.stop = Arc::new(AtomicBool::new(false));
        let (out, engine, stop, game) = (
            self.out.clone(),
            self.engine.clone(),
            self.stop.clone(),
            self.game.clone(),
        );
        // The time ceiling: a watchdog that sets this search's stop flag after it, unless the
        // search ends first (dropping `done`).
        let (done, finished) = std::sync::mpsc::channel::<()>();
        if let Some(ceiling) = plan.ceiling {
            let stop = stop.clone();
            std::thread::spawn(move || {
                if finished.recv_timeout(ceiling) == Err(std::sync::mpsc::RecvTimeoutError::Timeout)
                {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        }
        self.thread = Some(std::thread::spawn(move || {
            let clock = StdClock::start();
            let Ok(mut engine) = engine.lock() else {
                return;
            };
            engine.style = style;
            let result =
                engine.search_among(&game, &only, plan.limits, &clock, &stop, &mut |info| {
                    say(&out, &info_line(info))
                });
            drop(done);
            match result.best_move {
                Some(m) => say(&out, &format!("bestmove {m}")),
                None => say(&out, "bestmove (none)"),
            }
        }));
    }

    fn perft(&mut self, depth: u32) {
        let Some(pos) = self.game.last().cloned() else {
            return;
        };
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let n = perft(&child, depth - 1);
                total += n;
                say(&self.out, &format!("{m}: {n}"));
            }
        }
        say(&self.out, "");
        say(&self.out, &format!("Nodes searched: {total}"));
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop_search();
    }
}

/// How a `go` is searched: its limits and an optional time ceiling (see the module's Skill
/// Level section).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    limits: Limits,
    ceiling: Option<Duration>,
}

impl Plan {
    /// The plan for `go`'s `limits` (`bare`: `go` gave no parameter) with a Skill Level whose
    /// move time in the position is `level_time` ([`Level::move_time_at`]), or none.
    fn new(limits: Limits, bare: bool, level_time: Option<Duration>) -> Plan {
        let Some(t) = level_time else {
            return Plan {
                limits,
                ceiling: None,
            };
        };
        match limits {
            _ if bare => Plan {
                limits: Limits::AtMost(t),
                ceiling: None,
            },
            Limits::MoveTime(m) => Plan {
                limits: Limits::MoveTime(m.min(t)),
                ceiling: None,
            },
            Limits::AtMost(m) => Plan {
                limits: Limits::AtMost(m.min(t)),
                ceiling: None,
            },
            Limits::Infinite => Plan {
                limits,
                ceiling: None,
            },
            Limits::Depth(_) | Limits::Nodes(_) | Limits::Clock { .. } => Plan {
                limits,
                ceiling: Some(t),
            },
        }
    }
}

/// Formats a search report as a UCI `info` line.
#[must_use]
pub fn info_line(info: &SearchInfo) -> String {
    let ms = info.time.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / ms;
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.nodes,
        pv.join(" ")
    )
}

/// The positions of `position startpos|fen <FEN> [moves <uci>...]`: the start, then the
/// position after each move.
///
/// # Errors
/// A malformed command or FEN, or a move that is not UCI or not legal where it is played (the
/// error names the move by number and text; the caller reports it as `info string error`).
/// Moves after the end of the game (a dead position, an expired count, a draw that could be
/// claimed) are played as long as they are legal: a GUI may play on.
fn parse_position(args: &[&str]) -> Result<Vec<Position>, String> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut pos = match setup {
        ["startpos"] => Position::new(Rules::default()),
        ["fen", fen @ ..] if !fen.is_empty() => {
            Position::from_fen(&fen.join(" "), Rules::default()).map_err(|e| e.to_string())?
        }
        _ => return Err("expected position startpos|fen <FEN> [moves ...]".to_owned()),
    };
    let mut positions = Vec::with_capacity(moves.len() + 1);
    for (i, &m) in moves.iter().enumerate() {
        let mv = pos
            .parse_uci(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        let mut next = pos.clone();
        next.play_unchecked(mv);
        positions.push(pos);
        pos = next;
    }
    positions.push(pos);
    Ok(positions)
}

/// `go`'s arguments without `searchmoves` and the moves it names (every word after it up to
/// the next of `go`'s keywords).
fn split_searchmoves<'a>(args: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    const KEYWORDS: [&str; 10] = [
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "infinite",
        "ponder",
    ];
    let (mut rest, mut moves) = (Vec::new(), Vec::new());
    let mut listing = false;
    for &a in args {
        if a == "searchmoves" {
            listing = true;
        } else if KEYWORDS.contains(&a) {
            listing = false;
            rest.push(a);
        } else if listing {
            moves.push(a);
        } else {
            rest.push(a);
        }
    }
    (rest, moves)
}

fn parse_limits(args: &[&str], turn: rules::Color) -> Result<Limits, String> {
    let ms = |v: Option<&&str>, what: &str| -> Result<Duration, String> {
        v.and_then(|v| v.parse::<i64>().ok())
            .map(|n| Duration::from_millis(n.max(0) as u64))
            .ok_or_else(|| format!("go {what} needs a number of milliseconds"))
    };
    let mut wtime = None;
    let mut btime = None;
    let mut winc = Duration::ZERO;
    let mut binc = Duration::ZERO;
    let mut movestogo = None;
    let mut limits = None;
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1);
        match args[i] {
            "depth" => {
                let d = v
                    .and_then(|v| v.parse::<u8>().ok())
                    .ok_or("go depth needs 1..=64")?;
                limits = Some(Limits::Depth(d));
            }
            "nodes" => {
                let n = v
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or("go nodes needs a number")?;
                limits = Some(Limits::Nodes(n));
            }
            "movetime" => limits = Some(Limits::MoveTime(ms(v, "movetime")?)),
            "wtime" => wtime = Some(ms(v, "wtime")?),
            "btime" => btime = Some(ms(v, "btime")?),
            "winc" => winc = ms(v, "winc")?,
            "binc" => binc = ms(v, "binc")?,
            "movestogo" => movestogo = v.and_then(|v| v.parse::<u32>().ok()),
            "infinite" => {
                limits = Some(Limits::Infinite);
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            other => return Err(format!("unknown go parameter {other}")),
        }
        i += 2;
    }
    let (time, inc) = if turn.is_white() {
        (wtime, winc)
    } else {
        (btime, binc)
    };
    Ok(match (limits, time) {
        (Some(l), _) => l,
        (None, Some(remaining)) => Limits::Clock {
            remaining,
            increment: inc,
            moves_to_go: movestogo,
        },
        (None, None) => Limits::Infinite,
    })
}

/// Runs a UCI session over standard input and output until `quit` or end of input.
///
/// # Errors
/// Fails only when standard input cannot be read.
pub fn run_stdio() -> io::Result<()> {
    let mut session = Session::new(Box::new(io::stdout()));
    for line in io::stdin().lock().lines() {
        if !session.handle(&line?) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    #[test]
    fn a_skill_level_bounds_every_search_but_infinite() {
        let level = Level::new(3).unwrap();
        let t = level.move_time();
        let ms = Duration::from_millis;
        let plan = |limits, bare| Plan::new(limits, bare, Some(t));
        assert_eq!(
            plan(Limits::Infinite, true),
            Plan {
                limits: Limits::AtMost(t),
                ceiling: None
            }
        );
        assert_eq!(
            plan(Limits::Infinite, false),
            Plan {
                limits: Limits::Infinite,
                ceiling: None
            }
        );
        assert_eq!(
            plan(Limits::MoveTime(ms(50)), false).limits,
            Limits::MoveTime(ms(50))
        );
        assert_eq!(
            plan(Limits::MoveTime(ms(60_000)), false).limits,
            Limits::MoveTime(t)
        );
        assert_eq!(
            plan(Limits::Nodes(5), false),
            Plan {
                limits: Limits::Nodes(5),
                ceiling: Some(t)
            }
        );
        assert_eq!(plan(Limits::Depth(9), false).ceiling, Some(t));
        let clock = Limits::Clock {
            remaining: ms(60_000),
            increment: ms(0),
            moves_to_go: None,
        };
        assert_eq!(
            plan(clock, false),
            Plan {
                limits: clock,
                ceiling: Some(t)
            }
        );
        // Without a level, go's own limits and nothing else.
        assert_eq!(
            Plan::new(Limits::Nodes(5), false, None),
            Plan {
                limits: Limits::Nodes(5),
                ceiling: None
            }
        );
        assert_eq!(
            Plan::new(Limits::Infinite, true, None).limits,
            Limits::Infinite
        );
    }

    /// A writer whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        /// The lines written since the last call.
        fn take(&self) -> Vec<String> {
            let bytes = std::mem::take(&mut *self.0.lock().unwrap());
            String::from_utf8(bytes)
                .unwrap()
                .lines()
                .map(str::to_owned)
                .collect()
        }
    }

    #[test]
    fn a_bad_move_in_position_is_reported_and_changes_nothing() {
        let out = Shared::default();
        let mut session = Session::new(Box::new(out.clone()));
        session.handle("position startpos moves e3e4 d6d5");
        assert_eq!(out.take(), Vec::<String>::new());
        let fens = |s: &Session| s.game.iter().map(Position::fen).collect::<Vec<_>>();
        let before = fens(&session);
        assert_eq!(before.len(), 3);
        assert_eq!(
            before[2],
            "rnbqkbnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNBQKBNR w - - 0 2"
        );
        session.handle("position startpos moves e3e4 e3e5");
        assert_eq!(
            out.take(),
            ["info string error: move 2 (e3e5): illegal move e3e5"]
        );
        assert_eq!(fens(&session), before);
        session.handle("position startpos moves e3e4 castle");
        assert_eq!(
            out.take(),
            ["info string error: move 2 (castle): invalid UCI move (expected e.g. e3e4 or a7a8r)"]
        );
        assert_eq!(fens(&session), before);
        // A refused position is searched by nobody: go answers no move (never one for the
        // position before it), until a position is taken.
        session.handle("position fen 8/8/8/3kK3/8/8/8/7R w - - 0 1");
        assert_eq!(
            out.take(),
            ["info string error: illegal position: the kings stand side by side on e5 and d5"]
        );
        session.handle("go depth 3");
        session.wait();
        assert_eq!(
            out.take(),
            [
                "info string error: no position to search (illegal position: the kings stand side by side on e5 and d5)",
                "bestmove (none)"
            ]
        );
        session.handle("position startpos");
        session.handle("go depth 1");
        session.wait();
        assert!(
            out.take()
                .last()
                .is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove (none)")
        );
    }

    #[test]
    fn moves_after_the_end_of_the_game_are_played_while_legal() {
        // Kxe2 leaves two bare kings, a dead position: the game is over, the board is not.
        let out = Shared::default();
        let mut session = Session::new(Box::new(out.clone()));
        session.handle("position fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 moves e1e2 e8d8 e2d3");
        assert_eq!(out.take(), Vec::<String>::new());
        assert_eq!(session.game.len(), 4);
        assert!(session.game[1].is_dead());
        assert_eq!(session.game[3].fen(), "3k4/8/8/8/8/3K4/8/8 b - - 2 2");
    }
}
