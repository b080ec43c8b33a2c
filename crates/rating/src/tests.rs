//! Glicko-2 checked against Glickman's worked example and against the paper's algorithm
//! written out here step by step, with lichess's parameters.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::*;

/// One rating period of the paper ("Example of the Glicko-2 system", Glickman, 2013), steps
/// 2 to 8, for one player against `games` (opponent, score), with `tau`; written from the
/// paper, apart from the crate under test.
fn paper(player: Glicko, games: &[(Glicko, f64)], tau: f64) -> Glicko {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
    let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (o, s) in games {
        let (mu_j, phi_j) = ((o.rating - 1500.0) / SCALE, o.deviation / SCALE);
        let ej = e(mu_j, phi_j);
        v_inv += g(phi_j).powi(2) * ej * (1.0 - ej);
        sum += g(phi_j) * (s - ej);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000_001 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu + phi2 * phi2 * sum;
    Glicko {
        rating: mu2 * SCALE + 1500.0,
        deviation: phi2 * SCALE,
        volatility: sigma2,
    }
}

fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko {
    Glicko {
        rating,
        deviation,
        volatility,
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// The paper's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300, with
/// τ = 0.5: 1464.06, 151.52, 0.05999.
#[test]
fn glickmans_example() {
    let player = glicko(1500.0, 200.0, 0.06);
    let games = [
        (glicko(1400.0, 30.0, 0.06), 1.0),
        (glicko(1550.0, 100.0, 0.06), 0.0),
        (glicko(1700.0, 300.0, 0.06), 0.0),
    ];
    // The crate the server and the page use.
    let outcome = |s: f64| {
        if s > 0.5 {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        }
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(g, s)| (g.to_glicko2(), outcome(*s)))
        .collect();
    let config = Glicko2Config {
        tau: 0.5,
        convergence_tolerance: 0.000_001,
    };
    let by_crate = Glicko::from_glicko2(glicko2_rating_period(
        &player.to_glicko2(),
        &results,
        &config,
    ));
    // And the paper's steps written out here.
    let by_paper = paper(player, &games, 0.5);
    for (who, r) in [("crate", by_crate), ("paper", by_paper)] {
        assert!(close(r.rating, 1464.06, 0.01), "{who}: {r:?}");
        assert!(close(r.deviation, 151.52, 0.01), "{who}: {r:?}");
        assert!(close(r.volatility, 0.05999, 0.00001), "{who}: {r:?}");
    }
}

/// `rate_game` is one period of the paper with τ = 0.75 for each side, the deviations grown
/// for the time away first, then bounded: over a table of players and results.
#[test]
fn one_game_is_one_period_of_the_paper_with_lichess_parameters() {
    let day = 86_400_000;
    let now = 400 * day;
    let players = [
        Rated::new(),
        Rated {
            glicko: glicko(1812.4, 62.0, 0.059),
            games: 300,
            last_ms: Some(now - day / 2),
        },
        Rated {
            glicko: glicko(1320.0, 140.0, 0.09),
            games: 12,
            last_ms: Some(now - 200 * day),
        },
        Rated {
            glicko: glicko(2210.0, 46.0, 0.061),
            games: 2_000,
            last_ms: Some(now - 3 * day),
        },
    ];
    for white in &players {
        for black in &players {
            for (score, s) in [
                (Score::WhiteWins, 1.0),
                (Score::Draw, 0.5),
                (Score::BlackWins, 0.0),
            ] {
                let (w, b) = rate_game(white, black, score, now);
                let (wg, bg) = (white.at(now), black.at(now));
                let want_w = paper(wg, &[(bg, s)], TAU).bounded();
                let want_b = paper(bg, &[(wg, 1.0 - s)], TAU).bounded();
                for (got, want) in [(w.glicko, want_w), (b.glicko, want_b)] {
                    assert!(close(got.rating, want.rating, 0.001), "{got:?} {want:?}");
                    assert!(
                        close(got.deviation, want.deviation, 0.001),
                        "{got:?} {want:?}"
                    );
                    assert!(
                        close(got.volatility, want.volatility, 1e-6),
                        "{got:?} {want:?}"
                    );
                }
                assert_eq!(w.games, white.games + 1);
                assert_eq!(b.last_ms, Some(now));
            }
        }
    }
}

#[test]
fn two_new_players_move_symmetrically_and_stay_provisional() {
    let (w, b) = rate_game(&Rated::new(), &Rated::new(), Score::WhiteWins, 0);
    assert!(close(
        w.glicko.rating - 1500.0,
        1500.0 - b.glicko.rating,
        1e-9
    ));
    assert!(w.glicko.rating > 1600.0, "{w:?}");
    assert!(w.glicko.provisional() && b.glicko.provisional());
    let (w, b) = rate_game(&Rated::new(), &Rated::new(), Score::Draw, 0);
    assert!(close(w.glicko.rating, 1500.0, 1e-9) && close(b.glicko.rating, 1500.0, 1e-9));
    assert!(w.glicko.deviation < MAX_DEVIATION);
}

#[test]
fn deviation_grows_with_time_away_up_to_the_maximum_and_never_below_the_minimum() {
    let g = glicko(1700.0, 50.0, 0.06);
    // A year away: sqrt((50/173.7178)² + 0.06² × 365 × 0.21436) × 173.7178.
    let want =
        ((50.0 / SCALE).powi(2) + 0.06 * 0.06 * 365.0 * RATING_PERIODS_PER_DAY).sqrt() * SCALE;
    assert!(close(g.after_days_away(365.0).deviation, want, 1e-9));
    assert!(g.after_days_away(365.0).deviation > 90.0);
    assert_eq!(g.after_days_away(1e9).deviation, MAX_DEVIATION);
    assert_eq!(g.after_days_away(0.0), g);
    // A strong, settled player beating a weak one many times stays at the minimum deviation.
    let mut strong = Rated {
        glicko: glicko(2000.0, 45.0, 0.06),
        games: 100,
        last_ms: Some(0),
    };
    let weak = Rated {
        glicko: glicko(1200.0, 45.0, 0.06),
        games: 100,
        last_ms: Some(0),
    };
    for _ in 0..50 {
        strong = rate_game(&strong, &weak, Score::WhiteWins, 0).0;
        assert!(strong.glicko.deviation >= MIN_DEVIATION);
        assert!(strong.glicko.volatility <= MAX_VOLATILITY);
    }
}

#[test]
fn provisional_above_110_and_shown_with_a_question_mark() {
    assert!(glicko(1500.0, 110.01, 0.09).provisional());
    assert!(!glicko(1500.0, 110.0, 0.09).provisional());
    assert_eq!(glicko(1499.5, 200.0, 0.09).shown(), "1500?");
    assert_eq!(glicko(1623.4, 60.0, 0.09).shown(), "1623");
    assert_eq!(
        shown_change(glicko(1500.4, 60.0, 0.09), glicko(1511.6, 60.0, 0.09)),
        12
    );
}

#[test]
fn perfs_by_speed_as_lichess_groups_them() {
    let perf = |s: &str| Perf::of(s.parse::<TimeControl>().expect("time control"));
    assert_eq!(perf("¼+0"), Perf::Bullet);
    assert_eq!(perf("1+0"), Perf::Bullet);
    assert_eq!(perf("2+1"), Perf::Bullet); // 160 s
    assert_eq!(perf("3+0"), Perf::Blitz);
    assert_eq!(perf("5+3"), Perf::Blitz); // 420 s
    assert_eq!(perf("10+0"), Perf::Rapid);
    assert_eq!(perf("15+10"), Perf::Rapid); // 1 300 s
    assert_eq!(perf("30+0"), Perf::Classical);
    for p in Perf::ALL {
        assert_eq!(p.name().parse::<Perf>(), Ok(p));
    }
    assert!("ultraBullet".parse::<Perf>().is_err());
}

#[test]
fn scores_of_outcomes() {
    use rules::Outcome;
    let by_label = |l: &str| Score::of(l.parse::<Outcome>().expect("label"));
    assert_eq!(by_label("checkmate-white-wins"), Some(Score::WhiteWins));
    assert_eq!(by_label("aborted"), None);
    let mut seen = std::collections::HashSet::new();
    for o in Outcome::ALL {
        seen.insert(Score::of(o));
        // Only an aborted game has no score: every draw of the rules is a draw for the ratings.
        assert_eq!(Score::of(o).is_none(), o == Outcome::Aborted, "{o:?}");
    }
    assert_eq!(
        seen.len(),
        4,
        "white wins, black wins, draw and none: {seen:?}"
    );
}
