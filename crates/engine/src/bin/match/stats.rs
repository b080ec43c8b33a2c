//! The score of a match and the Elo difference it implies, with 95% intervals.
//!
//! The Elo difference of a score `s` (the share of points, 0 to 1) is `-400 log10(1/s - 1)`
//! (the logistic model). Its 95% interval maps the score's normal-approximation interval,
//! `s ± 1.96 σ/√n`, through the same function, where `σ²` is the variance of the results (the
//! population variance, as most match tools compute it): over games (`+` `=` `-`), and over
//! game pairs (the pentanomial counts of one opening played with both colours, whose variance
//! shrinks as the colours and the opening cancel out). When every result is the same the
//! variance is 0 and the normal interval says nothing: the bound then comes from the rule of
//! three (with no success in `n` trials, the 95% upper bound of the chance is `3/n`).

use core::fmt;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// The Elo difference of a score share `s` in `0..=1` (±infinity at 0 and 1).
#[must_use]
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// An Elo difference and its 95% interval (bounds may be infinite).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The difference at the observed score.
    pub elo: f64,
    /// The lower bound of the 95% interval.
    pub low: f64,
    /// The upper bound of the 95% interval.
    pub high: f64,
}

impl Estimate {
    /// From the mean score `mean` of `n` samples (games or pairs, each scored 0 to 1) and their
    /// population variance `var`.
    fn from_samples(mean: f64, var: f64, n: f64) -> Estimate {
        let (low, high) = if n == 0.0 {
            (0.0, 1.0)
        } else if var <= 1e-12 {
            // All samples equal: the rule of three bounds the share of the other results.
            let slack = (3.0 / n).min(1.0);
            if mean <= 0.0 {
                (0.0, slack)
            } else if mean >= 1.0 {
                (1.0 - slack, 1.0)
            } else {
                (mean, mean)
            }
        } else {
            let margin = Z95 * (var / n).sqrt();
            ((mean - margin).max(0.0), (mean + margin).min(1.0))
        };
        Estimate {
            elo: elo(mean),
            low: elo(low),
            high: elo(high),
        }
    }

    /// Half the interval's width, when both bounds are finite.
    #[must_use]
    pub fn half_width(&self) -> Option<f64> {
        let w = (self.high - self.low) / 2.0;
        w.is_finite().then_some(w)
    }
}

fn signed(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_owned()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_owned()
    } else {
        format!("{x:+.0}")
    }
}

impl fmt::Display for Estimate {
    /// `-120 ± 45 (95%: -168 to -76)`, or `-inf (95%: -inf to -436)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", signed(self.elo))?;
        if let Some(w) = self.half_width() {
            write!(f, " ± {w:.0}")?;
        }
        write!(f, " (95%: {} to {})", signed(self.low), signed(self.high))
    }
}

/// The results of a match from engine A's side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Game pairs (one opening, both colours) by A's points in the pair: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
}

/// A game's result for A, in half points: 0 (loss), 1 (draw), 2 (win).
pub type HalfPoints = u8;

impl Tally {
    /// Counts one game worth `half_points` to A.
    pub fn add_game(&mut self, half_points: HalfPoints) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// Counts one finished pair (both games already counted with [`Tally::add_game`]).
    pub fn add_pair(&mut self, first: HalfPoints, second: HalfPoints) {
        let i = usize::from(first.min(2) + second.min(2));
        self.pairs[i] += 1;
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's share of the points, 0 to 1 (½ before any game).
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// The Elo difference of A over B from the games (trinomial).
    #[must_use]
    pub fn elo(&self) -> Estimate {
        let n = f64::from(self.games());
        let mean = self.score();
        let var = if n == 0.0 {
            0.0
        } else {
            (f64::from(self.wins) * (1.0 - mean).powi(2)
                + f64::from(self.draws) * (0.5 - mean).powi(2)
                + f64::from(self.losses) * mean.powi(2))
                / n
        };
        Estimate::from_samples(mean, var, n)
    }

    /// The Elo difference of A over B from the game pairs (pentanomial), or `None` without a
    /// finished pair.
    #[must_use]
    pub fn pair_elo(&self) -> Option<Estimate> {
        let n: u32 = self.pairs.iter().sum();
        if n == 0 {
            return None;
        }
        let n = f64::from(n);
        // A pair's score share: 0, 0.25, 0.5, 0.75, 1.
        let share = |i: usize| i as f64 / 4.0;
        let mean = (0..5)
            .map(|i| f64::from(self.pairs[i]) * share(i))
            .sum::<f64>()
            / n;
        let var = (0..5)
            .map(|i| f64::from(self.pairs[i]) * (share(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some(Estimate::from_samples(mean, var, n))
    }
}

impl fmt::Display for Tally {
    /// `+3 =10 -7 (40 games), score 8.0/20 = 40.0%, Elo -70 ± 97 (95%: ...)`, then the pairs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({} games), score {:.1}/{} = {:.1}%, Elo {}",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            self.points(),
            self.games(),
            self.score() * 100.0,
            self.elo()
        )?;
        if let Some(p) = self.pair_elo() {
            let [a, b, c, d, e] = self.pairs;
            write!(
                f,
                "\npairs (0, ½, 1, 1½, 2 points): {a} {b} {c} {d} {e}; Elo {p}"
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.5
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo(0.5), 0.0);
        // 3 to 1 in points: 400 log10(3).
        assert!(close(elo(0.75), 190.85));
        assert!(close(elo(0.25), -190.85));
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn interval_of_even_results() {
        // 10 wins, 10 draws, 10 losses: score ½, variance 1/6, σ/√n = √(1/180).
        let t = Tally {
            wins: 10,
            draws: 10,
            losses: 10,
            pairs: [0; 5],
        };
        let e = t.elo();
        let margin = 1.959_964 * (1.0_f64 / 180.0).sqrt();
        assert_eq!(e.elo, 0.0);
        assert!(close(
            e.high,
            400.0 * ((0.5 + margin) / (0.5 - margin)).log10()
        ));
        assert!(close(e.low, -e.high));
        assert!(close(e.high, 104.6), "{e}");
        assert_eq!(t.pair_elo(), None);
    }

    #[test]
    fn interval_of_a_lopsided_match() {
        // 30 wins, 10 draws: score 0.875, Elo 338.
        let mut t = Tally::default();
        for _ in 0..30 {
            t.add_game(2);
        }
        for _ in 0..10 {
            t.add_game(1);
        }
        assert_eq!(t.score(), 0.875);
        let e = t.elo();
        assert!(close(e.elo, 338.04), "{e}");
        // Variance: (30·0.125² + 10·0.375²)/40 = 0.046875.
        let margin = 1.959_964 * (0.046_875_f64 / 40.0).sqrt();
        assert!(close(e.low, elo(0.875 - margin)), "{e}");
        assert!(close(e.high, elo(0.875 + margin)), "{e}");
        assert!(e.low < e.elo && e.elo < e.high);
    }

    #[test]
    fn all_losses_use_the_rule_of_three() {
        let mut t = Tally::default();
        for _ in 0..20 {
            t.add_game(0);
            t.add_game(0);
            t.add_pair(0, 0);
        }
        let e = t.elo();
        assert_eq!(e.elo, f64::NEG_INFINITY);
        assert_eq!(e.low, f64::NEG_INFINITY);
        // 3/40 = 7.5%: about -436 Elo.
        assert!(close(e.high, elo(0.075)), "{e}");
        assert!(close(e.high, -436.0), "{e}");
        assert_eq!(e.half_width(), None);
        assert_eq!(t.to_string().lines().count(), 2);
    }

    #[test]
    fn pentanomial_counts_and_interval() {
        let mut t = Tally::default();
        // Pairs scoring 2, 1 (win + loss), 1 (two draws), 0: mean ½.
        for (a, b) in [(2, 2), (2, 0), (1, 1), (0, 0)] {
            t.add_game(a);
            t.add_game(b);
            t.add_pair(a, b);
        }
        assert_eq!(t.pairs, [1, 0, 2, 0, 1]);
        let p = t.pair_elo().unwrap();
        assert_eq!(p.elo, 0.0);
        // Pair shares 1, ½, ½, 0: variance 1/8; margin 1.96·√(1/32).
        let margin = 1.959_964 * (1.0_f64 / 32.0).sqrt();
        assert!(close(p.high, elo(0.5 + margin)), "{p}");
    }
}
