//! The driver's side of the UCI protocol, for programs that run UCI engines (the `match` tool,
//! the bot runner `asean-bot`): starts an engine process ([`EngineCommand`]), talks to it over
//! pipes and waits for its answers with deadlines, so an engine that dies or hangs is a
//! [`Fault`], never a hang of its driver. Native targets only (it starts processes).

use core::fmt;
use core::time::Duration;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Instant;

use crate::Score;

/// How to start a UCI engine.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineCommand {
    /// The program to run.
    pub cmd: String,
    /// Its command-line arguments, in order.
    pub args: Vec<String>,
    /// Its name for reports; `None`: the engine's own `id name`.
    pub name: Option<String>,
    /// UCI options sent with `setoption` after the handshake, in order.
    pub options: Vec<(String, String)>,
}

/// What went wrong with an engine; the engine at fault loses the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Spawn(String),
    /// It closed its output (exited or crashed) while we waited for `waiting_for`.
    Exited {
        /// What we were waiting for (`uciok`, `bestmove`...).
        waiting_for: &'static str,
        /// Its exit status, when known.
        status: Option<String>,
    },
    /// No `waiting_for` within `after`.
    Timeout {
        /// What we were waiting for.
        waiting_for: &'static str,
        /// How long we waited.
        after: Duration,
    },
    /// Writing a command to it failed (its input is closed).
    Write(String),
    /// It answered `bestmove` with text that is not a legal move in the position.
    IllegalMove {
        /// Its text, as sent.
        text: String,
        /// Why it is not a move here.
        reason: String,
    },
    /// It ran out of time on its clock.
    Flag {
        /// How long it thought.
        used: Duration,
        /// What it had left.
        left: Duration,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Spawn(e) => write!(f, "could not start: {e}"),
            Fault::Exited {
                waiting_for,
                status,
            } => {
                write!(f, "exited while we waited for {waiting_for}")?;
                if let Some(s) = status {
                    write!(f, " ({s})")?;
                }
                Ok(())
            }
            Fault::Timeout { waiting_for, after } => write!(
                f,
                "sent no {waiting_for} within {:.1} s",
                after.as_secs_f64()
            ),
            Fault::Write(e) => write!(f, "does not read its input: {e}"),
            Fault::IllegalMove { text, reason } => {
                write!(f, "played {text:?}: {reason}")
            }
            Fault::Flag { used, left } => write!(
                f,
                "lost on time: thought {} ms with {} ms left",
                used.as_millis(),
                left.as_millis()
            ),
        }
    }
}

/// An engine's answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The first word after `bestmove`, as sent (a move still to be checked against the
    /// position; `(none)` or `0000` from an engine that sees no legal move).
    pub best_move: String,
    /// The depth of its last `info` line that gave one.
    pub depth: Option<u32>,
    /// The node count of its last `info` line that gave one.
    pub nodes: Option<u64>,
    /// The score of its last `info` line that gave one (`score cp <n>` or `score mate <n>`,
    /// from the side to move's point of view; a `lowerbound`/`upperbound` one is kept too).
    pub score: Option<Score>,
    /// Wall time from `go` to `bestmove`.
    pub elapsed: Duration,
}

/// A running UCI engine.
pub struct UciEngine {
    /// Its name: the spec's, else its `id name`, else the program's file name.
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Starts the engine of `spec`, runs the handshake (`uci`/`uciok`), sends its options and
    /// waits until it is ready, each answer within `deadline`.
    ///
    /// # Errors
    /// A [`Fault`] when the program does not start, exits, or does not answer in time.
    pub fn start(spec: &EngineCommand, deadline: Duration) -> Result<UciEngine, Fault> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Spawn(format!("{}: {e}", spec.cmd)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Spawn(format!("{}: no pipes", spec.cmd)));
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let fallback = std::path::Path::new(&spec.cmd)
            .file_name()
            .map_or_else(|| spec.cmd.clone(), |n| n.to_string_lossy().into_owned());
        let mut engine = UciEngine {
            name: spec.name.clone().unwrap_or(fallback),
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        let mut id_name = None;
        engine.wait_for("uciok", deadline, |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                id_name = Some(n.trim().to_owned());
            }
        })?;
        if spec.name.is_none()
            && let Some(n) = id_name
        {
            engine.name = n;
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready(deadline)?;
        Ok(engine)
    }

    /// Sends one command line.
    ///
    /// # Errors
    /// [`Fault::Write`] when the engine no longer reads.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Write(e.to_string()))
    }

    /// `isready`, then waits for `readyok` within `deadline`.
    ///
    /// # Errors
    /// A [`Fault`] when it exits or does not answer in time.
    pub fn ready(&mut self, deadline: Duration) -> Result<(), Fault> {
        self.send("isready")?;
        self.wait_for("readyok", deadline, |_| {})
    }

    /// `ucinewgame`, then waits until it is ready.
    ///
    /// # Errors
    /// A [`Fault`] when it exits or does not answer in time.
    pub fn new_game(&mut self, deadline: Duration) -> Result<(), Fault> {
        self.send("ucinewgame")?;
        self.ready(deadline)
    }

    /// Sends `position` then `go` (both whole command lines) and waits for `bestmove` within
    /// `deadline`.
    ///
    /// # Errors
    /// A [`Fault`] when it exits or does not answer in time.
    pub fn go(&mut self, position: &str, go: &str, deadline: Duration) -> Result<Answer, Fault> {
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let (mut depth, mut nodes, mut score, mut best) = (None, None, None, None);
        self.wait_for("bestmove", deadline, |line| {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    while let Some(w) = words.next() {
                        match w {
                            "depth" => {
                                depth = words.next().and_then(|d| d.parse().ok()).or(depth);
                            }
                            "nodes" => {
                                nodes = words.next().and_then(|n| n.parse().ok()).or(nodes);
                            }
                            "score" => {
                                let kind = words.next();
                                let n = words.next().and_then(|n| n.parse::<i32>().ok());
                                score = match (kind, n) {
                                    (Some("cp"), Some(n)) => Some(Score::Cp(n)),
                                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                                    _ => score,
                                };
                            }
                            // The rest of the line is free text or moves.
                            "string" | "pv" => break,
                            _ => {}
                        }
                    }
                }
                Some("bestmove") => best = Some(words.next().unwrap_or("").to_owned()),
                _ => {}
            }
        })?;
        Ok(Answer {
            best_move: best.unwrap_or_default(),
            depth,
            nodes,
            score,
            elapsed: start.elapsed(),
        })
    }

    /// Reads lines until one whose first word is `word`, passing each (that one included) to
    /// `on_line`, for at most `deadline`.
    fn wait_for(
        &mut self,
        word: &'static str,
        deadline: Duration,
        mut on_line: impl FnMut(&str),
    ) -> Result<(), Fault> {
        let end = Instant::now() + deadline;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    on_line(&line);
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Timeout {
                        waiting_for: word,
                        after: deadline,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Exited {
                        waiting_for: word,
                        status: self.exit_status(),
                    });
                }
            }
        }
    }

    /// The exit status once the process has ended (waiting a moment for it).
    fn exit_status(&mut self) -> Option<String> {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.to_string());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for UciEngine {
    /// Asks the engine to quit, and kills it if it has not within a moment.
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(all(test, unix))]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    /// An engine in `sh` whose `go` prints `info` then `bestmove e3e4`.
    fn scripted(info: &str) -> EngineCommand {
        EngineCommand {
            cmd: "sh".into(),
            args: vec![
                "-c".into(),
                format!(
                    "while read l; do case \"$l\" in uci) echo 'id name sh'; echo uciok;; \
                     isready) echo readyok;; go*) {info}; echo 'bestmove e3e4';; \
                     quit) exit 0;; esac; done"
                ),
            ],
            name: None,
            options: vec![("Hash".into(), "1".into())],
        }
    }

    #[test]
    fn the_answer_keeps_the_last_depth_and_score_and_a_dead_engine_is_a_fault() {
        let second = Duration::from_secs(5);
        let mut e = UciEngine::start(
            &scripted(
                "echo 'info depth 3 score cp -42 nodes 100 pv e3e4'; \
                 echo 'info depth 4 score mate -2 nodes 200'; \
                 echo 'info string score cp 999'",
            ),
            second,
        )
        .unwrap();
        assert_eq!(e.name, "sh");
        let a = e.go("position startpos", "go depth 4", second).unwrap();
        assert_eq!(
            (a.best_move.as_str(), a.depth, a.nodes, a.score),
            ("e3e4", Some(4), Some(200), Some(Score::Mate(-2)))
        );
        let mut e = UciEngine::start(
            &scripted("echo 'info depth 1 score cp 7 upperbound'"),
            second,
        )
        .unwrap();
        assert_eq!(
            e.go("position startpos", "go", second).unwrap().score,
            Some(Score::Cp(7))
        );
        let mut dead = UciEngine::start(&scripted("exit 3"), second).unwrap();
        assert!(matches!(
            dead.go("position startpos", "go", second),
            Err(Fault::Exited {
                waiting_for: "bestmove",
                ..
            })
        ));
    }
}
