//! Time controls and the players' clocks, written once for the server, the page and the AI.
//!
//! - [`TimeControl`]: how much time a game gives (today [`TimeControl::Fischer`]: an initial
//!   time and an increment added after each move), built only through a checked constructor
//!   ([`TimeControl::fischer`]), written as the page shows it (`5+3`, [`fmt::Display`] and
//!   [`FromStr`]) and as PGN's `TimeControl` tag (`300+3`, [`TimeControl::pgn`]), with its
//!   [`Speed`].
//! - [`Clock`]: both sides' time left, over [`Duration`]. The crate never reads a clock (it
//!   runs in the browser too): every instant is passed in by the caller, as a [`Duration`]
//!   since an origin of the caller's choice (the server uses the Unix epoch, the page
//!   `Date.now()`), and only differences of instants matter.
//! - [`ClockSnapshot`]: the time left of each side and whose clock runs, as sent on the wire.
//!
//! The rule of the clocks (the same online and on one device): the first move of the game is
//! free (not timed, no increment) and starts the opponent's clock; from then on each move
//! takes the mover's thinking time off its clock, adds the increment, and starts the other
//! clock. A flag falls when the running clock reaches zero, exactly; who wins then is the
//! rules' decision ([`Game::flag`]: a draw when the other side cannot mate).
//!
//! ```
//! use core::time::Duration;
//! use rules::{Clock, Color, TimeControl};
//! let tc: TimeControl = "1+2".parse().unwrap();
//! let s = Duration::from_secs;
//! let mut clock = Clock::new(tc);
//! clock.press(Color::White, s(5)); // the first move is free: Black's clock starts
//! clock.press(Color::Black, s(8)); // 3 s off Black's clock, 2 s on
//! assert_eq!(clock.left(Color::Black, s(8)), s(59));
//! assert_eq!(clock.flag_at(), Some(s(68))); // White's 60 s run out at 68 s
//! assert_eq!(clock.flagged(s(68)), Some(Color::White));
//! ```

use core::{fmt, str::FromStr, time::Duration};

use crate::{ByColor, Color, Game, Outcome};

/// A time control: how much time each side has for the game.
///
/// Built only through its checked constructor ([`TimeControl::fischer`]) or by reading its
/// text ([`FromStr`], [`TimeControl::from_pgn`], and serde's form under the `serde` feature),
/// so a value always lies within the bounds the server plays: an initial time from
/// [`TimeControl::MIN_INITIAL`] to [`TimeControl::MAX_INITIAL`] and an increment up to
/// [`TimeControl::MAX_INCREMENT`], in whole seconds.
///
/// Its text is the page's `minutes+increment`: `5+3` is five minutes and three seconds a move.
/// An initial time that is not a whole number of minutes is written as lichess writes it:
/// `¼`, `½` and `¾` for 15, 30 and 45 seconds, `1.5` for 90 seconds, and otherwise in seconds
/// with an `s` (`100s+2`), so every time control reads back as itself.
///
/// ```
/// use core::time::Duration;
/// use rules::{Speed, TimeControl};
/// let tc = TimeControl::fischer(300, 3).unwrap();
/// assert_eq!(tc.to_string(), "5+3");
/// assert_eq!(tc.pgn().to_string(), "300+3");
/// assert_eq!(tc.initial(), Duration::from_secs(300));
/// assert_eq!(tc.speed(), Speed::Blitz); // 300 s + 40 x 3 s = 7 min
/// assert_eq!("½+0".parse::<TimeControl>().unwrap().initial(), Duration::from_secs(30));
/// assert!(TimeControl::fischer(0, 3).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Fischer's clock: an initial time, and an increment added after each move.
    Fischer(Fischer),
}

/// The settings of a Fischer clock, within [`TimeControl`]'s bounds (see
/// [`TimeControl::fischer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fischer {
    initial_secs: u32,
    increment_secs: u32,
}

impl Fischer {
    /// Each side's time at the start.
    #[must_use]
    pub const fn initial(self) -> Duration {
        Duration::from_secs(self.initial_secs as u64)
    }

    /// The time added to the mover's clock after each of its timed moves.
    #[must_use]
    pub const fn increment(self) -> Duration {
        Duration::from_secs(self.increment_secs as u64)
    }

    /// The initial time in whole seconds (1 to 10 800).
    #[must_use]
    pub const fn initial_secs(self) -> u32 {
        self.initial_secs
    }

    /// The increment in whole seconds (0 to 180).
    #[must_use]
    pub const fn increment_secs(self) -> u32 {
        self.increment_secs
    }
}

/// A time control outside the bounds [`TimeControl`] allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControlError {
    /// The initial time, in seconds, is not within 1 s to 3 h.
    Initial(u64),
    /// The increment, in seconds, is over 180 s.
    Increment(u64),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Initial(s) => write!(
                f,
                "time control out of range: an initial time of {s} s (1 s to 3 h allowed)"
            ),
            TimeControlError::Increment(s) => write!(
                f,
                "time control out of range: an increment of {s} s (up to 180 s allowed)"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// The error returned when a text is not a time control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTimeControlError {
    /// Not of the form `minutes+increment` (e.g. `5+3`, `½+0`, `100s+2`).
    Syntax,
    /// Well formed, but outside the bounds.
    OutOfRange(TimeControlError),
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTimeControlError::Syntax => f.write_str(
                "not a time control (expected minutes+increment, e.g. \"5+3\", \"½+0\" or \"100s+2\")",
            ),
            ParseTimeControlError::OutOfRange(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseTimeControlError {}

impl From<TimeControlError> for ParseTimeControlError {
    fn from(e: TimeControlError) -> ParseTimeControlError {
        ParseTimeControlError::OutOfRange(e)
    }
}

impl TimeControl {
    /// The shortest initial time allowed: 1 s.
    pub const MIN_INITIAL: Duration = Duration::from_secs(1);
    /// The longest initial time allowed: 3 h.
    pub const MAX_INITIAL: Duration = Duration::from_secs(3 * 3600);
    /// The largest increment allowed: 180 s.
    pub const MAX_INCREMENT: Duration = Duration::from_secs(180);

    /// A Fischer time control of `initial_secs` seconds each plus `increment_secs` seconds a
    /// move.
    ///
    /// # Errors
    /// [`TimeControlError`] when the initial time is not within 1 s to 3 h (10 800 s) or the
    /// increment is over 180 s.
    pub fn fischer(
        initial_secs: u32,
        increment_secs: u32,
    ) -> Result<TimeControl, TimeControlError> {
        let initial = Duration::from_secs(u64::from(initial_secs));
        if !(TimeControl::MIN_INITIAL..=TimeControl::MAX_INITIAL).contains(&initial) {
            return Err(TimeControlError::Initial(u64::from(initial_secs)));
        }
        if Duration::from_secs(u64::from(increment_secs)) > TimeControl::MAX_INCREMENT {
            return Err(TimeControlError::Increment(u64::from(increment_secs)));
        }
        Ok(TimeControl::Fischer(Fischer {
            initial_secs,
            increment_secs,
        }))
    }

    /// Each side's time at the start.
    #[must_use]
    pub const fn initial(self) -> Duration {
        match self {
            TimeControl::Fischer(f) => f.initial(),
        }
    }

    /// The time added to the mover's clock after each of its timed moves.
    #[must_use]
    pub const fn increment(self) -> Duration {
        match self {
            TimeControl::Fischer(f) => f.increment(),
        }
    }

    /// The estimated duration of one side's game, lichess's rule: the initial time plus 40
    /// times the increment (a game of 40 moves).
    ///
    /// ```
    /// use core::time::Duration;
    /// use rules::TimeControl;
    /// let tc = TimeControl::fischer(180, 2).unwrap();
    /// assert_eq!(tc.estimated_duration(), Duration::from_secs(260));
    /// ```
    #[must_use]
    pub const fn estimated_duration(self) -> Duration {
        match self {
            TimeControl::Fischer(f) => {
                Duration::from_secs(f.initial_secs as u64 + 40 * f.increment_secs as u64)
            }
        }
    }

    /// The speed of a game under this time control, by its [estimated
    /// duration](TimeControl::estimated_duration) ([`Speed::of`]).
    #[must_use]
    pub const fn speed(self) -> Speed {
        Speed::of(self.estimated_duration())
    }

    /// The `TimeControl` tag's value in PGN (seconds, as the PGN standard counts):
    /// `300+3` for five minutes and three seconds a move.
    #[must_use]
    pub const fn pgn(self) -> PgnTimeControl {
        PgnTimeControl(self)
    }

    /// Reads the value of a PGN `TimeControl` tag, when it is exactly the form
    /// [`TimeControl::pgn`] writes (`300+3`: seconds and increment, no other spelling) and
    /// within the bounds; `None` for anything else (`40/7200:3600`, `300`, `-`, `?`, `0+0`),
    /// which a PGN reader keeps as raw text.
    ///
    /// ```
    /// use rules::TimeControl;
    /// assert_eq!(TimeControl::from_pgn("300+3"), TimeControl::fischer(300, 3).ok());
    /// assert_eq!(TimeControl::from_pgn("40/7200:3600"), None);
    /// assert_eq!(TimeControl::from_pgn("0300+3"), None);
    /// ```
    #[must_use]
    pub fn from_pgn(value: &str) -> Option<TimeControl> {
        let (initial, increment) = value.split_once('+')?;
        let tc = TimeControl::fischer(initial.parse().ok()?, increment.parse().ok()?).ok()?;
        // Only the canonical spelling: anything else is written back as it came.
        (tc.pgn().to_string() == value).then_some(tc)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer(c) => {
                match c.initial_secs {
                    s if s % 60 == 0 => write!(f, "{}", s / 60)?,
                    15 => f.write_str("¼")?,
                    30 => f.write_str("½")?,
                    45 => f.write_str("¾")?,
                    90 => f.write_str("1.5")?,
                    s => write!(f, "{s}s")?,
                }
                write!(f, "+{}", c.increment_secs)
            }
        }
    }
}

/// Reads `minutes+increment`: whole minutes (`5+3`), `¼`, `½`, `¾` or decimal minutes that
/// make whole seconds (`1.5+0`), or seconds with an `s` (`100s+2`); the increment in whole
/// seconds. Spaces around either number are allowed.
impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let (initial, increment) = s.split_once('+').ok_or(ParseTimeControlError::Syntax)?;
        let initial_secs = initial_secs(initial.trim()).ok_or(ParseTimeControlError::Syntax)?;
        let increment = increment.trim();
        if !increment.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseTimeControlError::Syntax);
        }
        let increment_secs: u64 = increment
            .parse()
            .map_err(|_| ParseTimeControlError::Syntax)?;
        let (Ok(initial), Ok(increment)) =
            (u32::try_from(initial_secs), u32::try_from(increment_secs))
        else {
            return Err(if initial_secs > u64::from(u32::MAX) {
                TimeControlError::Initial(initial_secs)
            } else {
                TimeControlError::Increment(increment_secs)
            }
            .into());
        };
        Ok(TimeControl::fischer(initial, increment)?)
    }
}

/// The initial time of a time control's text in seconds: `5`, `¼`/`½`/`¾`, `1.5` or `100s`.
fn initial_secs(text: &str) -> Option<u64> {
    match text {
        "¼" => return Some(15),
        "½" => return Some(30),
        "¾" => return Some(45),
        _ => {}
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if let Some(secs) = text.strip_suffix('s') {
        return digits(secs).then(|| secs.parse().ok()).flatten();
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if !digits(whole) || !(fraction.is_empty() || digits(fraction)) || fraction.len() > 2 {
        return None;
    }
    // Minutes with up to two decimals, in hundredths of a minute; whole seconds only.
    let hundredths = whole
        .parse::<u64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(format!("{fraction:0<2}").parse::<u64>().ok()?)?;
    let sixtieths = hundredths.checked_mul(60)?;
    sixtieths.is_multiple_of(100).then_some(sixtieths / 100)
}

/// A time control in PGN's `TimeControl` form, `300+3` ([`TimeControl::pgn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnTimeControl(TimeControl);

impl fmt::Display for PgnTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TimeControl::Fischer(c) => write!(f, "{}+{}", c.initial_secs, c.increment_secs),
        }
    }
}

/// How fast a game is, by its time control's estimated duration (initial time + 40 x
/// increment, [`TimeControl::estimated_duration`]), with lichess's thresholds: under 30 s
/// ultra-bullet, under 3 min bullet, under 8 min blitz, under 25 min rapid, and classical
/// from 25 min.
///
/// ```
/// use rules::{Speed, TimeControl};
/// let speed = |s: &str| s.parse::<TimeControl>().unwrap().speed();
/// assert_eq!(speed("¼+0"), Speed::UltraBullet);
/// assert_eq!(speed("1+0"), Speed::Bullet);
/// assert_eq!(speed("3+2"), Speed::Blitz); // 260 s
/// assert_eq!(speed("10+5"), Speed::Rapid); // 800 s
/// assert_eq!(speed("15+10"), Speed::Rapid); // 1 300 s
/// assert_eq!(speed("25+0"), Speed::Classical);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// An estimated duration under 30 s.
    UltraBullet,
    /// From 30 s to under 3 min.
    Bullet,
    /// From 3 min to under 8 min.
    Blitz,
    /// From 8 min to under 25 min.
    Rapid,
    /// From 25 min.
    Classical,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
    ];

    /// The speed of a game whose estimated duration (per side) is `estimate`.
    #[must_use]
    pub const fn of(estimate: Duration) -> Speed {
        match estimate.as_secs() {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// A stable kebab-case name: `ultra-bullet`, `bullet`, `blitz`, `rapid` or `classical`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultra-bullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The clocks at one instant: each side's time left and whose clock runs (none before the
/// first move and after the end). What the server sends.
///
/// Under the `serde` feature its JSON is `{"white_ms": 60000, "black_ms": 59000, "running":
/// "white"}` (whole milliseconds, rounded down).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockSnapshot {
    /// Each side's time left.
    pub left: ByColor<Duration>,
    /// The side whose clock runs, if any.
    pub running: Option<Color>,
}

impl ClockSnapshot {
    /// The snapshot as it reads `elapsed` later: the running side's time counted down
    /// (not below zero).
    ///
    /// ```
    /// use core::time::Duration;
    /// use rules::{ByColor, ClockSnapshot, Color};
    /// let ms = Duration::from_millis;
    /// let c = ClockSnapshot { left: ByColor { white: ms(500), black: ms(900) }, running: Some(Color::White) };
    /// assert_eq!(c.after(ms(200)).left, ByColor { white: ms(300), black: ms(900) });
    /// assert_eq!(c.after(ms(800)).left.white, Duration::ZERO);
    /// ```
    #[must_use]
    pub fn after(mut self, elapsed: Duration) -> ClockSnapshot {
        if let Some(r) = self.running {
            let l = self.left.get_mut(r);
            *l = l.saturating_sub(elapsed);
        }
        self
    }
}

/// Both players' clocks under a [`TimeControl`], with every instant passed in (see the
/// module's docs for the rule and the instants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time left when the running clock last started.
    left: ByColor<Duration>,
    running: Option<Color>,
    /// When the running clock last started.
    since: Duration,
}

impl Clock {
    /// Both clocks at the initial time, neither running.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let initial = control.initial();
        Clock {
            control,
            left: ByColor {
                white: initial,
                black: initial,
            },
            running: None,
            since: Duration::ZERO,
        }
    }

    /// The clocks as `snapshot` says, its running clock (if any) counting from `at`: how a
    /// clock is taken up again from a stored or received snapshot.
    #[must_use]
    pub fn resume(control: TimeControl, snapshot: ClockSnapshot, at: Duration) -> Clock {
        Clock {
            control,
            left: snapshot.left,
            running: snapshot.running,
            since: at,
        }
    }

    /// The time control.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs, if any.
    #[must_use]
    pub const fn running(&self) -> Option<Color> {
        self.running
    }

    /// When the running clock last started (the last move, or the resumption).
    #[must_use]
    pub const fn since(&self) -> Duration {
        self.since
    }

    /// `color`'s time left at `now` (zero once its flag has fallen; an instant before the
    /// running clock started counts as that start).
    #[must_use]
    pub fn left(&self, color: Color, now: Duration) -> Duration {
        *self.snapshot(now).left.get(color)
    }

    /// The clocks at `now`.
    #[must_use]
    pub fn snapshot(&self, now: Duration) -> ClockSnapshot {
        ClockSnapshot {
            left: self.left,
            running: self.running,
        }
        .after(now.saturating_sub(self.since))
    }

    /// `mover` has moved at `now`: its thinking time since its clock started is taken off and
    /// the increment added (when its clock ran: the first move of the game is free), and the
    /// opponent's clock starts.
    ///
    /// A press by the side whose clock does not run (out of turn) charges the running side
    /// without increment and starts `mover`'s opponent's clock all the same; a mover whose
    /// flag has fallen gets no increment.
    pub fn press(&mut self, mover: Color, now: Duration) {
        let ran = self.running;
        self.stop(now);
        let left = self.left.get_mut(mover);
        // A fallen flag stays fallen: no increment on a clock at zero.
        if ran == Some(mover) && !left.is_zero() {
            // What a move earns is the kind of control's own rule: a new kind says it here.
            let earned = match self.control {
                TimeControl::Fischer(f) => f.increment(),
            };
            *left = left.saturating_add(earned);
        }
        self.running = Some(mover.other());
    }

    /// Stops the running clock at `now` (the game ended): its time is taken off, and no clock
    /// runs any more.
    pub fn stop(&mut self, now: Duration) {
        self.left = self.snapshot(now).left;
        self.running = None;
        self.since = now;
    }

    /// When the running clock reaches zero, if one runs.
    #[must_use]
    pub fn flag_at(&self) -> Option<Duration> {
        let r = self.running?;
        Some(self.since.saturating_add(*self.left.get(r)))
    }

    /// The side whose flag has fallen by `now`: the running side, once its time left is zero
    /// (exactly zero counts).
    #[must_use]
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        self.flag_at()
            .is_some_and(|at| now >= at)
            .then_some(self.running)
            .flatten()
    }

    /// The end of `game` by time at `now`, if a flag has fallen: [`Game::flag`] decides
    /// between a win for the other side and a draw (when it cannot mate). `None` while no flag
    /// has fallen or when `game` is already over.
    #[must_use]
    pub fn timeout(&self, game: &Game, now: Duration) -> Option<Outcome> {
        let flagged = self.flagged(now)?;
        let mut ended = game.clone();
        ended.flag(flagged).ok()?;
        ended.outcome()
    }
}

/// The JSON forms the server and the page have always used: a time control is
/// `{"initial_secs": 300, "increment_secs": 3}` (read through [`TimeControl::fischer`], so a
/// stored or received value out of bounds is an error), a snapshot `{"white_ms": 60000,
/// "black_ms": 59000, "running": "white"}`.
#[cfg(feature = "serde")]
mod serde_forms {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::{ClockSnapshot, TimeControl, TimeControlError};
    use crate::{ByColor, Color};

    /// A time control on the wire; a field it does not know is refused, as client messages
    /// refuse theirs.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct TimeControlForm {
        initial_secs: u32,
        increment_secs: u32,
    }

    impl Serialize for TimeControl {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match *self {
                TimeControl::Fischer(f) => TimeControlForm {
                    initial_secs: f.initial_secs,
                    increment_secs: f.increment_secs,
                }
                .serialize(s),
            }
        }
    }

    impl<'de> Deserialize<'de> for TimeControl {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TimeControl, D::Error> {
            let f = TimeControlForm::deserialize(d)?;
            TimeControl::fischer(f.initial_secs, f.increment_secs)
                .map_err(|e: TimeControlError| serde::de::Error::custom(e))
        }
    }

    #[derive(Serialize, Deserialize)]
    struct SnapshotForm {
        white_ms: u64,
        black_ms: u64,
        running: Option<Color>,
    }

    fn ms(d: Duration) -> u64 {
        u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
    }

    impl Serialize for ClockSnapshot {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            SnapshotForm {
                white_ms: ms(self.left.white),
                black_ms: ms(self.left.black),
                running: self.running,
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for ClockSnapshot {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ClockSnapshot, D::Error> {
            let f = SnapshotForm::deserialize(d)?;
            Ok(ClockSnapshot {
                left: ByColor {
                    white: Duration::from_millis(f.white_ms),
                    black: Duration::from_millis(f.black_ms),
                },
                running: f.running,
            })
        }
    }
}
