//! `#btn-sound` in the top bar: turns the sounds on and off (`aria-pressed="true"` while they
//! are on; its icon follows through CSS).

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::update::{Emit, Msg};
use web_sys::Event;

/// The sound toggle.
#[derive(Default)]
pub struct SoundView {
    drawn: Option<(bool, Lang)>,
}

impl SoundView {
    /// Draws the toggle of `m`.
    pub fn render(&mut self, m: &Model) {
        let now = (m.sound_on, m.lang);
        if self.drawn == Some(now) {
            return;
        }
        if let Some(b) = dom::by_id("btn-sound") {
            dom::set_attr(
                &b,
                "aria-pressed",
                if m.sound_on { "true" } else { "false" },
            );
            let label = m.lang.t(Key::SoundLabel);
            dom::set_attr(&b, "aria-label", label);
            dom::set_attr(&b, "title", label);
        }
        self.drawn = Some(now);
    }

    /// Connects the toggle.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(b) = dom::by_id("btn-sound") {
            let d = d.clone();
            dom::on(&b, "click", move |_: Event| d.emit(Msg::ToggleSound));
        }
    }
}
