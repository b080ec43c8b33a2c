//! The AI worker's replies to the page (feature `worker`): [`Analysis`], the evaluation of one
//! position, as the worker (`crates/worker`) writes it and the page (`crates/web`) reads it.
//!
//! The page and the worker are two wasm modules built from one workspace, and the page must not
//! link the search: so the reply type lives here, beside the lobby's messages and the
//! [`Outcome`] label it carries, rather than in either module's crate. It converts to and
//! from the engine's [`Eval`] (the engine crate is a dependency of this feature only, and the
//! page links none of its search: only [`Analysis::to_eval`] and the types are used there).
//!
//! The requests are plain objects written by the page and read by `www/ai-worker.js` (see
//! `crates/worker`); a move is answered with `{id, uci}` or `{id, error}`, an analysis with
//! `{id, kind: "analyse", result}` (`result` the JSON of an [`Analysis`]) or
//! `{id, kind: "analyse", error}`.

use engine::analysis::{self, Eval, WhiteScore};
use rules::{Color, Move, Outcome, UciMove};
use serde::{Deserialize, Serialize};

/// The analysis of one position, as JSON, every score from White's point of view. Either
///
/// - a position in play: `{"depth":12,"cp":35,"win":0.525,"best":"e3e4","pv":["e3e4","d6d5"]}`
///   with `cp` (centipawns) or instead `mate` (moves to mate: positive when White mates,
///   negative when Black does, never 0), `depth` in plies, `win` White's chance of winning in
///   `[0, 1]` ([`analysis::white_win_chance`], rounded to 3 decimals), `best` and `pv` in UCI;
/// - or a finished position (checkmate, stalemate, dead position, expired count):
///   `{"over":true,"outcome":"checkmate-white-wins","winner":"white","win":1.0}`, where
///   `outcome` is the result's label ([`Outcome::label`]) and `winner` is absent for a draw (`win`
///   0.5).
///
/// Absent fields are left out of the JSON.
///
/// ```
/// use protocol::worker::Analysis;
/// let a: Analysis = serde_json::from_str(r#"{"depth":3,"cp":-20,"win":0.47,"pv":["e3e4"]}"#).unwrap();
/// assert_eq!(a.to_eval().map(|e| e.pv.len()), Some(1));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// `true` for a finished position.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub over: bool,
    /// How a finished position ended: `checkmate-white-wins`, `stalemate`, `dead-position`…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The winner of a finished position, `"white"` or `"black"`; absent for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Color>,
    /// The depth searched, in plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u8>,
    /// Centipawns, positive when White is better.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate, positive when White mates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// White's chance of winning, `0..=1`.
    pub win: f64,
    /// The best move, UCI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The principal variation, UCI, best move first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<String>,
}

impl Analysis {
    /// The reply for a position in play evaluated as `eval`.
    #[must_use]
    pub fn of_eval(eval: &Eval) -> Analysis {
        let (cp, mate) = match eval.score {
            WhiteScore::Cp(cp) => (Some(cp), None),
            WhiteScore::Mate(n) => (None, Some(n)),
            WhiteScore::Won(_) => (None, None),
        };
        Analysis {
            depth: Some(eval.depth),
            cp,
            mate,
            win: round3(analysis::white_win_chance(eval)),
            best: eval.best.map(|m| m.to_uci()),
            pv: eval.pv.iter().map(Move::to_uci).collect(),
            ..Analysis::default()
        }
    }

    /// The reply for a finished position that ended with `outcome`.
    #[must_use]
    pub fn finished(outcome: Outcome) -> Analysis {
        let eval = Eval::finished(outcome);
        Analysis {
            over: true,
            outcome: Some(outcome),
            winner: outcome.winner(),
            win: analysis::white_win_chance(&eval),
            ..Analysis::default()
        }
    }

    /// Back to an [`Eval`] (for [`analysis::judge`] on the page): `None` when the reply is
    /// inconsistent (no score for a position in play, a mate in 0, a move that is not UCI).
    #[must_use]
    pub fn to_eval(&self) -> Option<Eval> {
        let score = if self.over {
            match self.winner {
                Some(c) => WhiteScore::Won(c),
                None => WhiteScore::Cp(0),
            }
        } else {
            match (self.cp, self.mate) {
                (Some(cp), None) => WhiteScore::Cp(cp),
                (None, Some(n)) if n != 0 => WhiteScore::Mate(n),
                _ => return None,
            }
        };
        let parse = |s: &str| s.parse::<UciMove>().ok().map(Move::from);
        let pv = self
            .pv
            .iter()
            .map(|s| parse(s))
            .collect::<Option<Vec<Move>>>()?;
        let best = match &self.best {
            Some(s) => Some(parse(s)?),
            None => None,
        };
        Some(Eval {
            score,
            depth: self.depth.unwrap_or(0),
            best,
            pv,
        })
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{Square, WinReason};

    #[test]
    fn finished_positions_round_trip() {
        let outcome = Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate,
        };
        let a = Analysis::finished(outcome);
        let json = serde_json::to_string(&a).expect("json");
        assert_eq!(
            json,
            r#"{"over":true,"outcome":"checkmate-white-wins","winner":"white","win":1.0}"#
        );
        let back: Analysis = serde_json::from_str(&json).expect("parse");
        assert_eq!(
            back.to_eval().map(|e| e.score),
            Some(WhiteScore::Won(Color::White))
        );
    }

    #[test]
    fn evals_round_trip_and_bad_replies_are_refused() {
        let m = Move {
            from: Square::new(4, 2),
            to: Square::new(4, 3),
            promotion: None,
        };
        let eval = Eval {
            score: WhiteScore::Mate(-2),
            depth: 7,
            best: Some(m),
            pv: vec![m],
        };
        let a = Analysis::of_eval(&eval);
        assert_eq!((a.mate, a.cp, a.win), (Some(-2), None, 0.0));
        let json = serde_json::to_string(&a).expect("json");
        assert!(json.starts_with(r#"{"depth":7,"mate":-2,"#), "{json}");
        let back: Analysis = serde_json::from_str(&json).expect("parse");
        assert_eq!(back.to_eval(), Some(eval));
        for bad in [
            Analysis {
                cp: Some(3),
                pv: vec!["zz".to_owned()],
                ..Analysis::default()
            },
            Analysis::default(),
            Analysis {
                mate: Some(0),
                ..Analysis::default()
            },
        ] {
            assert_eq!(bad.to_eval(), None, "{bad:?}");
        }
    }
}
