//! The modal dialogs (promotion, new game, confirmation, game over), the notice area and toasts.
//!
//! The dialogs are `<dialog>` elements written in `index.html`; this module fills and opens
//! them. `showModal` gives focus trapping and Escape-to-close for free; where it is missing the
//! `open` attribute is used instead.

use crate::board::{piece_code, role_name};
use crate::dom;
use crate::i18n::{Key, Lang};
use rules::{Color, Piece, Role};
use web_sys::HtmlDialogElement;

/// The dialogs of the page, by element id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// `#promotion`: choose the piece a pawn becomes.
    Promotion,
    /// `#new-game`: settings of a new game.
    NewGame,
    /// `#confirm`: resign or agree a draw.
    Confirm,
    /// `#game-over`: the result and its reason.
    GameOver,
}

impl Dialog {
    /// The element id.
    pub fn id(self) -> &'static str {
        match self {
            Dialog::Promotion => "promotion",
            Dialog::NewGame => "new-game",
            Dialog::Confirm => "confirm",
            Dialog::GameOver => "game-over",
        }
    }

    fn element(self) -> Option<HtmlDialogElement> {
        dom::by_id_as::<HtmlDialogElement>(self.id())
    }

    /// Opens the dialog modally (no-op when already open).
    pub fn open(self) {
        let Some(d) = self.element() else {
            dom::log(&format!("dialog #{} is missing", self.id()));
            return;
        };
        if d.open() {
            return;
        }
        if d.show_modal().is_err() {
            d.set_open(true);
        }
    }

    /// Closes the dialog (no-op when closed).
    pub fn close(self) {
        if let Some(d) = self.element().filter(|d| d.open()) {
            d.close();
        }
    }

    /// Whether the dialog is open.
    pub fn is_open(self) -> bool {
        self.element().is_some_and(|d| d.open())
    }
}

/// Fills the promotion panel for a pawn of `color`: shows the buttons of `roles` only, with the
/// mover's piece images, and opens it. The first offered choice gets the focus.
pub fn show_promotion(lang: Lang, color: Color, roles: &[Role]) {
    let mut first = None;
    for role in [Role::Rook, Role::Knight, Role::Khon, Role::Met] {
        let selector = format!("#promotion [data-role=\"{}\"]", role_attr(role));
        let Some(button) = dom::document().and_then(|d| d.query_selector(&selector).ok().flatten())
        else {
            continue;
        };
        let offered = roles.contains(&role);
        dom::set_hidden(&button, !offered);
        if offered && first.is_none() {
            first = Some(button.clone());
        }
        if let Some(img) = button.query_selector(".piece").ok().flatten() {
            dom::set_attr(&img, "data-piece", &piece_code(Piece { color, role }));
        }
        if let Some(label) = button.query_selector(".label").ok().flatten() {
            dom::set_text(&label, role_name(lang, role));
        }
        if let Some(gloss) = button.query_selector(".gloss").ok().flatten() {
            // Khon and met keep their Thai names in every language: a short gloss says how
            // they move.
            let text = match role {
                Role::Khon => lang.t(Key::GlossKhon),
                Role::Met => lang.t(Key::GlossMet),
                _ => "",
            };
            dom::set_text(&gloss, text);
        }
    }
    if let Some(note) = dom::by_id("promotion-note") {
        dom::set_hidden(&note, roles.len() != 1);
    }
    Dialog::Promotion.open();
    if let Some(b) = first {
        dom::focus(&b);
    }
}

/// The `data-role` value of a promotion button: `rook`, `knight`, `khon` or `met`.
pub fn role_attr(role: Role) -> &'static str {
    match role {
        Role::Rook => "rook",
        Role::Knight => "knight",
        Role::Khon => "khon",
        Role::Met => "met",
        Role::King => "king",
        Role::Pawn => "pawn",
    }
}

/// The role of a promotion button's `data-role` value.
pub fn role_from_attr(value: &str) -> Option<Role> {
    [Role::Rook, Role::Knight, Role::Khon, Role::Met]
        .into_iter()
        .find(|r| role_attr(*r) == value)
}

/// Fills and opens the confirmation dialog.
pub fn show_confirm(title: &str, text: &str, yes: &str) {
    for (id, value) in [
        ("confirm-title", title),
        ("confirm-text", text),
        ("confirm-yes", yes),
    ] {
        if let Some(e) = dom::by_id(id) {
            dom::set_text(&e, value);
        }
    }
    Dialog::Confirm.open();
}

/// Fills and opens the game-over dialog with the result sentence.
pub fn show_game_over(text: &str, outcome: &str) {
    if let Some(e) = dom::by_id("game-over-text") {
        dom::set_text(&e, text);
    }
    if let Some(e) = dom::by_id("game-over") {
        dom::set_attr(&e, "data-outcome", outcome);
    }
    Dialog::GameOver.open();
}

/// Shows a short message for a few seconds; `error` styles it as a problem. Toasts are
/// announced politely to screen readers. A toast with the same text already on screen is
/// refreshed (its timer starts again) rather than repeated, and at most two are shown.
pub fn toast(text: &str, error: bool) {
    let Some(area) = dom::by_id("toasts") else {
        return;
    };
    let mut same = None;
    let mut child = area.first_element_child();
    while let Some(c) = child {
        child = c.next_element_sibling();
        if c.text_content().as_deref() == Some(text) {
            same = Some(c);
        }
    }
    let t = match same {
        Some(t) => {
            dom::set_class(&t, "leaving", false);
            dom::set_class(&t, "error", error);
            t
        }
        None => {
            let Some(t) = dom::el("div", if error { "toast error" } else { "toast" }) else {
                return;
            };
            dom::set_text(&t, text);
            // Keep at most two on screen.
            while area.child_element_count() >= 2 {
                match area.first_element_child() {
                    Some(old) => old.remove(),
                    None => break,
                }
            }
            let _ = area.append_child(&t);
            t
        }
    };
    // Each showing gets a generation: only the timer of the latest one removes the toast.
    let generation = t
        .get_attribute("data-gen")
        .and_then(|g| g.parse::<u32>().ok())
        .unwrap_or(0)
        .wrapping_add(1)
        .to_string();
    dom::set_attr(&t, "data-gen", &generation);
    dom::after_ms(if error { 6000 } else { 2600 }, move || {
        if t.get_attribute("data-gen").as_deref() != Some(generation.as_str()) {
            return;
        }
        dom::set_class(&t, "leaving", true);
        dom::after_ms(300, move || {
            if t.get_attribute("data-gen").as_deref() == Some(generation.as_str()) {
                t.remove();
            }
        });
    });
}

/// Shows the notice area (`#notice`) with these messages, or hides it when there are none.
pub fn show_notices(messages: &[String]) {
    let Some(area) = dom::by_id("notice") else {
        return;
    };
    let Some(list) = dom::by_id("notice-list") else {
        return;
    };
    dom::clear(&list);
    for m in messages {
        if let Some(p) = dom::el("li", "") {
            dom::set_text(&p, m);
            let _ = list.append_child(&p);
        }
    }
    dom::set_hidden(&area, messages.is_empty());
}
