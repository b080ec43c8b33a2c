//! The modal dialogs (`<dialog>` elements written in `index.html`): promotion, new game,
//! confirmation, game over, export and import; and the notice area `#notice`.
//!
//! The model says which dialog is open; this view fills it, opens it (`showModal`, which
//! traps the focus and closes on Escape; the `open` attribute where it is missing) and closes
//! the others. A dialog closed by the user (Escape, a cancel button) tells the model through
//! its `close` event.
//!
//! The promotion chooser is the exception: not modal, a column over the promotion square as
//! the board shows it (hanging from the top edge, or rising from the bottom one with its
//! choices mirrored when the board is flipped), so that the board's buttons (Flip) stay in
//! reach; a press anywhere outside it and Escape cancel it.

use super::board::{piece_code, role_name};
use super::panel::{result_key, score_text};
use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::room::{Player, rating_diff_text, rating_text};
use crate::model::{Confirm, Dialog, DialogKind, Mode, Model, Notice, export};
use crate::update::{
    CopyWhat, Emit, Msg, NewGameChoice, OnlineMsg, RangeChoice, RoomSettings, rated_refusal,
};
use engine::Level;
use protocol::{SeatChoice, TimeControl};
use rules::{Color, Piece, PromotionRule, Role};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{Event, HtmlDialogElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

fn element(kind: DialogKind) -> Option<HtmlDialogElement> {
    dom::by_id_as::<HtmlDialogElement>(kind.id())
}

fn open(kind: DialogKind) {
    let Some(d) = element(kind) else {
        dom::log(&format!("dialog #{} is missing", kind.id()));
        return;
    };
    if d.open() {
        return;
    }
    if kind == DialogKind::Promotion {
        d.show();
    } else if d.show_modal().is_err() {
        d.set_open(true);
    }
}

/// Places the promotion chooser over the square `to` as the board shows it now: one square wide,
/// from the square towards the board's middle (`data-edge` says from which edge).
fn place_promotion(to: rules::Square) {
    let Some(dialog) = dom::by_id("promotion") else {
        return;
    };
    let square = dom::document().and_then(|d| {
        d.query_selector(&format!("#board [data-square=\"{to}\"]"))
            .ok()
            .flatten()
    });
    let (Some(square), Some(board), Some(window)) =
        (square, dom::by_id("board"), web_sys::window())
    else {
        return;
    };
    let (r, b) = (
        square.get_bounding_client_rect(),
        board.get_bounding_client_rect(),
    );
    let (sx, sy) = (
        window.scroll_x().unwrap_or(0.0),
        window.scroll_y().unwrap_or(0.0),
    );
    let top = r.top() + r.height() / 2.0 < b.top() + b.height() / 2.0;
    dom::set_attr(&dialog, "data-edge", if top { "top" } else { "bottom" });
    let y = if top { r.top() } else { r.bottom() };
    dom::set_attr(
        &dialog,
        "style",
        &format!(
            "left:{:.1}px;top:{:.1}px;width:{:.1}px",
            r.left() + sx,
            y + sy,
            r.width()
        ),
    );
}

fn close(kind: DialogKind) {
    if let Some(d) = element(kind).filter(|d| d.open()) {
        d.close();
    }
}

/// The dialogs and the notice area.
#[derive(Default)]
pub struct DialogsView {
    /// The dialog drawn and the language it was drawn in.
    drawn: Option<(Dialog, Lang, String)>,
    /// The notices drawn.
    notices: Option<Vec<String>>,
    /// Whether the new-game dialog's note that online play needs a connection is shown.
    offline_note: Option<bool>,
    /// Whether somebody was signed in when the "Rated" box was last set.
    rated_signed_in: Option<bool>,
}

impl DialogsView {
    /// Draws the dialog of `m` and the notices.
    pub fn render(&mut self, m: &Model) {
        self.render_notices(m);
        let unreachable = m.net.unreachable();
        if self.offline_note != Some(unreachable)
            && let Some(note) = dom::by_id("online-offline")
        {
            dom::set_hidden(&note, !unreachable);
            self.offline_note = Some(unreachable);
        }
        let signed_in = m.accounts.user.is_some();
        if self.rated_signed_in != Some(signed_in) {
            if let Some(b) = dom::by_id("opt-rated") {
                dom::set_attr(
                    &b,
                    "data-signed-in",
                    if signed_in { "true" } else { "false" },
                );
            }
            sync_rated();
            self.rated_signed_in = Some(signed_in);
        }
        let Some(dialog) = m.dialog.clone() else {
            if let Some((old, _, _)) = self.drawn.take() {
                close(old.kind());
            }
            return;
        };
        // The export depends on the game too (moves may arrive online).
        let extra = if dialog == Dialog::Export {
            format!("{}|{}", m.game.moves().len(), m.shown_ply())
        } else {
            String::new()
        };
        let key = (dialog.clone(), m.lang, extra);
        if self.drawn.as_ref() == Some(&key) {
            return;
        }
        if let Some((old, _, _)) = &self.drawn
            && old.kind() != dialog.kind()
        {
            close(old.kind());
        }
        let fresh = self
            .drawn
            .as_ref()
            .is_none_or(|(d, _, _)| d.kind() != dialog.kind());
        fill(m, &dialog, fresh);
        open(dialog.kind());
        if fresh {
            focus_first(&dialog);
        }
        if dialog == Dialog::Export
            && let Some(t) = dom::by_id_as::<HtmlTextAreaElement>("export-pgn")
        {
            // Shown from its tags, not scrolled to where the text was set.
            t.set_scroll_top(0);
        }
        self.drawn = Some(key);
    }

    fn render_notices(&mut self, m: &Model) {
        let has_saved = m.notices.contains(&Notice::Full) && m.has_other_saved();
        let texts: Vec<String> = m
            .notices
            .iter()
            .map(|n| n.text(m.lang, has_saved))
            .collect();
        if self.notices.as_ref() == Some(&texts) {
            return;
        }
        if let (Some(area), Some(list)) = (dom::by_id("notice"), dom::by_id("notice-list")) {
            dom::clear(&list);
            for t in &texts {
                if let Some(li) = dom::el("li", "") {
                    dom::set_text(&li, t);
                    let _ = list.append_child(&li);
                }
            }
            dom::set_hidden(&area, texts.is_empty());
        }
        self.notices = Some(texts);
    }

    /// Connects the dialogs' buttons and forms.
    pub fn wire(&self, d: &impl Emit) {
        let click = |id: &str, msg: Msg| {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        };
        click("confirm-yes", Msg::ConfirmYes);
        click("notice-dismiss", Msg::DismissNotice);
        click("game-over-new", Msg::GameOverNew);
        click("game-over-export", Msg::ExportOpen);
        click("game-over-rematch", Msg::Online(OnlineMsg::Rematch));
        click("export-copy-pgn", Msg::Copy(CopyWhat::Pgn));
        click("export-copy-fen", Msg::Copy(CopyWhat::Fen));
        click("export-download", Msg::Download);
        for (id, kind) in [
            ("promotion-cancel", DialogKind::Promotion),
            ("confirm-no", DialogKind::Confirm),
            ("new-game-cancel", DialogKind::NewGame),
            ("game-over-close", DialogKind::GameOver),
            ("export-close", DialogKind::Export),
            ("import-cancel", DialogKind::Import),
        ] {
            click(id, Msg::DialogClosed(kind));
        }
        // Escape, or any other way the browser closes a dialog.
        for kind in DialogKind::ALL {
            if let Some(e) = dom::by_id(kind.id()) {
                let d = d.clone();
                dom::on(&e, "close", move |_: Event| d.emit(Msg::DialogClosed(kind)));
            }
        }
        if let Some(e) = dom::by_id("promotion") {
            let d = d.clone();
            dom::on(&e, "click", move |ev: web_sys::MouseEvent| {
                let role = dom::closest_attr(&ev, "data-role")
                    .and_then(|v| Role::ALL.into_iter().find(|r| r.name() == v));
                if let Some(role) = role {
                    d.emit(Msg::Promote(role));
                }
            });
        }
        // The chooser is not modal: a press outside it (the board, the Flip button) and Escape
        // anywhere cancel it, as Cancel does. The press is heard before its target hears it
        // (the press on the board that opens the chooser is not one outside it) and goes no
        // further (it selects nothing on the board; a button's click still follows).
        if let Some(doc) = dom::document() {
            let open_chooser = || element(DialogKind::Promotion).filter(HtmlDialogElement::open);
            let dd = d.clone();
            dom::on_capture(&doc, "pointerdown", move |ev: web_sys::PointerEvent| {
                let Some(chooser) = open_chooser() else {
                    return;
                };
                let inside = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
                    .is_some_and(|n| chooser.contains(Some(&n)));
                if !inside {
                    ev.stop_propagation();
                    dd.emit(Msg::DialogClosed(DialogKind::Promotion));
                }
            });
            let dd = d.clone();
            dom::on(&doc, "keydown", move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Escape" && open_chooser().is_some() {
                    dd.emit(Msg::DialogClosed(DialogKind::Promotion));
                }
            });
        }
        if let Some(form) = dom::by_id("new-game-form") {
            let d = d.clone();
            dom::on(&form, "submit", move |ev: Event| {
                ev.prevent_default();
                d.emit(Msg::NewGameStart(read_new_game()));
            });
        }
        if let Some(select) = dom::by_id("time-control") {
            dom::on(&select, "change", |_: Event| sync_rated());
        }
        if let Some(b) = dom::by_id("import-start") {
            let d = d.clone();
            dom::on(&b, "click", move |_: Event| {
                let text = dom::by_id_as::<HtmlTextAreaElement>("import-text")
                    .map(|t| t.value())
                    .unwrap_or_default();
                d.emit(Msg::ImportStart(text));
            });
        }
        if let Some(input) = dom::by_id_as::<HtmlInputElement>("import-file") {
            let i = input.clone();
            dom::on(&input, "change", move |_: Event| read_file(&i));
        }
    }
}

/// Puts the text of the file chosen in `#import-file` into `#import-text`.
fn read_file(input: &HtmlInputElement) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let done = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
        if let (Some(t), Some(text)) = (
            dom::by_id_as::<HtmlTextAreaElement>("import-text"),
            text.as_string(),
        ) {
            t.set_value(&text);
        }
    });
    let _ = file.text().then(&done);
    done.forget();
}

/// Enables the new-game dialog's "Rated" box exactly when a rated room may be asked for
/// (signed in, as `data-signed-in` on the box says, and a time control chosen), and shows the
/// hint that says why not otherwise. The box keeps its tick while disabled.
fn sync_rated() {
    let Some(b) = dom::by_id_as::<HtmlInputElement>("opt-rated") else {
        return;
    };
    let signed_in = b.get_attribute("data-signed-in").as_deref() == Some("true");
    let clock = dom::by_id_as::<HtmlSelectElement>("time-control")
        .and_then(|s| s.value().parse::<TimeControl>().ok());
    let refusal = rated_refusal(signed_in, clock);
    b.set_disabled(refusal.is_some());
    // A rating range is asked on the same terms as a rated game (a rating is one of a speed).
    for id in ["opt-range-below", "opt-range-above"] {
        if let Some(s) = dom::by_id_as::<HtmlSelectElement>(id) {
            s.set_disabled(refusal.is_some());
        }
    }
    let mut hint = None;
    for (id, key) in [
        ("opt-rated-signin", Key::RatedNeedsSignIn),
        ("opt-rated-clock", Key::RatedNeedsClock),
    ] {
        if let Some(e) = dom::by_id(id) {
            dom::set_hidden(&e, refusal != Some(key));
        }
        if refusal == Some(key) {
            hint = Some(id);
        }
    }
    match hint {
        Some(id) => dom::set_attr(&b, "aria-describedby", id),
        None => {
            let _ = b.remove_attribute("aria-describedby");
        }
    }
}

/// Fills `#game-over-ratings` with each side's rating change in a rated room whose end this
/// page received (hidden otherwise): `li[data-rating="white"|"black"]` holding the player's
/// name, the change (`+12`, `−12`; also in `data-diff`) and the new rating (`1512?`).
fn fill_ratings(m: &Model) {
    let Some(list) = dom::by_id("game-over-ratings") else {
        return;
    };
    dom::clear(&list);
    let shown = m.room().and_then(|v| v.ratings.map(|r| (v, r)));
    if let Some((view, ratings)) = shown {
        for seat in [Color::White, Color::Black] {
            let change = *ratings.get(seat);
            let Some(li) = dom::el("li", "") else {
                continue;
            };
            dom::set_attr(
                &li,
                "data-rating",
                if seat == Color::White {
                    "white"
                } else {
                    "black"
                },
            );
            let name = match view.player(seat) {
                Player::User(user) => user.to_string(),
                _ => m.lang.t(Key::PlayerAnonymous).to_owned(),
            };
            let side = m.lang.t(if seat == Color::White {
                Key::White
            } else {
                Key::Black
            });
            for (class, text) in [
                ("rating-name", name.clone()),
                ("rating-diff", rating_diff_text(change.diff())),
                (
                    "rating-after",
                    rating_text(change.after, change.provisional),
                ),
            ] {
                // A signed-in player's name opens their profile.
                let user = match view.player(seat) {
                    Player::User(user) if class == "rating-name" => Some(user.to_string()),
                    _ => None,
                };
                let tag = if user.is_some() { "a" } else { "span" };
                if let Some(span) = dom::el(tag, class) {
                    dom::set_text(&span, &text);
                    if class == "rating-name" {
                        dom::set_attr(&span, "title", &format!("{name} ({side})"));
                    }
                    if let Some(u) = &user {
                        dom::set_attr(&span, "href", &super::profile::profile_href(u));
                    }
                    let _ = li.append_child(&span);
                }
            }
            dom::set_attr(&li, "data-diff", &change.diff().to_string());
            let _ = list.append_child(&li);
        }
    }
    dom::set_hidden(&list, shown.is_none());
}

/// The choices of the new-game form.
fn read_new_game() -> NewGameChoice {
    let checked = |name: &str| {
        dom::document()
            .and_then(|d| {
                d.query_selector(&format!("#new-game input[name=\"{name}\"]:checked"))
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.get_attribute("value"))
            .unwrap_or_default()
    };
    let promotion = checked("promotion")
        .parse::<PromotionRule>()
        .unwrap_or_default();
    let human = match checked("human").as_str() {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    };
    let clock = dom::by_id_as::<HtmlSelectElement>("time-control")
        .and_then(|s| s.value().parse::<TimeControl>().ok());
    match checked("mode").as_str() {
        "online" => NewGameChoice::Online(RoomSettings {
            seat: match human {
                Some(Color::White) => SeatChoice::White,
                Some(Color::Black) => SeatChoice::Black,
                None => SeatChoice::Random,
            },
            promotion,
            clock,
            public: checked("visibility") == "public",
            // A disabled box (signed out, untimed) keeps its tick for later but asks nothing.
            rated: dom::by_id_as::<HtmlInputElement>("opt-rated")
                .is_some_and(|b| b.checked() && !b.disabled()),
            range: RangeChoice {
                below: range_delta("opt-range-below"),
                above: range_delta("opt-range-above"),
            },
        }),
        "ai" => NewGameChoice::Ai {
            promotion,
            level: dom::by_id_as::<HtmlSelectElement>("ai-level")
                .and_then(|s| s.value().parse::<u8>().ok())
                .and_then(Level::new)
                .unwrap_or(Level::MIN),
            human,
            clock,
        },
        _ => NewGameChoice::HotSeat { promotion, clock },
    }
}

/// The points of the rating range's select `id` (`None`: "any", or the select disabled).
fn range_delta(id: &str) -> Option<u16> {
    dom::by_id_as::<HtmlSelectElement>(id)
        .filter(|s| !s.disabled())
        .and_then(|s| s.value().parse::<u16>().ok())
}

fn set_text(id: &str, text: &str) {
    if let Some(e) = dom::by_id(id) {
        dom::set_text(&e, text);
    }
}

fn check_radio(name: &str, value: &str) {
    let selector = format!("#new-game input[name=\"{name}\"][value=\"{value}\"]");
    if let Some(input) = dom::document()
        .and_then(|d| d.query_selector(&selector).ok().flatten())
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        input.set_checked(true);
    }
}

/// Fills `dialog`; `fresh` when it is being opened (not redrawn).
fn fill(m: &Model, dialog: &Dialog, fresh: bool) {
    let lang = m.lang;
    match dialog {
        Dialog::Promotion {
            roles, color, to, ..
        } => {
            place_promotion(*to);
            for role in [Role::Rook, Role::Knight, Role::Khon, Role::Met] {
                let selector = format!("#promotion [data-role=\"{}\"]", role.name());
                let Some(button) =
                    dom::document().and_then(|d| d.query_selector(&selector).ok().flatten())
                else {
                    continue;
                };
                dom::set_hidden(&button, !roles.contains(&role));
                if let Some(img) = button.query_selector(".piece").ok().flatten() {
                    dom::set_attr(
                        &img,
                        "data-piece",
                        &piece_code(Piece {
                            color: *color,
                            role,
                        }),
                    );
                }
                if let Some(label) = button.query_selector(".label").ok().flatten() {
                    dom::set_text(&label, role_name(lang, role));
                }
                if let Some(gloss) = button.query_selector(".gloss").ok().flatten() {
                    // Khon and met keep their Thai names in every language: a short gloss
                    // says how they move.
                    let text = match role {
                        Role::Khon => lang.t(Key::GlossKhon),
                        Role::Met => lang.t(Key::GlossMet),
                        _ => "",
                    };
                    dom::set_text(&gloss, text);
                    let name = role_name(lang, role);
                    let title = if text.is_empty() {
                        name.to_owned()
                    } else {
                        format!("{name}: {text}")
                    };
                    dom::set_attr(&button, "title", &title);
                }
            }
        }
        Dialog::NewGame(form) => {
            if fresh {
                check_radio("mode", form.mode.name());
                check_radio("promotion", &form.promotion.to_string());
                check_radio(
                    "human",
                    match form.human {
                        Some(Color::White) => "white",
                        Some(Color::Black) => "black",
                        None => "random",
                    },
                );
                if let Some(select) = dom::by_id_as::<HtmlSelectElement>("ai-level") {
                    select.set_value(&form.level.number().to_string());
                }
            }
        }
        Dialog::Confirm(c) => {
            let (title, text, yes) = match c {
                Confirm::Resign(side) => (
                    Key::ConfirmResignTitle,
                    if *side == Color::White {
                        Key::ConfirmResignWhite
                    } else {
                        Key::ConfirmResignBlack
                    },
                    Key::ConfirmResignYes,
                ),
                Confirm::Draw => (
                    Key::ConfirmDrawTitle,
                    Key::ConfirmDrawText,
                    Key::ConfirmDrawYes,
                ),
                Confirm::Delete(_) => (
                    Key::ConfirmDeleteTitle,
                    Key::ConfirmDeleteText,
                    Key::ConfirmDeleteYes,
                ),
            };
            set_text("confirm-title", lang.t(title));
            set_text("confirm-text", lang.t(text));
            set_text("confirm-yes", lang.t(yes));
        }
        Dialog::GameOver(result) => {
            set_text("game-over-text", lang.t(result_key(*result)));
            set_text("game-over-score", score_text(*result));
            fill_ratings(m);
            if let Some(e) = dom::by_id("game-over") {
                dom::set_attr(&e, "data-outcome", result.label());
            }
            let online_seat = m.room().is_some_and(|v| v.you.is_some());
            if let Some(b) = dom::by_id("game-over-rematch") {
                dom::set_hidden(&b, !online_seat);
            }
            if let Some(b) = dom::by_id("game-over-new") {
                dom::set_hidden(&b, online_seat);
            }
        }
        Dialog::Export => {
            if let Some(t) = dom::by_id_as::<HtmlTextAreaElement>("export-pgn") {
                t.set_value(&export::pgn(m));
            }
            if let Some(t) = dom::by_id_as::<HtmlTextAreaElement>("export-fen") {
                t.set_value(&m.shown_position().fen());
            }
            let what = match &m.mode {
                Mode::Online(_) => Key::ExportOnline,
                _ => Key::ExportLocal,
            };
            set_text("export-note", lang.t(what));
        }
        Dialog::Import { error } => {
            if let Some(e) = dom::by_id("import-error") {
                dom::set_text(&e, error.as_deref().unwrap_or(""));
                dom::set_hidden(&e, error.is_none());
            }
            if fresh {
                if let Some(t) = dom::by_id_as::<HtmlTextAreaElement>("import-text") {
                    t.set_value("");
                }
                if let Some(i) = dom::by_id_as::<HtmlInputElement>("import-file") {
                    i.set_value("");
                }
            }
        }
    }
}

/// Gives the focus to the dialog's first choice.
fn focus_first(dialog: &Dialog) {
    let selector = match dialog {
        Dialog::Promotion { .. } => "#promotion .promo:not([hidden])",
        Dialog::Import { .. } => "#import-text",
        Dialog::Export => "#export-copy-pgn",
        _ => return,
    };
    if let Some(e) = dom::document().and_then(|d| d.query_selector(selector).ok().flatten()) {
        dom::focus(&e);
    }
}
