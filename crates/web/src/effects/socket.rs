//! The WebSocket to the lobby server (`ws(s)://<host>/ws`, the [`protocol`] crate's messages).
//!
//! It says `Hello` first, pings every 25 seconds, and after a drop reconnects with a growing
//! delay (0.5 s doubling up to 10 s, plus up to 250 ms of jitter); the page is told through
//! [`NetEvent`]s and joins its room again with the last event number it saw. Messages sent
//! while disconnected are queued (at most 32; never acknowledgements, pings, joins or lobby
//! watching, which the page sends again on [`NetEvent::Connected`]). [`Socket::reconnect`]
//! replaces the connection at once, as the page asks when who is signed in changed or when a
//! move has gone unanswered for a few seconds (a connection gone silent without a close).

use super::Dispatch;
use crate::dom;
use crate::update::{Msg, NetEvent};
use protocol::ClientMsg;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, closure::Closure};
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

/// How often a ping keeps the connection alive, in milliseconds.
const PING_MS: i32 = 25_000;

/// How many messages wait for the connection at most.
const OUTBOX: usize = 32;

/// The name of the window event that drops the connection (for tests of the reconnection).
pub const DROP_EVENT: &str = "asean-drop-connection";

/// The name of the window event that silences the connection as a network that went away
/// without a word would (for tests): the socket stays open, but what the page sends on it is
/// lost and what comes in is never heard, until the page replaces it.
pub const MUTE_EVENT: &str = "asean-mute-connection";

#[derive(Default)]
struct Conn {
    ws: Option<WebSocket>,
    open: bool,
    attempts: u32,
    outbox: Vec<ClientMsg>,
    /// The least delay before the next reconnection (set by a drop for tests).
    hold_ms: i32,
    /// The number of the latest reconnection planned: a planned one opens only if no later
    /// plan (or an attempt made at once) came since.
    plan: u32,
    /// The socket silenced by [`MUTE_EVENT`].
    muted: Option<WebSocket>,
}

/// The connection; cloning shares it.
#[derive(Clone)]
pub struct Socket {
    conn: Rc<RefCell<Conn>>,
    dispatch: Dispatch,
}

/// The lobby's WebSocket URL for the page's location: `ws://<host>/ws`, or `wss://` on https.
pub fn ws_url() -> Option<String> {
    let loc = web_sys::window()?.location();
    let scheme = if loc.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    Some(format!("{scheme}://{}/ws", loc.host().ok()?))
}

/// The delay before reconnection attempt `n` (from 0): 0.5 s doubling up to 10 s.
///
/// ```
/// use web::effects::socket::backoff_ms;
/// assert_eq!(backoff_ms(0), 500);
/// assert_eq!(backoff_ms(3), 4000);
/// assert_eq!(backoff_ms(30), 10_000);
/// ```
pub fn backoff_ms(n: u32) -> i32 {
    (500i32.saturating_mul(1 << n.min(5))).min(10_000)
}

impl Socket {
    /// Opens the connection, pinging it and reconnecting as long as the page lives.
    pub fn start(dispatch: Dispatch) -> Socket {
        let socket = Socket {
            conn: Rc::new(RefCell::new(Conn::default())),
            dispatch,
        };
        socket.open();
        if let Some(w) = web_sys::window() {
            let s = socket.clone();
            let ping = Closure::<dyn FnMut()>::new(move || {
                if s.conn.borrow().open {
                    s.send(ClientMsg::Ping);
                }
            });
            let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
                ping.as_ref().unchecked_ref(),
                PING_MS,
            );
            ping.forget();
            let s = socket.clone();
            dom::on(&w, DROP_EVENT, move |ev: web_sys::CustomEvent| {
                let hold = ev.detail().as_f64().unwrap_or(0.0) as i32;
                s.drop_connection(hold);
            });
            let s = socket.clone();
            dom::on(&w, MUTE_EVENT, move |_: web_sys::CustomEvent| {
                let mut c = s.conn.borrow_mut();
                c.muted = c.ws.clone();
            });
        }
        socket
    }

    /// Sends a message now, or queues it until the connection is open again.
    pub fn send(&self, msg: ClientMsg) {
        let mut c = self.conn.borrow_mut();
        if c.muted.is_some() && c.muted == c.ws {
            return; // lost on the way, as on a network gone silent
        }
        if c.open
            && let Some(ws) = &c.ws
            && ws.send_with_str(&msg.to_json()).is_ok()
        {
            return;
        }
        // Rooms are joined again on `NetEvent::Connected`: a queued join would come twice.
        let resent = matches!(
            msg,
            ClientMsg::Ack { .. }
                | ClientMsg::Ping
                | ClientMsg::Join { .. }
                | ClientMsg::TakeSeat { .. }
                | ClientMsg::WatchLobby
        );
        if !resent && c.outbox.len() < OUTBOX {
            c.outbox.push(msg);
        }
    }

    fn open(&self) {
        let Some(url) = ws_url() else { return };
        let ws = match WebSocket::new(&url) {
            Ok(ws) => ws,
            Err(e) => {
                dom::log(&format!(
                    "lobby: cannot open {url}: {}",
                    dom::js_error_text(&e)
                ));
                self.schedule_reconnect();
                return;
            }
        };
        let on_open = {
            let (ws, s) = (ws.clone(), self.clone());
            Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                let hello = ClientMsg::Hello {
                    protocol: protocol::PROTOCOL_VERSION,
                };
                let _ = ws.send_with_str(&hello.to_json());
                {
                    let mut c = s.conn.borrow_mut();
                    c.open = true;
                    c.attempts = 0;
                }
                s.dispatch.send(Msg::Net(NetEvent::Connected));
                let queued = std::mem::take(&mut s.conn.borrow_mut().outbox);
                for msg in queued {
                    s.send(msg);
                }
            })
        };
        let on_message = {
            let s = self.clone();
            let ws = ws.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                if s.conn.borrow().muted.as_ref() == Some(&ws) {
                    return;
                }
                let Some(text) = ev.data().as_string() else {
                    return;
                };
                match protocol::parse_server(&text) {
                    Ok(msg) => s.dispatch.send(Msg::Net(NetEvent::Message(msg))),
                    Err(e) => dom::log(&format!("lobby: {e}")),
                }
            })
        };
        let on_close = {
            let (ws, s) = (ws.clone(), self.clone());
            Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| {
                let current = {
                    let mut c = s.conn.borrow_mut();
                    let current = c.ws.as_ref().is_some_and(|w| *w == ws);
                    if current {
                        c.ws = None;
                        c.open = false;
                    }
                    current
                };
                if current {
                    s.dispatch.send(Msg::Net(NetEvent::Disconnected));
                    s.schedule_reconnect();
                }
            })
        };
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        // The handlers live as long as the socket; a few are leaked per reconnection.
        on_open.forget();
        on_message.forget();
        on_close.forget();
        self.conn.borrow_mut().ws = Some(ws);
    }

    fn schedule_reconnect(&self) {
        let (n, hold, plan) = {
            let mut c = self.conn.borrow_mut();
            c.attempts = c.attempts.saturating_add(1);
            c.plan = c.plan.wrapping_add(1);
            (c.attempts - 1, std::mem::take(&mut c.hold_ms), c.plan)
        };
        // A little jitter so that many pages do not come back at the same instant.
        let jitter = (js_sys::Math::random() * 250.0) as i32;
        let s = self.clone();
        dom::after_ms((backoff_ms(n) + jitter).max(hold), move || {
            let due = {
                let c = s.conn.borrow();
                c.plan == plan && c.ws.is_none()
            };
            if due {
                s.open();
            }
        });
    }

    /// Closes the connection (open or opening) and opens a new one at once: the server reads
    /// the session cookie when a connection opens. The old socket's events are ignored from
    /// now on (it is no longer the current one), so no [`NetEvent::Disconnected`] comes of it;
    /// the new one says [`NetEvent::Connected`] as any connection does. Without a socket (a
    /// reconnection is planned after a drop) the attempt is made at once instead of later
    /// (the player asked to retry), and the planned one is dropped.
    pub fn reconnect(&self) {
        let old = {
            let mut c = self.conn.borrow_mut();
            c.open = false;
            if c.ws.is_none() {
                c.plan = c.plan.wrapping_add(1);
                c.attempts = 0;
            }
            c.ws.take()
        };
        if let Some(old) = old {
            let _ = old.close();
        }
        self.open();
    }

    /// Closes the socket as a network drop would, and waits at least `hold_ms` milliseconds
    /// before reconnecting.
    fn drop_connection(&self, hold_ms: i32) {
        let ws = {
            let mut c = self.conn.borrow_mut();
            c.hold_ms = hold_ms.max(0);
            c.ws.clone()
        };
        if let Some(ws) = ws {
            let _ = ws.close();
        }
    }
}

/// Drops the lobby connection as a network failure would and waits at least `hold_ms`
/// milliseconds before reconnecting (for tests of the reconnection: the end-to-end tests call
/// it from the page as `(await import("/pkg/web.js")).lobby_drop_connection(ms)`). It fires
/// the window event [`DROP_EVENT`], which the page's socket listens to.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = lobby_drop_connection)]
pub fn drop_connection(hold_ms: i32) {
    let Some(w) = web_sys::window() else { return };
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&wasm_bindgen::JsValue::from(hold_ms));
    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict(DROP_EVENT, &init) {
        let _ = w.dispatch_event(&ev);
    }
}
