//! `#start`: the start screen of a first visit, with one button for each way to play
//! (`[data-start="online"|"ai"|"hotseat"]`), the rules link `#start-rules` and
//! `#start-options` (the new-game dialog). While it is shown, `#app` has the class `starting`
//! (the board and the panel are hidden by the style sheet).

use crate::dom;
use crate::i18n::Lang;
use crate::model::{ModeKind, Model};
use crate::update::{Emit, Msg};
use web_sys::Event;

/// The start screen.
#[derive(Default)]
pub struct StartView {
    /// What was drawn: shown or not, and the language of the rules link.
    drawn: Option<(bool, Lang)>,
}

impl StartView {
    /// Shows or hides the start screen.
    pub fn render(&mut self, m: &Model) {
        let now = (m.start, m.lang);
        if self.drawn == Some(now) {
            return;
        }
        let (Some(start), Some(app)) = (dom::by_id("start"), dom::by_id("app")) else {
            return;
        };
        dom::set_hidden(&start, !m.start);
        dom::set_class(&app, "starting", m.start);
        if let Some(link) = dom::by_id("start-rules") {
            dom::set_attr(&link, "href", &format!("rules/{}.html", m.lang.code()));
        }
        self.drawn = Some(now);
    }

    /// Connects the buttons.
    pub fn wire(&self, d: &impl Emit) {
        let Some(start) = dom::by_id("start") else {
            return;
        };
        let dc = d.clone();
        dom::on(&start, "click", move |ev: Event| {
            let kind = match dom::closest_attr(&ev, "data-start").as_deref() {
                Some("online") => ModeKind::Online,
                Some("ai") => ModeKind::Ai,
                Some("hotseat") => ModeKind::HotSeat,
                _ => return,
            };
            dc.emit(Msg::StartPlay(kind));
        });
        if let Some(options) = dom::by_id("start-options") {
            let d = d.clone();
            dom::on(&options, "click", move |_: Event| {
                d.emit(Msg::NewGameOpen(None))
            });
        }
    }
}
