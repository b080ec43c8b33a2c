//! `#clocks`: the two clocks `#clock-white` and `#clock-black` of a timed game (online, hot-seat
//! or against the AI), each at its player's edge of the board: the side at the bottom of the
//! board has its clock under it (`#clocks[data-bottom="white"|"black"]`). Each clock shows
//! `.clock-side` (the side's name, and who plays it) and `.clock-time`, with `data-ms` (time
//! left), the class `running` on the side whose clock runs and `low` under the low-time mark
//! ([`crate::model::clock::is_low`]).
//!
//! Online the two strips are shown in an untimed game too (without `.clock-time`, `data-ms`
//! empty), and each names its player, as lichess does by its clocks: `[data-player="white"|
//! "black"]` with the signed-in player's name (and `data-username`), "Anonymous" for a player
//! who is not signed in, "Waiting for an opponent" for an empty seat (`data-seat="user"|
//! "anonymous"|"empty"`), and a signed-in player's rating for the game's speed as they sat down
//! in `.clock-rating` beside the name (`1500`, `1500?` while provisional). A closed room (a cancelled or expired invitation) has no strips
//! unless it is timed.

use crate::dom;
use crate::i18n::Key;
use crate::model::room::clock_text;
use crate::model::room::{Player, RoomView};
use crate::model::{Mode, Model, clock::is_low};
use rules::Color;

/// The player's name on a strip (online only).
#[derive(Clone, Debug, PartialEq)]
struct Name {
    /// The text shown.
    text: String,
    /// The signed-in player's username.
    username: Option<String>,
    /// `data-seat`: `user`, `anonymous` or `empty`.
    seat: &'static str,
    /// The rating the player sat down with (`1500`, `1500?`), and its tooltip.
    rating: Option<(String, String)>,
}

/// One clock (a player's strip) as drawn.
#[derive(Clone, Debug, PartialEq)]
struct Face {
    side: String,
    player: Option<Name>,
    /// The time left, when the game is timed: its text and milliseconds.
    time: Option<(String, u64)>,
    running: bool,
    low: bool,
}

/// What was drawn: the two faces (White, Black) and the side at the bottom.
type Scene = Option<([Face; 2], Color)>;

/// The clocks.
#[derive(Default)]
pub struct ClocksView {
    drawn: Option<Scene>,
}

impl ClocksView {
    /// Draws the clocks of `m` at its `now`.
    pub fn render(&mut self, m: &Model) {
        let scene = scene(m);
        if self.drawn.as_ref() == Some(&scene) {
            return;
        }
        draw(&scene);
        self.drawn = Some(scene);
    }
}

/// Who plays `color`, when the mode says more than the colour: "You" or "Computer".
fn player(m: &Model, color: Color) -> Option<Key> {
    match &m.mode {
        Mode::Ai(_, a) => Some(if a.settings.human == color {
            Key::ClockYou
        } else {
            Key::ClockComputer
        }),
        Mode::Online(o) => {
            let you = o.view.as_ref()?.you?;
            Some(if you == color {
                Key::ClockYou
            } else {
                Key::ClockOpponent
            })
        }
        Mode::HotSeat(_) => None,
    }
}

/// The name by `color`'s clock in the room `view`.
fn name(m: &Model, view: &RoomView, color: Color) -> Name {
    match view.player(color) {
        Player::User(user) => Name {
            text: user.to_string(),
            username: Some(user.to_string()),
            seat: "user",
            rating: view.seat_rating(color).map(|r| {
                let title = if r.provisional {
                    m.lang.t(Key::ProfileProvisional)
                } else {
                    m.lang.t(Key::ClockRating)
                };
                (r.to_string(), title.to_owned())
            }),
        },
        Player::Anonymous => Name {
            text: m.lang.t(Key::PlayerAnonymous).to_owned(),
            username: None,
            seat: "anonymous",
            rating: None,
        },
        Player::Empty => Name {
            text: m.lang.t(Key::PlayerWaiting).to_owned(),
            username: None,
            seat: "empty",
            rating: None,
        },
    }
}

fn scene(m: &Model) -> Scene {
    let clocks = m.clocks();
    let room = m.room();
    // Online, the strips name the players in an untimed game too (not on a closed room's card).
    if clocks.is_none() && room.is_none_or(|v| v.closed().is_some()) {
        return None;
    }
    let lang = m.lang;
    let faces = [Color::White, Color::Black].map(|color| {
        let side = lang.t(if color == Color::White {
            Key::White
        } else {
            Key::Black
        });
        let side = match player(m, color) {
            Some(who) => format!("{side} · {}", lang.t(who)),
            None => side.to_owned(),
        };
        let player = room.map(|v| name(m, v, color));
        match clocks {
            Some((clocks, initial)) => {
                let left = *clocks.left.get(color);
                Face {
                    side,
                    player,
                    time: Some((
                        clock_text(left),
                        u64::try_from(left.as_millis()).unwrap_or(u64::MAX),
                    )),
                    running: clocks.running == Some(color),
                    low: is_low(initial, left),
                }
            }
            None => Face {
                side,
                player,
                time: None,
                running: false,
                low: false,
            },
        }
    });
    let bottom = if m.board.flipped {
        Color::Black
    } else {
        Color::White
    };
    Some((faces, bottom))
}

fn draw(scene: &Scene) {
    let Some(clocks) = dom::by_id("clocks") else {
        return;
    };
    dom::set_hidden(&clocks, scene.is_none());
    let Some((faces, bottom)) = scene else {
        return;
    };
    dom::set_attr(
        &clocks,
        "data-bottom",
        if *bottom == Color::White {
            "white"
        } else {
            "black"
        },
    );
    for (id, c) in ["clock-white", "clock-black"].iter().zip(faces) {
        let Some(e) = dom::by_id(id) else { continue };
        if let Some(label) = e.query_selector(".clock-side").ok().flatten() {
            dom::set_text(&label, &c.side);
        }
        if let Some(p) = e.query_selector("[data-player]").ok().flatten() {
            dom::set_hidden(&p, c.player.is_none());
            if let Some(name) = &c.player {
                dom::set_text(&p, &name.text);
                // The whole name on hover when a long one is cut short.
                dom::set_attr(&p, "title", &name.text);
                dom::set_attr(&p, "data-seat", name.seat);
                // A signed-in player's name opens their profile.
                match &name.username {
                    Some(u) => {
                        dom::set_attr(&p, "data-username", u);
                        dom::set_attr(&p, "href", &super::profile::profile_href(u));
                    }
                    None => {
                        let _ = p.remove_attribute("data-username");
                        let _ = p.remove_attribute("href");
                    }
                }
            }
        }
        if let Some(r) = e.query_selector(".clock-rating").ok().flatten() {
            let rating = c.player.as_ref().and_then(|n| n.rating.as_ref());
            dom::set_hidden(&r, rating.is_none());
            if let Some((text, title)) = rating {
                dom::set_text(&r, text);
                dom::set_attr(&r, "title", title);
            }
        }
        if let Some(t) = e.query_selector(".clock-time").ok().flatten() {
            dom::set_hidden(&t, c.time.is_none());
            dom::set_text(&t, c.time.as_ref().map_or("", |(text, _)| text));
        }
        let ms = c
            .time
            .as_ref()
            .map(|(_, ms)| ms.to_string())
            .unwrap_or_default();
        dom::set_attr(&e, "data-ms", &ms);
        dom::set_class(&e, "running", c.running);
        dom::set_class(&e, "low", c.low);
    }
}
