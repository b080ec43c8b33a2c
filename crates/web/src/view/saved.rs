//! `#saved-games`: this device's saved games, the one on the board marked `current`.

use super::panel::{record_sentence, result_key};
use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::export::RecordEnd;
use crate::update::{Emit, Msg};
use web_sys::Event;

/// One drawn entry.
struct Row {
    id: String,
    /// When, and how many moves.
    summary: String,
    /// Who played.
    who: String,
    /// The result, or that it goes on.
    state: String,
    /// The game on the board.
    current: bool,
    /// Over: opened to be looked at, not resumed.
    finished: bool,
}

/// What the list was drawn from: the language, the current game, and each game's id, update
/// time (its bits) and move count.
type Drawn = (Lang, Option<String>, Vec<(String, u64, usize)>);

/// The saved games.
#[derive(Default)]
pub struct SavedView {
    /// What was drawn: the language, the current game, and each game's id, update time and
    /// move count.
    drawn: Option<Drawn>,
}

/// Who played a saved game: "hot-seat", "vs AI (level 3)", "online, you played White".
fn who_played(lang: Lang, g: &crate::model::saved::SavedGame) -> String {
    if let Some(o) = &g.online {
        return lang
            .t(match o.seat {
                Some(rules::Color::White) => Key::SavedOnlineWhite,
                Some(rules::Color::Black) => Key::SavedOnlineBlack,
                None => Key::SavedOnlineWatched,
            })
            .to_owned();
    }
    match g.ai_game() {
        Ok(Some(a)) if let Some(kind) = a.drill => lang.fmt(
            Key::SavedDrill,
            &[("drill", lang.t(super::training::drill_name(kind)))],
        ),
        Ok(Some(a)) => lang.fmt(Key::SavedVsAi, &[("level", &a.level.number().to_string())]),
        _ => lang.t(Key::SavedHotSeat).to_owned(),
    }
}

impl SavedView {
    /// Draws the saved games of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let current = m.current_id();
        let key = (
            lang,
            current.map(str::to_owned),
            m.saved
                .iter()
                .map(|g| (g.id.clone(), g.updated.to_bits(), g.moves.len()))
                .collect::<Vec<_>>(),
        );
        if self.drawn.as_ref() == Some(&key) {
            return;
        }
        let rows: Vec<Row> = m
            .saved
            .iter()
            .map(|g| {
                let here = Some(g.id.as_str()) == current;
                let when = crate::intl::date_time(lang, g.updated);
                let summary = lang.moves_summary(&when, g.moves.len().div_ceil(2) as u64);
                let recorded = g
                    .record_end()
                    .filter(|e| !matches!(e, RecordEnd::Contradicts(_)))
                    .and_then(|e| record_sentence(e, lang));
                let state = if here {
                    lang.t(Key::SavedCurrent).to_owned()
                } else if let (Some(sentence), Some(_)) = (recorded, g.result) {
                    sentence
                } else {
                    g.result
                        .map_or(lang.t(Key::SavedOngoing), |r| lang.t(result_key(r)))
                        .to_owned()
                };
                Row {
                    id: g.id.clone(),
                    summary,
                    who: who_played(lang, g),
                    state,
                    current: here,
                    finished: g.result.is_some(),
                }
            })
            .collect();
        draw(lang, &rows);
        self.drawn = Some(key);
    }

    /// Connects the entries' buttons.
    pub fn wire(&self, d: &impl Emit) {
        let Some(list) = dom::by_id("saved-games") else {
            return;
        };
        let d = d.clone();
        dom::on(&list, "click", move |ev: Event| {
            let action = dom::closest_attr(&ev, "data-action");
            let id = dom::closest_attr(&ev, "data-game-id");
            match (action.as_deref(), id) {
                (Some("resume"), Some(id)) => d.emit(Msg::Resume(id)),
                (Some("delete"), Some(id)) => d.emit(Msg::Delete(id)),
                _ => {}
            }
        });
    }
}

fn draw(lang: Lang, rows: &[Row]) {
    let Some(list) = dom::by_id("saved-games") else {
        return;
    };
    dom::clear(&list);
    let mut shown = 0;
    for Row {
        id,
        summary,
        who,
        state,
        current,
        finished,
    } in rows
    {
        let Some(li) = dom::el("li", if *current { "saved current" } else { "saved" }) else {
            continue;
        };
        dom::set_attr(&li, "data-game-id", id);
        let Some(info) = dom::el("div", "saved-info") else {
            continue;
        };
        for (class, text) in [
            ("saved-date", summary),
            ("saved-who", who),
            ("saved-state", state),
        ] {
            if let Some(s) = dom::el("span", class) {
                dom::set_text(&s, text);
                let _ = info.append_child(&s);
            }
        }
        let _ = li.append_child(&info);
        if !current && let Some(actions) = dom::el("div", "saved-actions") {
            // A finished game is opened to be looked at, not resumed.
            let open = if *finished {
                Key::BtnOpen
            } else {
                Key::BtnResume
            };
            for (action, key, class) in [
                ("resume", open, "btn small"),
                ("delete", Key::BtnDelete, "btn small quiet"),
            ] {
                if let Some(b) = dom::el("button", class) {
                    dom::set_attr(&b, "type", "button");
                    dom::set_attr(&b, "data-action", action);
                    dom::set_text(&b, lang.t(key));
                    let _ = actions.append_child(&b);
                }
            }
            let _ = li.append_child(&actions);
        }
        let _ = list.append_child(&li);
        shown += usize::from(!current);
    }
    if let Some(empty) = dom::by_id("saved-empty") {
        dom::set_hidden(&empty, shown > 0);
    }
}
