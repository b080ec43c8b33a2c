//! The lessons (`#/learn`): first steps for a newcomer, in the spirit of lichess's "learn".
//! Each lesson is a few tasks on the board, played as White:
//!
//! - [`Goal::Capture`]: take every black pawn; Black does not move (after each move White is
//!   to move again), and a move that gives check is refused (the black king only watches);
//! - [`Goal::Promote`]: bring the pawn to the last rank;
//! - [`Goal::Mate`], [`Goal::Stalemate`], [`Goal::Dead`]: one move that mates, that leaves
//!   Black no move without being in check, or that leaves a position where nobody can mate;
//!   another move is refused and the task starts again.
//!
//! A task earns stars: three for a capture or a promotion in its fewest moves (two within two
//! more, else one), three for the other goals at the first try (two at the second, else one).
//! The best stars of each task are kept on the device (`asean.lessons.v1`).

use std::collections::BTreeMap;

use rules::{Color, Game, Move, Outcome, Position, Role, Rules};

/// What a task asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Capture every black pawn.
    Capture,
    /// Promote the pawn.
    Promote,
    /// Checkmate in one move.
    Mate,
    /// Stalemate Black in one move.
    Stalemate,
    /// Reach a dead position in one move.
    Dead,
}

/// One task: its position (White to move), goal, and the fewest moves it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// The position, a FEN.
    pub fen: &'static str,
    /// What to do.
    pub goal: Goal,
    /// The fewest moves that do it.
    pub best: u8,
}

/// A lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LessonId {
    /// How the rook moves and takes.
    Rook,
    /// The knight.
    Knight,
    /// The khon.
    Khon,
    /// The met.
    Met,
    /// The king.
    King,
    /// The pawn and promotion.
    Pawn,
    /// Check and checkmate.
    Mate,
    /// Stalemate.
    Stalemate,
    /// Dead positions.
    Dead,
    /// The count and the draws a player claims.
    Count,
}

impl LessonId {
    /// Every lesson, in the order of the list.
    pub const ALL: &'static [LessonId] = &[
        LessonId::Rook,
        LessonId::Knight,
        LessonId::Khon,
        LessonId::Met,
        LessonId::King,
        LessonId::Pawn,
        LessonId::Mate,
        LessonId::Stalemate,
        LessonId::Dead,
        LessonId::Count,
    ];

    /// The name used by `[data-lesson]` and the stored progress.
    pub fn name(self) -> &'static str {
        match self {
            LessonId::Rook => "rook",
            LessonId::Knight => "knight",
            LessonId::Khon => "khon",
            LessonId::Met => "met",
            LessonId::King => "king",
            LessonId::Pawn => "pawn",
            LessonId::Mate => "mate",
            LessonId::Stalemate => "stalemate",
            LessonId::Dead => "dead",
            LessonId::Count => "count",
        }
    }

    /// The lesson named `name`.
    pub fn from_name(name: &str) -> Option<LessonId> {
        LessonId::ALL.iter().copied().find(|l| l.name() == name)
    }

    /// The next lesson of the list.
    pub fn next(self) -> Option<LessonId> {
        let i = LessonId::ALL.iter().position(|&l| l == self)?;
        LessonId::ALL.get(i + 1).copied()
    }

    /// Its tasks.
    pub fn tasks(self) -> &'static [Task] {
        use Goal::{Capture, Dead, Mate, Promote, Stalemate};
        match self {
            LessonId::Rook => &[
                Task {
                    fen: "7k/1p1p4/8/8/3R4/8/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 2,
                },
                Task {
                    fen: "7k/8/8/1p6/8/5p2/8/K2R4 w - - 0 1",
                    goal: Capture,
                    best: 4,
                },
            ],
            LessonId::Knight => &[
                Task {
                    fen: "7k/8/4p3/8/3N4/8/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 1,
                },
                Task {
                    fen: "7k/8/5p2/8/4p3/2p5/8/KN6 w - - 0 1",
                    goal: Capture,
                    best: 3,
                },
            ],
            LessonId::Khon => &[
                Task {
                    fen: "7k/8/8/3p4/3B4/8/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 1,
                },
                Task {
                    fen: "7k/8/2p5/3p4/3p4/2B5/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 3,
                },
            ],
            LessonId::Met => &[
                Task {
                    fen: "7k/8/8/8/3p4/2Q5/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 1,
                },
                Task {
                    fen: "7k/8/8/4p1p1/3Q1p2/8/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 3,
                },
            ],
            LessonId::King => &[Task {
                fen: "7k/8/8/8/6p1/4p3/8/4K3 w - - 0 1",
                goal: Capture,
                best: 4,
            }],
            LessonId::Pawn => &[
                Task {
                    fen: "7k/8/5p2/4p3/3P4/8/8/K7 w - - 0 1",
                    goal: Capture,
                    best: 2,
                },
                Task {
                    fen: "8/8/2P4k/8/8/8/8/K7 w - - 0 1",
                    goal: Promote,
                    best: 2,
                },
            ],
            LessonId::Mate => &[
                Task {
                    fen: "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
                    goal: Mate,
                    best: 1,
                },
                Task {
                    fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1",
                    goal: Mate,
                    best: 1,
                },
                Task {
                    fen: "7k/8/5BK1/8/8/8/8/8 w - - 0 1",
                    goal: Mate,
                    best: 1,
                },
            ],
            LessonId::Stalemate => &[Task {
                fen: "7k/5K2/8/5Q2/8/P7/8/8 w - - 0 1",
                goal: Stalemate,
                best: 1,
            }],
            LessonId::Dead => &[Task {
                fen: "7k/8/8/3pK3/8/8/8/8 w - - 0 1",
                goal: Dead,
                best: 1,
            }],
            LessonId::Count => &[Task {
                fen: "6k1/8/6K1/8/8/8/8/R7 w - 32 30 40",
                goal: Mate,
                best: 1,
            }],
        }
    }
}

/// Where the player stands in a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskState {
    /// Playing.
    Play,
    /// Done, with these stars.
    Passed(u8),
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It gives check in a task where Black does not move.
    Check,
    /// It does not do the one-move goal: the task starts again.
    Missed,
}

/// The lesson on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonRun {
    /// Which lesson.
    pub id: LessonId,
    /// The task: an index into its tasks.
    pub task: usize,
    /// Moves made in the task.
    pub moves: u8,
    /// Tries of a one-move goal, this one included.
    pub tries: u8,
    /// How it stands.
    pub state: TaskState,
    /// The last refusal, said in the card until the next move.
    pub refused: Option<Refusal>,
    /// The id of the board's hot-seat game the task is played on: another game on the board
    /// ends the lesson.
    pub board: String,
}

impl LessonRun {
    /// The first task of `id`.
    pub fn new(id: LessonId) -> LessonRun {
        LessonRun {
            id,
            task: 0,
            moves: 0,
            tries: 1,
            state: TaskState::Play,
            refused: None,
            board: String::new(),
        }
    }

    /// The task on the board.
    pub fn current(&self) -> Option<Task> {
        self.id.tasks().get(self.task).copied()
    }

    /// Whether this is the lesson's last task.
    pub fn last_task(&self) -> bool {
        self.task + 1 >= self.id.tasks().len()
    }
}

/// The position of a task.
pub fn position_of(task: Task) -> Option<Position> {
    Position::from_fen(task.fen, Rules::default()).ok()
}

/// The stars a task earns in `moves` moves (a capture, a promotion) or at try `tries` (the
/// others).
pub fn stars(task: Task, moves: u8, tries: u8) -> u8 {
    match task.goal {
        Goal::Capture | Goal::Promote => {
            if moves <= task.best {
                3
            } else if moves <= task.best + 2 {
                2
            } else {
                1
            }
        }
        Goal::Mate | Goal::Stalemate | Goal::Dead => match tries {
            0 | 1 => 3,
            2 => 2,
            _ => 1,
        },
    }
}

/// What a move `m` played in `before` does to the task: `Ok(Some(position))` when the task
/// goes on from `position` (White to move again), `Ok(None)` when the task is done,
/// `Err(refusal)` when the move is refused.
///
/// # Errors
/// The refusal.
pub fn judge(task: Task, before: &Position, m: Move) -> Result<Option<Position>, Refusal> {
    let after = before.play(m).map_err(|_| Refusal::Missed)?;
    let game = Game::from_position(after.clone());
    match task.goal {
        Goal::Capture | Goal::Promote => {
            let done = match task.goal {
                Goal::Capture => {
                    (after.by_color(Color::Black) & after.by_role(Role::Pawn)).is_empty()
                }
                _ => m.promotion.is_some(),
            };
            if done {
                return Ok(None);
            }
            if after.is_check() {
                return Err(Refusal::Check);
            }
            let mut next = after;
            next.play_null();
            Ok(Some(next))
        }
        Goal::Mate => {
            if after.is_checkmate() {
                Ok(None)
            } else {
                Err(Refusal::Missed)
            }
        }
        Goal::Stalemate | Goal::Dead => {
            let wanted = match game.outcome() {
                Some(Outcome::Draw { reason }) => {
                    let want = if task.goal == Goal::Stalemate {
                        rules::DrawReason::Stalemate
                    } else {
                        rules::DrawReason::DeadPosition
                    };
                    reason == want
                }
                _ => false,
            };
            if wanted {
                Ok(None)
            } else {
                Err(Refusal::Missed)
            }
        }
    }
}

/// The best stars of each task of each lesson on this device (`asean.lessons.v1`: a JSON
/// object from a lesson's name to its tasks' stars, 0 for a task not done).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(pub BTreeMap<LessonId, Vec<u8>>);

impl Progress {
    /// The stars of `id`'s tasks (0 where not done).
    pub fn stars(&self, id: LessonId) -> Vec<u8> {
        let mut v = self.0.get(&id).cloned().unwrap_or_default();
        v.resize(id.tasks().len(), 0);
        v
    }

    /// Keeps `stars` for task `task` of `id` when better than before: `true` if kept.
    pub fn pass(&mut self, id: LessonId, task: usize, stars: u8) -> bool {
        let mut v = self.stars(id);
        match v.get_mut(task) {
            Some(s) if *s < stars => {
                *s = stars;
                self.0.insert(id, v);
                true
            }
            _ => false,
        }
    }

    /// The stored form.
    pub fn to_json(&self) -> String {
        let map: serde_json::Map<String, serde_json::Value> = self
            .0
            .iter()
            .map(|(id, v)| (id.name().to_owned(), serde_json::json!(v)))
            .collect();
        serde_json::Value::Object(map).to_string()
    }

    /// The stored form read back; what is not understood is left out (a lesson no longer
    /// there, a task's stars out of 0 to 3).
    pub fn from_json(text: &str) -> Progress {
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text)
        else {
            return Progress::default();
        };
        let mut out = BTreeMap::new();
        for (name, v) in map {
            let (Some(id), Some(list)) = (LessonId::from_name(&name), v.as_array()) else {
                continue;
            };
            let stars: Vec<u8> = list
                .iter()
                .take(id.tasks().len())
                .map(|s| s.as_u64().filter(|&n| n <= 3).map_or(0, |n| n as u8))
                .collect();
            out.insert(id, stars);
        }
        Progress(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `ucis` through [`judge`] from the task's position: the last verdict.
    fn play(task: Task, ucis: &[&str]) -> Result<Option<Position>, Refusal> {
        let mut pos = position_of(task).expect("a valid position");
        let mut last = Ok(Some(pos.clone()));
        for u in ucis {
            let m = pos.parse_uci(u).expect("a legal move");
            last = judge(task, &pos, m);
            if let Ok(Some(next)) = &last {
                pos = next.clone();
            }
        }
        last
    }

    #[test]
    fn every_task_is_a_valid_position_with_white_to_move_that_its_best_line_solves() {
        let lines: &[(LessonId, &[&[&str]])] = &[
            (
                LessonId::Rook,
                &[&["d4d7", "d7b7"], &["d1d5", "d5b5", "b5b3", "b3f3"]],
            ),
            (LessonId::Knight, &[&["d4e6"], &["b1c3", "c3e4", "e4f6"]]),
            (LessonId::Khon, &[&["d4d5"], &["c3d4", "d4d5", "d5c6"]]),
            (LessonId::Met, &[&["c3d4"], &["d4e5", "e5f4", "f4g5"]]),
            (LessonId::King, &[&["e1e2", "e2e3", "e3f4", "f4g4"]]),
            (LessonId::Pawn, &[&["d4e5", "e5f6"], &["c6c7", "c7c8r"]]),
            (LessonId::Mate, &[&["a1a8"], &["h1h8"], &["f6g7"]]),
            (LessonId::Stalemate, &[&["f5g6"]]),
            (LessonId::Dead, &[&["e5d5"]]),
            (LessonId::Count, &[&["a1a8"]]),
        ];
        assert_eq!(lines.len(), LessonId::ALL.len());
        for (id, tasks) in lines {
            assert_eq!(tasks.len(), id.tasks().len(), "{id:?}");
            for (task, line) in id.tasks().iter().zip(tasks.iter()) {
                let pos = position_of(*task).expect("valid");
                assert_eq!(pos.turn(), Color::White, "{id:?} {}", task.fen);
                assert!(!pos.is_check(), "{id:?} {}", task.fen);
                // Not over before the first move (a dead position would be: the board would
                // not be played).
                assert!(
                    Game::from_position(pos.clone()).outcome().is_none(),
                    "{id:?} {}",
                    task.fen
                );
                assert_eq!(line.len(), usize::from(task.best), "{id:?} {}", task.fen);
                assert_eq!(play(*task, line), Ok(None), "{id:?} {}", task.fen);
            }
        }
    }

    #[test]
    fn moves_that_miss_the_goal_are_refused() {
        let rook = LessonId::Rook.tasks()[0];
        // Black does not move: White is to move again after a capture.
        let next = play(rook, &["d4d7"]).expect("goes on").expect("a position");
        assert_eq!(next.turn(), Color::White);
        // A check is refused.
        assert_eq!(play(rook, &["d4h4"]), Err(Refusal::Check));
        let mate = LessonId::Mate.tasks()[0];
        assert_eq!(play(mate, &["a1a7"]), Err(Refusal::Missed));
        let stalemate = LessonId::Stalemate.tasks()[0];
        assert_eq!(play(stalemate, &["f5e6"]), Err(Refusal::Missed));
        let dead = LessonId::Dead.tasks()[0];
        assert_eq!(play(dead, &["e5f5"]), Err(Refusal::Missed));
        // The count runs: a move that does not mate lets it run out.
        let count = LessonId::Count.tasks()[0];
        assert_eq!(play(count, &["a1a7"]), Err(Refusal::Missed));
    }

    #[test]
    fn stars_and_progress() {
        let rook = LessonId::Rook.tasks()[1];
        assert_eq!(
            (stars(rook, 4, 1), stars(rook, 6, 1), stars(rook, 7, 1)),
            (3, 2, 1)
        );
        let mate = LessonId::Mate.tasks()[0];
        assert_eq!(
            (stars(mate, 1, 1), stars(mate, 1, 2), stars(mate, 1, 5)),
            (3, 2, 1)
        );
        let mut p = Progress::default();
        assert!(p.pass(LessonId::Rook, 1, 2));
        assert!(!p.pass(LessonId::Rook, 1, 1), "the best is kept");
        assert!(p.pass(LessonId::Rook, 1, 3));
        assert_eq!(p.stars(LessonId::Rook), vec![0, 3]);
        let json = p.to_json();
        assert_eq!(json, r#"{"rook":[0,3]}"#);
        assert_eq!(Progress::from_json(&json), p);
        // What is not understood is left out.
        let odd = Progress::from_json(r#"{"rook":[9,2,3],"chess":[3],"met":"x"}"#);
        assert_eq!(odd.stars(LessonId::Rook), vec![0, 2]);
        assert_eq!(Progress::from_json("not json"), Progress::default());
    }
}
