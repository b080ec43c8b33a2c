//! Quick pairing: the pools' buttons (`[data-pool="3+2"]`, one per time control of
//! [`protocol::POOLS`]) in `#start-pools` and `#lobby-pools`, pressed while the page waits in
//! that pool, and `#pool-wait`: the wait shown on every screen (the pool, rated or casual,
//! the players waiting, the time waited) with `#pool-cancel` and `#pool-play-ai`.

use crate::dom;
use crate::i18n::{Counted, Key, Lang};
use crate::model::Model;
use crate::update::{Emit, Msg, OnlineMsg};
use protocol::TimeControl;
use rules::Speed;
use web_sys::Event;

/// The grids of pool buttons.
const GRIDS: [&str; 2] = ["start-pools-grid", "lobby-pools-grid"];

/// What `#pool-wait` shows.
#[derive(Clone, PartialEq)]
struct Wait {
    title: String,
    info: String,
    time: String,
}

/// The pools' buttons and the wait.
#[derive(Default)]
pub struct PoolsView {
    /// The language the buttons were written in, and the pool pressed.
    buttons: Option<(Lang, Option<TimeControl>)>,
    wait: Option<Option<Wait>>,
}

/// The key of a speed's name.
fn speed_key(speed: Speed) -> Key {
    match speed {
        Speed::UltraBullet | Speed::Bullet => Key::PerfBullet,
        Speed::Blitz => Key::PerfBlitz,
        Speed::Rapid => Key::PerfRapid,
        Speed::Classical => Key::PerfClassical,
    }
}

/// "5:07": minutes and seconds since `since` (ms) at `now`.
fn waited(since: f64, now: f64) -> String {
    // Whole seconds: a wait is never negative nor longer than a day in practice.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let secs = ((now - since).max(0.0) / 1000.0) as u64;
    format!("{}:{:02}", secs / 60, secs % 60)
}

impl PoolsView {
    /// Draws the buttons and the wait of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let pressed = m.net.pool.map(|p| p.clock);
        if self.buttons != Some((lang, pressed)) {
            for id in GRIDS {
                let Some(grid) = dom::by_id(id) else { continue };
                dom::clear(&grid);
                for tc in protocol::pools() {
                    let Some(b) = dom::el("button", "pool-button") else {
                        continue;
                    };
                    dom::set_attr(&b, "type", "button");
                    dom::set_attr(&b, "data-pool", &tc.to_string());
                    let on = pressed == Some(tc);
                    dom::set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
                    if let Some(t) = dom::el("span", "pool-clock") {
                        dom::set_text(&t, &tc.to_string());
                        let _ = b.append_child(&t);
                    }
                    if let Some(s) = dom::el("span", "pool-speed") {
                        dom::set_text(&s, lang.t(speed_key(tc.speed())));
                        let _ = b.append_child(&s);
                    }
                    let _ = grid.append_child(&b);
                }
            }
            self.buttons = Some((lang, pressed));
        }
        let wait = m.net.pool.map(|p| {
            let kind = match p.rated {
                Some(true) => lang.t(Key::RatedBadge),
                Some(false) => lang.t(Key::PoolCasual),
                None => lang.t(speed_key(p.clock.speed())),
            };
            Wait {
                title: format!("{} · {} · {kind}", lang.t(Key::PoolWaiting), p.clock),
                info: p
                    .players
                    .map(|n| lang.count(Counted::PoolPlayers, u64::from(n), &[]))
                    .unwrap_or_default(),
                time: waited(p.since, m.now),
            }
        });
        if self.wait.as_ref() == Some(&wait) {
            return;
        }
        if let Some(banner) = dom::by_id("pool-wait") {
            dom::set_hidden(&banner, wait.is_none());
            dom::set_attr(
                &banner,
                "data-pool",
                &m.net.pool.map(|p| p.clock.to_string()).unwrap_or_default(),
            );
        }
        if let Some(w) = &wait {
            for (id, text) in [
                ("pool-wait-title", &w.title),
                ("pool-wait-info", &w.info),
                ("pool-wait-time", &w.time),
            ] {
                if let Some(e) = dom::by_id(id) {
                    dom::set_text(&e, text);
                }
            }
        }
        self.wait = Some(wait);
    }

    /// Connects the buttons.
    pub fn wire(&self, d: &impl Emit) {
        for id in GRIDS {
            let Some(grid) = dom::by_id(id) else { continue };
            let d = d.clone();
            dom::on(&grid, "click", move |ev: Event| {
                let Some(tc) = dom::closest_attr(&ev, "data-pool") else {
                    return;
                };
                match tc.parse::<TimeControl>() {
                    Ok(tc) => d.emit(Msg::Online(OnlineMsg::JoinPool(tc))),
                    Err(e) => dom::log(&format!("pools: a button has a bad time control: {e}")),
                }
            });
        }
        for (id, msg) in [
            ("pool-cancel", OnlineMsg::LeavePool),
            ("pool-play-ai", OnlineMsg::PoolPlayAi),
        ] {
            if let Some(b) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&b, "click", move |_: Event| {
                    d.emit(Msg::Online(msg.clone()));
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_reads_in_minutes_and_seconds() {
        assert_eq!(waited(1_000.0, 1_000.0), "0:00");
        assert_eq!(waited(0.0, 65_900.0), "1:05");
        assert_eq!(waited(5_000.0, 0.0), "0:00");
    }
}
