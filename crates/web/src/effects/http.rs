//! The accounts' HTTP calls: runs an [`HttpRequest`] with `fetch` on the page's own origin
//! (`credentials: "same-origin"`, so the session cookie goes with it; a form as
//! `application/x-www-form-urlencoded`) and answers [`AccountMsg::Answer`] with the status, the
//! body and `Retry-After`, or the browser's reason when there is no answer (offline, the
//! server down, [`TIMEOUT_MS`] passed). The answer is read by `update`, never here.

use super::Dispatch;
use crate::dom;
use crate::model::account::{HttpAnswer, HttpRequest};
use crate::update::{AccountMsg, Msg};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// How long a request may take before it counts as no answer, in milliseconds.
pub const TIMEOUT_MS: i32 = 15_000;

/// Sends `req`; its answer comes back as a message.
pub fn run(req: HttpRequest, dispatch: &Dispatch) {
    let d = dispatch.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let answer = send(&req).await;
        d.send(Msg::Account(AccountMsg::Answer {
            call: req.call,
            epoch: req.epoch,
            answer,
        }));
    });
}

async fn send(req: &HttpRequest) -> Result<HttpAnswer, String> {
    let window = dom::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_method(req.call.method());
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    let headers = web_sys::Headers::new().map_err(|e| dom::js_error_text(&e))?;
    let _ = headers.set("Accept", req.call.accept());
    if let Some(body) = req.body() {
        let _ = headers.set("Content-Type", "application/x-www-form-urlencoded");
        init.set_body(&body.into());
    }
    init.set_headers(&headers);
    // Aborted after the timeout (an AbortController, older than `AbortSignal.timeout`).
    if let Ok(controller) = web_sys::AbortController::new() {
        init.set_signal(Some(&controller.signal()));
        dom::after_ms(TIMEOUT_MS, move || controller.abort());
    }
    let response = JsFuture::from(window.fetch_with_str_and_init(&req.call.path(), &init))
        .await
        .map_err(|e| dom::js_error_text(&e))?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| "not a response".to_owned())?;
    let retry_after = response
        .headers()
        .get("Retry-After")
        .ok()
        .flatten()
        .and_then(|s| s.trim().parse().ok());
    let body = match response.text() {
        Ok(p) => JsFuture::from(p)
            .await
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    Ok(HttpAnswer {
        status: response.status(),
        body,
        retry_after,
    })
}
