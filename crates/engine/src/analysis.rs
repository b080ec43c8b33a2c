//! Game analysis: the evaluation of each position of a game from White's point of view, the
//! chance of winning it implies, and the judgement of each move (inaccuracy, mistake, blunder)
//! by how much of that chance the mover threw away.
//!
//! To analyse a finished game, call [`analyse`] on every prefix of its positions (the start,
//! then after each move), using [`Eval::finished`] with the game's known result where it returns
//! `None`. The move from position `i` to position `i + 1` is then judged by
//! `judge(&evals[i], &evals[i + 1], positions[i].turn())`.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use engine::analysis::{analyse, WhiteScore};
//! use engine::{Engine, Limits, NoClock};
//! use rules::{Position, Rules};
//!
//! let pos = Position::from_fen("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", Rules::default()).unwrap();
//! let mut engine = Engine::new(1);
//! let eval = analyse(&mut engine, &[pos], Limits::Depth(3), &NoClock, &AtomicBool::new(false))
//!     .expect("the game goes on");
//! assert_eq!(eval.score, WhiteScore::Mate(1));
//! assert_eq!(eval.best.unwrap().to_uci(), "c1c8");
//! ```

use core::sync::atomic::AtomicBool;

use rules::{Color, Game, Move, Outcome, Position};

use crate::{Clock, Engine, Limits, Score};

/// A score from White's point of view (unlike the search's [`Score`], which is the side to
/// move's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhiteScore {
    /// Centipawns: positive when White is better.
    Cp(i32),
    /// A forced mate in this many moves of the mating side (as UCI's `score mate`, never 0):
    /// positive when White mates, negative when Black does.
    Mate(i32),
    /// The game is over on the board and this side has won (the other is checkmated).
    Won(Color),
}

impl WhiteScore {
    /// Converts a search [`Score`] of a position with `turn` to move.
    ///
    /// ```
    /// use engine::{analysis::WhiteScore, Score};
    /// use rules::Color;
    /// assert_eq!(WhiteScore::from_score(Score::Cp(40), Color::Black), WhiteScore::Cp(-40));
    /// assert_eq!(WhiteScore::from_score(Score::Mate(-2), Color::Black), WhiteScore::Mate(2));
    /// ```
    #[must_use]
    pub fn from_score(score: Score, turn: Color) -> WhiteScore {
        let sign = match turn {
            Color::White => 1,
            Color::Black => -1,
        };
        match score {
            Score::Cp(cp) => WhiteScore::Cp(sign * cp),
            Score::Mate(n) => WhiteScore::Mate(sign * n),
        }
    }

    /// The side that has a forced win (a mate found, or a checkmate on the board), if any.
    #[must_use]
    pub fn mating_side(self) -> Option<Color> {
        match self {
            WhiteScore::Cp(_) => None,
            WhiteScore::Mate(n) if n > 0 => Some(Color::White),
            WhiteScore::Mate(n) if n < 0 => Some(Color::Black),
            WhiteScore::Mate(_) => None,
            WhiteScore::Won(winner) => Some(winner),
        }
    }

    /// White's chance of winning, in `[0, 1]`: see [`white_win_chance`].
    #[must_use]
    pub fn white_win_chance(self) -> f64 {
        match self {
            WhiteScore::Cp(cp) => 1.0 / (1.0 + (-f64::from(cp) / WIN_CHANCE_SCALE_CP).exp()),
            _ => match self.mating_side() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            },
        }
    }

    /// The score of the position before `mover` made a forced move (their only legal move)
    /// that led to a position scored `self`: a mate for the mover takes one more of its moves.
    fn before_forced_move(self, mover: Color) -> WhiteScore {
        let sign = match mover {
            Color::White => 1,
            Color::Black => -1,
        };
        match self {
            WhiteScore::Won(winner) if winner == mover => WhiteScore::Mate(sign),
            WhiteScore::Mate(n) if self.mating_side() == Some(mover) => WhiteScore::Mate(n + sign),
            other => other,
        }
    }
}

/// The analysis of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eval {
    /// The score, from White's point of view.
    pub score: WhiteScore,
    /// The depth searched, in plies (forced moves played before the search included; 0 for a
    /// finished position).
    pub depth: u8,
    /// The best move for the side to move; `None` for a finished position.
    pub best: Option<Move>,
    /// The principal variation, starting with [`Eval::best`]; empty for a finished position.
    pub pv: Vec<Move>,
}

impl Eval {
    /// The evaluation of a finished game with this `outcome`: [`WhiteScore::Won`] by the winner
    /// (a checkmate, or whatever else decided the game), `Cp(0)` for a draw.
    #[must_use]
    pub fn finished(outcome: Outcome) -> Eval {
        Eval {
            score: match outcome.winner() {
                Some(winner) => WhiteScore::Won(winner),
                None => WhiteScore::Cp(0),
            },
            depth: 0,
            best: None,
            pv: Vec::new(),
        }
    }
}

/// The centipawn scale of the win-chance curve: White's chance is
/// `1 / (1 + exp(-cp / 350))`.
///
/// Chess sites use about 270 to 300 (one pawn up: about 59%). ASEAN chess is more drawish:
/// the short-range met and khon convert an edge slowly and the count saves many lone kings, so
/// the curve here is flatter: one pawn up is 57%, a knight up 71%, a rook up 82%, and a
/// thousand centipawns 95%. It also makes swings in clearly decided positions count for little
/// (+1500 to +1000 loses 4 points), so a won or lost game is not strewn with marks.
pub const WIN_CHANCE_SCALE_CP: f64 = 350.0;

/// White's chance of winning at `eval`, in `[0, 1]`: a logistic curve on centipawns (see
/// [`WIN_CHANCE_SCALE_CP`]), 0.5 for an even position and a draw, 1 or 0 for a forced mate and a
/// decided game.
#[must_use]
pub fn white_win_chance(eval: &Eval) -> f64 {
    eval.score.white_win_chance()
}

/// `side`'s chance of winning (0 to 1) in a position evaluated `eval`.
#[must_use]
pub fn win_chance_of(eval: &Eval, side: Color) -> f64 {
    match side {
        Color::White => white_win_chance(eval),
        Color::Black => 1.0 - white_win_chance(eval),
    }
}

/// How bad a move was, by the share of win chance (on the `0..1` scale of
/// [`white_win_chance`]) it lost against the best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// Lost at least [`Judgement::INACCURACY`].
    Inaccuracy,
    /// Lost at least [`Judgement::MISTAKE`].
    Mistake,
    /// Lost at least [`Judgement::BLUNDER`].
    Blunder,
}

impl Judgement {
    /// The smallest loss of win chance that is an inaccuracy: about 85 centipawns from an even
    /// position (a pawn given away; half a pawn, within the noise of a short search, is not).
    pub const INACCURACY: f64 = 0.06;
    /// The smallest loss that is a mistake: about 170 centipawns from an even position (a met).
    pub const MISTAKE: f64 = 0.12;
    /// The smallest loss that is a blunder: about 300 centipawns from an even position (a
    /// knight, or a khon with its position; a rook certainly).
    pub const BLUNDER: f64 = 0.20;

    /// The stable name, used as the value of the DOM attribute `data-judgement`:
    /// `"inaccuracy"`, `"mistake"` or `"blunder"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// Judges the move `mover` played from the position evaluated `before` to the one evaluated
/// `after`, by the drop in the mover's win chance: at least 0.20 is a blunder, 0.12 a mistake,
/// 0.06 an inaccuracy ([`Judgement::BLUNDER`] and the others); less, or a gain (the search of
/// the next position saw further), is `None`.
///
/// Mates need no special case: a forced mate is a win chance of exactly 1 or 0. So a mate
/// delayed but still forced, or delivered, costs nothing; a move in a position already mated by
/// force costs nothing; missing a mate costs what the position left is short of a sure win (+1000
/// still winning easily: about 0.05, no mark; +300: a blunder); walking into a mate costs all
/// the chance the mover had (from an even position a blunder, from -1000 no mark). Likewise a
/// move in a position already won or lost beyond doubt can lose only a sliver and is not marked.
#[must_use]
pub fn judge(before: &Eval, after: &Eval, mover: Color) -> Option<Judgement> {
    let drop = win_chance_of(before, mover) - win_chance_of(after, mover);
    if drop >= Judgement::BLUNDER {
        Some(Judgement::Blunder)
    } else if drop >= Judgement::MISTAKE {
        Some(Judgement::Mistake)
    } else if drop >= Judgement::INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// The most forced moves (a single legal move) [`analyse`] plays through before it searches.
const MAX_FORCED_PLIES: usize = 16;

/// Analyses the last of `positions` (the game so far, oldest first, so that repetitions count)
/// with `engine` within `limits`, timed by `clock` and interruptible by `stop` (see
/// [`Engine::search`]; the engine's [`crate::Style`] applies, so set the default style for a
/// full-strength analysis).
///
/// Returns `None` when the game is over at that position (checkmate, stalemate, a dead position
/// or an expired count; use [`Eval::finished`] with the game's result), or when `positions` is
/// empty. A position with a single legal move is not searched (the search does not score it)
/// but played through, so its score is that of the position the move leads to and the forced
/// move heads the principal variation.
pub fn analyse(
    engine: &mut Engine,
    positions: &[Position],
    limits: Limits,
    clock: &dyn Clock,
    stop: &AtomicBool,
) -> Option<Eval> {
    let root = positions.last()?;
    if automatic_outcome(root).is_some() {
        return None;
    }
    // Play through forced moves; `line` only grows (and copies the game) when there are some.
    let mut line: Vec<Position> = Vec::new();
    let mut forced: Vec<(Color, Move)> = Vec::new();
    let mut tail = Eval {
        score: WhiteScore::Cp(0),
        depth: 0,
        best: None,
        pv: Vec::new(),
    };
    loop {
        let game = if line.is_empty() {
            positions
        } else {
            &line[..]
        };
        let pos = game.last()?;
        if let Some(outcome) = automatic_outcome(pos) {
            tail = Eval::finished(outcome);
            break;
        }
        let moves = pos.legal_moves();
        if moves.len() == 1 && forced.len() < MAX_FORCED_PLIES {
            let m = moves[0];
            forced.push((pos.turn(), m));
            let mut next = pos.clone();
            next.play_unchecked(m);
            if line.is_empty() {
                line = positions.to_vec();
            }
            line.push(next);
            continue;
        }
        let result = engine.search(game, limits, clock, stop, &mut |_| {});
        let Some(best) = result.best_move else {
            break; // Not reached: the position has legal moves.
        };
        let mut pv = result.pv;
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        tail = Eval {
            score: WhiteScore::from_score(result.score, pos.turn()),
            depth: result.depth,
            best: Some(best),
            pv,
        };
        break;
    }
    let mut score = tail.score;
    for &(mover, _) in forced.iter().rev() {
        score = score.before_forced_move(mover);
    }
    let mut pv: Vec<Move> = forced.iter().map(|&(_, m)| m).collect();
    pv.extend(tail.pv);
    Some(Eval {
        score,
        depth: tail
            .depth
            .saturating_add(u8::try_from(forced.len()).unwrap_or(u8::MAX)),
        best: pv.first().copied(),
        pv,
    })
}

/// How the game ends at `pos` by itself: checkmate, stalemate, dead position, expired count.
fn automatic_outcome(pos: &Position) -> Option<Outcome> {
    Game::from_position(pos.clone()).automatic_outcome()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoClock;
    use rules::{DrawReason, Rules, WinReason};

    const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

    fn eval(score: WhiteScore) -> Eval {
        Eval {
            score,
            depth: 10,
            best: None,
            pv: Vec::new(),
        }
    }

    fn analyse_fen(fen: &str, depth: u8) -> Option<Eval> {
        let game = Game::from_fen(fen, Rules::default()).expect("fen");
        let mut engine = Engine::new(1);
        analyse(
            &mut engine,
            game.positions(),
            Limits::Depth(depth),
            &NoClock,
            &AtomicBool::new(false),
        )
    }

    fn uci(moves: &[Move]) -> Vec<String> {
        moves.iter().map(Move::to_uci).collect()
    }

    #[test]
    fn scores_turn_to_whites_view() {
        use WhiteScore::{Cp, Mate};
        assert_eq!(WhiteScore::from_score(Score::Cp(35), Color::White), Cp(35));
        assert_eq!(WhiteScore::from_score(Score::Cp(35), Color::Black), Cp(-35));
        assert_eq!(WhiteScore::from_score(Score::Cp(-20), Color::Black), Cp(20));
        // White to move mates / is mated.
        assert_eq!(
            WhiteScore::from_score(Score::Mate(3), Color::White),
            Mate(3)
        );
        assert_eq!(
            WhiteScore::from_score(Score::Mate(-2), Color::White),
            Mate(-2)
        );
        // Black to move mates / is mated.
        assert_eq!(
            WhiteScore::from_score(Score::Mate(1), Color::Black),
            Mate(-1)
        );
        assert_eq!(
            WhiteScore::from_score(Score::Mate(-4), Color::Black),
            Mate(4)
        );
        assert_eq!(Mate(-4).mating_side(), Some(Color::Black));
        assert_eq!(Cp(900).mating_side(), None);
    }

    #[test]
    fn forced_moves_lengthen_only_the_movers_own_mates() {
        use WhiteScore::{Cp, Mate, Won};
        // White's only move mates: mate in one.
        assert_eq!(Won(Color::White).before_forced_move(Color::White), Mate(1));
        // White mates in 2 after White's only move: mate in 3 before it.
        assert_eq!(Mate(2).before_forced_move(Color::White), Mate(3));
        assert_eq!(Mate(-2).before_forced_move(Color::Black), Mate(-3));
        // The mated side's forced move does not change the count of the mater's moves.
        assert_eq!(Mate(2).before_forced_move(Color::Black), Mate(2));
        assert_eq!(Cp(50).before_forced_move(Color::Black), Cp(50));
    }

    #[test]
    fn win_chance_is_logistic_and_certain_for_mates() {
        let w = |s| white_win_chance(&eval(s));
        assert!((w(WhiteScore::Cp(0)) - 0.5).abs() < 1e-12);
        assert!((w(WhiteScore::Cp(100)) + w(WhiteScore::Cp(-100)) - 1.0).abs() < 1e-12);
        assert!(w(WhiteScore::Cp(100)) > 0.55 && w(WhiteScore::Cp(100)) < 0.60);
        assert!(w(WhiteScore::Cp(1000)) > 0.94 && w(WhiteScore::Cp(1000)) < 0.95);
        assert!(w(WhiteScore::Cp(30)) < w(WhiteScore::Cp(31)));
        assert_eq!(w(WhiteScore::Mate(7)), 1.0);
        assert_eq!(w(WhiteScore::Mate(-1)), 0.0);
        assert_eq!(w(WhiteScore::Won(Color::Black)), 0.0);
        let draw = Eval::finished(Outcome::Draw {
            reason: DrawReason::Stalemate,
        });
        assert_eq!(draw.score, WhiteScore::Cp(0));
        let mate = Eval::finished(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate,
        });
        assert_eq!(white_win_chance(&mate), 1.0);
        assert_eq!(Judgement::Blunder.name(), "blunder");
        assert_eq!(Judgement::Mistake.name(), "mistake");
        assert_eq!(Judgement::Inaccuracy.name(), "inaccuracy");
    }

    #[test]
    fn judges_by_the_movers_loss() {
        use WhiteScore::{Cp, Mate, Won};
        let j = |b, a, mover| judge(&eval(b), &eval(a), mover);
        // The best move keeps the evaluation (or a little noise either way).
        assert_eq!(j(Cp(20), Cp(20), Color::White), None);
        assert_eq!(j(Cp(20), Cp(45), Color::White), None);
        assert_eq!(j(Cp(-10), Cp(-40), Color::Black), None);
        // Half a pawn is none; a pawn is an inaccuracy; a met a mistake.
        assert_eq!(j(Cp(0), Cp(-50), Color::White), None);
        assert_eq!(
            j(Cp(0), Cp(-100), Color::White),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(j(Cp(0), Cp(190), Color::Black), Some(Judgement::Mistake));
        // Hanging a rook from an equal position, for either side.
        assert_eq!(j(Cp(10), Cp(-500), Color::White), Some(Judgement::Blunder));
        assert_eq!(j(Cp(-10), Cp(500), Color::Black), Some(Judgement::Blunder));
        // Black losing ground is good for White: White's move is judged by White's chance.
        assert_eq!(j(Cp(0), Cp(500), Color::White), None);
        // Decided positions: a rook less when far ahead or far behind is no mark.
        assert_eq!(j(Cp(1800), Cp(1300), Color::White), None);
        assert_eq!(j(Cp(-1800), Cp(-2300), Color::White), None);
        // Mates: delayed or delivered is fine; missed or walked into is judged by what's left.
        assert_eq!(j(Mate(2), Mate(4), Color::White), None);
        assert_eq!(j(Mate(1), Won(Color::White), Color::White), None);
        assert_eq!(j(Mate(-3), Mate(-1), Color::White), None);
        assert_eq!(j(Mate(3), Cp(1200), Color::White), None);
        assert_eq!(j(Mate(3), Cp(300), Color::White), Some(Judgement::Blunder));
        assert_eq!(j(Cp(0), Mate(2), Color::Black), Some(Judgement::Blunder));
        assert_eq!(j(Cp(-1500), Mate(-5), Color::White), None);
    }

    #[test]
    fn hanging_a_rook_in_a_real_position_is_a_blunder() {
        // An even rook ending: White's rook on a1 faces Black's on h8.
        let fen = "4k2r/8/8/8/8/8/4K3/R7 w - - 0 1";
        let mut game = Game::from_fen(fen, Rules::default()).expect("fen");
        let mut engine = Engine::new(1);
        let mut run = |game: &Game| {
            analyse(
                &mut engine,
                game.positions(),
                Limits::Depth(5),
                &NoClock,
                &AtomicBool::new(false),
            )
            .expect("the game goes on")
        };
        let before = run(&game);
        let best = before.best.expect("a move");
        let mut good = game.clone();
        good.play(best).expect("legal");
        let after_best = run(&good);
        assert_eq!(judge(&before, &after_best, Color::White), None);
        // Ra1-h1?? walks into Rh8xh1.
        game.play_uci("a1h1").expect("legal");
        let after = run(&game);
        assert_eq!(
            judge(&before, &after, Color::White),
            Some(Judgement::Blunder),
            "{before:?} then {after:?}"
        );
    }

    #[test]
    fn finds_mate_in_one_for_either_side() {
        let white = analyse_fen("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", 3).expect("not over");
        assert_eq!(white.score, WhiteScore::Mate(1));
        assert_eq!(uci(&white.pv)[0], "c1c8");
        assert_eq!(white.best, white.pv.first().copied());
        assert!(white.depth >= 1);
        let black = analyse_fen("2r5/8/8/8/8/1k6/8/K7 b - - 0 1", 3).expect("not over");
        assert_eq!(black.score, WhiteScore::Mate(-1));
        assert_eq!(uci(&black.pv)[0], "c8c1");
    }

    #[test]
    fn a_finished_position_has_no_analysis() {
        // Black to move and checkmated.
        assert_eq!(analyse_fen("k1R5/8/1K6/8/8/8/8/8 b - - 0 1", 3), None);
        // Kings only: a dead position.
        assert_eq!(analyse_fen("k7/8/1K6/8/8/8/8/8 w - - 0 1", 3), None);
        let mut engine = Engine::new(1);
        let none = analyse(
            &mut engine,
            &[],
            Limits::Depth(1),
            &NoClock,
            &AtomicBool::new(false),
        );
        assert_eq!(none, None);
    }

    #[test]
    fn plays_through_a_forced_move() {
        // Black's only move is Ka8-a7, then Rh1-a1 mates.
        let eval = analyse_fen("k7/2K5/8/8/8/8/8/7R b - - 0 1", 3).expect("not over");
        assert_eq!(uci(&eval.pv)[..2], ["a8a7", "h1a1"]);
        assert_eq!(eval.score, WhiteScore::Mate(1));
        assert_eq!(eval.best.map(|m| m.to_uci()).as_deref(), Some("a8a7"));
    }

    #[test]
    fn the_start_position_is_about_even() {
        let eval = analyse_fen(START, 4).expect("not over");
        let WhiteScore::Cp(cp) = eval.score else {
            panic!("{eval:?}");
        };
        assert!(cp.abs() < 100, "{cp}");
        assert_eq!(eval.depth, 4);
        assert!(!eval.pv.is_empty());
    }
}
