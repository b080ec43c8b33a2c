//! One game between two UCI engines from an opening, refereed by our rules crate.

use core::time::Duration;

use rules::{Color, Game};

use crate::adjudication::{self, End, adjudicate};
use crate::spec::{EngineSpec, MoveLimit};
use engine::uci_client::{Fault, UciEngine};

/// How games are refereed.
#[derive(Debug, Clone, Copy)]
pub struct Referee {
    /// Plies (after the opening) after which a game still going on is a draw.
    pub max_plies: usize,
    /// How long past its own limit an engine may take to answer before it loses (for a nodes or
    /// depth limit: how long it may take at all), and the deadline of the handshake.
    pub grace: Duration,
    /// How far past its clock an engine on a clock may go before it loses on time.
    pub time_margin: Duration,
}

/// What one engine did in one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effort {
    /// Moves it played.
    pub moves: u64,
    /// Sum of the depths it reported (one per move that reported one).
    pub depth_sum: u64,
    /// Moves that reported a depth.
    pub depth_moves: u64,
    /// Sum of the nodes it reported.
    pub nodes_sum: u64,
    /// Moves that reported nodes.
    pub nodes_moves: u64,
    /// Its thinking time, wall clock.
    pub time: Duration,
}

impl Effort {
    /// Adds `other` to this.
    pub fn add(&mut self, other: &Effort) {
        self.moves += other.moves;
        self.depth_sum += other.depth_sum;
        self.depth_moves += other.depth_moves;
        self.nodes_sum += other.nodes_sum;
        self.nodes_moves += other.nodes_moves;
        self.time += other.time;
    }
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct Played {
    /// The game from its opening, ended (claimed draw included) unless a forfeit or the cap
    /// ended it.
    pub game: Game,
    /// How it ended.
    pub end: End,
    /// What engines A and B did, in that order.
    pub effort: [Effort; 2],
}

/// The engines of a game: A's and B's, started on demand and dropped (killed) after a fault.
pub type Seats = [Option<UciEngine>; 2];

/// The `go` command for the engine with `limit`, and how long it may take to answer; `clocks`
/// and `increments` are by colour (White first).
fn go_command(
    limit: MoveLimit,
    clocks: [Duration; 2],
    increments: [Duration; 2],
    grace: Duration,
    turn: Color,
) -> (String, Duration) {
    match limit {
        MoveLimit::Nodes(n) => (format!("go nodes {n}"), grace),
        MoveLimit::Depth(d) => (format!("go depth {d}"), grace),
        MoveLimit::MoveTime(t) => (format!("go movetime {}", t.as_millis()), t + grace),
        MoveLimit::Clock { .. } => {
            let mine = clocks[usize::from(turn == Color::Black)];
            (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clocks[0].as_millis(),
                    clocks[1].as_millis(),
                    increments[0].as_millis(),
                    increments[1].as_millis()
                ),
                mine + grace,
            )
        }
    }
}

/// The colour index (White 0, Black 1).
fn at(c: Color) -> usize {
    usize::from(c == Color::Black)
}

/// Plays `opening` on between engines A (`specs[0]`, White when `a_white`) and B, starting
/// whichever of `seats` is empty. An engine that faults is dropped from its seat (so the next
/// game starts it afresh) and loses.
pub fn play(
    seats: &mut Seats,
    specs: &[EngineSpec; 2],
    opening: &Game,
    a_white: bool,
    referee: &Referee,
) -> Played {
    let mut game = opening.clone();
    let mut effort = [Effort::default(); 2];
    // Engine index (A 0, B 1) of each colour.
    let engine_of = |c: Color| usize::from((c == Color::White) != a_white);
    let color_of = |i: usize| {
        if (i == 0) == a_white {
            Color::White
        } else {
            Color::Black
        }
    };
    for i in 0..2 {
        let ready = match seats[i].take() {
            Some(mut e) => e.new_game(referee.grace).map(|()| e),
            None => UciEngine::start(&specs[i].command(), referee.grace)
                .and_then(|mut e| e.new_game(referee.grace).map(|()| e)),
        };
        match ready {
            Ok(e) => seats[i] = Some(e),
            Err(fault) => {
                return Played {
                    game,
                    end: End::Forfeit {
                        loser: color_of(i),
                        fault,
                    },
                    effort,
                };
            }
        }
    }
    let mut clocks = [Duration::ZERO; 2];
    let mut increments = [Duration::ZERO; 2];
    for c in [Color::White, Color::Black] {
        if let MoveLimit::Clock { base, increment } = specs[engine_of(c)].limit {
            clocks[at(c)] = base;
            increments[at(c)] = increment;
        }
    }
    let start_fen = opening.position().fen();
    let mut position = format!("position fen {start_fen}");
    let mut plies = 0;
    let end = loop {
        if let Some(end) = adjudicate(&mut game, plies, referee.max_plies) {
            break end;
        }
        let turn = game.position().turn();
        let i = engine_of(turn);
        let spec = &specs[i];
        let Some(engine) = seats[i].as_mut() else {
            break End::Forfeit {
                loser: turn,
                fault: Fault::Spawn("no engine".to_owned()),
            };
        };
        let (go, deadline) = go_command(spec.limit, clocks, increments, referee.grace, turn);
        let answer = match engine.go(&position, &go, deadline) {
            Ok(a) => a,
            Err(fault) => {
                seats[i] = None;
                break End::Forfeit { loser: turn, fault };
            }
        };
        let e = &mut effort[i];
        e.moves += 1;
        e.time += answer.elapsed;
        if let Some(d) = answer.depth {
            e.depth_sum += u64::from(d);
            e.depth_moves += 1;
        }
        if let Some(n) = answer.nodes {
            e.nodes_sum += n;
            e.nodes_moves += 1;
        }
        if matches!(spec.limit, MoveLimit::Clock { .. }) {
            let left = clocks[at(turn)];
            if answer.elapsed > left + referee.time_margin {
                let fault = Fault::Flag {
                    used: answer.elapsed,
                    left,
                };
                break adjudication::flag(&mut game, turn, fault);
            }
            clocks[at(turn)] = left.saturating_sub(answer.elapsed) + increments[at(turn)];
        }
        let m = match game.position().parse_uci(&answer.best_move) {
            Ok(m) => m,
            Err(e) => {
                break End::Forfeit {
                    loser: turn,
                    fault: Fault::IllegalMove {
                        text: answer.best_move,
                        reason: e.to_string(),
                    },
                };
            }
        };
        if let Err(e) = game.play(m) {
            break End::Forfeit {
                loser: turn,
                fault: Fault::IllegalMove {
                    text: answer.best_move,
                    reason: e.to_string(),
                },
            };
        }
        if plies == 0 {
            position.push_str(" moves");
        }
        position.push(' ');
        position.push_str(&m.to_string());
        plies += 1;
    };
    Played { game, end, effort }
}
