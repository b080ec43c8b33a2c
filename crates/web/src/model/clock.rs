//! The clocks of a timed game of this device (hot-seat or against the AI).
//!
//! They follow the server's rule for online rooms: White's first move is free, the clocks
//! start with it (Black's clock runs from then on), each move adds the increment once the
//! clocks run, and only the side to move's clock runs. A flag falls when the running clock
//! reaches zero ([`rules::Game::flag`] decides win or draw). The time of a reload counts: the
//! running clock is measured from the moment it started ([`LocalClock::since`]), which is
//! saved with the game.

use protocol::TimeControl;
use rules::{ByColor, Color, Decider, Game, Outcome};
use serde::{Deserialize, Serialize};

/// A clock under this much is low (milliseconds), at the most.
pub const LOW_TIME_MAX_MS: u64 = 30_000;
/// A clock under this much is always low (milliseconds).
pub const LOW_TIME_MIN_MS: u64 = 10_000;

/// The clocks of a timed local game, as saved (`"clock"` of a saved game).
///
/// JSON: `{"control": {"initial_secs": 300, "increment_secs": 3}, "history": [{"white":
/// 300000, "black": 300000}, ...], "since": 1764590000000.0}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalClock {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time left (milliseconds) after each ply: entry `i` is after ply `i + 1`
    /// (before the first ply both have the initial time). Undo pops it.
    pub history: Vec<ByColor<u64>>,
    /// When the running clock started (milliseconds since the Unix epoch): the last move, or
    /// the moment the game was taken up again after an undo.
    pub since: f64,
}

impl LocalClock {
    /// Fresh clocks for `control`, at `now`.
    pub fn new(control: TimeControl, now: f64) -> LocalClock {
        LocalClock {
            control,
            history: Vec::new(),
            since: now,
        }
    }

    /// The initial time of each side, in milliseconds.
    pub fn initial_ms(&self) -> u64 {
        u64::from(self.control.initial_secs) * 1000
    }

    /// Each side's time left as of the last move (the running time not taken off).
    pub fn stored(&self) -> ByColor<u64> {
        self.history.last().copied().unwrap_or(ByColor {
            white: self.initial_ms(),
            black: self.initial_ms(),
        })
    }

    /// The side whose clock runs in `game`: the side to move once the clocks have started
    /// (after White's first move, or any first move of a game from a position of its own
    /// with Black to move), none before and once the game is over.
    pub fn running(&self, game: &Game) -> Option<Color> {
        let turn = game.position().turn();
        let started = !self.history.is_empty() || game.moves().is_empty() && turn == Color::Black;
        (started && !game.is_over()).then_some(turn)
    }

    /// Each side's time left at `now`, in milliseconds (0 for the side whose flag fell: the
    /// side to move of a game over on time).
    pub fn left_at(&self, game: &Game, now: f64) -> ByColor<u64> {
        let mut left = self.stored();
        if let Some(r) = self.running(game) {
            let l = left.get_mut(r);
            *l = l.saturating_sub(elapsed_ms(self.since, now));
        }
        let on_time = game.outcome().map(Outcome::decided_by) == Some(Decider::Clock);
        if on_time {
            *left.get_mut(game.position().turn()) = 0;
        }
        left
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, game: &Game, now: f64) -> Option<Color> {
        let r = self.running(game)?;
        (*self.left_at(game, now).get(r) == 0).then_some(r)
    }

    /// Records a move by `mover` made at `now` (call it after the move was played on `game`,
    /// which is then the position after the move): the mover's time is taken off, the
    /// increment added when the clocks run, and the other clock starts.
    pub fn on_move(&mut self, game: &Game, mover: Color, now: f64) {
        let mut left = self.stored();
        let was_running =
            !self.history.is_empty() || (game.moves().len() == 1 && mover == Color::Black);
        if was_running {
            let l = left.get_mut(mover);
            *l = l.saturating_sub(elapsed_ms(self.since, now))
                + u64::from(self.control.increment_secs) * 1000;
        }
        self.history.push(left);
        self.since = now;
    }

    /// Takes back the clocks of the last `plies` plies; the side to move's clock restarts at
    /// `now`.
    pub fn on_undo(&mut self, plies: usize, now: f64) {
        let keep = self.history.len().saturating_sub(plies);
        self.history.truncate(keep);
        self.since = now;
    }

    /// Whether `ms` left is low for this time control ([`is_low`]).
    pub fn is_low(&self, ms: u64) -> bool {
        is_low(self.initial_ms(), ms)
    }

    /// How long the AI may think for `side` at `now`, in milliseconds: a fortieth of its time
    /// left plus most of the increment, never more than `cap` nor less than 50 ms.
    pub fn ai_budget_ms(&self, game: &Game, side: Color, now: f64, cap: u32) -> u32 {
        let left = *self.left_at(game, now).get(side);
        let inc = u64::from(self.control.increment_secs) * 1000;
        let budget = left / 40 + inc * 3 / 4;
        // Never think into the last second.
        let budget = budget.min(left.saturating_sub(1000) / 2);
        u32::try_from(budget)
            .unwrap_or(u32::MAX)
            .clamp(50, cap.max(50))
    }
}

/// Whether `ms` left is low on a clock that started with `initial_ms`: under a tenth of the
/// initial time, that tenth kept between [`LOW_TIME_MIN_MS`] and [`LOW_TIME_MAX_MS`].
pub fn is_low(initial_ms: u64, ms: u64) -> bool {
    ms < (initial_ms / 10).clamp(LOW_TIME_MIN_MS, LOW_TIME_MAX_MS)
}

/// Milliseconds from `since` to `now` (0 when the clock went backwards).
fn elapsed_ms(since: f64, now: f64) -> u64 {
    let d = now - since;
    if d.is_finite() && d > 0.0 {
        // Truncation is intended: whole milliseconds.
        d as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn tc(initial_secs: u32, increment_secs: u32) -> TimeControl {
        TimeControl {
            initial_secs,
            increment_secs,
        }
    }

    fn play(game: &mut Game, clock: &mut LocalClock, uci: &str, now: f64) {
        let mover = game.position().turn();
        game.play_uci(uci).expect("legal");
        clock.on_move(game, mover, now);
    }

    #[test]
    fn whites_first_move_is_free_then_the_clocks_run_with_increments() {
        let mut game = Game::new(Rules::default());
        let mut clock = LocalClock::new(tc(60, 2), 0.0);
        assert_eq!(clock.running(&game), None);
        // White thinks 5 s over the first move: not charged, no increment.
        play(&mut game, &mut clock, "e3e4", 5_000.0);
        assert_eq!(
            clock.stored(),
            ByColor {
                white: 60_000,
                black: 60_000
            }
        );
        assert_eq!(clock.running(&game), Some(Color::Black));
        assert_eq!(clock.left_at(&game, 8_000.0).black, 57_000);
        // Black's first move: 3 s off, 2 s on.
        play(&mut game, &mut clock, "d6d5", 8_000.0);
        assert_eq!(
            clock.stored(),
            ByColor {
                white: 60_000,
                black: 59_000
            }
        );
        assert_eq!(clock.running(&game), Some(Color::White));
        play(&mut game, &mut clock, "e4d5", 18_000.0);
        assert_eq!(
            clock.stored(),
            ByColor {
                white: 52_000,
                black: 59_000
            }
        );
        // Undo one ply: White's clock is back and restarts.
        game.undo();
        clock.on_undo(1, 20_000.0);
        assert_eq!(clock.left_at(&game, 21_000.0).white, 59_000);
    }

    #[test]
    fn a_flag_falls_at_zero() {
        let mut game = Game::new(Rules::default());
        let mut clock = LocalClock::new(tc(10, 0), 0.0);
        play(&mut game, &mut clock, "e3e4", 1_000.0);
        assert_eq!(clock.flagged(&game, 10_999.0), None);
        assert_eq!(clock.flagged(&game, 11_000.0), Some(Color::Black));
        assert_eq!(clock.left_at(&game, 99_000.0).black, 0);
        game.flag(Color::Black).expect("not over");
        assert_eq!(
            clock.running(&game),
            None,
            "no clock runs once the game is over"
        );
        assert_eq!(
            clock.left_at(&game, 12_000.0),
            ByColor {
                white: 10_000,
                black: 0
            }
        );
    }

    #[test]
    fn low_time_and_the_ais_budget() {
        let clock = LocalClock::new(tc(300, 3), 0.0);
        assert!(clock.is_low(29_999) && !clock.is_low(30_000));
        let short = LocalClock::new(tc(60, 0), 0.0);
        assert!(short.is_low(9_999) && !short.is_low(10_000));
        let game = Game::new(Rules::default());
        // 300 s / 40 + 3/4 of 3 s = 9.75 s, capped by the level's 4 s.
        assert_eq!(clock.ai_budget_ms(&game, Color::White, 0.0, 4_000), 4_000);
        assert_eq!(clock.ai_budget_ms(&game, Color::White, 0.0, 60_000), 9_750);
    }
}
