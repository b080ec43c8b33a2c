//! The module's entry point in the page: reads storage, draws, queues clicks.

use crate::board::{Board, FirstView, first_view};
use js_sys::{Array, Object, Reflect};
use rules::Square;
use std::cell::RefCell;
use wasm_bindgen::prelude::{Closure, wasm_bindgen};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, Window};

/// The global object of the handover (see the crate's docs).
const HANDOVER: &str = "__aseanFirst";

/// What a click changes.
struct State {
    root: Element,
    board: Board,
    selected: Option<Square>,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

fn handover(window: &Window) -> Option<Object> {
    Reflect::get(window, &HANDOVER.into())
        .ok()?
        .dyn_into::<Object>()
        .ok()
}

fn get(o: &Object, key: &str) -> JsValue {
    Reflect::get(o, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Whether this module still draws: the full app has not taken the board.
fn owns_page(window: &Window) -> bool {
    handover(window).is_some_and(|h| get(&h, "owner").as_string().as_deref() == Some("first"))
}

/// Queues `click` while the full app has not taken the queue; `false` once it has.
fn queue(window: &Window, click: &str) -> bool {
    let Some(clicks) = handover(window).and_then(|h| get(&h, "clicks").dyn_into::<Array>().ok())
    else {
        return false;
    };
    clicks.push(&click.into());
    true
}

/// Draws the first board, unless the full app has already started.
#[wasm_bindgen(start)]
pub fn start() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if handover(&window).is_some() {
        return;
    }
    let h = Object::new();
    let _ = Reflect::set(&h, &"owner".into(), &"first".into());
    let _ = Reflect::set(&h, &"clicks".into(), &Array::new());
    let _ = Reflect::set(&window, &HANDOVER.into(), &h);
    let Some(document) = window.document() else {
        return;
    };
    let storage = window.local_storage().ok().flatten();
    let read = |key: &str| {
        storage
            .as_ref()
            .and_then(|s| s.get_item(key).ok().flatten())
    };
    let current = read("asean.current.v1");
    let entry = current
        .as_ref()
        .and_then(|id| read(&format!("asean.games.v1.{id}")));
    let flip = read("asean.flip.v1");
    let hash = window.location().hash().unwrap_or_default();
    let (board, starting) =
        match first_view(&hash, current.as_deref(), entry.as_deref(), flip.as_deref()) {
            FirstView::Nothing => return,
            FirstView::Start(b) => (b, true),
            FirstView::Board(b) => (b, false),
        };
    let Some(root) = document.get_element_by_id("board") else {
        return;
    };
    if starting
        && let (Some(start), Some(app)) = (
            document.get_element_by_id("start"),
            document.get_element_by_id("app"),
        )
    {
        let _ = start.remove_attribute("hidden");
        let _ = app.class_list().add_1("starting");
        listen(&start, on_start_click);
    }
    let state = State {
        root: root.clone(),
        board,
        selected: None,
    };
    draw(&document, &state);
    STATE.with(|s| *s.borrow_mut() = Some(state));
    listen(&root, on_board_click);
}

fn listen(target: &Element, handler: fn(&Window, &Event)) {
    let closure = Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
        if let Some(window) = web_sys::window() {
            handler(&window, &ev);
        }
    });
    let _ = target.add_event_listener_with_callback("click", closure.as_ref().unchecked_ref());
    closure.forget();
}

/// The value of `name` on the clicked element or its closest ancestor having it.
fn closest_attr(ev: &Event, name: &str) -> Option<String> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    target
        .closest(&format!("[{name}]"))
        .ok()
        .flatten()?
        .get_attribute(name)
}

fn on_start_click(window: &Window, ev: &Event) {
    if let Some(kind) = closest_attr(ev, "data-start") {
        queue(window, &format!("start:{kind}"));
    }
}

fn on_board_click(window: &Window, ev: &Event) {
    let Some(name) = closest_attr(ev, "data-square") else {
        return;
    };
    let Ok(sq) = name.parse::<Square>() else {
        return;
    };
    if !queue(window, &name) || !owns_page(window) {
        return;
    }
    let Some(document) = window.document() else {
        return;
    };
    STATE.with(|s| {
        let mut guard = s.borrow_mut();
        let Some(state) = guard.as_mut() else { return };
        // As the full app's click (`update::board::activate`).
        state.selected = match state.selected {
            Some(from) if state.board.dests(from).contains(&sq) => {
                state.board.play(from, sq);
                None
            }
            Some(from) if from == sq => None,
            _ => state.board.movable(sq).then_some(sq),
        };
        draw(&document, state);
    });
}

fn set_class(e: &Element, class: &str, on: bool) {
    let _ = e.class_list().toggle_with_force(class, on);
}

/// Draws the board of `state` into its `#board` (rebuilt whole: it is drawn a few times at
/// most).
fn draw(document: &Document, state: &State) {
    let b = &state.board;
    let root = &state.root;
    root.set_inner_html("");
    set_class(root, "flipped", b.flipped);
    set_class(root, "over", b.ended());
    let _ = root.set_attribute("aria-busy", "false");
    let pos = b.position();
    let last = b.last();
    let check = b.check();
    let dests = state.selected.map(|s| b.dests(s)).unwrap_or_default();
    let focus = Square::new(4, 2);
    for row in 0..8u8 {
        for col in 0..8u8 {
            let sq = if b.flipped {
                Square::new(7 - col, row)
            } else {
                Square::new(col, 7 - row)
            };
            let Ok(e) = document.create_element("div") else {
                return;
            };
            e.set_class_name(if sq.is_light() { "sq light" } else { "sq dark" });
            let piece = pos.piece_at(sq);
            let is_dest = dests.contains(&sq);
            set_class(&e, "sel", state.selected == Some(sq));
            set_class(&e, "dest", is_dest);
            set_class(&e, "capture", is_dest && piece.is_some());
            set_class(&e, "last", last.is_some_and(|(a, z)| a == sq || z == sq));
            set_class(&e, "check", check == Some(sq));
            let _ = e.set_attribute("data-square", &sq.to_string());
            let _ = e.set_attribute("role", "button");
            let _ = e.set_attribute("tabindex", if sq == focus { "0" } else { "-1" });
            for (class, want, text) in [
                ("coord file", row == 7, sq.file_char()),
                ("coord rank", col == 0, sq.rank_char()),
            ] {
                if want && let Ok(c) = document.create_element("span") {
                    c.set_class_name(class);
                    let _ = c.set_attribute("aria-hidden", "true");
                    c.set_text_content(Some(&text.to_string()));
                    let _ = e.append_child(&c);
                }
            }
            if let Some(p) = piece
                && let Ok(x) = document.create_element("div")
            {
                x.set_class_name("piece");
                let code = format!("{}{}", p.color.char(), p.role.upper_char());
                let _ = x.set_attribute("data-piece", &code);
                let _ = e.append_child(&x);
            }
            let _ = root.append_child(&e);
        }
    }
}
