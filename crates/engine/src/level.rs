use core::{fmt, time::Duration};

use rules::{Color, Position};

use crate::{Limits, Style};

/// A playing level, 1 (beginner) to 8 (full strength).
///
/// | level | depth (plies) | time per move | evaluation noise | against a lone king |
/// | ---: | ---: | ---: | ---: | --- |
/// | 1 | 1 | 50 ms | ±350 cp | as usual |
/// | 2 | 2 | 100 ms | ±220 cp | as usual |
/// | 3 | 3 | 200 ms | ±130 cp | full strength, 1 s |
/// | 4 | 4 | 300 ms | ±70 cp | full strength, 1 s |
/// | 5 | 6 | 500 ms | ±30 cp | full strength, 1 s |
/// | 6 | 8 | 1 s | ±10 cp | full strength, 1 s |
/// | 7 | 9 | 2 s | none | full strength, 2 s |
/// | 8 | 64 | 4 s | none | as usual |
///
/// The noise is a deterministic function of the position and the seed, so the same seed replays
/// the same game; low levels are fallible (they misjudge positions by that much) yet always play
/// legal moves quickly. Against a lone king (one side has nothing but its king), levels from 3 up
/// play at full strength, with no depth cap and no noise, and think at least
/// [`LONE_KING_MOVE_TIME`] (last column; [`Level::limits_at`]): a won ending is a matter of
/// technique, the mate must come before the count runs out, and a player who defends stubbornly
/// should not learn that lost positions are drawn (`tests/endgames.rs` checks it). A depth cap
/// of 8 and an eighth of the noise, as before, failed more of the suite: the drive terms are
/// worth 8 to 30 cp a step, so even ±16 cp of noise misleads the technique; and at their own
/// move times on a slow phone (about 90,000 and 120,000 nodes), levels 4 and 5 each let one
/// khon-and-met ending of the suite run out of count, where 300,000 nodes (a second) convert
/// them all.
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
        Limits::AtMost(self.move_time())
    }

    /// The time the level thinks per move, at most, in `pos`: its [`Level::move_time`], or at
    /// least [`LONE_KING_MOVE_TIME`] against a lone king from level 3 up (see [`Level`]).
    ///
    /// ```
    /// use engine::Level;
    /// use rules::{Position, Rules};
    /// let three = Level::new(3).unwrap();
    /// let start = Position::new(Rules::default());
    /// assert_eq!(three.move_time_at(&start), three.move_time());
    /// let lone = Position::from_fen("8/8/8/4k3/8/8/8/B2Q3K w - 88 1 1", Rules::default()).unwrap();
    /// assert_eq!(three.move_time_at(&lone), engine::LONE_KING_MOVE_TIME);
    /// assert_eq!(Level::MIN.move_time_at(&lone), Level::MIN.move_time());
    /// ```
    #[must_use]
    pub fn move_time_at(self, pos: &Position) -> Duration {
        let t = self.move_time();
        if self.row().0 >= LONE_KING_DEPTH_FROM && lone_king(pos) {
            t.max(LONE_KING_MOVE_TIME)
        } else {
            t
        }
    }

    /// The search limits of the level in `pos`: at most [`Level::move_time_at`]
    /// ([`Limits::AtMost`]).
    #[must_use]
    pub fn limits_at(self, pos: &Position) -> Limits {
        Limits::AtMost(self.move_time_at(pos))
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

/// `true` when one side of `pos` has nothing but its king.
fn lone_king(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|c| pos.by_color(c).count() == 1)
}

/// The noise amplitude in centipawns that a style of amplitude `noise_cp` and depth cap
/// `max_depth` adds to the evaluation of `pos`: `noise_cp`, or none against a lone king from
/// level 3 up (a depth cap of 3 or more; see [`Level`]).
pub(crate) fn noise_cp(pos: &Position, noise_cp: i32, max_depth: u8) -> i32 {
    if max_depth >= LONE_KING_DEPTH_FROM && lone_king(pos) {
        0
    } else {
        noise_cp
    }
}

/// The depth cap of a style with cap `max_depth` at the root `pos`: `max_depth`, or at least
/// [`LONE_KING_DEPTH`] (no cap) against a lone king from level 3 up (see [`Level`]).
pub(crate) fn depth_cap(pos: &Position, max_depth: u8) -> u8 {
    if max_depth >= LONE_KING_DEPTH_FROM && lone_king(pos) {
        max_depth.max(LONE_KING_DEPTH)
    } else {
        max_depth
    }
}

/// The least time a level from 3 up thinks per move against a lone king (see [`Level`]): 300,000
/// nodes on a slow phone, enough for every ending of `tests/endgames.fen`.
pub const LONE_KING_MOVE_TIME: Duration = Duration::from_secs(1);

/// The depth cap of level 3, from which levels play lone-king endings with care.
const LONE_KING_DEPTH_FROM: u8 = 3;
/// The depth cap of a level from 3 up against a lone king: the engine's greatest depth.
const LONE_KING_DEPTH: u8 = crate::MAX_DEPTH;

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
