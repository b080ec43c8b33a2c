//! The language catalogs: fetched when a language other than English is needed (at start, or
//! when the player picks one) and read into [`crate::i18n`] before the page shows it.
//!
//! The page (`index.html`) starts fetching the catalog of the language it expects before the
//! module has even loaded, and leaves the promise in `globalThis.aseanCatalog` (`{lang, text}`);
//! when that is the language wanted, its text is used instead of a second fetch. The service
//! worker precaches every catalog (they are in its asset list), so they load offline too.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::{Closure, wasm_bindgen};

use crate::i18n::{self, Lang};

#[wasm_bindgen(inline_js = "
export function catalog_text(lang, path) {
  const early = globalThis.aseanCatalog;
  if (early && early.lang === lang && early.text) {
    const text = early.text;
    early.text = null;
    return text.then((t) => (typeof t === 'string' ? t : fetch_text(path)), () => fetch_text(path));
  }
  return fetch_text(path);
}
function fetch_text(path) {
  return fetch(path).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status + ' ' + path))));
}
")]
extern "C" {
    /// A promise of the text of the catalog at `path`, for the language code `lang`.
    fn catalog_text(lang: &str, path: &str) -> js_sys::Promise;
}

/// What [`ensure`] runs once the texts are ready (or cannot be had), shared by the promise's
/// two outcomes and taken by the first that comes.
type Then = Rc<RefCell<Option<Box<dyn FnOnce()>>>>;

/// Runs `then` unless it has run already.
fn run_once(then: &Then) {
    let f = then.borrow_mut().take();
    if let Some(f) = f {
        f();
    }
}

/// Makes `lang`'s texts ready, then runs `then`: at once when they are (English, or a catalog
/// read before), else once its catalog has been fetched and read. When it cannot be (no
/// network and no cache, a damaged file), says so in the console and runs `then` anyway: the
/// texts stay English until a later attempt succeeds.
pub fn ensure(lang: Lang, then: impl FnOnce() + 'static) {
    if lang.is_loaded() {
        then();
        return;
    }
    let then: Then = Rc::new(RefCell::new(Some(Box::new(then))));
    let path = i18n::catalog_path(lang);
    let t = Rc::clone(&then);
    let read = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
        let result = text
            .as_string()
            .ok_or_else(|| "not a text".to_owned())
            .and_then(|text| i18n::load_catalog(lang, &text));
        if let Err(e) = result {
            crate::dom::log(&format!("the {} texts could not be read: {e}", lang.code()));
        }
        run_once(&t);
    });
    let t = Rc::clone(&then);
    let failed = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        crate::dom::log(&format!(
            "the {} texts could not be loaded: {}",
            lang.code(),
            e.as_string()
                .or_else(|| js_sys::Reflect::get(&e, &"message".into())
                    .ok()?
                    .as_string())
                .unwrap_or_default()
        ));
        run_once(&t);
    });
    let _ = catalog_text(lang.code(), &path).then2(&read, &failed);
    read.forget();
    failed.forget();
}
