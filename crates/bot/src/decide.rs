//! The bot's decisions that need no server: which challenges to take ([`challenge`]), and
//! when to resign or to offer or accept a draw by the engine's scores ([`Scores`]).

use engine::Score;
use serde_json::Value;

use crate::config::{ChallengeRules, DrawPolicy, ResignPolicy};

/// Whether to accept the challenge `c` (lichess's challenge object) with `playing` games in
/// progress or accepted: `Ok(())`, or the key of lichess's reason to decline it.
///
/// # Errors
/// The reason's key: `variant`, `timeControl`, `tooFast`, `tooSlow`, `casual` (a rated
/// challenge when only casual games are taken), `rated` (the other way round), `later` (as
/// many games as allowed).
pub fn challenge(rules: &ChallengeRules, c: &Value, playing: usize) -> Result<(), &'static str> {
    let variant = c["variant"]["key"].as_str().unwrap_or("standard");
    if !rules.variants.iter().any(|v| v == variant) {
        return Err("variant");
    }
    let tc = &c["timeControl"];
    match tc["type"].as_str() {
        Some("clock") => {
            let (Some(limit), Some(increment)) = (tc["limit"].as_u64(), tc["increment"].as_u64())
            else {
                return Err("timeControl");
            };
            if limit < rules.min_base_s {
                return Err("tooFast");
            }
            if limit > rules.max_base_s {
                return Err("tooSlow");
            }
            if !(rules.min_increment_s..=rules.max_increment_s).contains(&increment) {
                return Err("timeControl");
            }
        }
        Some("unlimited") if rules.unlimited => {}
        _ => return Err("timeControl"),
    }
    let rated = c["rated"].as_bool().unwrap_or(false);
    if rated && !rules.rated {
        return Err("casual");
    }
    if !rated && !rules.casual {
        return Err("rated");
    }
    if playing >= rules.max_games {
        return Err("later");
    }
    Ok(())
}

/// A score in centipawns for comparisons, a mate beyond any (±100 000 less its distance).
#[must_use]
pub fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// The engine's scores of the bot's moves in one game, and what they call for.
#[derive(Debug, Clone, Default)]
pub struct Scores {
    /// Its moves in a row scored at most the resignation score.
    losing: u32,
    /// Its moves in a row scored within the draw margin.
    level: u32,
    /// The last score.
    last: Option<i32>,
}

/// What to do after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Play on.
    Play,
    /// Offer a draw (with the move).
    OfferDraw,
    /// Resign.
    Resign,
}

impl Scores {
    /// Notes the score of the bot's move at full move `move_number` (`None`: the engine gave
    /// none) and says what to do.
    pub fn after_move(
        &mut self,
        score: Option<Score>,
        move_number: u32,
        draw: &DrawPolicy,
        resign: &ResignPolicy,
    ) -> Verdict {
        let Some(cp) = score.map(centipawns) else {
            self.losing = 0;
            self.level = 0;
            self.last = None;
            return Verdict::Play;
        };
        self.last = Some(cp);
        self.losing = if cp <= resign.score_cp {
            self.losing + 1
        } else {
            0
        };
        self.level = if cp.abs() <= draw.max_score_cp {
            self.level + 1
        } else {
            0
        };
        if resign.enabled && self.losing >= resign.consecutive_moves.max(1) {
            Verdict::Resign
        } else if draw.enabled
            && move_number >= draw.min_move
            && self.level >= draw.consecutive_moves.max(1)
        {
            Verdict::OfferDraw
        } else {
            Verdict::Play
        }
    }

    /// Whether to accept the opponent's draw offer at full move `move_number`, by the last
    /// score.
    #[must_use]
    pub fn accepts_draw(&self, move_number: u32, draw: &DrawPolicy) -> bool {
        draw.enabled
            && move_number >= draw.min_move
            && self.last.is_some_and(|cp| cp.abs() <= draw.max_score_cp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn c(rated: bool, tc: Value) -> Value {
        json!({"variant": {"key": "asean"}, "rated": rated, "timeControl": tc})
    }

    fn clock(limit: u64, increment: u64) -> Value {
        json!({"type": "clock", "limit": limit, "increment": increment})
    }

    #[test]
    fn challenges_are_declined_with_lichess_s_reasons() {
        let rules = ChallengeRules {
            min_base_s: 60,
            max_base_s: 600,
            max_increment_s: 5,
            rated: false,
            ..ChallengeRules::default()
        };
        assert_eq!(challenge(&rules, &c(false, clock(300, 3)), 0), Ok(()));
        assert_eq!(challenge(&rules, &c(true, clock(300, 3)), 0), Err("casual"));
        assert_eq!(
            challenge(&rules, &c(false, clock(30, 0)), 0),
            Err("tooFast")
        );
        assert_eq!(
            challenge(&rules, &c(false, clock(900, 0)), 0),
            Err("tooSlow")
        );
        assert_eq!(
            challenge(&rules, &c(false, clock(300, 10)), 0),
            Err("timeControl")
        );
        assert_eq!(
            challenge(&rules, &c(false, json!({"type": "unlimited"})), 0),
            Err("timeControl")
        );
        assert_eq!(challenge(&rules, &c(false, clock(300, 3)), 1), Err("later"));
        let mut chess = c(false, clock(300, 3));
        chess["variant"]["key"] = json!("standard");
        assert_eq!(challenge(&rules, &chess, 0), Err("variant"));
        assert_eq!(challenge(&rules, &json!({}), 0), Err("variant"));
        let casual_only_not = ChallengeRules {
            casual: false,
            unlimited: true,
            ..ChallengeRules::default()
        };
        assert_eq!(
            challenge(&casual_only_not, &c(false, json!({"type": "unlimited"})), 0),
            Err("rated")
        );
    }

    #[test]
    fn the_bot_resigns_and_offers_draws_by_its_scores() {
        let draw = DrawPolicy {
            max_score_cp: 10,
            min_move: 20,
            consecutive_moves: 2,
            enabled: true,
        };
        let resign = ResignPolicy {
            score_cp: -500,
            consecutive_moves: 2,
            enabled: true,
        };
        let mut s = Scores::default();
        assert_eq!(
            s.after_move(Some(Score::Cp(-600)), 10, &draw, &resign),
            Verdict::Play
        );
        assert_eq!(
            s.after_move(Some(Score::Cp(-100)), 11, &draw, &resign),
            Verdict::Play
        );
        assert_eq!(
            s.after_move(Some(Score::Cp(-600)), 12, &draw, &resign),
            Verdict::Play
        );
        assert_eq!(
            s.after_move(Some(Score::Mate(-3)), 13, &draw, &resign),
            Verdict::Resign
        );
        let mut s = Scores::default();
        assert_eq!(
            s.after_move(Some(Score::Cp(5)), 10, &draw, &resign),
            Verdict::Play
        );
        assert!(!s.accepts_draw(10, &draw));
        assert!(s.accepts_draw(20, &draw));
        assert_eq!(
            s.after_move(Some(Score::Cp(-5)), 20, &draw, &resign),
            Verdict::OfferDraw
        );
        assert_eq!(s.after_move(None, 21, &draw, &resign), Verdict::Play);
        assert!(!s.accepts_draw(21, &draw));
        let off = ResignPolicy {
            enabled: false,
            ..resign
        };
        let mut s = Scores::default();
        for n in 0..5 {
            assert_eq!(
                s.after_move(Some(Score::Mate(-1)), n, &draw, &off),
                Verdict::Play
            );
        }
    }
}
