//! Browser tests of the AI worker's module, in a dedicated Web Worker as `www/ai-worker.js`
//! runs it, timed by the browser's clock.
//!
//! Run with `cargo test -p worker --target wasm32-unknown-unknown` (the runner is the xtask).

use rules::{Game, Rules};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_dedicated_worker);

const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

/// The worker's entry point, timed by the browser's clock: a legal move for a normal position,
/// a mate in one at full strength, and error text (never a panic) for bad input.
#[wasm_bindgen_test]
fn ai_best_move_answers_in_the_browser() {
    let uci = worker::ai_best_move(START, "any", "e3e4 d6d5", 1, 42, 0).expect("a move");
    let mut game = Game::new(Rules::default());
    for m in ["e3e4", "d6d5", uci.as_str()] {
        game.play_uci(m).expect("every move is legal");
    }
    let mate = worker::ai_best_move("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "any", "", 8, 0, 200);
    assert_eq!(mate.ok().as_deref(), Some("c1c8"));
    for (fen, promotion, moves, level) in [
        ("not a fen", "any", "", 3),
        (START, "queen", "", 3),
        (START, "any", "", 0),
        (START, "any", "e3e6", 3),
    ] {
        assert!(worker::ai_best_move(fen, promotion, moves, level, 0, 0).is_err());
    }
}

/// An analysis answers JSON that the page's reply type reads back; a finished position is an
/// answer too, and bad input an error.
#[wasm_bindgen_test]
fn ai_analyse_answers_json_in_the_browser() {
    let json = worker::ai_analyse(START, "any", "e3e4", 0, 3).expect("an analysis");
    let a: protocol::worker::Analysis = serde_json::from_str(&json).expect("the reply type");
    assert_eq!(a.depth, Some(3));
    assert!(a.to_eval().is_some(), "{json}");
    let over = worker::ai_analyse("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "any", "c1c8", 50, 0)
        .expect("a finished position is an answer");
    assert!(
        over.contains(r#""outcome":"checkmate-white-wins""#),
        "{over}"
    );
    assert!(worker::ai_analyse(START, "any", "", 0, 0).is_err());
    assert!(worker::ai_analyse("nonsense", "any", "", 0, 2).is_err());
}

/// The engine's speed in the browser: nodes per second and depth in 1 s (`SPEED_MS` at build
/// time to change it) from the positions of [`engine::speed::POSITIONS`], as the native
/// `search-speed` example measures them, with the worker's 8 MiB table. A measurement, so it is
/// ignored; it prints its table to the runner's output:
/// `cargo test -p worker --release --target wasm32-unknown-unknown -- --include-ignored speed`.
#[wasm_bindgen_test]
#[ignore = "a measurement of about 5 s; run it with --include-ignored"]
fn search_speed_in_the_browser() {
    let ms = option_env!("SPEED_MS")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let rows = engine::speed::measure(core::time::Duration::from_millis(ms), 8, &mut || {
        Box::new(engine::FnClock::new(js_sys::Date::now))
    });
    wasm_bindgen_test::console_log!("{}", engine::speed::report(&rows));
    for r in &rows {
        assert!(r.depth >= 1 && r.best_move.is_some(), "{r:?}");
    }
}
