//! Small DOM helpers: element lookup, creation, classes, attributes, listeners and timers.
//!
//! Nothing here panics: a missing element or a refused call becomes `None` or is ignored (and
//! logged to the console), so a damaged page never takes the app down with it.

use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{Document, Element, Event, HtmlElement, Window};

/// The page's window, or `None` (e.g. inside a Web Worker).
pub fn window() -> Option<Window> {
    web_sys::window()
}

/// The page's document, or `None` when there is no window.
pub fn document() -> Option<Document> {
    window()?.document()
}

/// The element with this `id`, if present.
pub fn by_id(id: &str) -> Option<Element> {
    document()?.get_element_by_id(id)
}

/// The element with this `id`, cast to `T` (e.g. `HtmlDialogElement`), if present and of that type.
pub fn by_id_as<T: JsCast>(id: &str) -> Option<T> {
    by_id(id)?.dyn_into::<T>().ok()
}

/// A new element `tag` with the given space-separated `class` (empty for none).
pub fn el(tag: &str, class: &str) -> Option<Element> {
    let e = document()?.create_element(tag).ok()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Some(e)
}

/// A new element `tag` of `class` holding `text` (none when empty), appended to `parent`.
pub fn child(parent: &Element, tag: &str, class: &str, text: &str) -> Option<Element> {
    let e = el(tag, class)?;
    if !text.is_empty() {
        set_text(&e, text);
    }
    let _ = parent.append_child(&e);
    Some(e)
}

/// A new SVG element `tag` (in the SVG namespace).
pub fn svg(tag: &str) -> Option<Element> {
    document()?
        .create_element_ns(Some("http://www.w3.org/2000/svg"), tag)
        .ok()
}

/// Sets an attribute, ignoring refusal.
pub fn set_attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        let _ = e.set_attribute(name, value);
    }
}

/// Adds or removes `class`.
pub fn set_class(e: &Element, class: &str, on: bool) {
    let _ = e.class_list().toggle_with_force(class, on);
}

/// Shows or hides an element through its `hidden` attribute.
pub fn set_hidden(e: &Element, hidden: bool) {
    if hidden {
        set_attr(e, "hidden", "");
    } else {
        let _ = e.remove_attribute("hidden");
    }
}

/// Enables or disables a button-like element through its `disabled` attribute.
pub fn set_disabled(e: &Element, disabled: bool) {
    if disabled {
        set_attr(e, "disabled", "");
    } else {
        let _ = e.remove_attribute("disabled");
    }
}

/// Replaces the text content when it differs (avoids needless layout work).
pub fn set_text(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

/// Removes every child of `e`.
pub fn clear(e: &Element) {
    while let Some(child) = e.first_child() {
        let _ = e.remove_child(&child);
    }
}

/// Focuses `e` when it is an `HtmlElement`.
pub fn focus(e: &Element) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        let _ = h.focus();
    }
}

/// Brings a card of the panel into sight when it appears. From 900 px wide, where the panel
/// stands beside the board and scrolls on its own, the card itself; narrower, where the card
/// stands under the board, the board instead (showing the card could push the board off the
/// top, and the board is what the card is about).
pub fn reveal_card(card: &Element) {
    let wide = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w >= 900.0);
    let target = if wide {
        Some(card.clone())
    } else {
        by_id("board")
    };
    if let Some(t) = target {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        t.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Sets an inline style property, e.g. `("transform", "translate(3px, 4px)")`.
pub fn set_style(e: &Element, property: &str, value: &str) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        let _ = h.style().set_property(property, value);
    }
}

/// Listens for `event` on `target` for the life of the page. The closure is intentionally
/// leaked: these listeners live as long as the UI itself.
pub fn on<E, F>(target: &web_sys::EventTarget, event: &str, handler: F)
where
    E: JsCast + 'static,
    F: FnMut(E) + 'static,
{
    listen(target, event, false, handler);
}

/// [`on`] in the capture phase: `handler` hears the event before the target and its ancestors
/// below `target` do (and may stop it there).
pub fn on_capture<E, F>(target: &web_sys::EventTarget, event: &str, handler: F)
where
    E: JsCast + 'static,
    F: FnMut(E) + 'static,
{
    listen(target, event, true, handler);
}

fn listen<E, F>(target: &web_sys::EventTarget, event: &str, capture: bool, handler: F)
where
    E: JsCast + 'static,
    F: FnMut(E) + 'static,
{
    let mut handler = handler;
    let closure = Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
        if let Ok(ev) = ev.dyn_into::<E>() {
            handler(ev);
        }
    });
    if target
        .add_event_listener_with_callback_and_bool(event, closure.as_ref().unchecked_ref(), capture)
        .is_err()
    {
        log(&format!("could not listen for {event}"));
    }
    closure.forget();
}

/// The value of `attr` on the event target or its nearest ancestor carrying that attribute
/// (event delegation: one listener on a list, `data-*` attributes on its items).
pub fn closest_attr(ev: &Event, attr: &str) -> Option<String> {
    ev.target()?
        .dyn_into::<Element>()
        .ok()?
        .closest(&format!("[{attr}]"))
        .ok()
        .flatten()?
        .get_attribute(attr)
}

/// Runs `f` once after `ms` milliseconds.
pub fn after_ms(ms: i32, f: impl FnOnce() + 'static) {
    let Some(w) = window() else { return };
    let cb = Closure::once_into_js(f);
    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms);
}

/// Logs a message to the browser console.
pub fn log(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

/// The browser's preferred languages (`navigator.languages`, else `navigator.language`).
pub fn browser_languages() -> Vec<String> {
    let Some(nav) = window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let list: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if list.is_empty() {
        nav.language().into_iter().collect()
    } else {
        list
    }
}

/// What a JavaScript error says: an `Error`'s `name: message`, a thrown string as it is, else
/// `String(value)` (never `Debug` formatting, which would pull its machinery into the bundle).
pub fn js_error_text(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return text;
    }
    if let Some(e) = value.dyn_ref::<js_sys::Error>() {
        return format!("{}: {}", String::from(e.name()), String::from(e.message()));
    }
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| "an unknown error".to_owned())
}

/// `x` with `digits` decimals (`0.5` with 2 is `"0.50"`), written by the browser's
/// `Number.prototype.toFixed` rather than Rust's float formatting, which would add its tables to
/// the bundle for a few SVG coordinates. `digits` is at most 100; a non-finite `x` gives `"0"`.
pub fn fixed(x: f64, digits: u8) -> String {
    if !x.is_finite() {
        return "0".to_owned();
    }
    js_sys::Number::from(x)
        .to_fixed(digits.min(100))
        .ok()
        .map_or_else(|| "0".to_owned(), String::from)
}
