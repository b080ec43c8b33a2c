//! The page's static texts: every `[data-i18n]` element (its text, or the attribute named by
//! `data-i18n-attr`), `<html lang>`, the title, the rules link and the language picker.

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::update::{Emit, Msg};
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlSelectElement};

/// The static texts, drawn again when the language changes.
#[derive(Default)]
pub struct TextsView {
    drawn: Option<Lang>,
}

impl TextsView {
    /// Draws the texts of `m`'s language.
    pub fn render(&mut self, m: &Model) {
        if self.drawn == Some(m.lang) {
            return;
        }
        let lang = m.lang;
        let Some(doc) = dom::document() else { return };
        if let Some(html) = doc.document_element() {
            dom::set_attr(&html, "lang", lang.code());
        }
        doc.set_title(lang.t(Key::AppTitle));
        if let Ok(list) = doc.query_selector_all("[data-i18n]") {
            for i in 0..list.length() {
                let Some(e) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                let Some(key) = e
                    .get_attribute("data-i18n")
                    .and_then(|k| Key::from_name(&k))
                else {
                    continue;
                };
                match e.get_attribute("data-i18n-attr") {
                    Some(attr) => dom::set_attr(&e, &attr, lang.t(key)),
                    None => dom::set_text(&e, lang.t(key)),
                }
            }
        }
        if let Some(link) = dom::by_id("rules-link") {
            dom::set_attr(&link, "href", &format!("rules/{}.html", lang.code()));
        }
        if let Some(select) = dom::by_id_as::<HtmlSelectElement>("lang") {
            select.set_value(lang.code());
        }
        self.drawn = Some(lang);
    }

    /// Connects the language picker.
    pub fn wire(&self, d: &impl Emit) {
        let Some(select) = dom::by_id("lang") else {
            return;
        };
        let d = d.clone();
        dom::on(&select, "change", move |ev: Event| {
            if let Some(lang) = ev
                .target()
                .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
                .and_then(|s| Lang::from_tag(&s.value()))
            {
                d.emit(Msg::PickLang(lang));
            }
        });
    }
}
