//! The AI Web Worker's own wasm module: `www/ai-worker.js` loads it (`pkg/worker.js`, built by
//! `cargo xtask build`), so the page's module (`crates/web`) carries no search and loads sooner.
//!
//! - [`ai_best_move`] plays (or hints) a move: `{id, fen, promotion, moves, level, seed,
//!   movetime}` is answered with `{id, uci}` or `{id, error}`;
//! - [`ai_analyse`] evaluates one position of a game: `{id, kind: "analyse", fen, promotion,
//!   moves, movetime, depth}` is answered with `{id, kind: "analyse", result}` (`result` the
//!   parsed JSON of a [`protocol::worker::Analysis`], the type the page reads back) or
//!   `{id, kind: "analyse", error}`. To analyse a whole game the page asks for every prefix of
//!   its moves in turn (the engine's tables, kept between requests of the same game, make the
//!   later ones faster).
//!
//! [`best_move`] and [`analyse`] are the same functions with an injected clock, for host tests.

use core::sync::atomic::AtomicBool;
use engine::analysis;
use engine::{Engine, FnClock, Level, Limits, MAX_DEPTH, Style};
use protocol::worker::Analysis;
use rules::{Game, PromotionRule, Rules};
use std::cell::RefCell;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The worker's analysis engine (separate from the playing AI's), with the game it last
/// analysed (initial FEN and promotion setting): its tables are cleared when that changes.
struct Analyser {
    engine: Engine,
    game: (String, PromotionRule),
}

thread_local! {
    static ANALYSER: RefCell<Option<Analyser>> = const { RefCell::new(None) };
}

/// The game of a request: `moves_uci` (UCI moves separated by spaces) played from
/// `initial_fen` under the promotion setting `promotion` (`any`, `met-only`, or empty for
/// `any`).
///
/// # Errors
/// What is wrong with the setting, the FEN or a move (its number and text).
fn replay(initial_fen: &str, promotion: &str, moves_uci: &str) -> Result<Game, String> {
    let promotion = if promotion.is_empty() {
        PromotionRule::Any
    } else {
        promotion
            .parse::<PromotionRule>()
            .map_err(|e| e.to_string())?
    };
    let mut game =
        Game::from_fen(initial_fen, Rules { promotion }).map_err(|e| format!("bad FEN: {e}"))?;
    for (i, uci) in moves_uci.split_whitespace().enumerate() {
        game.play_uci(uci)
            .map_err(|e| format!("move {} ({uci}): {e}", i + 1))?;
    }
    Ok(game)
}

/// Analyses the position after `moves_uci` (UCI moves separated by spaces) from `initial_fen`
/// under the promotion setting `promotion` (`any` or `met-only`), at full strength, for
/// `movetime_ms` milliseconds (timed by `now_ms`, milliseconds since any origin) and at most
/// `max_depth` plies; 0 leaves either unbounded, but not both.
///
/// # Errors
/// A description of the problem for a bad FEN, setting or move, or when both limits are 0:
/// this never panics. A finished position is not an error but an [`Analysis`] with `over`.
pub fn analyse(
    initial_fen: &str,
    promotion: &str,
    moves_uci: &str,
    movetime_ms: u32,
    max_depth: u8,
    now_ms: &dyn Fn() -> f64,
) -> Result<Analysis, String> {
    let limits = match (movetime_ms, max_depth) {
        (0, 0) => return Err("give a movetime or a depth".to_owned()),
        (0, depth) => Limits::Depth(depth),
        (ms, _) => Limits::MoveTime(Duration::from_millis(u64::from(ms))),
    };
    let game = replay(initial_fen, promotion, moves_uci)?;
    if let Some(outcome) = game.outcome() {
        return Ok(Analysis::finished(outcome));
    }
    let clock = FnClock::new(now_ms);
    let stop = AtomicBool::new(false);
    let key = (game.initial_fen(), game.rules().promotion);
    let eval = ANALYSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let analyser = slot.get_or_insert_with(|| Analyser {
            engine: Engine::new(8),
            game: key.clone(),
        });
        if analyser.game != key {
            analyser.engine.new_game();
            analyser.game = key;
        }
        analyser.engine.style = Style {
            max_depth: if max_depth == 0 { MAX_DEPTH } else { max_depth },
            ..Style::default()
        };
        analysis::analyse(
            &mut analyser.engine,
            game.positions(),
            limits,
            &clock,
            &stop,
        )
    });
    eval.map(|e| Analysis::of_eval(&e))
        .ok_or_else(|| "the game is over".to_owned())
}

/// [`analyse`] for JavaScript (the AI worker), timed by `Date.now()`: the [`Analysis`] as a JSON
/// string.
///
/// # Errors
/// The problem's description as a string.
#[wasm_bindgen]
pub fn ai_analyse(
    initial_fen: &str,
    promotion: &str,
    moves_uci: &str,
    movetime_ms: u32,
    max_depth: u8,
) -> Result<String, JsValue> {
    analyse(
        initial_fen,
        promotion,
        moves_uci,
        movetime_ms,
        max_depth,
        &js_sys::Date::now,
    )
    .and_then(|a| serde_json::to_string(&a).map_err(|e| e.to_string()))
    .map_err(|e| JsValue::from_str(&e))
}

thread_local! {
    /// The worker's playing engine: its tables persist between the moves of a game.
    static PLAYER: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// The best move, in UCI, for the side to move after `moves_uci` (UCI moves separated by
/// spaces) from `initial_fen` under the promotion setting `promotion` (`any` or `met-only`),
/// as the AI of `level` (1..=8) plays it. `seed` varies the deliberate errors of the low levels;
/// `movetime_ms` overrides the level's thinking time when it is not 0 (the AI's pace on a clock);
/// either way it thinks at most that long and answers an obvious move sooner ([`Limits::AtMost`]).
///
/// # Errors
/// A description of the problem for a bad FEN, setting, level or move, or when the game is
/// over: this never panics.
pub fn best_move(
    initial_fen: &str,
    promotion: &str,
    moves_uci: &str,
    level: u8,
    seed: u32,
    movetime_ms: u32,
    now_ms: &dyn Fn() -> f64,
) -> Result<String, String> {
    let level = Level::new(level).ok_or_else(|| format!("level {level} is not in 1..=8"))?;
    let game = replay(initial_fen, promotion, moves_uci)?;
    if game.is_over() {
        return Err("the game is over".to_owned());
    }
    let limits = if movetime_ms > 0 {
        Limits::AtMost(Duration::from_millis(u64::from(movetime_ms)))
    } else {
        level.limits_at(game.position())
    };
    let clock = FnClock::new(now_ms);
    let stop = AtomicBool::new(false);
    let result = PLAYER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = slot.get_or_insert_with(|| Engine::new(8));
        engine.style = level.style(u64::from(seed));
        engine.search(game.positions(), limits, &clock, &stop, &mut |_| {})
    });
    result
        .best_move
        .map(|m| m.to_uci())
        .ok_or_else(|| "no legal move".to_owned())
}

/// [`best_move`] for JavaScript (the AI worker), timed by `Date.now()`.
///
/// # Errors
/// The problem's description as a string.
#[wasm_bindgen]
pub fn ai_best_move(
    initial_fen: &str,
    promotion: &str,
    moves_uci: &str,
    level: u8,
    seed: u32,
    movetime_ms: u32,
) -> Result<String, JsValue> {
    best_move(
        initial_fen,
        promotion,
        moves_uci,
        level,
        seed,
        movetime_ms,
        &js_sys::Date::now,
    )
    .map_err(|e| JsValue::from_str(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::analysis::WhiteScore;
    use rules::Color;

    const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

    /// A fake clock that advances a millisecond each time it is read (every 1024 nodes).
    fn ticking() -> impl Fn() -> f64 {
        let t = std::cell::Cell::new(0.0);
        move || {
            t.set(t.get() + 1.0);
            t.get()
        }
    }

    #[test]
    fn analyses_the_last_position_as_json() {
        let now = ticking();
        let a = analyse(START, "any", "e3e4 d6d5", 0, 3, &now).expect("analysis");
        assert_eq!(a.depth, Some(3));
        assert!(a.cp.is_some_and(|cp| cp.abs() < 150), "{a:?}");
        assert_eq!(a.best.as_deref(), a.pv.first().map(String::as_str));
        let mut game = Game::new(Rules::default());
        for m in ["e3e4", "d6d5"] {
            game.play_uci(m).expect("legal");
        }
        game.play_uci(a.best.as_deref().expect("best"))
            .expect("legal");
        let json: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&a).expect("json")).expect("parse");
        assert!(json["cp"].is_i64() && json["depth"] == 3 && json["pv"].is_array());
        assert!(json.get("mate").is_none() && json.get("over").is_none());
        assert!(
            json["win"]
                .as_f64()
                .is_some_and(|w| (0.0..=1.0).contains(&w))
        );
        assert_eq!(a.to_eval().map(|e| e.pv.len()), Some(a.pv.len()));

        // Mate in one for White, with a time limit; then Black to move and mated.
        let m = analyse("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "", "", 50, 0, &now).expect("mate");
        assert_eq!((m.mate, m.cp, m.win), (Some(1), None, 1.0));
        assert_eq!(m.pv.first().map(String::as_str), Some("c1c8"));
        let json = serde_json::to_string(&m).expect("json");
        assert!(
            json.starts_with(r#"{"depth":"#) && json.contains(r#""mate":1,"#),
            "{json}"
        );
        let over = analyse("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "", "c1c8", 50, 0, &now);
        let over = over.expect("a finished position is an answer");
        assert_eq!(
            serde_json::to_string(&over).expect("json"),
            r#"{"over":true,"outcome":"checkmate-white-wins","winner":"white","win":1.0}"#
        );
        assert_eq!(
            over.to_eval().map(|e| e.score),
            Some(WhiteScore::Won(Color::White))
        );
        // Black mates: negative.
        let b = analyse("2r5/8/8/8/8/1k6/8/K7 b - - 0 1", "any", "", 0, 3, &now).expect("mate");
        assert_eq!((b.mate, b.win), (Some(-1), 0.0));
    }

    #[test]
    fn reports_bad_input() {
        let now = ticking();
        assert!(analyse("nonsense", "any", "", 0, 2, &now).is_err());
        assert!(analyse(START, "queen", "", 0, 2, &now).is_err());
        assert!(analyse(START, "any", "e3e5", 0, 2, &now).is_err());
        assert!(analyse(START, "any", "", 0, 0, &now).is_err());
        let bad = Analysis {
            cp: Some(3),
            pv: vec!["zz".to_owned()],
            ..Analysis::default()
        };
        assert_eq!(bad.to_eval(), None);
    }

    #[test]
    fn answers_a_legal_move_and_reports_bad_input() {
        // A fake clock that advances a millisecond each time it is read (every 1024 nodes).
        let t = std::cell::Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let uci = best_move(START, "any", "e3e4 d6d5", 1, 7, 0, &now).expect("a move");
        let mut game = Game::new(Rules::default());
        game.play_uci("e3e4").expect("legal");
        game.play_uci("d6d5").expect("legal");
        assert!(game.play_uci(&uci).is_ok(), "{uci} is legal");
        assert!(best_move("nonsense", "any", "", 1, 0, 0, &now).is_err());
        assert!(best_move(START, "queen", "", 1, 0, 0, &now).is_err());
        assert!(best_move(START, "any", "", 9, 0, 0, &now).is_err());
        assert!(best_move(START, "any", "e3e5", 1, 0, 0, &now).is_err());
        // Mate in one is found at level 8 with a short time.
        let mate = best_move("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", "any", "", 8, 0, 30, &now);
        assert_eq!(mate.as_deref(), Ok("c1c8"));
    }
}
