//! `#lobby`: the counts of players and games, the public rooms waiting for a player, and the
//! empty state's two ways on.

use super::panel::rule_key;
use crate::dom;
use crate::i18n::Key;
use crate::model::{ModeKind, Model};
use crate::update::{Emit, Msg, OnlineMsg, SeekTake, seek_take};
use protocol::{Color, RoomId};
use web_sys::{Element, Event};

/// One listed room (a seek) as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    id: RoomId,
    /// The seeker's name, and their rating as shown (`1500?`), when signed in.
    seeker: Option<(String, Option<String>)>,
    /// Seat, time control and promotion rule.
    terms: String,
    /// Rated or casual.
    rated: bool,
    mode: String,
    /// The rating range, as shown.
    range: Option<String>,
    /// Whether the viewer may take it.
    take: SeekTake,
}

/// The `data-take` value of a row.
fn take_name(t: SeekTake) -> &'static str {
    match t {
        SeekTake::Open => "open",
        SeekTake::Own => "own",
        SeekTake::NeedsSignIn => "sign-in",
        SeekTake::OutOfRange => "out-of-range",
    }
}

/// The texts a row's drawing needs, in the page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Words {
    join: String,
    anonymous: String,
    own: String,
    sign_in: String,
    out_of_range: String,
}

/// The lobby panel.
#[derive(Default)]
pub struct LobbyView {
    drawn: Option<(String, bool, Vec<Row>, Words)>,
}

impl LobbyView {
    /// Draws the lobby of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        // A connection renewed on purpose keeps showing the last listing meanwhile.
        let connected = m.net.connected || m.net.renewing;
        let listing = m.net.listing.as_ref().filter(|_| connected);
        // An attempt failed (or the connection dropped): say so, and offer to try at once.
        let unreachable = !connected && m.net.failed;
        let counts = match m.net.counts.filter(|_| connected) {
            Some(c) => lang.lobby_counts(u64::from(c.players), u64::from(c.games)),
            None if unreachable => lang.t(Key::LobbyUnreachable).to_owned(),
            None => lang.t(Key::LobbyConnecting).to_owned(),
        };
        let user = m.accounts.user.as_ref();
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
                    let seeker = r.seeker.as_ref().map(|k| {
                        let rating = k
                            .rating
                            .map(|n| format!("{n}{}", if k.provisional { "?" } else { "" }));
                        (k.username.as_str().to_owned(), rating)
                    });
                    let range = r.rating_range.map(|g| {
                        lang.fmt(
                            Key::LobbyRange,
                            &[("min", &g.min.to_string()), ("max", &g.max.to_string())],
                        )
                    });
                    Row {
                        id: r.id.clone(),
                        seeker,
                        terms: format!("{seat} · {clock} · {promo}"),
                        rated: r.rated,
                        mode: lang
                            .t(if r.rated {
                                Key::RatedBadge
                            } else {
                                Key::LobbyCasual
                            })
                            .to_owned(),
                        range,
                        take: seek_take(user, r),
                    }
                })
                .collect()
        });
        let words = Words {
            join: lang.t(Key::BtnJoin).to_owned(),
            anonymous: lang.t(Key::PlayerAnonymous).to_owned(),
            own: lang.t(Key::LobbyOwnSeek).to_owned(),
            sign_in: lang.t(Key::LobbySignInToTake).to_owned(),
            out_of_range: lang.t(Key::LobbyOutOfRange).to_owned(),
        };
        let key = (counts, connected, rows, words);
        if self.drawn.as_ref() == Some(&key) {
            return;
        }
        if let Some(e) = dom::by_id("lobby-counts") {
            dom::set_text(&e, &key.0);
        }
        if let Some(e) = dom::by_id("lobby-unreachable") {
            dom::set_hidden(&e, !unreachable);
        }
        if let Some(empty) = dom::by_id("lobby-empty") {
            dom::set_hidden(&empty, !key.2.is_empty() || !connected);
        }
        if let Some(list) = dom::by_id("lobby-rooms") {
            dom::clear(&list);
            for row in &key.2 {
                if let Some(li) = draw_row(row, &key.3) {
                    let _ = list.append_child(&li);
                }
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
        if let Some(b) = dom::by_id("lobby-retry") {
            let d = d.clone();
            dom::on(&b, "click", move |_: Event| {
                d.emit(Msg::Online(OnlineMsg::Retry))
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

/// One seek's line: `li.lobby-room[data-room-id][data-take][data-rated]` holding the seeker
/// (`a.lobby-seeker-name` to their profile `#/@/<name>`, `.lobby-seeker-rating`, or
/// "Anonymous"), the terms, `.lobby-mode` (Rated or Casual), `.lobby-range`, and the Join
/// button, disabled with `.lobby-room-why` beside it when the viewer cannot take the seat
/// (a link to sign in, `a.lobby-sign-in`, when signing in would let them).
fn draw_row(row: &Row, w: &Words) -> Option<Element> {
    let li = dom::el("li", "lobby-room")?;
    dom::set_attr(&li, "data-room-id", row.id.as_str());
    dom::set_attr(&li, "data-take", take_name(row.take));
    dom::set_attr(&li, "data-rated", if row.rated { "true" } else { "false" });
    let info = dom::el("span", "lobby-room-info")?;
    let who = dom::el("span", "lobby-seeker")?;
    match &row.seeker {
        Some((name, rating)) => {
            if let Some(a) = dom::child(&who, "a", "lobby-seeker-name", name) {
                dom::set_attr(&a, "href", &format!("#/@/{name}"));
            }
            if let Some(r) = rating {
                let _ = who.append_with_str_1(" ");
                dom::child(&who, "span", "lobby-seeker-rating", r);
            }
        }
        None => {
            dom::set_class(&who, "anonymous", true);
            dom::set_text(&who, &w.anonymous);
        }
    }
    let _ = info.append_child(&who);
    dom::child(&info, "span", "lobby-room-terms", &row.terms);
    let tags = dom::el("span", "lobby-room-tags")?;
    dom::child(
        &tags,
        "span",
        if row.rated {
            "lobby-mode rated"
        } else {
            "lobby-mode"
        },
        &row.mode,
    );
    if let Some(range) = &row.range {
        dom::child(&tags, "span", "lobby-range", range);
    }
    let _ = info.append_child(&tags);
    let _ = li.append_child(&info);
    let act = dom::el("span", "lobby-room-act")?;
    if let Some(b) = dom::child(&act, "button", "btn small primary", &w.join) {
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "data-action", "join");
        if row.take != SeekTake::Open {
            dom::set_attr(&b, "disabled", "");
            dom::set_attr(&b, "aria-describedby", &format!("why-{}", row.id.as_str()));
        }
    }
    let why = match row.take {
        SeekTake::Open => None,
        SeekTake::Own => dom::child(&act, "span", "lobby-room-why", &w.own),
        SeekTake::OutOfRange => dom::child(&act, "span", "lobby-room-why", &w.out_of_range),
        SeekTake::NeedsSignIn => dom::child(&act, "a", "lobby-room-why lobby-sign-in", &w.sign_in)
            .inspect(|a| {
                dom::set_attr(a, "href", "#/account");
            }),
    };
    if let Some(why) = why {
        dom::set_attr(&why, "id", &format!("why-{}", row.id.as_str()));
    }
    let _ = li.append_child(&act);
    Some(li)
}
