use core::{fmt, time::Duration};

use crate::{Limits, Style};

/// A playing level, 1 (beginner) to 8 (full strength).
///
/// | level | depth (plies) | time per move | evaluation noise |
/// | ---: | ---: | ---: | ---: |
/// | 1 | 1 | 50 ms | ±350 cp |
/// | 2 | 2 | 100 ms | ±220 cp |
/// | 3 | 3 | 200 ms | ±130 cp |
/// | 4 | 4 | 300 ms | ±70 cp |
/// | 5 | 6 | 500 ms | ±30 cp |
/// | 6 | 8 | 1 s | ±10 cp |
/// | 7 | 9 | 2 s | none |
/// | 8 | 64 | 4 s | none |
///
/// The noise is a deterministic function of the position and the seed, so the same seed replays
/// the same game; low levels are fallible (they misjudge positions by that much) yet always play
/// legal moves quickly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// The level `n`, or `None` outside `1..=8`.
    ///
    /// ```
    /// assert!(engine::Level::new(0).is_none());
    /// assert_eq!(engine::Level::new(8), Some(engine::Level::MAX));
    /// ```
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, `1..=8`.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    const fn row(self) -> (u8, u64, i32) {
        match self.0 {
            1 => (1, 50, 350),
            2 => (2, 100, 220),
            3 => (3, 200, 130),
            4 => (4, 300, 70),
            5 => (6, 500, 30),
            6 => (8, 1_000, 10),
            7 => (9, 2_000, 0),
            _ => (64, 4_000, 0),
        }
    }

    /// The time the level thinks per move, at most.
    #[must_use]
    pub const fn move_time(self) -> Duration {
        Duration::from_millis(self.row().1)
    }

    /// The search limits of the level.
    #[must_use]
    pub const fn limits(self) -> Limits {
        Limits::MoveTime(self.move_time())
    }

    /// The style of the level with the noise seeded by `seed`.
    #[must_use]
    pub const fn style(self, seed: u64) -> Style {
        let (max_depth, _, noise_cp) = self.row();
        Style {
            max_depth,
            noise_cp,
            seed,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
