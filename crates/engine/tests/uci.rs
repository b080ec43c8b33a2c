//! The UCI binary driven through a real pipe, as a GUI or a match tool drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rules::{Game, Rules};

struct Uci {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_asean-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, cmd: &str) {
        writeln!(self.stdin, "{cmd}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {prefix:?} in {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_options_and_errors() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name")));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("UCI_Variant") && l.contains("asean"))
    );
    e.send("setoption name UCI_Variant value asean");
    e.send("setoption name UCI_Variant value chess");
    assert!(
        e.until("info string")
            .last()
            .is_some_and(|l| l.contains("unsupported variant"))
    );
    e.send("position fen not a fen");
    assert!(
        e.until("info string")
            .last()
            .is_some_and(|l| l.contains("error"))
    );
    e.send("position startpos moves e3e5");
    assert_eq!(
        e.until("info string").last().map(String::as_str),
        Some("info string error: move 1 (e3e5): illegal move e3e5")
    );
    e.send("isready");
    e.until("readyok");
}

#[test]
fn perft_prints_nodes_searched() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go perft 4");
    let lines = e.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 273026")
    );
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 23 + 1);
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut e = Uci::start();
    e.send("ucinewgame");
    e.send("position startpos moves e3e4");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let mut lines = e.until("readyok");
    e.send("stop");
    lines.extend(e.until("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth") && l.contains(" nps ") && l.contains(" pv "))
    );
}

#[test]
fn plays_a_full_game_against_itself_through_the_pipe() {
    let mut e = Uci::start();
    e.send("uci");
    e.until("uciok");
    e.send("ucinewgame");
    let mut game = Game::new(Rules::default());
    let mut moves: Vec<String> = Vec::new();
    while !game.is_over() && moves.len() < 400 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let go = if moves.len().is_multiple_of(2) {
            "go nodes 3000"
        } else {
            "go wtime 2000 btime 2000 winc 10 binc 10"
        };
        e.send(go);
        let best = e.until("bestmove").pop().expect("bestmove");
        let uci = best.split_whitespace().nth(1).expect("move").to_owned();
        game.play_uci(&uci)
            .unwrap_or_else(|err| panic!("illegal {uci} after {moves:?}: {err}"));
        moves.push(uci);
        // Claimable draws are not automatic: stop the game once a claim is possible.
        if !game.claimable().is_empty() {
            break;
        }
    }
    assert!(moves.len() >= 20, "the game ended too soon: {moves:?}");
}

/// The deepest `info depth` among `lines`.
fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[test]
fn skill_level_caps_the_depth_and_rejects_bad_values() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Skill Level type spin default 8 min 1 max 8"),
        "{lines:?}"
    );
    for bad in ["0", "9", "strong"] {
        e.send(&format!("setoption name Skill Level value {bad}"));
        assert!(
            e.until("info string")
                .last()
                .is_some_and(|l| l.contains("Skill Level must be 1 to 8"))
        );
    }
    e.send("position startpos moves e3e4 d6d5");
    // Without a level, a search of many nodes goes deeper than 3 plies.
    e.send("go nodes 200000");
    assert!(deepest(&e.until("bestmove")) > 3);
    // Level 3 caps it at 3 plies, whatever the node budget, and level 1 at 2.
    e.send("setoption name Skill Level value 3");
    e.send("go nodes 200000");
    assert_eq!(deepest(&e.until("bestmove")), 3);
    e.send("setoption name skill level value 1");
    e.send("go depth 10");
    assert_eq!(deepest(&e.until("bestmove")), 2);
    // A bare go thinks the level's own time instead of forever.
    e.send("go");
    let best = e.until("bestmove").pop().expect("bestmove");
    let mut game = Game::new(Rules::default());
    for m in ["e3e4", "d6d5"] {
        game.play_uci(m).expect("legal");
    }
    let uci = best.split_whitespace().nth(1).expect("a move");
    assert!(game.play_uci(uci).is_ok(), "{best}");
}

#[test]
fn a_skill_level_replays_the_same_game() {
    // The noise is seeded by the game's start: the same position gets the same move.
    let mut moves = Vec::new();
    for _ in 0..2 {
        let mut e = Uci::start();
        e.send("setoption name Skill Level value 2");
        e.send("position startpos moves e3e4 d6d5 b1d2");
        e.send("go depth 2");
        moves.push(e.until("bestmove").pop().expect("bestmove"));
    }
    assert_eq!(moves[0], moves[1]);
}

#[test]
fn searchmoves_limits_the_search_to_the_moves_named() {
    let mut e = Uci::start();
    e.send("uci");
    e.until("uciok");
    // A rook takes a hanging rook unless told to look elsewhere.
    e.send("position fen 4k3/8/8/r7/8/8/8/R3K3 w - - 0 1");
    e.send("go depth 4");
    assert_eq!(e.until("bestmove").pop().as_deref(), Some("bestmove a1a5"));
    e.send("go depth 4 searchmoves e1d2 e1f2");
    let best = e.until("bestmove").pop().expect("bestmove");
    assert!(best == "bestmove e1d2" || best == "bestmove e1f2", "{best}");
    // The keyword may come first, and one move is answered at once.
    e.send("go searchmoves a1a2 nodes 5000");
    assert_eq!(e.until("bestmove").pop().as_deref(), Some("bestmove a1a2"));
    // A move that is not legal here is an error, and nothing is searched.
    e.send("go depth 2 searchmoves a1h8");
    let said = e.until("info string");
    assert!(
        said.last()
            .is_some_and(|l| l.contains("searchmoves: a1h8 is not a legal move here")),
        "{said:?}"
    );
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
}
