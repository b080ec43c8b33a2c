//! The page's side of the AI Web Worker (`www/ai-worker.js`, which loads the worker's own wasm
//! module, `crates/worker`).
//!
//! Requests are `{id, fen, promotion, moves, level, seed, movetime}` (a move or a hint),
//! answered with `{id, uci}` or `{id, error}`, which become [`Msg::AiReply`]; and
//! `{id, kind: "analyse", fen, promotion, moves, movetime}`, answered with
//! `{id, kind: "analyse", result}` (a [`protocol::worker::Analysis`]) or `{id, kind: "analyse",
//! error}`, which become [`Msg::AnalysisReply`].
//!
//! The worker is started with the page ([`Worker::start`]) and again on
//! [`WorkerCmd::Restart`]. When it cannot be created, when its script or module fails
//! to load (its `error` event) or when it reports `{kind: "unavailable", error}` (its wasm could
//! not start), [`Msg::AiUnavailable`] says so with the reason; requests made while it is
//! unavailable are answered by the same message, so none waits for ever.

use super::Dispatch;
use crate::dom;
use crate::update::{Msg, WorkerCmd};
use engine::Level;
use engine::analysis::Eval;
use rules::{Game, Move, PromotionRule};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// The worker's script, relative to the page.
const SCRIPT: &str = "ai-worker.js";

/// The worker, once started.
pub struct Worker {
    worker: Option<web_sys::Worker>,
    /// Why the last start failed, while no worker runs.
    failure: Option<String>,
    dispatch: Dispatch,
}

impl Worker {
    /// A client with no worker yet: [`Worker::start`] starts it.
    pub fn new(dispatch: Dispatch) -> Worker {
        Worker {
            worker: None,
            failure: None,
            dispatch,
        }
    }

    /// Runs a command of the worker's.
    pub fn run(&mut self, cmd: WorkerCmd) {
        match cmd {
            WorkerCmd::Restart => self.start(),
            WorkerCmd::Ask {
                id,
                game,
                level,
                seed,
                movetime_ms,
            } => self.ask(id, &game, level, seed, movetime_ms),
            WorkerCmd::Analyse {
                id,
                initial_fen,
                promotion,
                moves,
                movetime_ms,
            } => self.analyse(id, &initial_fen, promotion, &moves, movetime_ms),
        }
    }

    /// Starts the worker (ending the one running, if any). A failure is sent as
    /// [`Msg::AiUnavailable`]; a worker whose module fails to load says so later, through its
    /// `error` event.
    pub fn start(&mut self) {
        if let Some(old) = self.worker.take() {
            old.terminate();
        }
        self.failure = None;
        match spawn(&self.dispatch) {
            Ok(w) => self.worker = Some(w),
            Err(reason) => {
                dom::log(&format!("the AI worker could not start: {reason}"));
                self.failure = Some(reason.clone());
                self.dispatch.send(Msg::AiUnavailable(reason));
            }
        }
    }

    /// The running worker; when there is none, says why ([`Msg::AiUnavailable`]).
    fn get(&mut self) -> Option<web_sys::Worker> {
        if let Some(w) = &self.worker {
            return Some(w.clone());
        }
        let reason = self
            .failure
            .clone()
            .unwrap_or_else(|| "the AI worker is not running".to_owned());
        self.dispatch.send(Msg::AiUnavailable(reason));
        None
    }

    fn post(&mut self, msg: &js_sys::Object) {
        let Some(w) = self.get() else { return };
        if let Err(e) = w.post_message(msg) {
            self.dispatch
                .send(Msg::AiUnavailable(dom::js_error_text(&e)));
        }
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
        self.post(&msg);
    }

    /// Asks for the move of the side to move in `game` as the AI of `level` plays it (or,
    /// with `movetime_ms` > 0, at that thinking time).
    pub fn ask(&mut self, id: u32, game: &Game, level: Level, seed: u32, movetime_ms: u32) {
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
        self.post(&msg);
    }
}

/// Creates the module worker and wires its answers and errors to `dispatch`.
fn spawn(dispatch: &Dispatch) -> Result<web_sys::Worker, String> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let w =
        web_sys::Worker::new_with_options(SCRIPT, &options).map_err(|e| dom::js_error_text(&e))?;
    let on_message = {
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
            let kind = get("kind").and_then(|v| v.as_string());
            if kind.as_deref() == Some("unavailable") {
                let reason = get("error")
                    .and_then(|v| v.as_string())
                    .unwrap_or_else(|| "its module could not start".to_owned());
                dom::log(&format!("the AI worker could not start: {reason}"));
                dispatch.send(Msg::AiUnavailable(reason));
                return;
            }
            let Some(id) = get("id").and_then(|v| v.as_f64()) else {
                return;
            };
            if kind.as_deref() == Some("analyse") {
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
        })
    };
    w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = {
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
            // A script or module that cannot load (missing, or offline without a cache) fires a
            // plain `error` event; an error thrown inside the worker, an `ErrorEvent`.
            let message = js_sys::Reflect::get(&ev, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .filter(|m| !m.is_empty());
            let reason =
                message.unwrap_or_else(|| format!("{SCRIPT} or its module could not be loaded"));
            dom::log(&format!("the AI worker failed: {reason}"));
            dispatch.send(Msg::AiUnavailable(reason));
        })
    };
    w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(w)
}

/// The evaluation in a worker's answer: its `result` object read back through JSON into a
/// [`protocol::worker::Analysis`], or its `error`.
fn analysis_of(result: Option<JsValue>, error: Option<JsValue>) -> Result<Eval, String> {
    if let Some(e) = error.and_then(|e| e.as_string()) {
        return Err(e);
    }
    let json = result
        .filter(|r| r.is_object())
        .and_then(|r| js_sys::JSON::stringify(&r).ok())
        .and_then(|s| s.as_string())
        .ok_or_else(|| "no analysis in the answer".to_owned())?;
    let analysis: protocol::worker::Analysis =
        serde_json::from_str(&json).map_err(|e| format!("the analysis is unreadable: {e}"))?;
    analysis
        .to_eval()
        .ok_or_else(|| format!("the analysis has no score: {json}"))
}
