//! The page's side of the AI Web Worker (`www/ai-worker.js`, which loads the same wasm module
//! and calls [`crate::worker`]).
//!
//! Requests are `{id, fen, promotion, moves, level, seed, movetime}` (a move or a hint),
//! answered with `{id, uci}` or `{id, error}`, which become [`Msg::AiReply`]; and
//! `{id, kind: "analyse", fen, promotion, moves, movetime}`, answered with
//! `{id, kind: "analyse", result}` (a [`crate::worker::Analysis`]) or `{id, kind: "analyse",
//! error}`, which become [`Msg::AnalysisReply`]. The worker is started on first use; when it
//! cannot start, [`Msg::AiUnavailable`] says so.

use super::Dispatch;
use crate::dom;
use crate::update::Msg;
use engine::Level;
use engine::analysis::Eval;
use rules::{Game, Move, PromotionRule};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// The worker, once started.
pub struct Worker {
    worker: Option<web_sys::Worker>,
    dispatch: Dispatch,
}

impl Worker {
    /// A client that starts the worker on its first request.
    pub fn new(dispatch: Dispatch) -> Worker {
        Worker {
            worker: None,
            dispatch,
        }
    }

    fn get(&mut self) -> Option<web_sys::Worker> {
        if let Some(w) = &self.worker {
            return Some(w.clone());
        }
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let w = match web_sys::Worker::new_with_options("ai-worker.js", &options) {
            Ok(w) => w,
            Err(e) => {
                dom::log(&format!("the AI worker could not start: {e:?}"));
                return None;
            }
        };
        let dispatch = self.dispatch.clone();
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let data = ev.data();
                let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
                let Some(id) = get("id").and_then(|v| v.as_f64()) else {
                    return;
                };
                if get("kind").and_then(|v| v.as_string()).as_deref() == Some("analyse") {
                    dispatch.send(Msg::AnalysisReply {
                        id: id as u32,
                        result: analysis_of(get("result"), get("error")),
                    });
                    return;
                }
                let result = match get("uci").and_then(|v| v.as_string()) {
                    Some(uci) => Ok(uci),
                    None => Err(get("error")
                        .and_then(|v| v.as_string())
                        .unwrap_or_else(|| "no answer".to_owned())),
                };
                dispatch.send(Msg::AiReply {
                    id: id as u32,
                    result,
                });
            });
        w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let dispatch = self.dispatch.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            // A worker that cannot load (its module missing, offline without a cache) says
            // so, rather than leaving the AI "thinking".
            dom::log("the AI worker failed");
            dispatch.send(Msg::AiUnavailable);
        });
        w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        self.worker = Some(w.clone());
        Some(w)
    }

    /// Asks for the evaluation of the position after `moves` from `initial_fen`.
    pub fn analyse(
        &mut self,
        id: u32,
        initial_fen: &str,
        promotion: PromotionRule,
        moves: &[Move],
        movetime_ms: u32,
    ) {
        let Some(w) = self.get() else {
            self.dispatch.send(Msg::AiUnavailable);
            return;
        };
        let moves: Vec<String> = moves.iter().map(Move::to_uci).collect();
        let msg = js_sys::Object::new();
        for (k, v) in [
            ("id", JsValue::from(id)),
            ("kind", JsValue::from_str("analyse")),
            ("fen", JsValue::from_str(initial_fen)),
            ("promotion", JsValue::from_str(&promotion.to_string())),
            ("moves", JsValue::from_str(&moves.join(" "))),
            ("movetime", JsValue::from(movetime_ms)),
            ("depth", JsValue::from(0)),
        ] {
            let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
        }
        if w.post_message(&msg).is_err() {
            self.dispatch.send(Msg::AiUnavailable);
        }
    }

    /// Asks for the move of the side to move in `game` as the AI of `level` plays it (or,
    /// with `movetime_ms` > 0, at that thinking time).
    pub fn ask(&mut self, id: u32, game: &Game, level: Level, seed: u32, movetime_ms: u32) {
        let Some(w) = self.get() else {
            self.dispatch.send(Msg::AiUnavailable);
            return;
        };
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_uci()).collect();
        let msg = js_sys::Object::new();
        for (k, v) in [
            ("id", JsValue::from(id)),
            ("fen", JsValue::from_str(&game.initial_fen())),
            (
                "promotion",
                JsValue::from_str(game.rules().promotion.to_string().as_str()),
            ),
            ("moves", JsValue::from_str(&moves.join(" "))),
            ("level", JsValue::from(level.number())),
            ("seed", JsValue::from(seed)),
            ("movetime", JsValue::from(movetime_ms)),
        ] {
            let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
        }
        if w.post_message(&msg).is_err() {
            self.dispatch.send(Msg::AiUnavailable);
        }
    }
}

/// The evaluation in a worker's answer: its `result` object read back through JSON into a
/// [`crate::worker::Analysis`], or its `error`.
fn analysis_of(result: Option<JsValue>, error: Option<JsValue>) -> Result<Eval, String> {
    if let Some(e) = error.and_then(|e| e.as_string()) {
        return Err(e);
    }
    let json = result
        .filter(|r| r.is_object())
        .and_then(|r| js_sys::JSON::stringify(&r).ok())
        .and_then(|s| s.as_string())
        .ok_or_else(|| "no analysis in the answer".to_owned())?;
    let analysis: crate::worker::Analysis =
        serde_json::from_str(&json).map_err(|e| format!("the analysis is unreadable: {e}"))?;
    analysis
        .to_eval()
        .ok_or_else(|| format!("the analysis has no score: {json}"))
}
