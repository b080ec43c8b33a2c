//! The handover from the first board's module (`crates/first`, started before this one by
//! `index.html`): the contract is in that crate's docs. Through the global
//! `window.__aseanFirst` (`{owner, clicks}`):
//! - [`take_board`], before this module builds its board: `owner` becomes `"app"`, so the
//!   first module never touches the page again (the object is made if that module has not
//!   run yet, so it never draws at all);
//! - [`take_clicks`], once the first view is shown: the clicks queued meanwhile, and `clicks`
//!   becomes `null` (the first module stops queueing).

use crate::model::ModeKind;
use js_sys::{Array, Object, Reflect};
use rules::Square;
use wasm_bindgen::{JsCast, JsValue};

/// The global object of the handover.
const HANDOVER: &str = "__aseanFirst";

/// A click made on the first board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// On a square of the board.
    Square(Square),
    /// On a way to play of the start screen (`[data-start]`).
    Start(ModeKind),
}

/// Reads one queued click: a square's name (`"e3"`) or `"start:<online|ai|hotseat>"`; `None`
/// for anything else.
///
/// ```
/// use web::effects::first::{Click, parse_click};
/// use web::model::ModeKind;
/// assert_eq!(parse_click("e3"), Some(Click::Square("e3".parse().unwrap())));
/// assert_eq!(parse_click("start:ai"), Some(Click::Start(ModeKind::Ai)));
/// assert_eq!(parse_click("start:chess"), None);
/// assert_eq!(parse_click("z9"), None);
/// ```
pub fn parse_click(text: &str) -> Option<Click> {
    match text.strip_prefix("start:") {
        Some("online") => Some(Click::Start(ModeKind::Online)),
        Some("ai") => Some(Click::Start(ModeKind::Ai)),
        Some("hotseat") => Some(Click::Start(ModeKind::HotSeat)),
        Some(_) => None,
        None => text.parse().ok().map(Click::Square),
    }
}

fn handover() -> Option<Object> {
    let window = web_sys::window()?;
    match Reflect::get(&window, &HANDOVER.into()) {
        Ok(v) if v.is_object() => v.dyn_into::<Object>().ok(),
        _ => {
            let h = Object::new();
            let _ = Reflect::set(&h, &"clicks".into(), &Array::new());
            let _ = Reflect::set(&window, &HANDOVER.into(), &h);
            Some(h)
        }
    }
}

/// Takes the page from the first module: from now on this module alone draws `#board`.
pub fn take_board() {
    if let Some(h) = handover() {
        let _ = Reflect::set(&h, &"owner".into(), &"app".into());
    }
}

/// The clicks queued on the first board, in order; the queue is closed.
pub fn take_clicks() -> Vec<Click> {
    let Some(h) = handover() else {
        return Vec::new();
    };
    let clicks = Reflect::get(&h, &"clicks".into()).unwrap_or(JsValue::UNDEFINED);
    let _ = Reflect::set(&h, &"clicks".into(), &JsValue::NULL);
    match clicks.dyn_into::<Array>() {
        Ok(list) => list
            .iter()
            .filter_map(|v| v.as_string())
            .filter_map(|s| parse_click(&s))
            .collect(),
        Err(_) => Vec::new(),
    }
}
