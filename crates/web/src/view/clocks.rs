//! `#clocks`: the two clocks `#clock-white` and `#clock-black` of a timed game (online, hot-seat
//! or against the AI), each at its player's edge of the board: the side at the bottom of the
//! board has its clock under it (`#clocks[data-bottom="white"|"black"]`). Each clock shows
//! `.clock-side` (the side's name, and who plays it) and `.clock-time`, with `data-ms` (time
//! left), the class `running` on the side whose clock runs and `low` under the low-time mark
//! ([`crate::model::clock::is_low`]).

use crate::dom;
use crate::i18n::Key;
use crate::model::room::clock_text;
use crate::model::{Mode, Model, clock::is_low};
use rules::Color;

/// One clock as drawn.
#[derive(Clone, Debug, PartialEq)]
struct Face {
    name: String,
    time: String,
    ms: u64,
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

fn scene(m: &Model) -> Scene {
    let (clocks, initial) = m.clocks()?;
    let lang = m.lang;
    let faces = [Color::White, Color::Black].map(|color| {
        let left = *clocks.left.get(color);
        let side = lang.t(if color == Color::White {
            Key::White
        } else {
            Key::Black
        });
        let name = match player(m, color) {
            Some(who) => format!("{side} · {}", lang.t(who)),
            None => side.to_owned(),
        };
        Face {
            name,
            time: clock_text(left),
            ms: u64::try_from(left.as_millis()).unwrap_or(u64::MAX),
            running: clocks.running == Some(color),
            low: is_low(initial, left),
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
            dom::set_text(&label, &c.name);
        }
        if let Some(t) = e.query_selector(".clock-time").ok().flatten() {
            dom::set_text(&t, &c.time);
        }
        dom::set_attr(&e, "data-ms", &c.ms.to_string());
        dom::set_class(&e, "running", c.running);
        dom::set_class(&e, "low", c.low);
    }
}
