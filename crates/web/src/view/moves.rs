//! `#moves`: the game's moves in SAN, numbered from the first position's move number, each
//! labelled in words for screen readers, the shown one marked `current`; a click on a move
//! shows its position. The list is one tab stop (a roving tabindex on the shown move): inside
//! it ←/↑ and →/↓ step back and forward, Home and End go to the first position and the game
//! as it stands, and the focus follows the shown move. Also the review buttons under the
//! list and the page's review keys (←/→/Home/End).

use super::speech::move_words;
use crate::dom;
use crate::i18n::Lang;
use crate::model::Model;
use crate::update::{Emit, Msg, ReviewStep};
use rules::Color;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent};

/// The move list.
#[derive(Default)]
pub struct MovesView {
    /// The game drawn: its first position (FEN), its moves and the language of their words.
    drawn: Option<(String, Vec<rules::Move>, Lang)>,
    /// The ply marked current.
    current: Option<usize>,
    /// The judgements drawn: ply, judgement name, the better move in SAN.
    judged: Vec<(usize, &'static str, String)>,
}

impl MovesView {
    /// Draws the moves of `m`.
    pub fn render(&mut self, m: &Model) {
        // The SAN is written only when the game changed (not on every clock tick).
        let key = (m.game.initial_fen(), m.game.moves().to_vec(), m.lang);
        let Some(list) = dom::by_id("moves") else {
            return;
        };
        let had_focus = holds_focus(&list);
        if self.drawn.as_ref() != Some(&key) {
            let first = m
                .game
                .positions()
                .first()
                .map_or((Color::White, 1), |p| (p.turn(), p.fullmoves()));
            draw(&list, &m.game.san_moves(), &labels(m), first.0, first.1);
            if let Some(scroller) = dom::by_id("moves-box") {
                scroller.set_scroll_top(scroller.scroll_height());
            }
            self.drawn = Some(key);
            self.current = None;
            self.judged.clear();
        }
        let judged = judgements(m);
        if judged != self.judged {
            mark(&list, &self.judged, &judged, m.lang);
            self.judged = judged;
        }
        let shown = m.shown_ply();
        if self.current != Some(shown) {
            if let Ok(nodes) = list.query_selector_all(".san.current") {
                for i in 0..nodes.length() {
                    if let Some(e) = nodes
                        .item(i)
                        .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                    {
                        dom::set_class(&e, "current", false);
                    }
                }
            }
            if let Ok(nodes) = list.query_selector_all(".san[tabindex=\"0\"]") {
                for i in 0..nodes.length() {
                    if let Some(e) = nodes.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                        dom::set_attr(&e, "tabindex", "-1");
                        let _ = e.remove_attribute("aria-current");
                    }
                }
            }
            if shown > 0
                && let Ok(Some(e)) = list.query_selector(&format!(".san[data-ply=\"{shown}\"]"))
            {
                dom::set_class(&e, "current", true);
                dom::set_attr(&e, "aria-current", "true");
                if m.review.is_some() {
                    keep_in_box(&e);
                }
            }
            // The list's one tab stop: the shown move, or the first one at the start.
            let stop = list
                .query_selector(&format!(".san[data-ply=\"{}\"]", shown.max(1)))
                .ok()
                .flatten();
            if let Some(e) = &stop {
                dom::set_attr(e, "tabindex", "0");
            }
            if (had_focus || holds_focus(&list))
                && let Some(e) = &stop
            {
                focus_quietly(e);
                keep_in_box(e);
            }
            self.current = Some(shown);
        }
        if let Some(e) = dom::by_id("review-position") {
            let text = m.review.map(|ply| review_text(m, ply));
            dom::set_text(&e, text.as_deref().unwrap_or(""));
            dom::set_hidden(&e, text.is_none());
        }
        for (id, enabled) in [
            ("btn-first", shown > 0),
            ("btn-prev", shown > 0),
            ("btn-next", m.review.is_some()),
            ("btn-last", m.review.is_some()),
        ] {
            if let Some(b) = dom::by_id(id) {
                dom::set_disabled(&b, !enabled);
            }
        }
    }

    /// Connects clicks on moves, the review buttons and the review keys.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(list) = dom::by_id("moves") {
            let dd = d.clone();
            dom::on(&list, "click", move |ev: Event| {
                if let Some(ply) =
                    dom::closest_attr(&ev, "data-ply").and_then(|p| p.parse::<usize>().ok())
                {
                    dd.emit(Msg::Review(ReviewStep::Ply(ply)));
                }
            });
            let dd = d.clone();
            dom::on(&list, "keydown", move |ev: KeyboardEvent| {
                if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
                    return;
                }
                let step = match ev.key().as_str() {
                    "ArrowLeft" | "ArrowUp" => ReviewStep::Back,
                    "ArrowRight" | "ArrowDown" => ReviewStep::Forward,
                    "Home" => ReviewStep::First,
                    "End" => ReviewStep::Live,
                    _ => return,
                };
                // The list's own keys (not the page's review keys as well, nor a scroll).
                ev.prevent_default();
                ev.stop_propagation();
                dd.emit(Msg::Review(step));
            });
        }
        for (id, step) in [
            ("btn-first", ReviewStep::First),
            ("btn-prev", ReviewStep::Back),
            ("btn-next", ReviewStep::Forward),
            ("btn-last", ReviewStep::Live),
            ("btn-live", ReviewStep::Live),
        ] {
            if let Some(b) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&b, "click", move |_: Event| d.emit(Msg::Review(step)));
            }
        }
        let Some(doc) = dom::document() else { return };
        let d = d.clone();
        dom::on(&doc, "keydown", move |ev: KeyboardEvent| {
            if ev.alt_key() || ev.ctrl_key() || ev.meta_key() || typing(&ev) {
                return;
            }
            let step = match ev.key().as_str() {
                "ArrowLeft" => ReviewStep::Back,
                "ArrowRight" => ReviewStep::Forward,
                "Home" => ReviewStep::First,
                "End" => ReviewStep::Live,
                _ => return,
            };
            ev.prevent_default();
            d.emit(Msg::Review(step));
        });
    }
}

/// What the board shows while reviewing: "Position after 2... cxd5 (4 of 9)", or the first
/// position.
fn review_text(m: &Model, ply: usize) -> String {
    let lang = m.lang;
    let total = crate::intl::integer(lang, m.game.moves().len() as u64);
    let Some(before) = ply.checked_sub(1).and_then(|i| m.game.positions().get(i)) else {
        return lang.fmt(crate::i18n::Key::ReviewStart, &[("total", &total)]);
    };
    let Some(&mv) = m.game.moves().get(ply - 1) else {
        return String::new();
    };
    let number = if before.turn() == Color::White {
        format!("{}.", before.fullmoves())
    } else {
        format!("{}...", before.fullmoves())
    };
    lang.fmt(
        crate::i18n::Key::ReviewAt,
        &[
            ("move", &format!("{number} {}", before.san(mv))),
            ("ply", &crate::intl::integer(lang, ply as u64)),
            ("total", &total),
        ],
    )
}

/// Scrolls the move list (only it: never the page, which on a phone would take the board out
/// of sight) so that `e` is visible.
fn keep_in_box(e: &web_sys::Element) {
    let Some(scroller) = dom::by_id("moves-box") else {
        return;
    };
    let (b, r) = (
        scroller.get_bounding_client_rect(),
        e.get_bounding_client_rect(),
    );
    let top = scroller.scroll_top();
    if r.top() < b.top() {
        scroller.set_scroll_top(top - (b.top() - r.top()).ceil() as i32);
    } else if r.bottom() > b.bottom() {
        scroller.set_scroll_top(top + (r.bottom() - b.bottom()).ceil() as i32);
    }
}

/// The judged moves of `m`'s analysis: ply, judgement name, and the better move in SAN.
fn judgements(m: &Model) -> Vec<(usize, &'static str, String)> {
    let Some(a) = &m.analysis else {
        return Vec::new();
    };
    // Not while the better move is the answer a mistake's exercise asks for.
    let finding = m
        .learn
        .as_ref()
        .is_some_and(|l| l.ply().is_some() && !l.state.answered());
    (1..a.total())
        .filter_map(|ply| {
            let j = a.judgement(&m.game, ply)?;
            let pos = m.game.positions().get(ply - 1)?;
            let best = a
                .eval(ply - 1)
                .filter(|_| !finding)
                .and_then(|e| e.best)
                .filter(|&b| pos.is_legal(b))
                .map(|b| pos.san(b))
                .unwrap_or_default();
            Some((ply, j.name(), best))
        })
        .collect()
}

/// Marks the judged moves (`data-judgement`, and the better move in the title), clearing the
/// marks of `old` first.
fn mark(
    list: &web_sys::Element,
    old: &[(usize, &'static str, String)],
    new: &[(usize, &'static str, String)],
    lang: crate::i18n::Lang,
) {
    let at = |ply: usize| {
        list.query_selector(&format!(".san[data-ply=\"{ply}\"]"))
            .ok()
            .flatten()
    };
    for (ply, _, _) in old {
        if let Some(e) = at(*ply) {
            let _ = e.remove_attribute("data-judgement");
            let _ = e.remove_attribute("title");
        }
    }
    for (ply, name, best) in new {
        if let Some(e) = at(*ply) {
            dom::set_attr(&e, "data-judgement", name);
            if !best.is_empty() {
                dom::set_attr(
                    &e,
                    "title",
                    &lang.fmt(crate::i18n::Key::BestMove, &[("move", best)]),
                );
            }
        }
    }
}

/// Whether the key goes to a text field, a list or an open dialog (which keep their keys).
fn typing(ev: &KeyboardEvent) -> bool {
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || target.closest("dialog[open]").ok().flatten().is_some()
}

/// Whether the keyboard focus is inside `e`.
fn holds_focus(e: &Element) -> bool {
    dom::document()
        .and_then(|d| d.active_element())
        .is_some_and(|a| e.contains(Some(&a)))
}

/// Focuses `e` without scrolling the page (the move list scrolls itself).
fn focus_quietly(e: &Element) {
    if let Some(h) = e.dyn_ref::<web_sys::HtmlElement>() {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = h.focus_with_options(&options);
    }
}

/// Each move in words with its number, for screen readers: "1. White: pawn to e4".
fn labels(m: &Model) -> Vec<String> {
    m.game
        .moves()
        .iter()
        .zip(m.game.positions())
        .map(|(&mv, before)| {
            let number = if before.turn() == Color::White {
                format!("{}.", before.fullmoves())
            } else {
                format!("{}…", before.fullmoves())
            };
            format!("{number} {}", move_words(m.lang, before, mv))
        })
        .collect()
}

fn draw(
    list: &web_sys::Element,
    sans: &[String],
    labels: &[String],
    first_turn: Color,
    first_number: u32,
) {
    dom::clear(list);
    if let Some(empty) = dom::by_id("moves-empty") {
        dom::set_hidden(&empty, !sans.is_empty());
    }
    let mut row: Option<web_sys::Element> = None;
    let offset = usize::from(first_turn == Color::Black);
    for (ply, san) in sans.iter().enumerate() {
        let white = (ply % 2 == 0) == (first_turn == Color::White);
        let number = first_number as usize + (ply + offset) / 2;
        if white || row.is_none() {
            let Some(li) = dom::el("li", "move-row") else {
                return;
            };
            if let Some(num) = dom::el("span", "num") {
                dom::set_text(&num, &format!("{number}."));
                let _ = li.append_child(&num);
            }
            if !white && let Some(gap) = dom::el("span", "gap") {
                dom::set_text(&gap, "…");
                let _ = li.append_child(&gap);
            }
            let _ = list.append_child(&li);
            row = Some(li);
        }
        if let Some(li) = &row
            && let Some(s) = dom::el("button", "san")
        {
            dom::set_attr(&s, "type", "button");
            dom::set_text(&s, san);
            dom::set_attr(&s, "data-ply", &(ply + 1).to_string());
            dom::set_attr(&s, "tabindex", "-1");
            if let Some(label) = labels.get(ply) {
                dom::set_attr(&s, "aria-label", label);
            }
            let _ = li.append_child(&s);
        }
    }
}
