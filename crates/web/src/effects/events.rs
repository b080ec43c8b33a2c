//! The stream of the signed-in player's events, `GET /api/stream/event` on the page's own
//! origin (the session cookie signs it; NDJSON, one JSON object a line, an empty line now and
//! then to show it alive): read with `fetch` and the body's reader, its lines sent to `update`
//! as [`ChallengeMsg::Line`], its end as [`ChallengeMsg::Ended`]. What a line means is read
//! by `update`, never here.
//!
//! One stream at a time: [`EventsCmd::Open`] and [`EventsCmd::Close`] abort the one before.
//! A line longer than [`MAX_LINE_BYTES`] ends the stream (the page holds no more than that of
//! an unfinished line).

use super::Dispatch;
use crate::dom;
use crate::model::challenge::MAX_LINE_BYTES;
use crate::update::{ChallengeMsg, EventsCmd, Msg};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// The stream wanted now (its epoch) and the controller that aborts it.
    static CURRENT: RefCell<Option<(u32, Option<web_sys::AbortController>)>> =
        const { RefCell::new(None) };
}

fn is_current(epoch: u32) -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(|(e, _)| *e == epoch))
}

/// Carries out `cmd`.
pub fn run(cmd: EventsCmd, dispatch: &Dispatch) {
    let old = CURRENT.with(|c| c.borrow_mut().take());
    if let Some((_, Some(controller))) = old {
        controller.abort();
    }
    let EventsCmd::Open { epoch, after_ms } = cmd else {
        return;
    };
    CURRENT.with(|c| *c.borrow_mut() = Some((epoch, None)));
    let d = dispatch.clone();
    let open = move || {
        if !is_current(epoch) {
            return;
        }
        wasm_bindgen_futures::spawn_local(async move {
            let (status, retry_after) = read(epoch, &d).await;
            if is_current(epoch) {
                d.send(Msg::Challenge(ChallengeMsg::Ended {
                    epoch,
                    status,
                    retry_after,
                }));
            }
        });
    };
    if after_ms == 0 {
        open();
    } else {
        dom::after_ms(i32::try_from(after_ms).unwrap_or(i32::MAX), open);
    }
}

/// Opens the stream and reads it to its end: the status (0 with no answer) and the
/// answer's `Retry-After`.
async fn read(epoch: u32, d: &Dispatch) -> (u16, Option<u32>) {
    let Some(window) = dom::window() else {
        return (0, None);
    };
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    if let Ok(headers) = web_sys::Headers::new() {
        let _ = headers.set("Accept", "application/x-ndjson");
        init.set_headers(&headers);
    }
    if let Ok(controller) = web_sys::AbortController::new() {
        init.set_signal(Some(&controller.signal()));
        CURRENT.with(|c| {
            if let Some((e, slot)) = c.borrow_mut().as_mut()
                && *e == epoch
            {
                *slot = Some(controller);
            }
        });
    }
    let Ok(response) = JsFuture::from(window.fetch_with_str_and_init("/api/stream/event", &init))
        .await
        .map_err(|e| {
            dom::log(&format!(
                "GET /api/stream/event: {}",
                dom::js_error_text(&e)
            ))
        })
        .and_then(|r| r.dyn_into::<web_sys::Response>().map_err(|_| ()))
    else {
        return (0, None);
    };
    let status = response.status();
    if status != 200 {
        let retry_after = response
            .headers()
            .get("Retry-After")
            .ok()
            .flatten()
            .and_then(|s| s.trim().parse().ok());
        return (status, retry_after);
    }
    if !is_current(epoch) {
        return (status, None);
    }
    d.send(Msg::Challenge(ChallengeMsg::Opened { epoch }));
    let Some(reader) = response.body().and_then(|b| {
        b.get_reader()
            .dyn_into::<web_sys::ReadableStreamDefaultReader>()
            .ok()
    }) else {
        return (status, None);
    };
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let Ok(chunk) = JsFuture::from(reader.read()).await else {
            break;
        };
        let done = js_sys::Reflect::get(&chunk, &"done".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(true);
        if done || !is_current(epoch) {
            break;
        }
        let Ok(value) = js_sys::Reflect::get(&chunk, &"value".into()) else {
            break;
        };
        pending.extend(js_sys::Uint8Array::new(&value).to_vec());
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).trim().to_owned();
            if !text.is_empty() {
                d.send(Msg::Challenge(ChallengeMsg::Line { epoch, line: text }));
            }
        }
        if pending.len() > MAX_LINE_BYTES {
            let _ = reader.cancel();
            break;
        }
    }
    (status, None)
}
