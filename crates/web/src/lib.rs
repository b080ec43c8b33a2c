//! The browser UI of ASEAN chess (hot-seat play and play against the AI): board, moves, dialogs,
//! saved games, i18n, and the AI worker bridge ([`ai`]).
//!
//! Built for `wasm32-unknown-unknown` by `cargo xtask build` and loaded by `www/index.html`
//! through the wasm-bindgen glue `www/pkg/web.js`. Long-lived state lives in Rust
//! ([`app`]); the page's static markup is in `www/index.html` and its look in `www/style.css`.
//!
//! # Stable DOM contract (used by the end-to-end tests: keep these stable)
//! - `#app[data-ready="true"]` once the app has started.
//! - Board squares: `[data-square="e3"]` (inside `#board`); a piece inside a square is an
//!   element `[data-piece="wK"]`: colour letter `w`/`b` plus the upper-case FEN letter
//!   (`K` king, `Q` met, `B` khon, `N` knight, `R` rook, `P` pawn).
//! - Legal destinations of the selected piece carry the class `dest` (also `capture` when
//!   occupied); the selected square `sel`, the last move's squares `last`, a checked king's
//!   square `check`.
//! - Status line `#status` with `data-outcome`: empty while the game goes on, else one of
//!   `checkmate-white-wins`, `checkmate-black-wins`, `resign-white-wins`, `resign-black-wins`,
//!   `stalemate`, `dead-position`, `counting-draw`, `fifty-move`, `threefold`, `agreement`;
//!   also `data-turn="white|black"`.
//! - Move list `#moves`: each SAN move is an element `.san` (with `data-ply`, 1-based).
//! - Buttons `#btn-new`, `#btn-undo`, `#btn-flip`, `#btn-resign`, `#btn-draw` (draw by
//!   agreement, confirmed in `#confirm` with `#confirm-yes` / `#confirm-no`; resigning is
//!   confirmed there too), `#btn-claim` (visible and enabled exactly when a claim is valid).
//! - Promotion panel `#promotion` (a `<dialog>`) with buttons
//!   `[data-role="rook"|"knight"|"khon"|"met"]` (only the allowed ones are visible) and
//!   `#promotion-cancel`.
//! - New-game dialog `#new-game`: radio inputs `name="promotion"` with values `any` and
//!   `met-only`, `name="mode"` with `hotseat` and `ai`, `name="human"` with `white`, `black`
//!   and `random`, the AI level `<select id="ai-level">` (values `1`..`8`, default 3; these
//!   AI options are shown only when `ai` is chosen), submit button `#new-game-start`,
//!   `#new-game-cancel`.
//! - Mode of play: `#app[data-mode="hotseat"|"ai"]`, described in `#mode-setting`. Against the
//!   AI: `#ai-thinking` (aria-live, hidden unless the AI is computing its move; `#board` then
//!   has the class `waiting`), and `#btn-draw` is hidden (no draw by agreement against the AI).
//!   The AI runs in the module worker `www/ai-worker.js` ([`ai::ai_best_move`]).
//! - Hint button `#btn-hint`: the suggested move's two squares get the class `hint`.
//! - Game-over dialog `#game-over` (with `data-outcome`), text `#game-over-text`, buttons
//!   `#game-over-new` and `#game-over-close`.
//! - Language picker `<select id="lang">` with values `en`, `fr`, `pt`, `de`.
//! - Saved games `#saved-games`, items `[data-game-id]`, their buttons
//!   `[data-action="resume"]` and `[data-action="delete"]`; the current game has class
//!   `current` and no buttons.
//! - Counting indicator `#counting` (hidden when no count runs; `data-used`, `data-limit`).
//! - Counters `#fifty-counter` and `#repetition-counter` (with `data-value`: full moves
//!   towards 50, times the position occurred).
//! - Storage problems: `#notice` (with the list `#notice-list`, dismissed by
//!   `#notice-dismiss`); transient messages are toasts in `#toasts`.
//! - Storage keys: `asean.games.v1.<id>`, `asean.current.v1`, `asean.lang.v1`,
//!   `asean.quarantine.<id>.<millis>` (see [`storage`]).

pub mod ai;
pub mod app;
pub mod board;
pub mod dialogs;
pub mod dom;
pub mod i18n;
pub mod storage;

use wasm_bindgen::prelude::wasm_bindgen;

/// The module's entry point, run by wasm-bindgen when the module is instantiated.
///
/// Returns at once when there is no `window` (the same module may be loaded by a Web Worker
/// for the AI). Otherwise starts the app; a failure is written into `#status` and the console
/// rather than thrown.
#[wasm_bindgen(start)]
pub fn start() {
    if web_sys::window().is_none() {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("ASEAN chess: {info}").into());
    }));
    if let Err(e) = app::start() {
        dom::log(&format!("the app could not start: {e}"));
        if let Some(status) = dom::by_id("status") {
            let lang = i18n::negotiate(&dom::browser_languages());
            let text = lang.fmt(i18n::Key::AppFailed, &[("error", &e)]);
            dom::set_text(&status, &text);
        }
    }
}
