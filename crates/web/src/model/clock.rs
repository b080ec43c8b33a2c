//! The clocks of a timed game of this device (hot-seat or against the AI), on the rules'
//! [`Clock`]: the same rule as online rooms (the first move is free and starts the opponent's
//! clock; then each move pays its thinking time and earns the increment, and only the side to
//! move's clock runs). A flag falls when the running clock reaches zero ([`rules::Game::flag`]
//! decides win or draw). The time of a reload counts: the running clock is measured from the
//! moment it started ([`LocalClock::since`]), which is saved with the game.
//!
//! The page's times are milliseconds of `Date.now()` (an `f64`); [`instant`] makes them the
//! rules' instants.

use core::time::Duration;

use protocol::{ClockSnapshot, TimeControl};
use rules::{ByColor, Clock, Color, Decider, Game, Outcome};
use serde::{Deserialize, Serialize};

/// A clock under this much is low, at the most.
pub const LOW_TIME_MAX: Duration = Duration::from_secs(30);
/// A clock under this much is always low.
pub const LOW_TIME_MIN: Duration = Duration::from_secs(10);

/// A time of the page's clock (milliseconds since the Unix epoch, as `Date.now()` gives) as an
/// instant of the rules' clocks, in whole milliseconds (a negative or not-a-number time is
/// the epoch).
#[must_use]
pub fn instant(ms: f64) -> Duration {
    // Saturating conversion, truncated: whole milliseconds.
    Duration::from_millis(ms as u64)
}

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

    /// Each side's time left as of the last move (the running time not taken off).
    fn stored(&self) -> ByColor<Duration> {
        self.history.last().map_or(
            ByColor {
                white: self.control.initial(),
                black: self.control.initial(),
            },
            |l| ByColor::new_with(|c| Duration::from_millis(*l.get(c))),
        )
    }

    /// The rules' clock with `running`'s clock (if any) started at [`LocalClock::since`].
    fn clock(&self, running: Option<Color>) -> Clock {
        let left = self.stored();
        Clock::resume(
            self.control,
            ClockSnapshot { left, running },
            instant(self.since),
        )
    }

    /// The side whose clock runs in `game`: the side to move once the clocks have started
    /// (with the first move), none before and once the game is over.
    pub fn running(&self, game: &Game) -> Option<Color> {
        (!self.history.is_empty() && !game.is_over()).then_some(game.position().turn())
    }

    /// The clocks at `now` (zero for the side whose flag fell: the side to move of a game over
    /// on time).
    pub fn snapshot(&self, game: &Game, now: f64) -> ClockSnapshot {
        let mut c = self.clock(self.running(game)).snapshot(instant(now));
        let on_time = game.outcome().map(Outcome::decided_by) == Some(Decider::Clock);
        if on_time {
            *c.left.get_mut(game.position().turn()) = Duration::ZERO;
        }
        c
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, game: &Game, now: f64) -> Option<Color> {
        self.clock(self.running(game)).flagged(instant(now))
    }

    /// Records a move by `mover` made at `now` (call it after the move was played on `game`):
    /// the rules' clock is pressed.
    pub fn on_move(&mut self, mover: Color, now: f64) {
        // The mover's clock ran unless this was the first move.
        let mut clock = self.clock((!self.history.is_empty()).then_some(mover));
        clock.press(mover, instant(now));
        let left = clock.snapshot(instant(now)).left;
        self.history.push(ByColor::new_with(|c| {
            u64::try_from(left.get(c).as_millis()).unwrap_or(u64::MAX)
        }));
        self.since = now;
    }

    /// Takes back the clocks of the last `plies` plies; the side to move's clock restarts at
    /// `now`.
    pub fn on_undo(&mut self, plies: usize, now: f64) {
        let keep = self.history.len().saturating_sub(plies);
        self.history.truncate(keep);
        self.since = now;
    }

    /// How long the AI may think for `side` at `now`, in milliseconds: a fortieth of its time
    /// left plus three quarters of the increment, never more than `cap` nor less than 50 ms,
    /// and never into its last second (at most half of what it has beyond it).
    pub fn ai_budget_ms(&self, game: &Game, side: Color, now: f64, cap: u32) -> u32 {
        let left = *self.snapshot(game, now).left.get(side);
        let budget = (left / 40 + self.control.increment() * 3 / 4)
            .min(left.saturating_sub(Duration::from_secs(1)) / 2);
        u32::try_from(budget.as_millis())
            .unwrap_or(u32::MAX)
            .clamp(50, cap.max(50))
    }
}

/// Whether `left` is low on a clock that started with `initial`: under a tenth of the initial
/// time, that tenth kept between [`LOW_TIME_MIN`] and [`LOW_TIME_MAX`].
pub fn is_low(initial: Duration, left: Duration) -> bool {
    left < (initial / 10).clamp(LOW_TIME_MIN, LOW_TIME_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Rules;

    fn tc(initial_secs: u32, increment_secs: u32) -> TimeControl {
        TimeControl::fischer(initial_secs, increment_secs).expect("a time control")
    }

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn stored(clock: &LocalClock) -> ByColor<u64> {
        clock.history.last().copied().expect("a ply")
    }

    fn play(game: &mut Game, clock: &mut LocalClock, uci: &str, now: f64) {
        let mover = game.position().turn();
        game.play_uci(uci).expect("legal");
        clock.on_move(mover, now);
    }

    #[test]
    fn whites_first_move_is_free_then_the_clocks_run_with_increments() {
        let mut game = Game::new(Rules::default());
        let mut clock = LocalClock::new(tc(60, 2), 0.0);
        assert_eq!(clock.running(&game), None);
        // White thinks 5 s over the first move: not charged, no increment.
        play(&mut game, &mut clock, "e3e4", 5_000.0);
        assert_eq!(
            stored(&clock),
            ByColor {
                white: 60_000,
                black: 60_000
            }
        );
        assert_eq!(clock.running(&game), Some(Color::Black));
        assert_eq!(clock.snapshot(&game, 8_000.0).left.black, ms(57_000));
        // Black's first move: 3 s off, 2 s on.
        play(&mut game, &mut clock, "d6d5", 8_000.0);
        assert_eq!(
            stored(&clock),
            ByColor {
                white: 60_000,
                black: 59_000
            }
        );
        assert_eq!(clock.running(&game), Some(Color::White));
        play(&mut game, &mut clock, "e4d5", 18_000.0);
        assert_eq!(
            stored(&clock),
            ByColor {
                white: 52_000,
                black: 59_000
            }
        );
        // Undo one ply: White's clock is back and restarts.
        game.undo();
        clock.on_undo(1, 20_000.0);
        assert_eq!(clock.snapshot(&game, 21_000.0).left.white, ms(59_000));
    }

    #[test]
    fn the_first_move_is_free_when_black_moves_first_too() {
        let fen = "4k3/8/8/8/8/3P4/8/4K3 b - - 0 1";
        let mut game = Game::from_fen(fen, Rules::default()).expect("fen");
        let mut clock = LocalClock::new(tc(60, 2), 0.0);
        assert_eq!(clock.running(&game), None);
        play(&mut game, &mut clock, "e8d8", 5_000.0);
        assert_eq!(
            stored(&clock),
            ByColor {
                white: 60_000,
                black: 60_000
            }
        );
        assert_eq!(clock.running(&game), Some(Color::White));
        play(&mut game, &mut clock, "e1d1", 9_000.0);
        assert_eq!(
            stored(&clock),
            ByColor {
                white: 58_000,
                black: 60_000
            }
        );
    }

    #[test]
    fn a_flag_falls_at_zero() {
        let mut game = Game::new(Rules::default());
        let mut clock = LocalClock::new(tc(10, 0), 0.0);
        play(&mut game, &mut clock, "e3e4", 1_000.0);
        assert_eq!(clock.flagged(&game, 10_999.0), None);
        assert_eq!(clock.flagged(&game, 11_000.0), Some(Color::Black));
        assert_eq!(clock.snapshot(&game, 99_000.0).left.black, Duration::ZERO);
        game.flag(Color::Black).expect("not over");
        assert_eq!(
            clock.running(&game),
            None,
            "no clock runs once the game is over"
        );
        assert_eq!(
            clock.snapshot(&game, 12_000.0).left,
            ByColor {
                white: ms(10_000),
                black: Duration::ZERO
            }
        );
    }

    #[test]
    fn low_time_and_the_ais_budget() {
        let clock = LocalClock::new(tc(300, 3), 0.0);
        assert!(is_low(clock.control.initial(), ms(29_999)));
        assert!(!is_low(clock.control.initial(), ms(30_000)));
        let short = tc(60, 0).initial();
        assert!(is_low(short, ms(9_999)) && !is_low(short, ms(10_000)));
        let game = Game::new(Rules::default());
        // 300 s / 40 + 3/4 of 3 s = 9.75 s, capped by the level's 4 s.
        assert_eq!(clock.ai_budget_ms(&game, Color::White, 0.0, 4_000), 4_000);
        assert_eq!(clock.ai_budget_ms(&game, Color::White, 0.0, 60_000), 9_750);
    }
}
