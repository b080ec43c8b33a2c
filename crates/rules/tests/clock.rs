//! Time controls and clocks: the constructor's bounds, the texts, the speeds and the clock's
//! arithmetic (time passed in).

use core::time::Duration;

use proptest::prelude::*;
use rules::{
    ByColor, Clock, ClockSnapshot, Color, DrawReason, Game, Outcome, ParseTimeControlError, Rules,
    Speed, TimeControl, TimeControlError, WinReason,
};

fn tc(initial_secs: u32, increment_secs: u32) -> TimeControl {
    TimeControl::fischer(initial_secs, increment_secs).expect("within bounds")
}

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

#[test]
fn the_constructor_keeps_the_servers_bounds() {
    for (initial, increment, ok) in [
        (0, 0, Err(TimeControlError::Initial(0))),
        (1, 0, Ok(())),
        (10_800, 180, Ok(())),
        (10_801, 0, Err(TimeControlError::Initial(10_801))),
        (60, 181, Err(TimeControlError::Increment(181))),
        (
            u32::MAX,
            0,
            Err(TimeControlError::Initial(u64::from(u32::MAX))),
        ),
    ] {
        assert_eq!(
            TimeControl::fischer(initial, increment).map(|_| ()),
            ok,
            "{initial}+{increment}"
        );
    }
    assert_eq!(TimeControl::MIN_INITIAL, s(1));
    assert_eq!(TimeControl::MAX_INITIAL, s(10_800));
    assert_eq!(TimeControl::MAX_INCREMENT, s(180));
    let e = TimeControl::fischer(60, 181).expect_err("too much increment");
    assert_eq!(
        e.to_string(),
        "time control out of range: an increment of 181 s (up to 180 s allowed)"
    );
}

#[test]
fn texts_as_the_page_writes_them() {
    for (secs, inc, text) in [
        (300, 3, "5+3"),
        (180, 2, "3+2"),
        (10_800, 180, "180+180"),
        (15, 0, "¼+0"),
        (30, 0, "½+0"),
        (45, 1, "¾+1"),
        (90, 0, "1.5+0"),
        (100, 2, "100s+2"),
        (1, 0, "1s+0"),
    ] {
        let control = tc(secs, inc);
        assert_eq!(control.to_string(), text);
        assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
    }
    // Other spellings read too.
    for (text, secs, inc) in [
        (" 10 + 5 ", 600, 5),
        ("0.5+0", 30, 0),
        ("2.25+1", 135, 1),
        ("90s+0", 90, 0),
    ] {
        assert_eq!(text.parse::<TimeControl>(), Ok(tc(secs, inc)), "{text}");
    }
    for text in [
        "", "none", "5", "5+", "+3", "5+-3", "-5+3", "5+3.5", "1.666+0", "0.01+0", "x+1", "s+1",
    ] {
        assert_eq!(
            text.parse::<TimeControl>(),
            Err(ParseTimeControlError::Syntax),
            "{text:?}"
        );
    }
    assert_eq!(
        "0+3".parse::<TimeControl>(),
        Err(ParseTimeControlError::OutOfRange(
            TimeControlError::Initial(0)
        ))
    );
    assert_eq!(
        "181+0".parse::<TimeControl>(),
        Err(ParseTimeControlError::OutOfRange(
            TimeControlError::Initial(10_860)
        ))
    );
    assert_eq!(
        "5+99999999999".parse::<TimeControl>(),
        Err(ParseTimeControlError::OutOfRange(
            TimeControlError::Increment(99_999_999_999)
        ))
    );
}

#[test]
fn the_pgn_form_is_seconds() {
    assert_eq!(tc(300, 3).pgn().to_string(), "300+3");
    assert_eq!(tc(15, 0).pgn().to_string(), "15+0");
    assert_eq!(TimeControl::from_pgn("300+3"), Some(tc(300, 3)));
    for raw in [
        "40/7200:3600",
        "-",
        "?",
        "300",
        "*180",
        "0+0",
        "0300+3",
        "300+03",
        "300 +3",
        "20000+0",
    ] {
        assert_eq!(TimeControl::from_pgn(raw), None, "{raw}");
    }
}

#[test]
fn speeds_follow_lichess_thresholds() {
    // Initial time + 40 x increment: under 30 s, 3 min, 8 min, 25 min.
    for (initial, increment, speed) in [
        (29, 0, Speed::UltraBullet),
        (30, 0, Speed::Bullet),
        (15, 1, Speed::Bullet),
        (179, 0, Speed::Bullet),
        (180, 0, Speed::Blitz),
        (60, 3, Speed::Blitz),
        (479, 0, Speed::Blitz),
        (480, 0, Speed::Rapid),
        (300, 5, Speed::Rapid),
        (1_499, 0, Speed::Rapid),
        (1_500, 0, Speed::Classical),
        (900, 15, Speed::Classical),
        (10_800, 180, Speed::Classical),
    ] {
        assert_eq!(
            tc(initial, increment).speed(),
            speed,
            "{initial}+{increment}"
        );
    }
    assert_eq!(
        Speed::ALL.map(Speed::name),
        ["ultra-bullet", "bullet", "blitz", "rapid", "classical"]
    );
}

#[test]
fn the_first_move_is_free_then_each_move_pays_and_earns_the_increment() {
    let mut clock = Clock::new(tc(10, 2));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.flag_at(), None);
    // The server's figures: White moves at 1 s (free), Black at 4 s, White at 6 s.
    clock.press(Color::White, s(1));
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(clock.left(Color::Black, s(4)), s(7));
    assert_eq!(clock.left(Color::White, s(4)), s(10));
    clock.press(Color::Black, s(4));
    assert_eq!(
        clock.snapshot(s(4)),
        ClockSnapshot {
            left: ByColor {
                white: s(10),
                black: s(9)
            },
            running: Some(Color::White)
        }
    );
    assert_eq!(clock.flag_at(), Some(s(14)));
    assert_eq!(clock.flagged(ms(13_999)), None);
    assert_eq!(
        clock.flagged(s(14)),
        Some(Color::White),
        "exactly zero falls"
    );
    assert_eq!(clock.left(Color::White, s(99)), Duration::ZERO);
    clock.press(Color::White, ms(6_500));
    assert_eq!(clock.left(Color::White, ms(6_500)), ms(9_500));
    clock.stop(s(8));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.left(Color::Black, s(100)), ms(7_500));
}

#[test]
fn a_fallen_flag_earns_no_increment_and_an_instant_before_the_start_costs_nothing() {
    let mut clock = Clock::resume(
        tc(60, 5),
        ClockSnapshot {
            left: ByColor {
                white: s(1),
                black: s(30),
            },
            running: Some(Color::White),
        },
        s(100),
    );
    assert_eq!(clock.left(Color::White, s(50)), s(1));
    clock.press(Color::White, s(102));
    assert_eq!(clock.left(Color::White, s(102)), Duration::ZERO);
    assert_eq!(clock.running(), Some(Color::Black));
}

#[test]
fn a_timeout_is_the_rules_decision() {
    let mut game = Game::new(Rules::default());
    game.play_uci("e3e4").expect("legal");
    let mut clock = Clock::new(tc(5, 0));
    clock.press(Color::White, s(0));
    assert_eq!(clock.timeout(&game, ms(4_999)), None);
    assert_eq!(
        clock.timeout(&game, s(5)),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Timeout
        })
    );
    // A lone king cannot win on time: White's flag falls, and Black has only its king.
    let bare = Game::from_fen("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", Rules::default()).expect("fen");
    let mut clock = Clock::new(tc(5, 0));
    clock.press(Color::Black, s(0));
    assert_eq!(
        clock.timeout(&bare, s(9)),
        Some(Outcome::Draw {
            reason: DrawReason::Timeout
        })
    );
}

proptest! {
    #[test]
    fn display_and_from_str_round_trip(initial in 1u32..=10_800, increment in 0u32..=180) {
        let control = tc(initial, increment);
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
        prop_assert_eq!(TimeControl::from_pgn(&control.pgn().to_string()), Some(control));
    }

    #[test]
    fn the_speed_grows_with_the_estimate(a in 1u32..=10_800, b in 1u32..=10_800, inc in 0u32..=180) {
        let (lo, hi) = (tc(a.min(b), inc), tc(a.max(b), inc));
        prop_assert!(lo.speed() <= hi.speed());
        prop_assert_eq!(lo.estimated_duration(), s(u64::from(a.min(b)) + 40 * u64::from(inc)));
    }

    /// Over any sequence of moves, each side's time is its initial time, less its thinking time
    /// on timed moves, plus one increment a timed move, never below zero on the way.
    #[test]
    fn the_clock_adds_up(initial in 1u32..=600, increment in 0u32..=30, thinks in proptest::collection::vec(0u64..120_000, 1..40)) {
        let control = tc(initial, increment);
        let mut clock = Clock::new(control);
        let mut expected = ByColor { white: control.initial(), black: control.initial() };
        let mut now = ms(1_000_000);
        let mut mover = Color::White;
        for (i, think) in thinks.into_iter().enumerate() {
            now += ms(think);
            let l = expected.get_mut(mover);
            if i > 0 {
                *l = l.saturating_sub(ms(think));
                if !l.is_zero() {
                    *l += control.increment();
                }
            }
            let flagged = i > 0 && clock.left(mover, now).is_zero();
            prop_assert_eq!(clock.flagged(now), flagged.then_some(mover));
            clock.press(mover, now);
            prop_assert_eq!(clock.snapshot(now).left, expected);
            mover = mover.other();
            prop_assert_eq!(clock.running(), Some(mover));
            prop_assert_eq!(clock.flag_at(), Some(now + *expected.get(mover)));
        }
    }
}
