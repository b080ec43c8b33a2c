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
    assert!(
        e.until("info string")
            .last()
            .is_some_and(|l| l.contains("e3e5"))
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
