//! The looks: `<html data-theme data-pieces data-board>` (which the style sheet reads), the
//! `theme-color` metas, the top bar's `#btn-theme` and the looks card's `#theme`,
//! `#piece-set` and `#board-theme`.
//!
//! `data-theme` is the scheme shown (`light` or `dark`: the choice, or the system's for
//! `auto`), so the style sheet has one dark rule set. The inline script at the top of
//! `index.html` sets the same attributes from storage before the first paint; this view keeps
//! them current afterwards.

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::looks::{BoardTheme, LookChoice, Looks, PieceSet, Theme};
use crate::update::{Emit, LooksMsg, Msg};
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlInputElement, HtmlSelectElement};

/// The browser's bar colour in the light scheme (the board frame's teak).
const BAR_LIGHT: &str = "#6b4226";
/// The browser's bar colour in the dark scheme (the dark top bar).
const BAR_DARK: &str = "#211c18";

/// The drawn looks.
#[derive(Default)]
pub struct LooksView {
    drawn: Option<(Looks, Lang)>,
}

impl LooksView {
    /// Draws the looks of `m`.
    pub fn render(&mut self, m: &Model) {
        let looks = m.looks;
        if self.drawn == Some((looks, m.lang)) {
            return;
        }
        let Some(doc) = dom::document() else { return };
        if let Some(html) = doc.document_element() {
            dom::set_attr(
                &html,
                "data-theme",
                if looks.dark() { "dark" } else { "light" },
            );
            dom::set_attr(&html, "data-pieces", looks.pieces.name());
            dom::set_attr(&html, "data-board", looks.board.name());
        }
        // Each meta answers its own scheme; a forced theme makes both say its colour.
        if let Ok(metas) = doc.query_selector_all("meta[name=\"theme-color\"]") {
            for i in 0..metas.length() {
                let Some(meta) = metas
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                else {
                    continue;
                };
                let for_dark = meta
                    .get_attribute("media")
                    .is_some_and(|q| q.contains("dark"));
                let dark = match looks.theme {
                    Theme::Auto => for_dark,
                    Theme::Light => false,
                    Theme::Dark => true,
                };
                dom::set_attr(&meta, "content", if dark { BAR_DARK } else { BAR_LIGHT });
            }
        }
        if let Some(button) = dom::by_id("btn-theme") {
            dom::set_attr(
                &button,
                "aria-pressed",
                if looks.dark() { "true" } else { "false" },
            );
            dom::set_attr(&button, "title", m.lang.t(Key::ThemeToggle));
        }
        if let Some(select) = dom::by_id_as::<HtmlSelectElement>("theme") {
            select.set_value(looks.theme.name());
        }
        if let Some(select) = dom::by_id_as::<HtmlSelectElement>("board-theme") {
            select.set_value(looks.board.name());
        }
        let selector = format!(
            "#piece-set input[name=\"piece-set\"][value=\"{}\"]",
            looks.pieces.name()
        );
        if let Some(input) = doc
            .query_selector(&selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        {
            input.set_checked(true);
        }
        self.drawn = Some((looks, m.lang));
    }

    /// Connects the toggle and the choices.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(button) = dom::by_id("btn-theme") {
            let d = d.clone();
            dom::on(&button, "click", move |_: Event| {
                d.emit(Msg::Looks(LooksMsg::ToggleTheme));
            });
        }
        let choose = |id: &str, parse: fn(&str) -> Option<LookChoice>| {
            let Some(e) = dom::by_id(id) else { return };
            let d = d.clone();
            dom::on(&e, "change", move |ev: Event| {
                let value = ev.target().and_then(|t| {
                    t.dyn_ref::<HtmlSelectElement>()
                        .map(HtmlSelectElement::value)
                        .or_else(|| t.dyn_ref::<HtmlInputElement>().map(HtmlInputElement::value))
                });
                if let Some(choice) = value.as_deref().and_then(parse) {
                    d.emit(Msg::Looks(LooksMsg::Choose(choice)));
                }
            });
        };
        choose("theme", |v| Theme::from_name(v).map(LookChoice::Theme));
        choose("piece-set", |v| {
            PieceSet::from_name(v).map(LookChoice::Pieces)
        });
        choose("board-theme", |v| {
            BoardTheme::from_name(v).map(LookChoice::Board)
        });
    }
}
