//! The analysis of a game in the browser: an evaluation of every position (asked of the AI
//! worker one position at a time, so the page never waits and a stop takes effect at once),
//! the moves judged by what they cost their player, and the evaluation of the shown position.

use engine::analysis::{self, Eval, Judgement, WhiteScore};
use rules::{Game, Move};

/// How long the worker thinks about each position of a game, in milliseconds.
pub const MOVETIME_MS: u32 = 300;

/// The analysis of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The game's first position (FEN).
    pub initial_fen: String,
    /// The promotion rule the evaluations were made under.
    pub promotion: rules::PromotionRule,
    /// Its moves when the analysis began or last grew; the game on the board must extend them.
    pub moves: Vec<Move>,
    /// The evaluation of each position, by ply (`0` is the first position).
    pub evals: Vec<Option<Eval>>,
    /// The request on its way: its id and the ply it is about.
    pub pending: Option<(u32, usize)>,
    /// Stopped by the player: nothing more is asked until started again.
    pub stopped: bool,
    /// The last failure the worker reported.
    pub error: Option<String>,
}

impl GameAnalysis {
    /// An analysis of `game`, nothing evaluated yet.
    pub fn new(game: &Game) -> GameAnalysis {
        GameAnalysis {
            initial_fen: game.initial_fen(),
            promotion: game.rules().promotion,
            moves: game.moves().to_vec(),
            evals: vec![None; game.moves().len() + 1],
            pending: None,
            stopped: false,
            error: None,
        }
    }

    /// Whether this analysis is of `game` (the same start and rules, and `game` extends its
    /// moves).
    pub fn is_of(&self, game: &Game) -> bool {
        self.initial_fen == game.initial_fen()
            && self.promotion == game.rules().promotion
            && game.moves().starts_with(&self.moves)
    }

    /// Follows `game` when it has grown (online moves arrive, the player plays on).
    pub fn follow(&mut self, game: &Game) {
        if game.moves().len() > self.moves.len() {
            self.moves = game.moves().to_vec();
            self.evals.resize(self.moves.len() + 1, None);
        }
    }

    /// How many positions are evaluated.
    pub fn done(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }

    /// How many positions there are.
    pub fn total(&self) -> usize {
        self.evals.len()
    }

    /// Whether every position is evaluated.
    pub fn complete(&self) -> bool {
        self.done() == self.total()
    }

    /// The next position to ask about: the shown one first, then the first not evaluated.
    pub fn next(&self, shown: usize) -> Option<usize> {
        if self.stopped || self.pending.is_some() {
            return None;
        }
        if self.evals.get(shown).is_some_and(Option::is_none) {
            return Some(shown);
        }
        self.evals.iter().position(Option::is_none)
    }

    /// The evaluation of the position after `ply` plies.
    pub fn eval(&self, ply: usize) -> Option<&Eval> {
        self.evals.get(ply).and_then(Option::as_ref)
    }

    /// What the move of ply `ply` (1-based: the move that led to position `ply`) cost its
    /// player, once both positions are evaluated.
    pub fn judgement(&self, game: &Game, ply: usize) -> Option<Judgement> {
        let before = self.eval(ply.checked_sub(1)?)?;
        let after = self.eval(ply)?;
        let mover = game.positions().get(ply - 1)?.turn();
        // The move the engine preferred is never a mistake, whatever the shallow scores say.
        if before.best.is_some() && before.best == game.moves().get(ply - 1).copied() {
            return None;
        }
        analysis::judge(before, after, mover)
    }

    /// White's chance of winning in each evaluated position, by ply.
    pub fn win_chances(&self) -> Vec<Option<f64>> {
        self.evals
            .iter()
            .map(|e| e.as_ref().map(analysis::white_win_chance))
            .collect()
    }
}

/// An evaluation as players read it: `+0.35`, `-1.20`, `#3` (White mates in 3), `#-2`, or
/// `1-0` / `0-1` for a position already won.
pub fn score_text(score: WhiteScore) -> String {
    match score {
        // Whole centipawns in pawns with two decimals, in integers (no float formatting).
        WhiteScore::Cp(cp) => {
            let (sign, abs) = (if cp < 0 { '-' } else { '+' }, cp.unsigned_abs());
            format!("{sign}{}.{:02}", abs / 100, abs % 100)
        }
        WhiteScore::Mate(n) => format!("#{n}"),
        WhiteScore::Won(rules::Color::White) => "1-0".to_owned(),
        WhiteScore::Won(rules::Color::Black) => "0-1".to_owned(),
    }
}

/// The annotation symbol of a judgement: `?!`, `?` or `??`.
pub fn symbol(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "?!",
        Judgement::Mistake => "?",
        Judgement::Blunder => "??",
    }
}

/// The principal variation `pv` from `pos` in SAN, numbered (`12. Nd2 Ne7 13. Rc1`), as far as
/// its moves are legal (a line from another position stops where it stops fitting).
pub fn pv_san(pos: &rules::Position, pv: &[Move]) -> String {
    let mut out = String::new();
    let mut pos = pos.clone();
    for (i, &m) in pv.iter().enumerate() {
        let Ok(next) = pos.play(m) else { break };
        let white = pos.turn() == rules::Color::White;
        if !out.is_empty() {
            out.push(' ');
        }
        if white {
            out.push_str(&format!("{}. ", pos.fullmoves()));
        } else if i == 0 {
            out.push_str(&format!("{}... ", pos.fullmoves()));
        }
        out.push_str(&pos.san(m));
        pos = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_of_scores_and_lines() {
        assert_eq!(score_text(WhiteScore::Cp(35)), "+0.35");
        assert_eq!(score_text(WhiteScore::Cp(-120)), "-1.20");
        assert_eq!(score_text(WhiteScore::Cp(0)), "+0.00");
        assert_eq!(score_text(WhiteScore::Cp(-5)), "-0.05");
        assert_eq!(score_text(WhiteScore::Mate(3)), "#3");
        assert_eq!(score_text(WhiteScore::Mate(-2)), "#-2");
        let mut game = Game::new(rules::Rules::default());
        game.play_uci("e3e4").expect("legal");
        let pos = game.position();
        let pv: Vec<Move> = ["d6d5", "e4d5", "b8d7"]
            .iter()
            .scan(pos.clone(), |p, u| {
                let m = p.parse_uci(u).ok()?;
                *p = p.play(m).ok()?;
                Some(m)
            })
            .collect();
        assert_eq!(pv_san(pos, &pv), "1... d5 2. exd5 Nd7");
        // A line that stops fitting stops there.
        let start = Game::new(rules::Rules::default());
        assert_eq!(pv_san(start.position(), &pv), "");
    }
}
