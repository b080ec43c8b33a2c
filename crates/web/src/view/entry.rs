//! The typed move box: `#move-form` with the text field `#move-input`, its suggestions
//! `#move-suggestions` (a `<datalist>` of the legal moves in SAN, each labelled in words, which
//! the browser filters as one types), the button `#move-play` and the refusal
//! `#move-input-error`. Enter (or the button) sends the text; the update plays it through the
//! same path as a click. A spectator of an online game has no box (`#move-form` hidden).

use super::speech::move_phrase;
use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::entry::EntryError;
use crate::update::{Emit, Msg};
use web_sys::{Event, HtmlInputElement};

/// The move box.
#[derive(Default)]
pub struct EntryView {
    /// The suggestions drawn: the game's moves and the ply shown (the position), whether the
    /// player may move, the language.
    suggested: Option<(Vec<rules::Move>, usize, bool, Lang)>,
    /// The refusal drawn.
    error: Option<Option<(EntryError, String, Lang)>>,
    /// The entries taken so far, when last drawn.
    taken: Option<u64>,
    /// Whether the box was drawn hidden (a spectator has no move to type).
    hidden: Option<bool>,
}

/// The words of a refusal.
fn error_text(lang: Lang, e: EntryError, text: &str) -> String {
    let key = match e {
        EntryError::NotUnderstood => Key::EntryNotUnderstood,
        EntryError::Illegal => Key::EntryIllegal,
        EntryError::Ambiguous => Key::EntryAmbiguous,
        EntryError::NotYourTurn => Key::EntryNotYourTurn,
        EntryError::GameOver => Key::EntryGameOver,
        EntryError::Reviewing => Key::EntryReviewing,
    };
    lang.fmt(key, &[("text", text)])
}

impl EntryView {
    /// Draws the move box of `m`.
    pub fn render(&mut self, m: &Model) {
        let hidden = m.spectating();
        if self.hidden != Some(hidden) {
            if let Some(form) = dom::by_id("move-form") {
                dom::set_hidden(&form, hidden);
            }
            self.hidden = Some(hidden);
        }
        // In a mistake's exercise, the moves of the position shown.
        let learning = m.learn_turn();
        let suggested = (
            m.game.moves().to_vec(),
            m.shown_ply(),
            m.my_turn() || learning,
            m.lang,
        );
        if self.suggested.as_ref() != Some(&suggested) {
            if let Some(list) = dom::by_id("move-suggestions") {
                dom::clear(&list);
                if suggested.2 {
                    let pos = m.playing_position();
                    let mut moves: Vec<(String, String)> = pos
                        .legal_moves()
                        .iter()
                        .map(|&mv| (pos.san(mv), move_phrase(m.lang, pos, mv)))
                        .collect();
                    moves.sort();
                    for (san, words) in moves {
                        if let Some(o) = dom::el("option", "") {
                            dom::set_attr(&o, "value", &san);
                            dom::set_attr(&o, "label", &words);
                            let _ = list.append_child(&o);
                        }
                    }
                }
            }
            self.suggested = Some(suggested);
        }
        let error = m
            .entry
            .error
            .as_ref()
            .map(|(e, text)| (*e, text.clone(), m.lang));
        if self.error.as_ref() != Some(&error) {
            if let Some(p) = dom::by_id("move-input-error") {
                let text = error
                    .as_ref()
                    .map(|(e, t, lang)| error_text(*lang, *e, t))
                    .unwrap_or_default();
                dom::set_text(&p, &text);
                dom::set_hidden(&p, error.is_none());
            }
            if let Some(input) = dom::by_id("move-input") {
                dom::set_attr(
                    &input,
                    "aria-invalid",
                    if error.is_some() { "true" } else { "false" },
                );
            }
            self.error = Some(error);
        }
        if self.taken != Some(m.entry.taken) {
            if self.taken.is_some()
                && let Some(input) = dom::by_id_as::<HtmlInputElement>("move-input")
            {
                input.set_value("");
            }
            self.taken = Some(m.entry.taken);
        }
    }

    /// Connects the form: Enter or `#move-play` sends the text.
    pub fn wire(&self, d: &impl Emit) {
        let Some(form) = dom::by_id("move-form") else {
            return;
        };
        let d = d.clone();
        dom::on(&form, "submit", move |ev: Event| {
            ev.prevent_default();
            let text = dom::by_id_as::<HtmlInputElement>("move-input")
                .map(|i| i.value())
                .unwrap_or_default();
            d.emit(Msg::MoveTyped(text));
        });
    }
}
