//! Every level and limit answers with a legal move, on thousands of random positions, and
//! honours its bounds.

use core::sync::atomic::AtomicBool;

use engine::{Engine, Level, Limits, NoClock, StdClock};
use rules::{Position, Rules};

/// A simple deterministic generator for the random walks.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn never_an_illegal_move_over_random_positions() {
    let mut seed = 0x1234_5678_9abc_def1_u64;
    let mut engine = Engine::new(4);
    let mut searched = 0;
    for game in 0..40 {
        let rules = if game % 5 == 0 {
            Rules::LAWS_2011
        } else {
            Rules::default()
        };
        let mut history = vec![Position::new(rules)];
        for _ in 0..120 {
            let pos = history.last().expect("position").clone();
            let moves = pos.legal_moves();
            let limits = if searched % 2 == 0 {
                Limits::Nodes(200)
            } else {
                Limits::Depth(2)
            };
            let r = engine.search(
                &history,
                limits,
                &NoClock,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            searched += 1;
            match r.best_move {
                None => {
                    assert!(moves.is_empty());
                    break;
                }
                Some(m) => assert!(pos.is_legal(m), "{pos:?}: {m}"),
            }
            let m = moves[(next(&mut seed) % moves.len() as u64) as usize];
            history.push(pos.play(m).expect("legal"));
        }
    }
    assert!(searched > 2000, "{searched}");
}

#[test]
fn node_and_depth_limits_are_honoured() {
    let pos = Position::new(Rules::default());
    let mut engine = Engine::new(4);
    let r = engine.search(
        std::slice::from_ref(&pos),
        Limits::Nodes(5_000),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(r.nodes <= 5_000, "{}", r.nodes);
    let r = engine.search(
        std::slice::from_ref(&pos),
        Limits::Depth(3),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(r.depth, 3);
    // A set stop flag still yields a legal move, and no report of a depth it did not finish
    // (it once reported depth 1 with the score "mate 1000").
    let mut reports = 0;
    let r = engine.search(
        std::slice::from_ref(&pos),
        Limits::Infinite,
        &NoClock,
        &AtomicBool::new(true),
        &mut |_| reports += 1,
    );
    assert!(r.best_move.is_some_and(|m| pos.is_legal(m)));
    assert_eq!((reports, r.depth, r.score), (0, 0, engine::Score::Cp(0)));
}

#[test]
fn levels_cap_their_depth_and_are_deterministic_with_a_seed() {
    let pos = Position::new(Rules::default());
    for n in 1..=8 {
        let level = Level::new(n).expect("level");
        let mut engine = Engine::new(4);
        engine.style = level.style(42);
        let r = engine.search(
            std::slice::from_ref(&pos),
            level.limits(),
            &StdClock::start(),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert!(r.best_move.is_some_and(|m| pos.is_legal(m)));
        assert!(
            r.depth <= level.style(0).max_depth,
            "level {n}: depth {}",
            r.depth
        );
        if n <= 4 {
            // Fixed depth reached well within its time: the same seed gives the same move.
            let mut again = Engine::new(4);
            again.style = level.style(42);
            let r2 = again.search(
                std::slice::from_ref(&pos),
                Limits::Depth(level.style(0).max_depth),
                &NoClock,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let mut third = Engine::new(4);
            third.style = level.style(42);
            let r3 = third.search(
                std::slice::from_ref(&pos),
                Limits::Depth(level.style(0).max_depth),
                &NoClock,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            assert_eq!(r2.best_move, r3.best_move, "level {n}");
        }
    }
    assert!(Level::new(0).is_none() && Level::new(9).is_none());
}

/// A clock that advances a little every time it is read: the search's time in "calls", the
/// same on every machine.
fn counting_clock() -> engine::FnClock<impl Fn() -> f64> {
    let calls = std::cell::Cell::new(0.0_f64);
    engine::FnClock::new(move || {
        calls.set(calls.get() + 1.0);
        calls.get() * 0.05
    })
}

/// White to move takes the rook on e5 with the pawn: every other move leaves a rook up for
/// Black, so the best move holds from the first iteration on. Searches it under `limits` on a
/// counting clock; returns the move played and the time spent.
fn search_the_recapture(limits: Limits) -> (Option<String>, core::time::Duration) {
    use engine::Clock;
    let pos =
        Position::from_fen("4k3/8/8/4r3/3P4/8/8/4K3 w - - 0 1", Rules::default()).expect("fen");
    let clock = counting_clock();
    let r = Engine::new(4).search(
        std::slice::from_ref(&pos),
        limits,
        &clock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    (r.best_move.map(|m| m.to_uci()), clock.elapsed())
}

#[test]
fn an_obvious_recapture_is_answered_in_a_fraction_of_the_time_at_most() {
    let budget = core::time::Duration::from_secs(4);
    let (best, spent) = search_the_recapture(Limits::AtMost(budget));
    assert_eq!(best.as_deref(), Some("d4e5"));
    assert!(
        spent < budget / 3,
        "the recapture holds from the first iterations: {spent:?} of {budget:?}"
    );
}

#[test]
fn a_move_time_is_spent_whole_even_on_an_obvious_move() {
    // With a fixed move time, time left unused is lost, so the search goes on to the end of it
    // (and still plays the recapture).
    let budget = core::time::Duration::from_millis(10);
    let (best, spent) = search_the_recapture(Limits::MoveTime(budget));
    assert_eq!(best.as_deref(), Some("d4e5"));
    assert!(spent >= budget, "stopped after {spent:?} of {budget:?}");
}
