//! Learn from your mistakes: after the analysis of a game, the player steps through the
//! mistakes and blunders of their side and looks for a better move in each, as lichess's
//! "Learn from your mistakes" does.
//!
//! The exercise of a mistake is the position before it (the board shows it, playable by the
//! side that erred). A move is accepted when it is the analysis' best move there, or when the
//! worker's evaluation of the position after it leaves its player's win chance within
//! [`ACCEPT_MARGIN`] of the best's (a move the analysis would not even call an inaccuracy).
//! The move played in the game is refused at once. After a find, or when the player asks for
//! the solution, the best move and the engine's line are shown.

use engine::analysis::{Eval, Judgement};
use rules::{Color, Game, Move};

use super::analysis::GameAnalysis;

/// How much less a win chance (from 0 to 1) than the best move's an accepted move may leave:
/// under an inaccuracy.
pub const ACCEPT_MARGIN: f64 = Judgement::INACCURACY;

/// Where the player stands in the exercise of one mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnState {
    /// Looking for a better move.
    Find,
    /// A move tried, evaluated by the worker: the request's id and the move.
    Checking(u32, Move),
    /// The move tried was not good enough; the player may try again.
    Wrong(Move),
    /// A good move found (this one).
    Right(Move),
    /// The player asked for the solution.
    Solution,
    /// Every mistake seen.
    Done,
}

impl LearnState {
    /// The name used by `#learn[data-state]`.
    pub fn name(&self) -> &'static str {
        match self {
            LearnState::Find => "find",
            LearnState::Checking(..) => "checking",
            LearnState::Wrong(_) => "wrong",
            LearnState::Right(_) => "right",
            LearnState::Solution => "solution",
            LearnState::Done => "done",
        }
    }

    /// Whether the board is the player's to try a move on.
    pub fn playable(&self) -> bool {
        matches!(self, LearnState::Find | LearnState::Wrong(_))
    }

    /// Whether the answer (the best move, the engine's line) may be shown.
    pub fn answered(&self) -> bool {
        matches!(self, LearnState::Right(_) | LearnState::Solution)
    }
}

/// The exercises of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Learn {
    /// The side whose mistakes these are.
    pub side: Color,
    /// The plies (1-based: the move of ply `p` led to position `p`) of its mistakes and
    /// blunders, in the game's order.
    pub plies: Vec<usize>,
    /// The exercise shown: an index into `plies`.
    pub at: usize,
    /// Where the player stands in it.
    pub state: LearnState,
    /// Exercises where a good move was found (the solution not asked for first).
    pub found: usize,
}

impl Learn {
    /// The exercises of `side`'s mistakes and blunders in `game` by the complete analysis `a`,
    /// or `None` when there are none.
    pub fn new(game: &Game, a: &GameAnalysis, side: Color) -> Option<Learn> {
        let plies = mistakes(game, a, side);
        (!plies.is_empty()).then_some(Learn {
            side,
            plies,
            at: 0,
            state: LearnState::Find,
            found: 0,
        })
    }

    /// The ply of the mistake of the exercise shown; its position is the one before it
    /// (`ply - 1`).
    pub fn ply(&self) -> Option<usize> {
        self.plies.get(self.at).copied()
    }

    /// Goes on to the next exercise, or to the end.
    pub fn next(&mut self) {
        self.at += 1;
        self.state = if self.at < self.plies.len() {
            LearnState::Find
        } else {
            LearnState::Done
        };
    }
}

/// The plies of `side`'s mistakes and blunders (inaccuracies are left out).
pub fn mistakes(game: &Game, a: &GameAnalysis, side: Color) -> Vec<usize> {
    (1..a.total())
        .filter(|&ply| {
            game.positions().get(ply - 1).map(rules::Position::turn) == Some(side)
                && a.judgement(game, ply)
                    .is_some_and(|j| j >= Judgement::Mistake)
        })
        .collect()
}

/// Whether a move whose position the worker evaluated as `after` is good enough where the
/// best move keeps `best` (both evaluations from White's side) for `mover`.
pub fn accepts(best: &Eval, after: &Eval, mover: Color) -> bool {
    let chance = |e| engine::analysis::win_chance_of(e, mover);
    chance(after) >= chance(best) - ACCEPT_MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::analysis::WhiteScore;

    fn eval(score: WhiteScore) -> Eval {
        Eval {
            score,
            depth: 10,
            best: None,
            pv: Vec::new(),
        }
    }

    #[test]
    fn a_move_is_accepted_within_the_margin_of_the_best() {
        let best = eval(WhiteScore::Cp(80));
        // White: a little worse is fine, a pawn worse is not.
        assert!(accepts(&best, &eval(WhiteScore::Cp(60)), Color::White));
        assert!(accepts(&best, &eval(WhiteScore::Cp(200)), Color::White));
        assert!(!accepts(&best, &eval(WhiteScore::Cp(-40)), Color::White));
        assert!(!accepts(&best, &eval(WhiteScore::Mate(-3)), Color::White));
        // Black reads the same scores the other way round.
        let best = eval(WhiteScore::Cp(-80));
        assert!(accepts(&best, &eval(WhiteScore::Cp(-60)), Color::Black));
        assert!(!accepts(&best, &eval(WhiteScore::Cp(40)), Color::Black));
        // A mate kept is a mate.
        let best = eval(WhiteScore::Mate(2));
        assert!(accepts(&best, &eval(WhiteScore::Mate(4)), Color::White));
        assert!(!accepts(&best, &eval(WhiteScore::Cp(150)), Color::White));
    }

    #[test]
    fn the_exercises_are_one_side_s_mistakes_and_blunders_in_order() {
        let mut game = Game::new(rules::Rules::default());
        for uci in ["a3a4", "b8d7", "b1d2", "d7c5", "g1e2", "c5d3"] {
            game.play_uci(uci).expect("legal");
        }
        let mut a = GameAnalysis::new(&game);
        // Level play, then White's 3. Ne2?? allows a mate in one.
        for ply in 0..=4 {
            a.evals[ply] = Some(eval(WhiteScore::Cp(20)));
        }
        a.evals[5] = Some(eval(WhiteScore::Mate(-1)));
        a.evals[6] = Some(Eval::finished(game.outcome().expect("mate")));
        assert_eq!(mistakes(&game, &a, Color::White), vec![5]);
        assert!(mistakes(&game, &a, Color::Black).is_empty());
        let mut l = Learn::new(&game, &a, Color::White).expect("one exercise");
        assert_eq!((l.ply(), l.state.name()), (Some(5), "find"));
        assert!(l.state.playable() && !l.state.answered());
        l.next();
        assert_eq!((l.ply(), l.state.clone()), (None, LearnState::Done));
        assert!(Learn::new(&game, &a, Color::Black).is_none());
    }
}
