use core::{fmt, time::Duration};

use rules::{Color, Position};

use crate::{Limits, Style};

/// A playing level, 1 (beginner) to 8 (full strength).
///
/// | level | depth (plies) | time per move | evaluation noise | against a lone king |
/// | ---: | ---: | ---: | ---: | --- |
/// | 1 | 2 | 50 ms | ±80 cp, and a blunder on 15% of moves that allow one | mating it: full strength, 1 s |
/// | 2 | 2 | 100 ms | ±220 cp | mating it: full strength, 1 s |
/// | 3 | 3 | 200 ms | ±130 cp | full strength, 1 s |
/// | 4 | 4 | 300 ms | ±70 cp | full strength, 1 s |
/// | 5 | 6 | 500 ms | ±30 cp | full strength, 1 s |
/// | 6 | 8 | 1 s | ±10 cp | full strength, 1 s |
/// | 7 | 9 | 2 s | none | full strength, 2 s |
/// | 8 | 64 | 4 s | none | as usual |
///
/// The noise is a deterministic function of the position and the seed, so the same seed replays
/// the same game; low levels are fallible (they misjudge positions by that much) yet always play
/// legal moves quickly. Level 1 also gives material away on purpose ([`crate::Style`]'s
/// blunders: a move losing [`crate::BLUNDER_LOSS`]) at the same rate from the first move to
/// the last, as a beginner does. Levels 1 and 2 play with care once far ahead (a rook up, at
/// depth 3 with a quarter of the noise and no blunders; mating a lone king at full strength),
/// so that a won game ends in mate, not in a repetition or an expired count.
///
/// Against a lone king (one side has nothing but its king), levels from 3 up play at full
/// strength on either side, levels 1 and 2 when mating it, with no depth cap and no noise, and
/// think at least
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
            1 => (2, 50, LEVEL_1_NOISE_CP),
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
    /// least [`LONE_KING_MOVE_TIME`] when one side has a lone king (see [`Level`]; levels 1
    /// and 2 use it when mating, and answer at once at their depth cap when defending).
    ///
    /// ```
    /// use engine::Level;
    /// use rules::{Position, Rules};
    /// let three = Level::new(3).unwrap();
    /// let start = Position::new(Rules::default());
    /// assert_eq!(three.move_time_at(&start), three.move_time());
    /// let lone = Position::from_fen("8/8/8/4k3/8/8/8/B2Q3K w - 88 1 1", Rules::default()).unwrap();
    /// assert_eq!(three.move_time_at(&lone), engine::LONE_KING_MOVE_TIME);
    /// assert_eq!(Level::MIN.move_time_at(&lone), engine::LONE_KING_MOVE_TIME);
    /// ```
    #[must_use]
    pub fn move_time_at(self, pos: &Position) -> Duration {
        let t = self.move_time();
        if lone_king(pos) {
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
            blunders_per_mille: if self.0 == 1 { LEVEL_1_BLUNDERS } else { 0 },
        }
    }
}

/// Level 1's evaluation noise, in centipawns. Level 1 was depth 1 with ±350 alone: it then
/// blundered 2.4% of its first ten moves, 5.6% of the next ten and 8 to 11% from the twentieth
/// on (against level 2, 100 games: `match beginner`), its noise misleading it more as pieces
/// met; and far ahead it drifted into repetitions (10 of the 11 games it led by 8 pawns not
/// won). Depth 2 with a small noise makes few mistakes of its own; its blunders are deliberate
/// ([`LEVEL_1_BLUNDERS`]), so their rate is the same from the first move to the last (the
/// README gives the figures).
const LEVEL_1_NOISE_CP: i32 = 80;
/// Level 1's chance of a deliberate blunder per move, in thousandths (it gives material away
/// when some move does: [`crate::BLUNDER_LOSS`]).
const LEVEL_1_BLUNDERS: u16 = 150;
/// A lead in material (the side to move's pieces and pawns less the other side's, at
/// [`crate::value`]) from which a level of depth 1 or 2 plays with care: a rook or so.
const FAR_AHEAD_CP: i32 = 500;

/// The side to move's material less the other side's, at [`crate::value`].
fn material_lead(pos: &Position) -> i32 {
    let us = pos.turn();
    rules::Role::ALL
        .into_iter()
        .map(|role| {
            let count = |c: Color| (pos.by_color(c) & pos.by_role(role)).count() as i32;
            crate::value(role) * (count(us) - count(us.other()))
        })
        .sum()
}

/// `true` when the other side of `pos` has nothing but its king and the side to move more.
fn mating_a_lone_king(pos: &Position) -> bool {
    let them = pos.turn().other();
    pos.by_color(them).count() == 1 && pos.by_color(pos.turn()).count() > 1
}

/// The style a search from `root` uses: `style`, or for a low level (depth cap under 3) that is
/// far ahead in `root`, a careful one, so that it mates instead of drifting into a draw: against
/// a lone king full strength (as levels from 3 up play it, [`Level`]), else a lead of
/// [`FAR_AHEAD_CP`] or more played at depth 3 with a quarter of the noise and no blunders.
pub(crate) fn style_at(root: &Position, style: Style) -> Style {
    if style.max_depth >= LONE_KING_DEPTH_FROM {
        return style;
    }
    if mating_a_lone_king(root) {
        Style {
            max_depth: LONE_KING_DEPTH,
            noise_cp: 0,
            blunders_per_mille: 0,
            ..style
        }
    } else if material_lead(root) >= FAR_AHEAD_CP {
        Style {
            max_depth: LONE_KING_DEPTH_FROM,
            noise_cp: style.noise_cp / 4,
            blunders_per_mille: 0,
            ..style
        }
    } else {
        style
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
