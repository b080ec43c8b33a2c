//! Play against the AI: the function the AI Web Worker calls ([`ai_best_move`]) and the page's
//! side of the worker (`www/ai-worker.js`).
//!
//! The worker loads the same wasm module as the page (whose `start` returns at once without a
//! `window`) and answers `{id, fen, promotion, moves, level, seed, movetime}` with `{id, uci}` or
//! `{id, error}`. The page posts a request whenever it is the AI's turn (and for hints) and
//! checks the answer's `id` against the request it is still waiting for, so an answer to a
//! position that has since changed (undo, new game, resume) is dropped.

use core::sync::atomic::AtomicBool;
use engine::{Engine, FnClock, Level, Limits};
use rules::{Color, Game, PromotionRule, Rules};
use std::cell::RefCell;
use std::time::Duration;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The worker's engine: its tables persist between the moves of a game.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// The best move, in UCI, for the side to move after `moves_uci` (UCI moves separated by
/// spaces) from `initial_fen` under the promotion setting `promotion` (`any` or `met-only`),
/// as the AI of `level` (1..=8) plays it. `seed` varies the deliberate errors of the low levels;
/// `movetime_ms` overrides the level's thinking time when it is not 0.
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
    let promotion = match promotion {
        "any" | "" => PromotionRule::Any,
        "met-only" => PromotionRule::MetOnly,
        other => return Err(format!("unknown promotion setting {other:?}")),
    };
    let level = Level::new(level).ok_or_else(|| format!("level {level} is not in 1..=8"))?;
    let mut game =
        Game::from_fen(initial_fen, Rules { promotion }).map_err(|e| format!("bad FEN: {e}"))?;
    for (i, uci) in moves_uci.split_whitespace().enumerate() {
        game.play_uci(uci)
            .map_err(|e| format!("move {} ({uci}): {e}", i + 1))?;
    }
    if game.is_over() {
        return Err("the game is over".to_owned());
    }
    let limits = if movetime_ms > 0 {
        Limits::MoveTime(Duration::from_millis(u64::from(movetime_ms)))
    } else {
        level.limits()
    };
    let clock = FnClock::new(now_ms);
    let stop = AtomicBool::new(false);
    let result = ENGINE.with(|cell| {
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

/// What a request to the worker is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A hint for the player.
    Hint,
}

/// A request the page is waiting for: its id, what for, and the position it was asked about
/// (game id and moves), so that a late answer to an older position is ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The request's id (echoed by the worker).
    pub id: u32,
    /// Which game and position it is about: `<game id> <moves>`.
    pub key: String,
}

/// The AI side of a game: its level and the human's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiGame {
    /// 1..=8.
    pub level: u8,
    /// The human's colour; the AI plays the other.
    pub human: Color,
}

thread_local! {
    static WORKER: RefCell<Option<web_sys::Worker>> = const { RefCell::new(None) };
}

/// The page's AI worker, started on first use; `None` (and logged) when it cannot start.
fn worker() -> Option<web_sys::Worker> {
    WORKER.with(|cell| {
        if let Some(w) = cell.borrow().as_ref() {
            return Some(w.clone());
        }
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let w = match web_sys::Worker::new_with_options("ai-worker.js", &options) {
            Ok(w) => w,
            Err(e) => {
                crate::dom::log(&format!("the AI worker could not start: {e:?}"));
                return None;
            }
        };
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let data = ev.data();
                let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
                let Some(id) = get("id").and_then(|v| v.as_f64()) else {
                    return;
                };
                let result = match get("uci").and_then(|v| v.as_string()) {
                    Some(uci) => Ok(uci),
                    None => Err(get("error")
                        .and_then(|v| v.as_string())
                        .unwrap_or_else(|| "no answer".to_owned())),
                };
                crate::app::dispatch(crate::app::Msg::AiReply {
                    id: id as u32,
                    result,
                });
            });
        w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_ev: web_sys::Event| {
            crate::dom::log("the AI worker failed");
        });
        w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        *cell.borrow_mut() = Some(w.clone());
        Some(w)
    })
}

/// Posts a request to the worker. Returns false when the worker is unavailable.
pub fn post(id: u32, game: &Game, level: u8, seed: u32, movetime_ms: u32) -> bool {
    let Some(w) = worker() else { return false };
    let promotion = match game.rules().promotion {
        PromotionRule::MetOnly => "met-only",
        _ => "any",
    };
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_uci()).collect();
    let msg = js_sys::Object::new();
    for (k, v) in [
        ("id", JsValue::from(id)),
        ("fen", JsValue::from_str(&game.initial_fen())),
        ("promotion", JsValue::from_str(promotion)),
        ("moves", JsValue::from_str(&moves.join(" "))),
        ("level", JsValue::from(level)),
        ("seed", JsValue::from(seed)),
        ("movetime", JsValue::from(movetime_ms)),
    ] {
        let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
    }
    w.post_message(&msg).is_ok()
}

/// A stable seed for a game's AI noise, from its id (so a reload replays the same choices).
pub fn seed_of(game_id: &str) -> u32 {
    game_id.bytes().fold(2_166_136_261_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

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
