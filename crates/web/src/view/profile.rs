//! Profiles and leaderboards: `#profile` (`#/@/<username>`) and `#leaderboard`
//! (`#/leaderboard/<perf>`), shown instead of the board while `#app[data-screen]` is
//! `profile` or `leaderboard`.
//!
//! DOM contract: `#profile-bot` (the `BOT` badge) shown on a bot's profile;
//! `#profile[data-username][data-state="loading"|"ok"|"closed"|"missing"|
//! "error"]`; `#profile-perfs li[data-perf][data-provisional]` (`.perf-rating` `1500?`);
//! `#profile-counts [data-count="all"|"win"|"draw"|"loss"]`; `#rating-graph svg` with a
//! `polyline[data-perf]` and `circle[data-perf]` per rated perf (`#rating-graph-empty`
//! without one); `#profile-games li[data-game-id][data-result]` each holding an
//! `a[href="#/room/<id>"]`; `#leaderboard[data-perf]`, its tabs `[data-perf-tab]`
//! (`aria-current` on the one shown), `#leaderboard-list li[data-rank][data-username]`,
//! `#leaderboard-status`.

use crate::dom;
use crate::i18n::{Counted, Key, Lang};
use crate::intl;
use crate::model::Model;
use crate::model::account::Screen;
use crate::model::profile::{
    Fetch, GameLine, Graph, LeaderboardPage, Perf, ProfilePage, Profiles, Result, Series, graph,
};
use crate::model::room::rating_diff_text;
use crate::update::{AccountMsg, Emit, Msg};
use rules::Color;
use web_sys::{Element, Event};

/// The graph's height, in its own units: its width is its box's, so its text keeps the page's
/// size on a phone too (the SVG then scales with the box).
const H: f64 = 180.0;
/// The graph's width when its box cannot be measured, and the bounds of a measured one.
const DEFAULT_W: f64 = 600.0;
const MIN_W: f64 = 260.0;
const MAX_W: f64 = 900.0;
/// Room left of the plot for the rating axis, and below it for the dates.
const LEFT: f64 = 44.0;
const BOTTOM: f64 = 22.0;

/// The profile and leaderboard views.
#[derive(Default)]
pub struct ProfileView {
    drawn: Option<(Profiles, Option<Screen>, Lang)>,
}

/// The key of a perf's name.
pub fn perf_key(p: Perf) -> Key {
    match p {
        Perf::Bullet => Key::PerfBullet,
        Perf::Blitz => Key::PerfBlitz,
        Perf::Rapid => Key::PerfRapid,
        Perf::Classical => Key::PerfClassical,
    }
}

/// The address of `name`'s profile.
pub fn profile_href(name: &str) -> String {
    format!("#/@/{name}")
}

/// Writes an account's identity into the elements of `ids` (those missing are skipped):
/// `name` into the first, its initial (its first letter in upper case, as an avatar) into
/// the second, and "since <date>" of `created_ms` (milliseconds since the Unix epoch) into
/// the third, hidden when the date is unknown. The profile and the account view share it.
pub fn draw_identity(ids: [&str; 3], name: &str, created_ms: Option<i64>, lang: Lang) {
    let [name_id, initial_id, since_id] = ids;
    if let Some(e) = dom::by_id(name_id) {
        dom::set_text(&e, name);
    }
    if let Some(e) = dom::by_id(initial_id) {
        let initial: String = name.chars().take(1).flat_map(char::to_uppercase).collect();
        dom::set_text(&e, &initial);
    }
    if let Some(e) = dom::by_id(since_id) {
        match created_ms {
            Some(ms) => {
                let date = intl::date(lang, ms as f64);
                dom::set_text(&e, &lang.fmt(Key::AccountSince, &[("date", &date)]));
            }
            None => dom::set_text(&e, ""),
        }
        dom::set_hidden(&e, created_ms.is_none());
    }
}

impl ProfileView {
    /// Draws the view shown, if it is one of these.
    pub fn render(&mut self, m: &Model) {
        let now = (m.profiles.clone(), m.accounts.screen.clone(), m.lang);
        if self.drawn.as_ref() == Some(&now) {
            return;
        }
        let was = self.drawn.take().and_then(|(_, s, _)| s);
        let screen = m.accounts.screen.as_ref();
        let profile = dom::by_id("profile");
        let board = dom::by_id("leaderboard");
        match (screen, m.profiles.profile.as_ref(), profile) {
            (Some(Screen::Profile), Some(page), Some(section)) => {
                dom::set_hidden(&section, false);
                draw_profile(&section, page, m.lang);
                if was != Some(Screen::Profile)
                    && let Some(h) = dom::by_id("profile-name")
                {
                    dom::focus(&h);
                }
            }
            (_, _, Some(section)) => dom::set_hidden(&section, true),
            _ => {}
        }
        match (screen, m.profiles.leaderboard.as_ref(), board) {
            (Some(Screen::Leaderboard), Some(page), Some(section)) => {
                dom::set_hidden(&section, false);
                draw_leaderboard(&section, page, m.lang);
                if was != Some(Screen::Leaderboard)
                    && let Some(h) = dom::by_id("leaderboard-title")
                {
                    dom::focus(&h);
                }
            }
            (_, _, Some(section)) => dom::set_hidden(&section, true),
            _ => {}
        }
        self.drawn = Some(now);
    }

    /// Connects the back buttons.
    pub fn wire(&self, d: &impl Emit) {
        for id in ["profile-back", "leaderboard-back"] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| {
                    d.emit(Msg::Account(AccountMsg::Back));
                });
            }
        }
    }
}

fn draw_profile(section: &Element, page: &ProfilePage, lang: Lang) {
    dom::set_attr(section, "data-state", page.state());
    let loaded = match &page.profile {
        Fetch::Loaded(p) => Some(p),
        _ => None,
    };
    let name = loaded.map_or_else(|| page.name.clone(), |p| p.username.to_string());
    dom::set_attr(section, "data-username", &name);
    draw_identity(
        ["profile-name", "profile-initial", "profile-since"],
        &name,
        loaded.and_then(|p| p.created_at),
        lang,
    );
    let status = match &page.profile {
        Fetch::Loading => Some(lang.t(Key::Loading).to_owned()),
        Fetch::Missing => Some(lang.t(Key::ProfileMissing).to_owned()),
        Fetch::Failed(p) => Some(p.text(lang)),
        Fetch::Loaded(p) if p.closed => Some(lang.t(Key::ProfileClosed).to_owned()),
        Fetch::Loaded(_) => None,
    };
    if let Some(e) = dom::by_id("profile-status") {
        dom::set_text(&e, status.as_deref().unwrap_or(""));
        dom::set_hidden(&e, status.is_none());
    }
    if let Some(content) = dom::by_id("profile-content") {
        dom::set_hidden(&content, loaded.is_none());
    }
    if let Some(badge) = dom::by_id("profile-bot") {
        dom::set_hidden(&badge, !loaded.is_some_and(|p| p.bot));
    }
    let Some(p) = loaded else { return };
    if let Some(list) = dom::by_id("profile-perfs") {
        dom::clear(&list);
        for r in &p.perfs {
            let Some(li) = dom::child(&list, "li", "perf", "") else {
                continue;
            };
            dom::set_attr(&li, "data-perf", r.perf.name());
            dom::set_attr(
                &li,
                "data-provisional",
                if r.provisional { "true" } else { "false" },
            );
            dom::set_attr(&li, "data-games", &r.games.to_string());
            dom::child(&li, "span", "perf-name", lang.t(perf_key(r.perf)));
            if let Some(rating) = dom::child(&li, "span", "perf-rating", &r.shown())
                && r.provisional
            {
                dom::set_attr(&rating, "title", lang.t(Key::ProfileProvisional));
            }
            dom::child(
                &li,
                "span",
                "perf-games",
                &lang.count(Counted::ProfilePerfGames, u64::from(r.games), &[]),
            );
        }
    }
    if let Some(counts) = dom::by_id("profile-counts") {
        dom::clear(&counts);
        for (code, key, n) in [
            ("all", Key::ProfilePlayed, p.count.all),
            ("win", Key::ProfileWon, p.count.win),
            ("draw", Key::ProfileDrawn, p.count.draw),
            ("loss", Key::ProfileLost, p.count.loss),
        ] {
            let Some(item) = dom::child(&counts, "div", "count", "") else {
                continue;
            };
            dom::set_attr(&item, "data-count", code);
            dom::child(&item, "dt", "count-label", lang.t(key));
            if let Some(v) = dom::child(&item, "dd", "count-value", &intl::integer(lang, n)) {
                dom::set_attr(&v, "data-n", &n.to_string());
            }
        }
    }
    draw_graph(page, &name, lang);
    draw_games(page, lang);
}

fn draw_graph(page: &ProfilePage, name: &str, lang: Lang) {
    let Some(host) = dom::by_id("rating-graph") else {
        return;
    };
    dom::clear(&host);
    let series: &[Series] = match &page.history {
        Fetch::Loaded(s) => s,
        _ => &[],
    };
    let empty = dom::by_id("rating-graph-empty");
    let measured = f64::from(host.client_width());
    let w = if measured > 0.0 {
        measured.clamp(MIN_W, MAX_W)
    } else {
        DEFAULT_W
    };
    // Room on the right for the last rating's label.
    let plot = graph(series, w - LEFT - 40.0, H - BOTTOM - 12.0);
    if let Some(e) = &empty {
        dom::set_hidden(e, plot.is_some() || matches!(page.history, Fetch::Loading));
    }
    let Some(plot) = plot else {
        dom::set_attr(&host, "aria-busy", "false");
        return;
    };
    let Some(svg) = dom::svg("svg") else { return };
    dom::set_attr(&svg, "viewBox", &format!("0 0 {} {H}", dom::fixed(w, 0)));
    dom::set_attr(&svg, "role", "img");
    dom::set_attr(
        &svg,
        "aria-label",
        &lang.fmt(Key::ProfileGraphLabel, &[("name", name)]),
    );
    draw_plot(&svg, &plot, w, lang);
    let _ = host.append_child(&svg);
}

/// Draws `plot` (scaled into the box less its margins) into `svg`, `width` wide: gridlines
/// and ratings on the left, the first and last day below, each perf's line and points, the
/// last rating of each labelled, a legend when there are several.
fn draw_plot(svg: &Element, plot: &Graph, width: f64, lang: Lang) {
    const TOP: f64 = 12.0;
    let add = |tag: &str, attrs: &[(&str, String)], text: Option<&str>| {
        let e = dom::svg(tag)?;
        for (k, v) in attrs {
            dom::set_attr(&e, k, v);
        }
        if let Some(t) = text {
            dom::set_text(&e, t);
        }
        let _ = svg.append_child(&e);
        Some(e)
    };
    let (lo, hi) = plot.range;
    let plot_h = H - BOTTOM - TOP;
    let right = width - 40.0;
    // Gridlines and the rating axis: the bounds and the middle.
    for r in [lo, (lo + hi) / 2, hi] {
        let y = TOP + plot_h - f64::from(r - lo) / f64::from((hi - lo).max(1)) * plot_h;
        add(
            "line",
            &[
                ("class", "grid".into()),
                ("x1", dom::fixed(LEFT, 1)),
                ("x2", dom::fixed(right, 1)),
                ("y1", dom::fixed(y, 1)),
                ("y2", dom::fixed(y, 1)),
            ],
            None,
        );
        add(
            "text",
            &[
                ("class", "axis".into()),
                ("x", dom::fixed(LEFT - 6.0, 1)),
                ("y", dom::fixed(y + 4.0, 1)),
                ("text-anchor", "end".into()),
            ],
            Some(&r.to_string()),
        );
    }
    // The first and last day under the plot.
    let (t0, t1) = plot.span;
    let dates = if t0 == t1 {
        vec![(LEFT + (right - LEFT) / 2.0, "middle", t0)]
    } else {
        vec![(LEFT, "start", t0), (right, "end", t1)]
    };
    for (x, anchor, t) in dates {
        add(
            "text",
            &[
                ("class", "axis".into()),
                ("x", dom::fixed(x, 1)),
                ("y", dom::fixed(H - 4.0, 1)),
                ("text-anchor", anchor.into()),
            ],
            Some(&intl::date(lang, t as f64)),
        );
    }
    for (perf, points) in &plot.lines {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", dom::fixed(x + LEFT, 1), dom::fixed(y + TOP, 1)))
            .collect();
        if points.len() > 1 {
            add(
                "polyline",
                &[
                    ("class", "series".into()),
                    ("data-perf", perf.name().into()),
                    ("points", pts.join(" ")),
                ],
                None,
            );
        }
        // The last point marked (each point when few), its rating in a tooltip.
        let few = points.len() <= 30;
        for (i, (x, y)) in points.iter().enumerate() {
            if !few && i + 1 != points.len() {
                continue;
            }
            add(
                "circle",
                &[
                    ("class", "point".into()),
                    ("data-perf", perf.name().into()),
                    ("cx", dom::fixed(x + LEFT, 1)),
                    ("cy", dom::fixed(y + TOP, 1)),
                    (
                        "r",
                        if i + 1 == points.len() { "4.5" } else { "2.5" }.into(),
                    ),
                ],
                None,
            );
        }
        // The current rating beside the last point.
        if let (Some((x, y)), Some(r)) = (points.last(), plot.last.iter().find(|(p, _)| p == perf))
        {
            add(
                "text",
                &[
                    ("class", "last".into()),
                    ("data-perf", perf.name().into()),
                    ("x", dom::fixed(x + LEFT + 8.0, 1)),
                    ("y", dom::fixed(y + TOP + 4.0, 1)),
                ],
                Some(&r.1.to_string()),
            );
        }
    }
    // A legend when several perfs are drawn.
    if plot.lines.len() > 1 {
        for (i, (perf, _)) in plot.lines.iter().enumerate() {
            let x = LEFT + 8.0 + 90.0 * i as f64;
            add(
                "circle",
                &[
                    ("class", "legend".into()),
                    ("data-perf", perf.name().into()),
                    ("cx", dom::fixed(x, 1)),
                    ("cy", "4".into()),
                    ("r", "4".into()),
                ],
                None,
            );
            add(
                "text",
                &[
                    ("class", "legend-text".into()),
                    ("x", dom::fixed(x + 8.0, 1)),
                    ("y", "8".into()),
                ],
                Some(lang.t(perf_key(*perf))),
            );
        }
    }
}

fn result_key(r: Result) -> Key {
    match r {
        Result::Win => Key::ResultWin,
        Result::Loss => Key::ResultLoss,
        Result::Draw => Key::ResultDraw,
    }
}

fn draw_games(page: &ProfilePage, lang: Lang) {
    let (Some(list), Some(empty)) = (
        dom::by_id("profile-games"),
        dom::by_id("profile-games-empty"),
    ) else {
        return;
    };
    dom::clear(&list);
    let games: &[GameLine] = match &page.games {
        Fetch::Loaded(g) => g,
        _ => &[],
    };
    dom::set_hidden(
        &empty,
        !matches!(page.games, Fetch::Loaded(ref g) if g.is_empty()),
    );
    dom::set_attr(
        &list,
        "aria-busy",
        if matches!(page.games, Fetch::Loading) {
            "true"
        } else {
            "false"
        },
    );
    for g in games {
        let Some(li) = dom::child(&list, "li", "game", "") else {
            continue;
        };
        dom::set_attr(&li, "data-game-id", g.id.as_str());
        dom::set_attr(&li, "data-result", g.result.name());
        let Some(a) = dom::child(&li, "a", "game-link", "") else {
            continue;
        };
        dom::set_attr(&a, "href", &format!("#/room/{}", g.id));
        if let Some(badge) = dom::child(&a, "span", "game-result", lang.t(result_key(g.result))) {
            dom::set_attr(&badge, "data-result", g.result.name());
        }
        let Some(main) = dom::child(&a, "span", "game-main", "") else {
            continue;
        };
        let opponent = g.opponent.as_ref().map_or_else(
            || lang.t(Key::PlayerAnonymous).to_owned(),
            ToString::to_string,
        );
        let who = match g.opponent_rating {
            Some(r) => format!("{opponent} ({r})"),
            None => opponent,
        };
        if let Some(vs) = dom::child(
            &main,
            "span",
            "game-vs",
            &lang.fmt(Key::ProfileAgainst, &[("name", &who)]),
        ) {
            dom::set_attr(
                &vs,
                "data-color",
                if g.color == Color::White {
                    "white"
                } else {
                    "black"
                },
            );
        }
        let mut meta = Vec::new();
        if let Some(c) = &g.clock {
            meta.push(c.clone());
        }
        meta.push(
            lang.t(if g.rated {
                Key::RatedBadge
            } else {
                Key::ProfileCasual
            })
            .to_owned(),
        );
        meta.push(intl::date(lang, g.ended_at as f64));
        dom::child(&main, "span", "game-meta", &meta.join(" · "));
        if let Some(d) = g.rating_diff
            && let Some(e) = dom::child(&a, "span", "game-diff", &rating_diff_text(d))
        {
            dom::set_attr(&e, "data-diff", &d.to_string());
        }
    }
}

fn draw_leaderboard(section: &Element, page: &LeaderboardPage, lang: Lang) {
    dom::set_attr(section, "data-perf", page.perf.name());
    if let Ok(tabs) = section.query_selector_all("[data-perf-tab]") {
        for i in 0..tabs.length() {
            let Some(tab) = tabs
                .item(i)
                .and_then(|n| wasm_bindgen::JsCast::dyn_into::<Element>(n).ok())
            else {
                continue;
            };
            if tab.get_attribute("data-perf-tab").as_deref() == Some(page.perf.name()) {
                dom::set_attr(&tab, "aria-current", "page");
            } else {
                let _ = tab.remove_attribute("aria-current");
            }
        }
    }
    let (Some(list), Some(status)) = (
        dom::by_id("leaderboard-list"),
        dom::by_id("leaderboard-status"),
    ) else {
        return;
    };
    dom::clear(&list);
    let note = match &page.leaders {
        Fetch::Loading => Some(lang.t(Key::Loading).to_owned()),
        Fetch::Failed(p) => Some(p.text(lang)),
        Fetch::Missing => Some(lang.t(Key::LeaderboardEmpty).to_owned()),
        Fetch::Loaded(l) if l.is_empty() => Some(lang.t(Key::LeaderboardEmpty).to_owned()),
        Fetch::Loaded(_) => None,
    };
    dom::set_text(&status, note.as_deref().unwrap_or(""));
    dom::set_hidden(&status, note.is_none());
    dom::set_attr(
        &list,
        "aria-busy",
        if matches!(page.leaders, Fetch::Loading) {
            "true"
        } else {
            "false"
        },
    );
    let Fetch::Loaded(leaders) = &page.leaders else {
        return;
    };
    for (i, l) in leaders.iter().enumerate() {
        let Some(li) = dom::child(&list, "li", "leader", "") else {
            continue;
        };
        let rank = i + 1;
        dom::set_attr(&li, "data-rank", &rank.to_string());
        dom::set_attr(&li, "data-username", l.username.as_str());
        dom::child(&li, "span", "leader-rank", &rank.to_string());
        if let Some(a) = dom::child(&li, "a", "leader-name", l.username.as_str()) {
            dom::set_attr(&a, "href", &profile_href(l.username.as_str()));
            dom::set_attr(
                &a,
                "title",
                &lang.fmt(Key::ProfileOpen, &[("name", l.username.as_str())]),
            );
        }
        dom::child(&li, "span", "leader-rating", &l.rating.to_string());
        if let Some(p) = dom::child(
            &li,
            "span",
            "leader-progress",
            &rating_diff_text(l.progress),
        ) {
            dom::set_attr(&p, "data-diff", &l.progress.to_string());
        }
    }
}
