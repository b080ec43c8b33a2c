//! Players' ratings: Glicko-2 with lichess's parameters, one rating per [`Perf`].
//!
//! A rating is a [`Glicko`]: the rating itself, its deviation (how uncertain it is, in rating
//! points) and its volatility (how erratic the player's results are). Every player starts at
//! [`Glicko::NEW`] (1500, deviation 500, volatility 0.09). After each rated game both players'
//! ratings move by [`rate_game`], which runs one Glicko-2 rating period (Glickman's algorithm,
//! through the `skillratings` crate) with τ = 0.75, after growing each player's deviation for
//! the time since their last rated game (0.21436 rating periods a day, as lichess counts
//! them). Deviations stay within 45 to 500, volatility at most 0.1, ratings within 400 to 4000.
//! A rating whose deviation is above 110 is provisional (shown `1500?`).
//!
//! The perf of a game (bullet, blitz, rapid or classical) comes from its time control's speed
//! ([`rules::Speed`], lichess's estimated duration: initial time + 40 × increment); games
//! under 30 s count as bullet.
//!
//! ```
//! use rating::{Glicko, Perf, Rated, Score, rate_game};
//! use rules::TimeControl;
//!
//! assert_eq!(Perf::of(TimeControl::fischer(300, 3).unwrap()), Perf::Blitz);
//! let white = Rated::new();
//! let black = Rated::new();
//! let (w, b) = rate_game(&white, &black, Score::WhiteWins, 0);
//! assert!(w.glicko.rating > 1500.0 && b.glicko.rating < 1500.0);
//! assert_eq!((w.games, w.last_ms), (1, Some(0)));
//! assert_eq!(Glicko::NEW.shown(), "1500?");
//! ```

use core::fmt;
use core::str::FromStr;

use rules::{Speed, TimeControl};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// The rating every player starts with.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a player who never played a rated game (the largest there is).
pub const MAX_DEVIATION: f64 = 500.0;
/// The smallest deviation: however many games, a rating stays this uncertain.
pub const MIN_DEVIATION: f64 = 45.0;
/// The volatility every player starts with.
pub const START_VOLATILITY: f64 = 0.09;
/// The largest volatility.
pub const MAX_VOLATILITY: f64 = 0.1;
/// The lowest and highest ratings.
pub const RATING_RANGE: (f64, f64) = (400.0, 4000.0);
/// Glicko-2's τ: how much the volatility may change in one game.
pub const TAU: f64 = 0.75;
/// A rating with a deviation above this is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Rating periods in a day, for the growth of the deviation during time away.
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;
/// Milliseconds in a day.
const DAY_MS: f64 = 86_400_000.0;
/// Glicko-2's scale: rating points per unit of its internal scale.
const SCALE: f64 = 173.7178;

/// What a rating is kept for: the speed of a game, as lichess groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Perf {
    /// An estimated duration under 3 minutes (ultra-bullet included).
    Bullet,
    /// From 3 to under 8 minutes.
    Blitz,
    /// From 8 to under 25 minutes.
    Rapid,
    /// From 25 minutes.
    Classical,
}

impl Perf {
    /// Every perf, fastest first.
    pub const ALL: [Perf; 4] = [Perf::Bullet, Perf::Blitz, Perf::Rapid, Perf::Classical];

    /// The perf of a game under `clock`.
    #[must_use]
    pub const fn of(clock: TimeControl) -> Perf {
        Perf::of_speed(clock.speed())
    }

    /// The perf of a game of `speed`.
    #[must_use]
    pub const fn of_speed(speed: Speed) -> Perf {
        match speed {
            Speed::UltraBullet | Speed::Bullet => Perf::Bullet,
            Speed::Blitz => Perf::Blitz,
            Speed::Rapid => Perf::Rapid,
            Speed::Classical => Perf::Classical,
        }
    }

    /// The name in lichess's API: `bullet`, `blitz`, `rapid` or `classical`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Perf::Bullet => "bullet",
            Perf::Blitz => "blitz",
            Perf::Rapid => "rapid",
            Perf::Classical => "classical",
        }
    }
}

impl fmt::Display for Perf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a perf's ([`Perf::name`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPerf(pub String);

impl fmt::Display for UnknownPerf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown perf {:?}: bullet, blitz, rapid or classical",
            self.0
        )
    }
}

impl std::error::Error for UnknownPerf {}

impl FromStr for Perf {
    type Err = UnknownPerf;

    fn from_str(s: &str) -> Result<Perf, UnknownPerf> {
        Perf::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownPerf(s.to_owned()))
    }
}

/// A Glicko-2 rating: the rating, its deviation (rating points) and the volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// How uncertain the rating is, in rating points ([`MIN_DEVIATION`] to
    /// [`MAX_DEVIATION`]).
    pub deviation: f64,
    /// How erratic the player's results are (at most [`MAX_VOLATILITY`]).
    pub volatility: f64,
}

impl Glicko {
    /// A player's rating before any rated game.
    pub const NEW: Glicko = Glicko {
        rating: START_RATING,
        deviation: MAX_DEVIATION,
        volatility: START_VOLATILITY,
    };

    /// Whether the rating is still provisional (deviation above [`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as a whole number, as players see it.
    #[must_use]
    pub fn rounded(self) -> i32 {
        // Within RATING_RANGE (or a caller's own value): the cast saturates anyway.
        #[allow(clippy::cast_possible_truncation)]
        let r = self.rating.round() as i32;
        r
    }

    /// The rating as shown: `1500`, or `1500?` while provisional.
    #[must_use]
    pub fn shown(self) -> String {
        if self.provisional() {
            format!("{}?", self.rounded())
        } else {
            self.rounded().to_string()
        }
    }

    /// This rating after `days` without a rated game: the deviation grows by the volatility
    /// over [`RATING_PERIODS_PER_DAY`] periods a day, up to [`MAX_DEVIATION`].
    #[must_use]
    pub fn after_days_away(self, days: f64) -> Glicko {
        let periods = days.max(0.0) * RATING_PERIODS_PER_DAY;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + self.volatility * self.volatility * periods).sqrt() * SCALE;
        Glicko {
            deviation: grown.min(MAX_DEVIATION),
            ..self
        }
    }

    /// Within the bounds: rating in [`RATING_RANGE`], deviation from [`MIN_DEVIATION`] to
    /// [`MAX_DEVIATION`], volatility at most [`MAX_VOLATILITY`].
    fn bounded(self) -> Glicko {
        Glicko {
            rating: self.rating.clamp(RATING_RANGE.0, RATING_RANGE.1),
            deviation: self.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: self.volatility.min(MAX_VOLATILITY),
        }
    }

    fn to_glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko2(r: Glicko2Rating) -> Glicko {
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko::NEW
    }
}

/// A player's rating in one perf, with what [`rate_game`] needs besides it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rated {
    /// The rating.
    pub glicko: Glicko,
    /// Rated games played in this perf.
    pub games: u32,
    /// When the last rated game of this perf was rated (ms since the Unix epoch), if any.
    pub last_ms: Option<u64>,
}

impl Rated {
    /// A player who has not played a rated game of this perf.
    #[must_use]
    pub const fn new() -> Rated {
        Rated {
            glicko: Glicko::NEW,
            games: 0,
            last_ms: None,
        }
    }

    /// The rating as of `now_ms`: the deviation grown for the time since the last rated
    /// game ([`Glicko::after_days_away`]).
    #[must_use]
    pub fn at(&self, now_ms: u64) -> Glicko {
        match self.last_ms {
            // Precision: days as f64 is exact far beyond any real span.
            #[allow(clippy::cast_precision_loss)]
            Some(last) => self
                .glicko
                .after_days_away(now_ms.saturating_sub(last) as f64 / DAY_MS),
            None => self.glicko,
        }
    }

    /// Whether the rating is provisional as of `now_ms` ([`Glicko::provisional`]).
    #[must_use]
    pub fn provisional_at(&self, now_ms: u64) -> bool {
        self.at(now_ms).provisional()
    }
}

impl Default for Rated {
    fn default() -> Rated {
        Rated::new()
    }
}

/// How a rated game ended, for White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Score {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

impl Score {
    /// The score of a game that ended with `outcome`, or `None` when it has no result for
    /// the ratings (aborted).
    #[must_use]
    pub fn of(outcome: rules::Outcome) -> Option<Score> {
        match outcome.winner() {
            Some(rules::Color::White) => Some(Score::WhiteWins),
            Some(rules::Color::Black) => Some(Score::BlackWins),
            None if outcome.is_aborted() => None,
            None => Some(Score::Draw),
        }
    }

    fn for_white(self) -> Outcomes {
        match self {
            Score::WhiteWins => Outcomes::WIN,
            Score::BlackWins => Outcomes::LOSS,
            Score::Draw => Outcomes::DRAW,
        }
    }
}

/// White's and Black's new ratings after a game rated at `now_ms` that ended with `score`:
/// each deviation grown for the player's time away, one Glicko-2 rating period with τ =
/// [`TAU`], then the bounds. The games counts and times go in the returned [`Rated`]s.
#[must_use]
pub fn rate_game(white: &Rated, black: &Rated, score: Score, now_ms: u64) -> (Rated, Rated) {
    let config = Glicko2Config {
        tau: TAU,
        convergence_tolerance: 0.000_001,
    };
    let (w, b) = glicko2(
        &white.at(now_ms).to_glicko2(),
        &black.at(now_ms).to_glicko2(),
        &score.for_white(),
        &config,
    );
    let after = |before: &Rated, g: Glicko2Rating| Rated {
        glicko: Glicko::from_glicko2(g).bounded(),
        games: before.games.saturating_add(1),
        last_ms: Some(now_ms),
    };
    (after(white, w), after(black, b))
}

/// The change a player sees: the new rating rounded minus the old one rounded (`+12`, `-12`).
#[must_use]
pub fn shown_change(before: Glicko, after: Glicko) -> i32 {
    after.rounded() - before.rounded()
}

#[cfg(test)]
mod tests;
