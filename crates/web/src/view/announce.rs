//! `#announce`: the visually hidden live region (`aria-live="polite"`) that tells a screen
//! reader the move just played, or how the game ended, in words ([`super::speech`]).

use super::speech;
use crate::dom;
use crate::model::Model;

/// The live region.
#[derive(Default)]
pub struct AnnounceView {
    /// The number of the last announcement said.
    said: Option<u64>,
}

impl AnnounceView {
    /// Says the model's announcement once (a language change does not repeat it).
    pub fn render(&mut self, m: &Model) {
        let Some(a) = m.announcement else { return };
        if self.said == Some(a.number) {
            return;
        }
        self.said = Some(a.number);
        let Some(e) = dom::by_id("announce") else {
            return;
        };
        let mut text = speech::announcement(m).unwrap_or_default();
        // The same words twice in a row (the same move in two games) are still a change
        // that a screen reader says: a trailing no-break space on every other one.
        if a.number % 2 == 0 && !text.is_empty() {
            text.push('\u{a0}');
        }
        dom::set_text(&e, &text);
    }
}
