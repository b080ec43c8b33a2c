//! The browser's other services: the address bar (`#/room/<id>`), the clipboard, the share
//! sheet, downloads, the clock timer, the system's colour scheme, whether the browser is
//! online, and what the page learns of its surroundings at start.

use super::Dispatch;
use crate::dom;
use crate::model::{Env, room};
use crate::update::{BrowserCmd, CopyWhat, LooksMsg, Msg};
use protocol::RoomId;
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// How often the clocks and countdowns are redrawn, in milliseconds.
const TICK_MS: i32 = 200;

fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// What the address's fragment asks for.
pub fn route() -> crate::model::Route {
    crate::model::Route::from_hash(&location_hash())
}

/// The room of an invite link in the address, if any.
pub fn room_in_address() -> Option<RoomId> {
    room::room_from_hash(&location_hash())
}

/// The seat the invite link in the address names, if any (`?color=white` or `black`).
pub fn seat_in_address() -> Option<protocol::Color> {
    room::seat_from_hash(&location_hash())
}

/// The page's surroundings.
pub fn env(persistent: bool) -> Env {
    let window = web_sys::window();
    let origin = window
        .as_ref()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    let can_share = window
        .as_ref()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).ok())
        .is_some_and(|f| f.is_function());
    Env {
        origin,
        can_share,
        persistent,
    }
}

/// The media query of the system's dark colour scheme.
const DARK_SCHEME: &str = "(prefers-color-scheme: dark)";

/// Whether the system asks for dark colours now (`false` when the browser cannot say).
pub fn system_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(DARK_SCHEME).ok().flatten())
        .is_some_and(|q| q.matches())
}

/// Follows changes of the system's colour scheme, sent as [`LooksMsg::SystemDark`].
pub fn watch_color_scheme(dispatch: &Dispatch) {
    let Some(query) = web_sys::window().and_then(|w| w.match_media(DARK_SCHEME).ok().flatten())
    else {
        return;
    };
    let d = dispatch.clone();
    let q = query.clone();
    dom::on(&query, "change", move |_: web_sys::Event| {
        d.send(Msg::Looks(LooksMsg::SystemDark(q.matches())));
    });
}

/// Runs a command of the browser's.
pub fn run(cmd: BrowserCmd, dispatch: &Dispatch) {
    match cmd {
        BrowserCmd::SetLocation(room) => set_location_room(room.as_ref()),
        BrowserCmd::Copy { text, what } => copy(&text, what, dispatch),
        BrowserCmd::Share { title, text, url } => share(&title, &text, &url),
        BrowserCmd::Download { name, text, mime } => download(&name, &text, mime),
    }
}

/// Shows `#/room/<id>` in the address bar (so a reload resumes the room), or clears it (also
/// `#/account` when the account view closes).
pub fn set_location_room(room: Option<&RoomId>) {
    let Some(w) = web_sys::window() else { return };
    let hash = location_hash();
    let same = match room {
        Some(_) => room::room_from_hash(&hash).as_ref() == room,
        None => hash.is_empty() || hash == "#",
    };
    if same {
        return;
    }
    let url = match room {
        Some(r) => format!("#/room/{r}"),
        None => w.location().pathname().unwrap_or_else(|_| "/".into()),
    };
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Copies `text`; answers [`Msg::Copied`] or [`Msg::CopyFailed`].
pub fn copy(text: &str, what: CopyWhat, dispatch: &Dispatch) {
    let clipboard = web_sys::window()
        .map(|w| w.navigator())
        .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
        .filter(|c| !c.is_undefined() && !c.is_null());
    let promise = clipboard.and_then(|c| {
        let write = js_sys::Reflect::get(&c, &"writeText".into()).ok()?;
        let write = write.dyn_into::<js_sys::Function>().ok()?;
        write
            .call1(&c, &text.into())
            .ok()?
            .dyn_into::<js_sys::Promise>()
            .ok()
    });
    let Some(promise) = promise else {
        dispatch.send(Msg::CopyFailed(what));
        return;
    };
    let d = dispatch.clone();
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| d.send(Msg::Copied(what)));
    let d = dispatch.clone();
    let failed =
        Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| d.send(Msg::CopyFailed(what)));
    let _ = promise.then2(&ok, &failed);
    ok.forget();
    failed.forget();
}

/// Opens the share sheet for `url`; where there is none, nothing happens (the page hides the
/// button).
pub fn share(title: &str, text: &str, url: &str) {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let Some(share) = js_sys::Reflect::get(&nav, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let data = js_sys::Object::new();
    for (k, v) in [("title", title), ("text", text), ("url", url)] {
        let _ = js_sys::Reflect::set(&data, &k.into(), &v.into());
    }
    if let Ok(p) = share
        .call1(&nav, &data)
        .and_then(|p| p.dyn_into::<js_sys::Promise>())
    {
        // A cancelled share is not an error worth showing.
        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
        let _ = p.catch(&ignore);
        ignore.forget();
    }
}

/// Offers `text` as the file `name` of type `mime`.
pub fn download(name: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        dom::log("download: the file could not be made");
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = dom::el("a", "").and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // The browser has taken the file once the click is handled.
    dom::after_ms(1000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
}

/// Follows the address's fragment (an invite link opened in this tab) and ticks the clocks.
pub fn watch(dispatch: &Dispatch) {
    let Some(w) = web_sys::window() else { return };
    let d = dispatch.clone();
    dom::on(&w, "hashchange", move |_: web_sys::Event| {
        d.send(Msg::Route(route()));
    });
    let d = dispatch.clone();
    let tick = Closure::<dyn FnMut()>::new(move || d.send(Msg::Tick));
    let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
        tick.as_ref().unchecked_ref(),
        TICK_MS,
    );
    tick.forget();
    // The tab in the background or back: sounds follow it.
    if let Some(doc) = w.document() {
        d_visibility(dispatch, &doc);
    }
    // Whether the browser is online: online play says it needs a connection when not.
    for (event, online) in [("online", true), ("offline", false)] {
        let d = dispatch.clone();
        dom::on(&w, event, move |_: web_sys::Event| {
            d.send(Msg::BrowserOnline(online));
        });
    }
    if !w.navigator().on_line() {
        dispatch.send(Msg::BrowserOnline(false));
    }
}

/// Tells the page whether the tab is hidden now and at each change.
fn d_visibility(dispatch: &Dispatch, doc: &web_sys::Document) {
    dispatch.send(Msg::Visibility(doc.hidden()));
    let d = dispatch.clone();
    let doc2 = doc.clone();
    dom::on(doc, "visibilitychange", move |_: web_sys::Event| {
        d.send(Msg::Visibility(doc2.hidden()));
    });
}
