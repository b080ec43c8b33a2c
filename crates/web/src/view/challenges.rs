//! Challenges between accounts: `#challenges`, the list shown on every screen of the
//! challenges the signed-in player received (Accept, Decline) and sent (Withdraw), and the
//! challenge form of a profile (`#profile-challenge-box`).
//!
//! DOM contract: `#challenges[hidden]` while the list is empty; `#challenge-list
//! li.challenge[data-challenge-id][data-direction="in"|"out"]`, each with `.challenge-who`,
//! `.challenge-terms` and its buttons `.challenge-accept`, `.challenge-decline` (received) or
//! `.challenge-cancel` (sent). On a profile: `#profile-challenge` (shown to a signed-in
//! player on another open account's profile) opens `#challenge-form` with
//! `#challenge-clock` (`value` a time control such as `5+3`, or empty for no clock),
//! `#challenge-color` (`random`, `white`, `black`), `#challenge-rated`, `#challenge-problem`
//! and `#challenge-send`, `#challenge-form-cancel`.

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::Model;
use crate::model::account::Screen;
use crate::model::challenge::{Challenge, ChallengeColor, ChallengeForm};
use crate::model::profile::Fetch;
use crate::update::{ChallengeMsg, Emit, Msg};
use protocol::TimeControl;
use web_sys::Event;

/// What the list shows, as drawn last.
type Drawn = (Vec<Challenge>, Vec<Challenge>, Lang);

/// The list of challenges and the profile's challenge form.
#[derive(Default)]
pub struct ChallengesView {
    list: Option<Drawn>,
    form: Option<(bool, Option<ChallengeForm>, Lang)>,
}

/// "5+3 · Rated · you play Black", from the side of the player who reads it (`incoming`:
/// the colour asked for is the challenger's).
fn terms(c: &Challenge, incoming: bool, lang: Lang) -> String {
    let clock = c
        .clock
        .map_or_else(|| lang.t(Key::ClockUntimed).to_owned(), |tc| tc.to_string());
    let kind = lang.t(if c.rated {
        Key::RatedBadge
    } else {
        Key::LobbyCasual
    });
    let mine = match (c.color, incoming) {
        (ChallengeColor::Random, _) => Key::ChallengeYouRandom,
        (ChallengeColor::White, false) | (ChallengeColor::Black, true) => Key::ChallengeYouWhite,
        (ChallengeColor::Black, false) | (ChallengeColor::White, true) => Key::ChallengeYouBlack,
    };
    format!("{clock} · {kind} · {}", lang.t(mine))
}

fn button(parent: &web_sys::Element, class: &str, text: &str) {
    if let Some(b) = dom::el("button", &format!("btn small {class}")) {
        dom::set_attr(&b, "type", "button");
        dom::set_text(&b, text);
        let _ = parent.append_child(&b);
    }
}

fn draw_item(list: &web_sys::Element, c: &Challenge, incoming: bool, lang: Lang) {
    let Some(li) = dom::el("li", "challenge") else {
        return;
    };
    dom::set_attr(&li, "data-challenge-id", c.id.as_str());
    dom::set_attr(&li, "data-direction", if incoming { "in" } else { "out" });
    if let Some(text) = dom::el("span", "challenge-text") {
        let who = if incoming {
            let rating = format!(
                "{}{}",
                c.challenger.rating,
                if c.challenger.provisional { "?" } else { "" }
            );
            lang.fmt(
                Key::ChallengeIncoming,
                &[("name", c.challenger.name.as_str()), ("rating", &rating)],
            )
        } else {
            lang.fmt(Key::ChallengeOutgoing, &[("name", c.dest.name.as_str())])
        };
        if let Some(w) = dom::el("strong", "challenge-who") {
            dom::set_text(&w, &who);
            let _ = text.append_child(&w);
        }
        if let Some(t) = dom::el("span", "challenge-terms") {
            dom::set_text(&t, &terms(c, incoming, lang));
            let _ = text.append_child(&t);
        }
        let _ = li.append_child(&text);
    }
    if let Some(actions) = dom::el("span", "challenge-actions") {
        if incoming {
            button(&actions, "primary challenge-accept", lang.t(Key::BtnAccept));
            button(&actions, "quiet challenge-decline", lang.t(Key::BtnDecline));
        } else {
            button(
                &actions,
                "quiet challenge-cancel",
                lang.t(Key::BtnChallengeCancel),
            );
        }
        let _ = li.append_child(&actions);
    }
    let _ = list.append_child(&li);
}

/// Whether the profile shown may be challenged by the player signed in.
fn may_challenge(m: &Model) -> bool {
    let Some(me) = &m.accounts.user else {
        return false;
    };
    if m.accounts.screen != Some(Screen::Profile) {
        return false;
    }
    m.profiles.profile.as_ref().is_some_and(|p| {
        matches!(&p.profile, Fetch::Loaded(profile) if !profile.closed)
            && p.name
                .parse::<protocol::user::Username>()
                .is_ok_and(|n| n.id() != me.id)
    })
}

impl ChallengesView {
    /// Draws the list and the form of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let c = &m.challenges;
        let now = (c.incoming.clone(), c.outgoing.clone(), lang);
        if self.list.as_ref() != Some(&now) {
            if let (Some(section), Some(list)) =
                (dom::by_id("challenges"), dom::by_id("challenge-list"))
            {
                dom::clear(&list);
                for ch in &c.incoming {
                    draw_item(&list, ch, true, lang);
                }
                for ch in &c.outgoing {
                    draw_item(&list, ch, false, lang);
                }
                dom::set_hidden(&section, c.incoming.is_empty() && c.outgoing.is_empty());
            }
            self.list = Some(now);
        }
        let form = (may_challenge(m), c.form.clone(), lang);
        if self.form.as_ref() == Some(&form) {
            return;
        }
        let was_open = self.form.as_ref().is_some_and(|(_, f, _)| f.is_some());
        draw_form(&form.0, form.1.as_ref(), lang, was_open);
        self.form = Some(form);
    }

    /// Connects the list's buttons and the form.
    pub fn wire(&self, d: &impl Emit) {
        if let Some(list) = dom::by_id("challenge-list") {
            let d = d.clone();
            dom::on(&list, "click", move |ev: Event| {
                let Some(id) = dom::closest_attr(&ev, "data-challenge-id") else {
                    return;
                };
                let Ok(id) = id.parse() else { return };
                let Some(target) = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                else {
                    return;
                };
                let has = |class: &str| {
                    target
                        .closest(&format!(".{class}"))
                        .ok()
                        .flatten()
                        .is_some()
                };
                let msg = if has("challenge-accept") {
                    ChallengeMsg::Accept(id)
                } else if has("challenge-decline") {
                    ChallengeMsg::Decline(id)
                } else if has("challenge-cancel") {
                    ChallengeMsg::Cancel(id)
                } else {
                    return;
                };
                d.emit(Msg::Challenge(msg));
            });
        }
        for (id, msg) in [
            ("profile-challenge", ChallengeMsg::OpenForm),
            ("challenge-form-cancel", ChallengeMsg::CloseForm),
        ] {
            if let Some(b) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&b, "click", move |_: Event| {
                    d.emit(Msg::Challenge(msg.clone()))
                });
            }
        }
        if let Some(form) = dom::by_id("challenge-form") {
            let d = d.clone();
            dom::on(&form, "submit", move |ev: Event| {
                ev.prevent_default();
                d.emit(Msg::Challenge(ChallengeMsg::Send));
            });
        }
        if let Some(s) = dom::by_id_as::<web_sys::HtmlSelectElement>("challenge-clock") {
            let d = d.clone();
            let s2 = s.clone();
            dom::on(&s, "change", move |_: Event| {
                let v = s2.value();
                let clock = if v.is_empty() {
                    None
                } else {
                    match v.parse::<TimeControl>() {
                        Ok(tc) => Some(tc),
                        Err(_) => return,
                    }
                };
                d.emit(Msg::Challenge(ChallengeMsg::SetClock(clock)));
            });
        }
        if let Some(s) = dom::by_id_as::<web_sys::HtmlSelectElement>("challenge-color") {
            let d = d.clone();
            let s2 = s.clone();
            dom::on(&s, "change", move |_: Event| {
                if let Some(c) = ChallengeColor::named(&s2.value()) {
                    d.emit(Msg::Challenge(ChallengeMsg::SetColor(c)));
                }
            });
        }
        if let Some(b) = dom::by_id_as::<web_sys::HtmlInputElement>("challenge-rated") {
            let d = d.clone();
            let b2 = b.clone();
            dom::on(&b, "change", move |_: Event| {
                d.emit(Msg::Challenge(ChallengeMsg::SetRated(b2.checked())));
            });
        }
    }
}

/// Draws `#profile-challenge-box`: the button when `allowed`, the form when open.
fn draw_form(allowed: &bool, form: Option<&ChallengeForm>, lang: Lang, was_open: bool) {
    let Some(boxed) = dom::by_id("profile-challenge-box") else {
        return;
    };
    dom::set_hidden(&boxed, !allowed);
    let open = form.filter(|_| *allowed);
    if let Some(b) = dom::by_id("profile-challenge") {
        dom::set_hidden(&b, open.is_some());
    }
    let Some(f) = dom::by_id("challenge-form") else {
        return;
    };
    dom::set_hidden(&f, open.is_none());
    let Some(form) = open else {
        return;
    };
    if let Some(t) = dom::by_id("challenge-form-title") {
        dom::set_text(
            &t,
            &lang.fmt(Key::ChallengeFormTitle, &[("name", form.to.as_str())]),
        );
    }
    if let Some(s) = dom::by_id_as::<web_sys::HtmlSelectElement>("challenge-clock") {
        let e: &web_sys::Element = s.as_ref();
        dom::clear(e);
        let choices = protocol::pools()
            .map(|tc| (tc.to_string(), tc.to_string()))
            .chain([(String::new(), lang.t(Key::ClockUntimed).to_owned())]);
        for (value, text) in choices {
            if let Some(o) = dom::el("option", "") {
                dom::set_attr(&o, "value", &value);
                dom::set_text(&o, &text);
                let _ = e.append_child(&o);
            }
        }
        s.set_value(&form.clock.map(|tc| tc.to_string()).unwrap_or_default());
    }
    if let Some(s) = dom::by_id_as::<web_sys::HtmlSelectElement>("challenge-color") {
        s.set_value(form.color.name());
    }
    if let Some(b) = dom::by_id_as::<web_sys::HtmlInputElement>("challenge-rated") {
        b.set_checked(form.rated);
        b.set_disabled(form.clock.is_none());
    }
    super::account::show_problem("challenge-problem", form.problem.as_ref(), lang);
    if let Some(b) = dom::by_id("challenge-send") {
        dom::set_disabled(&b, form.busy);
    }
    if !was_open && let Some(s) = dom::by_id("challenge-clock") {
        dom::focus(&s);
    }
}
