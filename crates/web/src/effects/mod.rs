//! The runtime: the one place that holds the model, runs [`update`], carries out its
//! [`Cmd`]s (storage, the lobby socket, the AI worker, sounds, the clipboard, the address bar,
//! timers) and redraws the views.
//!
//! Messages are queued: a message sent while another is being handled (an effect's answer,
//! an event fired by a DOM call) waits for it, so the state is never entered twice. The page
//! is redrawn once the queue is empty.
//!
//! The runtime is the top of the page's modules: it imports [`update`] and [`crate::view`],
//! builds the views and wires their events to a [`Dispatch`]; the views know it only as an
//! [`Emit`], the trait `update` defines beside [`Msg`], and import nothing of it.

pub mod audio;
pub mod browser;
pub mod catalog;
pub mod events;
pub mod first;
pub mod http;
pub mod socket;
pub mod storage;
pub mod worker;

use crate::model::Model;
use crate::update::{Cmd, Emit, Msg, update};
use crate::view::View;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// What the runtime owns: the model, the effects' handles and the views.
struct Runtime {
    model: Model,
    store: storage::Store,
    socket: Option<socket::Socket>,
    worker: worker::Worker,
    audio: audio::Audio,
    view: View,
}

#[derive(Default)]
struct Shared {
    runtime: RefCell<Option<Runtime>>,
    queue: RefCell<VecDeque<Msg>>,
}

/// Sends messages to the page; every event handler holds a clone.
#[derive(Clone, Default)]
pub struct Dispatch(Rc<Shared>);

impl Dispatch {
    /// Queues `msg` and handles the queue unless a message is being handled (then that loop
    /// takes it).
    pub fn send(&self, msg: Msg) {
        self.0.queue.borrow_mut().push_back(msg);
        let Ok(mut guard) = self.0.runtime.try_borrow_mut() else {
            return;
        };
        let Some(rt) = guard.as_mut() else { return };
        let mut handled = false;
        loop {
            let next = self.0.queue.borrow_mut().pop_front();
            let Some(msg) = next else { break };
            rt.model.now = js_sys::Date::now();
            for cmd in update(&mut rt.model, msg) {
                rt.run(cmd, self);
            }
            handled = true;
        }
        if handled {
            rt.view.render(&rt.model);
        }
    }
}

/// The views' events reach [`update`] through the runtime's queue.
impl Emit for Dispatch {
    fn emit(&self, msg: Msg) {
        self.send(msg);
    }
}

impl Runtime {
    /// Routes a command to the effect that runs it.
    fn run(&mut self, cmd: Cmd, dispatch: &Dispatch) {
        match cmd {
            Cmd::Storage(cmd) => storage::run(&self.store, cmd, dispatch),
            Cmd::Socket(msg) => {
                if let Some(s) = &self.socket {
                    s.send(msg);
                }
            }
            Cmd::Reconnect => {
                if let Some(s) = &self.socket {
                    s.reconnect();
                }
            }
            Cmd::Worker(cmd) => self.worker.run(cmd),
            Cmd::Audio(sound) => self.audio.play(sound),
            Cmd::Catalog(lang) => {
                let d = dispatch.clone();
                catalog::ensure(lang, move || d.send(Msg::SetLang(lang)));
            }
            Cmd::Browser(cmd) => browser::run(cmd, dispatch),
            Cmd::View(cmd) => self.view.run(cmd),
            Cmd::Log(text) => crate::dom::log(&text),
            Cmd::Http(req) => http::run(req, dispatch),
            Cmd::Events(cmd) => events::run(cmd, dispatch),
        }
    }
}

/// Starts the page: takes the page from the first board's module, reads what storage holds,
/// builds the views, wires the events, connects to the lobby, starts the AI worker, replays
/// the clicks made on the first board and marks `#app[data-ready="true"]`.
///
/// # Errors
/// What is missing when the page lacks an element the views need.
pub fn start() -> Result<(), String> {
    // The first board's module (crates/first) stops drawing: the views below own the page.
    first::take_board();
    let view = View::new()?;
    let store = storage::Store::browser(crate::STORAGE_PREFIX);
    let lang = store
        .lang()
        .and_then(|code| crate::i18n::Lang::from_tag(&code))
        .unwrap_or_else(|| crate::i18n::negotiate(&crate::dom::browser_languages()));
    // The first board is drawn in the player's language: its texts first (at once for English).
    catalog::ensure(lang, move || run(view, store, lang));
    Ok(())
}

/// The rest of [`start`], once the texts of `lang` are ready.
fn run(view: View, store: storage::Store, lang: crate::i18n::Lang) {
    let env = browser::env(store.is_persistent());
    let now = js_sys::Date::now();
    let seed = (js_sys::Math::random() * 9.0e15) as u64 ^ now as u64;
    let mut model = Model::new(lang, env, now, seed);
    model.sound_on = store.sound().unwrap_or(true);
    model.drills = store.drills();
    model.lessons = store.lessons();
    model.looks = crate::model::looks::Looks {
        system_dark: browser::system_dark(),
        ..store.looks()
    };
    let started = storage::started(
        &store,
        browser::room_in_address(),
        browser::seat_in_address(),
    );
    let dispatch = Dispatch::default();
    *dispatch.0.runtime.borrow_mut() = Some(Runtime {
        model,
        store,
        socket: None,
        worker: worker::Worker::new(dispatch.clone()),
        audio: audio::Audio::new(),
        view,
    });
    if let Some(rt) = dispatch.0.runtime.borrow().as_ref() {
        rt.view.wire(&dispatch);
    }
    storage::watch(&dispatch);
    browser::watch(&dispatch);
    browser::watch_color_scheme(&dispatch);
    let socket = socket::Socket::start(dispatch.clone());
    if let Some(rt) = dispatch.0.runtime.borrow_mut().as_mut() {
        rt.socket = Some(socket);
        // The AI worker starts with the page (it loads on its own thread while the first
        // board is drawn): a failure is known, and said, before anyone asks it for a move.
        rt.worker.start();
    }
    dispatch.send(started);
    // `#/account`, a profile or a leaderboard in the address at start-up.
    let route = browser::route();
    if matches!(
        route,
        crate::model::Route::Account
            | crate::model::Route::Profile(_)
            | crate::model::Route::Leaderboard(_)
            | crate::model::Route::Training
            | crate::model::Route::Lessons
    ) {
        dispatch.send(Msg::Route(route));
    }
    // The clicks made on the first board meanwhile, through the usual click path.
    for click in first::take_clicks() {
        dispatch.send(match click {
            first::Click::Square(sq) => Msg::BoardKey(crate::update::BoardKey::Activate, Some(sq)),
            first::Click::Start(kind) => Msg::StartPlay(kind),
        });
    }
    if let Some(root) = crate::dom::by_id("app") {
        crate::dom::set_attr(&root, "data-ready", "true");
    }
}
