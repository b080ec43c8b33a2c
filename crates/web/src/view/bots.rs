//! `#lobby-bots`: the bots online (accounts a program plays, lichess's `BOT` title), in the
//! lobby card, each a link to its profile, where a signed-in player challenges it.
//!
//! DOM contract: `#lobby-bots[hidden]` while no bot is online; `#lobby-bots-list
//! li[data-bot="<name>"]` each holding `a[href="#/@/<name>"]` with `.bot-badge`, the name and
//! `.bot-rating` (the blitz rating, `1500?` while provisional).

use super::profile::profile_href;
use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::profile::{Fetch, Perf, Profile};

/// The bots' list.
#[derive(Default)]
pub struct BotsView {
    drawn: Option<(Vec<Profile>, Lang)>,
}

/// "1500?": the bot's blitz rating (the speed most bots play), `?` while provisional.
fn rating(p: &Profile) -> Option<String> {
    p.perfs
        .iter()
        .find(|r| r.perf == Perf::Blitz)
        .map(|r| format!("{}{}", r.rating, if r.provisional { "?" } else { "" }))
}

impl BotsView {
    /// Draws the bots of `m`.
    pub fn render(&mut self, m: &Model) {
        let bots = match &m.profiles.bots {
            Fetch::Loaded(list) => list.clone(),
            _ => Vec::new(),
        };
        let now = (bots, m.lang);
        if self.drawn.as_ref() == Some(&now) {
            return;
        }
        let (Some(section), Some(list)) = (dom::by_id("lobby-bots"), dom::by_id("lobby-bots-list"))
        else {
            return;
        };
        dom::clear(&list);
        for bot in &now.0 {
            let name = bot.username.as_str();
            let (Some(li), Some(a)) = (dom::el("li", "lobby-bot"), dom::el("a", "lobby-bot-link"))
            else {
                continue;
            };
            dom::set_attr(&li, "data-bot", name);
            dom::set_attr(&a, "href", &profile_href(name));
            if let Some(b) = dom::el("span", "bot-badge") {
                dom::set_text(&b, now.1.t(Key::BotBadge));
                let _ = a.append_child(&b);
            }
            if let Some(n) = dom::el("span", "bot-name") {
                dom::set_text(&n, name);
                let _ = a.append_child(&n);
            }
            if let Some(r) = rating(bot)
                && let Some(e) = dom::el("span", "bot-rating")
            {
                dom::set_text(&e, &r);
                let _ = a.append_child(&e);
            }
            let _ = li.append_child(&a);
            let _ = list.append_child(&li);
        }
        dom::set_hidden(&section, now.0.is_empty());
        self.drawn = Some(now);
    }
}
