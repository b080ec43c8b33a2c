//! `#lobby`: the counts of players and games, the public rooms waiting for a player, and the
//! empty state's two ways on.

use super::panel::rule_key;
use crate::dom;
use crate::i18n::Key;
use crate::model::{ModeKind, Model};
use crate::update::{Emit, Msg, OnlineMsg};
use protocol::{Color, RoomId};
use web_sys::Event;

/// One listed room: its id and its line.
type Row = (RoomId, String);

/// The lobby panel.
#[derive(Default)]
pub struct LobbyView {
    drawn: Option<(String, bool, Vec<Row>, String)>,
}

impl LobbyView {
    /// Draws the lobby of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        // A connection renewed on purpose keeps showing the last listing meanwhile.
        let connected = m.net.connected || m.net.renewing;
        let listing = m.net.listing.as_ref().filter(|_| connected);
        let counts = match m.net.counts.filter(|_| connected) {
            Some(c) => lang.lobby_counts(u64::from(c.players), u64::from(c.games)),
            None => lang.t(Key::LobbyConnecting).to_owned(),
        };
        let rows: Vec<Row> = listing.map_or_else(Vec::new, |l| {
            l.rooms
                .iter()
                .map(|r| {
                    let seat = lang.t(if r.open_seat == Color::White {
                        Key::LobbySeatWhite
                    } else {
                        Key::LobbySeatBlack
                    });
                    let clock = r
                        .clock
                        .map_or_else(|| lang.t(Key::ClockUntimed).to_owned(), |tc| tc.to_string());
                    let promo = lang.t(rule_key(r.promotion));
                    (r.id.clone(), format!("{seat} · {clock} · {promo}"))
                })
                .collect()
        });
        let key = (counts, connected, rows, lang.t(Key::BtnJoin).to_owned());
        if self.drawn.as_ref() == Some(&key) {
            return;
        }
        if let Some(e) = dom::by_id("lobby-counts") {
            dom::set_text(&e, &key.0);
        }
        if let Some(empty) = dom::by_id("lobby-empty") {
            dom::set_hidden(&empty, !key.2.is_empty() || !connected);
        }
        if let Some(list) = dom::by_id("lobby-rooms") {
            dom::clear(&list);
            for (id, line) in &key.2 {
                let Some(li) = dom::el("li", "lobby-room") else {
                    continue;
                };
                dom::set_attr(&li, "data-room-id", id.as_str());
                if let Some(info) = dom::el("span", "lobby-room-info") {
                    dom::set_text(&info, line);
                    let _ = li.append_child(&info);
                }
                if let Some(b) = dom::el("button", "btn small primary") {
                    dom::set_attr(&b, "type", "button");
                    dom::set_attr(&b, "data-action", "join");
                    dom::set_text(&b, &key.3);
                    let _ = li.append_child(&b);
                }
                let _ = list.append_child(&li);
            }
        }
        self.drawn = Some(key);
    }

    /// Connects the lobby's buttons.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(list) = dom::by_id("lobby-rooms") {
            let d = d.clone();
            dom::on(&list, "click", move |ev: Event| {
                if dom::closest_attr(&ev, "data-action").as_deref() != Some("join") {
                    return;
                }
                match dom::closest_attr(&ev, "data-room-id").map(|id| id.parse::<RoomId>()) {
                    Some(Ok(room)) => d.emit(Msg::Online(OnlineMsg::Join(room))),
                    Some(Err(e)) => dom::log(&format!("lobby: a listed room has a bad id: {e}")),
                    None => {}
                }
            });
        }
        for (id, mode) in [
            ("lobby-create", ModeKind::Online),
            ("lobby-play-ai", ModeKind::Ai),
        ] {
            if let Some(b) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&b, "click", move |_: Event| {
                    d.emit(Msg::NewGameOpen(Some(mode)))
                });
            }
        }
    }
}
