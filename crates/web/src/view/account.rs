//! Accounts on the page: the top bar's entry (`#btn-signin` when signed out, `#account-link`
//! with the name when signed in), the sign-in view `#signin` and the account view `#account`,
//! and `#app[data-screen]` while one of them replaces the board (the style sheet hides the
//! board, the panel and the start screen then).

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::intl;
use crate::model::Model;
use crate::model::account::{
    Accounts, ApiToken, Call, Field, MIN_PASSWORD, Password, Problem, Screen, Session, Sessions,
    SignInMode, Tokens, device_text,
};
use crate::update::{AccountMsg, Emit, Msg};
use protocol::scope::Scope;
use web_sys::{Element, Event, HtmlInputElement};

/// The account views.
#[derive(Default)]
pub struct AccountView {
    /// What was drawn: the accounts' state and the language.
    drawn: Option<(Accounts, Lang)>,
}

fn input(id: &str) -> Option<HtmlInputElement> {
    dom::by_id_as::<HtmlInputElement>(id)
}

fn value(id: &str) -> String {
    input(id).map(|i| i.value()).unwrap_or_default()
}

fn clear_value(id: &str) {
    if let Some(i) = input(id) {
        i.set_value("");
    }
}

fn set_invalid(id: &str, invalid: bool) {
    if let Some(e) = dom::by_id(id) {
        dom::set_attr(&e, "aria-invalid", if invalid { "true" } else { "false" });
    }
}

/// Writes `problem` into the error element `id` (`data-error`, the text and the server's
/// sentence in `.detail`), or hides it.
pub(crate) fn show_problem(id: &str, problem: Option<&Problem>, lang: Lang) {
    let Some(e) = dom::by_id(id) else { return };
    dom::clear(&e);
    dom::set_attr(&e, "data-error", problem.map_or("", Problem::code));
    dom::set_hidden(&e, problem.is_none());
    let Some(p) = problem else { return };
    if let Some(text) = dom::el("span", "") {
        dom::set_text(&text, &p.text(lang));
        let _ = e.append_child(&text);
    }
    if let Some(detail) = p.detail()
        && let Some(d) = dom::el("span", "detail")
    {
        dom::set_text(&d, detail);
        let _ = e.append_child(&d);
    }
}

fn field_id(f: Field) -> &'static str {
    match f {
        Field::Username => "signin-username",
        Field::Password => "signin-password",
        Field::Confirm => "signin-confirm",
        Field::ClosePassword => "account-close-password",
    }
}

impl AccountView {
    /// Draws the top bar's entry and the view shown, if any.
    pub fn render(&mut self, m: &Model) {
        let now = (m.accounts.clone(), m.lang);
        if self.drawn.as_ref() == Some(&now) {
            return;
        }
        let before = self.drawn.take().map(|(a, _)| a);
        let a = &m.accounts;
        self.header(a, m.lang);
        if let Some(app) = dom::by_id("app") {
            dom::set_attr(
                &app,
                "data-screen",
                a.screen.as_ref().map_or("", Screen::name),
            );
        }
        let was = before.as_ref().and_then(|b| b.screen.as_ref());
        self.sign_in(a, was, m.lang);
        self.account(a, before.as_ref(), m.lang);
        self.drawn = Some(now);
    }

    fn header(&self, a: &Accounts, lang: Lang) {
        if let Some(b) = dom::by_id("btn-signin") {
            dom::set_hidden(&b, !a.known || a.user.is_some());
        }
        let Some(link) = dom::by_id("account-link") else {
            return;
        };
        dom::set_hidden(&link, a.user.is_none());
        let name = a
            .user
            .as_ref()
            .map(|u| u.username.to_string())
            .unwrap_or_default();
        dom::set_attr(&link, "data-username", &name);
        let label = lang.fmt(Key::AccountLinkLabel, &[("name", &name)]);
        dom::set_attr(&link, "aria-label", &label);
        dom::set_attr(&link, "title", &label);
        let current = matches!(a.screen, Some(Screen::Account));
        if current {
            dom::set_attr(&link, "aria-current", "page");
        } else {
            let _ = link.remove_attribute("aria-current");
        }
        if let Some(n) = dom::by_id("account-name") {
            dom::set_text(&n, &name);
        }
    }

    fn sign_in(&self, a: &Accounts, was: Option<&Screen>, lang: Lang) {
        let Some(section) = dom::by_id("signin") else {
            return;
        };
        let Some(Screen::SignIn(f)) = &a.screen else {
            if matches!(was, Some(Screen::SignIn(_))) {
                // The passwords do not stay in a hidden form.
                clear_value("signin-password");
                clear_value("signin-confirm");
            }
            dom::set_hidden(&section, true);
            return;
        };
        let opened = !matches!(was, Some(Screen::SignIn(_)));
        let switched = matches!(was, Some(Screen::SignIn(w)) if w.mode != f.mode);
        dom::set_hidden(&section, false);
        dom::set_attr(&section, "data-mode", f.mode.name());
        let signup = f.mode == SignInMode::SignUp;
        let texts = [
            (
                "signin-title",
                if signup {
                    Key::SignupTitle
                } else {
                    Key::SigninTitle
                },
            ),
            (
                "signin-lead",
                if signup {
                    Key::SignupLead
                } else {
                    Key::SigninLead
                },
            ),
            (
                "signin-switch",
                if signup {
                    Key::SignupToSignin
                } else {
                    Key::SigninToSignup
                },
            ),
        ];
        for (id, key) in texts {
            if let Some(e) = dom::by_id(id) {
                dom::set_text(&e, lang.t(key));
            }
        }
        if let Some(submit) = dom::by_id("signin-submit") {
            let key = match (f.busy, signup) {
                (true, _) => Key::AccountWorking,
                (false, true) => Key::BtnSignupSubmit,
                (false, false) => Key::BtnSigninSubmit,
            };
            dom::set_text(&submit, lang.t(key));
            dom::set_disabled(&submit, f.busy);
            dom::set_attr(&submit, "aria-busy", if f.busy { "true" } else { "false" });
        }
        if let Some(e) = dom::by_id("signin-password-hint") {
            dom::set_text(
                &e,
                &lang.fmt(Key::PasswordHint, &[("min", &MIN_PASSWORD.to_string())]),
            );
            dom::set_hidden(&e, !signup);
        }
        if let Some(e) = dom::by_id("signin-username-hint") {
            dom::set_hidden(&e, !signup);
        }
        if let Some(e) = dom::by_id("signin-confirm-field") {
            dom::set_hidden(&e, !signup);
        }
        if let Some(pw) = dom::by_id("signin-password") {
            let ac = if signup {
                "new-password"
            } else {
                "current-password"
            };
            dom::set_attr(&pw, "autocomplete", ac);
        }
        if let Some(e) = dom::by_id("signin-switch") {
            dom::set_disabled(&e, f.busy);
        }
        for id in ["signin-username", "signin-password", "signin-confirm"] {
            if let Some(e) = dom::by_id(id) {
                dom::set_attr(&e, "aria-readonly", if f.busy { "true" } else { "false" });
                if let Some(i) = input(id) {
                    i.set_read_only(f.busy);
                }
            }
        }
        let fault = f.problem.as_ref().and_then(Problem::field);
        for field in [Field::Username, Field::Password, Field::Confirm] {
            set_invalid(field_id(field), fault == Some(field));
        }
        show_problem("signin-error", f.problem.as_ref(), lang);
        // The focus: the first field on opening, the field at fault after a refusal.
        let problem_changed = match was {
            Some(Screen::SignIn(w)) => w.problem != f.problem,
            _ => true,
        };
        let target = if opened || switched {
            Some("signin-username")
        } else if problem_changed && !f.busy {
            fault.map(field_id)
        } else {
            None
        };
        if let Some(e) = target.and_then(dom::by_id) {
            dom::focus(&e);
        }
    }

    fn account(&self, a: &Accounts, before: Option<&Accounts>, lang: Lang) {
        let Some(section) = dom::by_id("account") else {
            return;
        };
        let shown = matches!(a.screen, Some(Screen::Account));
        let was = before.is_some_and(|b| matches!(b.screen, Some(Screen::Account)));
        if !shown {
            if was {
                clear_value("account-close-password");
                clear_value("token-description");
            }
            dom::set_hidden(&section, true);
            return;
        }
        dom::set_hidden(&section, false);
        let user = a.user.as_ref();
        let name = user.map(|u| u.username.to_string()).unwrap_or_default();
        super::profile::draw_identity(
            ["account-username", "account-initial", "account-created"],
            &name,
            user.and_then(|u| u.created_at),
            lang,
        );
        if let Some(e) = dom::by_id("account-profile") {
            dom::set_attr(&e, "href", &super::profile::profile_href(&name));
        }
        self.sessions(a, lang);
        self.tokens(a, before, lang);
        let busy = a.busy.is_some();
        let others = match &a.sessions {
            Sessions::Listed(list) => list.iter().any(|s| !s.current),
            _ => true,
        };
        for (id, call) in [
            ("account-signout", Call::SignOut),
            ("account-signout-others", Call::SignOutOthers),
            ("account-close", Call::Close),
        ] {
            if let Some(b) = dom::by_id(id) {
                let off = busy || (call == Call::SignOutOthers && !others) || user.is_none();
                dom::set_disabled(&b, off);
                let mine = a.busy.as_ref() == Some(&call);
                dom::set_attr(&b, "aria-busy", if mine { "true" } else { "false" });
            }
        }
        let fault = a.close_problem.as_ref().and_then(Problem::field);
        set_invalid(
            "account-close-password",
            fault == Some(Field::ClosePassword),
        );
        show_problem("account-error", a.problem.as_ref(), lang);
        show_problem("account-close-error", a.close_problem.as_ref(), lang);
        if !was && let Some(h) = dom::by_id("account-title") {
            // The view's heading takes the focus, so a screen reader starts there.
            dom::focus(&h);
        }
        if fault == Some(Field::ClosePassword)
            && before.is_none_or(|b| b.close_problem != a.close_problem)
            && let Some(e) = dom::by_id("account-close-password")
        {
            dom::focus(&e);
        }
    }

    fn sessions(&self, a: &Accounts, lang: Lang) {
        let (Some(list), Some(status)) = (
            dom::by_id("account-sessions"),
            dom::by_id("account-sessions-status"),
        ) else {
            return;
        };
        dom::clear(&list);
        let (note, busy): (Option<String>, bool) = match &a.sessions {
            Sessions::Unknown | Sessions::Loading => (Some(lang.t(Key::Loading).to_owned()), true),
            Sessions::Failed(p) => (Some(p.text(lang)), false),
            Sessions::Listed(items) => {
                for s in items {
                    if let Some(li) = session_item(s, a.busy.is_some(), lang) {
                        let _ = list.append_child(&li);
                    }
                }
                let alone = !items.iter().any(|s| !s.current);
                (
                    alone.then(|| lang.t(Key::AccountNoOtherSessions).to_owned()),
                    false,
                )
            }
        };
        dom::set_attr(&list, "aria-busy", if busy { "true" } else { "false" });
        dom::set_text(&status, note.as_deref().unwrap_or(""));
        dom::set_hidden(&status, note.is_none());
    }

    /// The API tokens: the list, the new token shown once, the form's state and problem.
    fn tokens(&self, a: &Accounts, before: Option<&Accounts>, lang: Lang) {
        let (Some(list), Some(status)) = (dom::by_id("token-list"), dom::by_id("tokens-status"))
        else {
            return;
        };
        dom::clear(&list);
        let busy = a.busy.is_some();
        let (note, loading): (Option<String>, bool) = match &a.tokens {
            Tokens::Unknown | Tokens::Loading => (Some(lang.t(Key::Loading).to_owned()), true),
            Tokens::Failed(p) => (Some(p.text(lang)), false),
            Tokens::Listed(items) => {
                for t in items {
                    if let Some(li) = token_item(t, busy, lang) {
                        let _ = list.append_child(&li);
                    }
                }
                (
                    items
                        .is_empty()
                        .then(|| lang.t(Key::AccountNoTokens).to_owned()),
                    false,
                )
            }
        };
        dom::set_attr(&list, "aria-busy", if loading { "true" } else { "false" });
        dom::set_text(&status, note.as_deref().unwrap_or(""));
        dom::set_hidden(&status, note.is_none());
        if let Some(shown) = dom::by_id("token-new") {
            dom::set_hidden(&shown, a.new_token.is_none());
        }
        if let Some(v) = dom::by_id("token-new-value") {
            dom::set_text(&v, a.new_token.as_ref().map_or("", |t| t.0.as_str()));
        }
        if let Some(b) = dom::by_id("token-create-submit") {
            dom::set_disabled(&b, busy);
            let mine = a.busy == Some(Call::CreateToken);
            dom::set_attr(&b, "aria-busy", if mine { "true" } else { "false" });
        }
        let fault = a.token_problem == Some(Problem::TokenDescription);
        set_invalid("token-description", fault);
        show_problem("token-error", a.token_problem.as_ref(), lang);
        let made = a.new_token.is_some() && before.is_none_or(|b| b.new_token != a.new_token);
        if made {
            // The form is for the next token: emptied.
            clear_value("token-description");
            for scope in Scope::ALL {
                if let Some(i) = scope_box(scope) {
                    i.set_checked(false);
                }
            }
        }
        if fault
            && before.is_none_or(|b| b.token_problem != a.token_problem)
            && let Some(e) = dom::by_id("token-description")
        {
            dom::focus(&e);
        }
    }

    /// Connects the entry, the forms and the buttons.
    pub fn wire(&self, d: &impl Emit) {
        let click = |id: &str, msg: AccountMsg| {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| {
                    d.emit(Msg::Account(msg.clone()));
                });
            }
        };
        click("btn-signin", AccountMsg::OpenSignIn);
        click("signin-switch", AccountMsg::SwitchMode);
        click("signin-back", AccountMsg::Back);
        click("account-back", AccountMsg::Back);
        click("account-signout", AccountMsg::SignOut);
        click("account-signout-others", AccountMsg::SignOutOthers);
        if let Some(form) = dom::by_id("signin-form") {
            let d = d.clone();
            dom::on(&form, "submit", move |ev: Event| {
                ev.prevent_default();
                d.emit(Msg::Account(AccountMsg::Submit {
                    username: value("signin-username"),
                    password: Password(value("signin-password")),
                    confirm: Password(value("signin-confirm")),
                }));
            });
        }
        if let Some(form) = dom::by_id("account-close-form") {
            let d = d.clone();
            dom::on(&form, "submit", move |ev: Event| {
                ev.prevent_default();
                d.emit(Msg::Account(AccountMsg::Close(Password(value(
                    "account-close-password",
                )))));
            });
        }
        if let Some(form) = dom::by_id("token-create") {
            let d = d.clone();
            dom::on(&form, "submit", move |ev: Event| {
                ev.prevent_default();
                let scopes = Scope::ALL
                    .into_iter()
                    .filter(|s| scope_box(*s).is_some_and(|i| i.checked()))
                    .collect();
                d.emit(Msg::Account(AccountMsg::CreateToken {
                    description: value("token-description"),
                    scopes,
                }));
            });
        }
        if let Some(list) = dom::by_id("token-list") {
            let d = d.clone();
            dom::on(&list, "click", move |ev: Event| {
                if dom::closest_attr(&ev, "data-action").as_deref() != Some("revoke-token") {
                    return;
                }
                if let Some(id) = dom::closest_attr(&ev, "data-token-id") {
                    d.emit(Msg::Account(AccountMsg::RevokeToken(id)));
                }
            });
        }
        if let Some(list) = dom::by_id("account-sessions") {
            let d = d.clone();
            dom::on(&list, "click", move |ev: Event| {
                if dom::closest_attr(&ev, "data-action").as_deref() != Some("revoke") {
                    return;
                }
                if let Some(id) = dom::closest_attr(&ev, "data-session-id") {
                    d.emit(Msg::Account(AccountMsg::Revoke(id)));
                }
            });
        }
    }
}

/// One session of the list: `li.session[data-session-id][data-current]`, its device, dates,
/// "This device" or a `[data-action="revoke"]` button.
fn session_item(s: &Session, busy: bool, lang: Lang) -> Option<Element> {
    let li = dom::el("li", "session")?;
    dom::set_attr(&li, "data-session-id", &s.id);
    dom::set_attr(
        &li,
        "data-current",
        if s.current { "true" } else { "false" },
    );
    let info = dom::el("div", "session-info")?;
    let head = dom::el("span", "session-device")?;
    dom::set_text(&head, &device_text(lang, s.user_agent.as_deref()));
    let _ = info.append_child(&head);
    if s.current
        && let Some(badge) = dom::el("span", "session-badge")
    {
        dom::set_text(&badge, lang.t(Key::AccountThisDevice));
        let _ = info.append_child(&badge);
    }
    let times = dom::el("span", "session-times")?;
    dom::set_text(
        &times,
        &lang.fmt(
            Key::AccountSessionTimes,
            &[
                ("created", &intl::date_time(lang, s.created_at as f64)),
                ("seen", &intl::date_time(lang, s.last_seen_at as f64)),
            ],
        ),
    );
    let _ = info.append_child(&times);
    let _ = li.append_child(&info);
    if !s.current
        && let Some(b) = dom::el("button", "btn small")
    {
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "data-action", "revoke");
        dom::set_text(&b, lang.t(Key::BtnRevokeSession));
        dom::set_disabled(&b, busy);
        let _ = li.append_child(&b);
    }
    Some(li)
}

/// The checkbox of `scope` in `#token-create` (`input[name="scope"][value="board:play"]`).
fn scope_box(scope: Scope) -> Option<HtmlInputElement> {
    use wasm_bindgen::JsCast;
    let selector = format!(
        "#token-create input[name=\"scope\"][value=\"{}\"]",
        scope.as_str()
    );
    dom::document()?
        .query_selector(&selector)
        .ok()
        .flatten()?
        .dyn_into::<HtmlInputElement>()
        .ok()
}

/// The text of a scope in the list and the form.
fn scope_key(scope: Scope) -> Key {
    match scope {
        Scope::BoardPlay => Key::ScopeBoardPlay,
        Scope::BotPlay => Key::ScopeBotPlay,
        Scope::ChallengeRead => Key::ScopeChallengeRead,
        Scope::ChallengeWrite => Key::ScopeChallengeWrite,
        Scope::PreferenceRead => Key::ScopePreferenceRead,
    }
}

/// One token of the list: `li.session.token[data-token-id]`, its description, its scopes
/// (`data-scopes`, space-separated lichess names), its dates, and a
/// `[data-action="revoke-token"]` button.
fn token_item(t: &ApiToken, busy: bool, lang: Lang) -> Option<Element> {
    let li = dom::el("li", "session token")?;
    dom::set_attr(&li, "data-token-id", &t.id);
    let names: Vec<&str> = t.scopes.iter().map(|s| s.as_str()).collect();
    dom::set_attr(&li, "data-scopes", &names.join(" "));
    let info = dom::el("div", "session-info")?;
    let head = dom::el("span", "token-description")?;
    dom::set_text(&head, &t.description);
    let _ = info.append_child(&head);
    let scopes = dom::el("span", "session-times token-scopes-line")?;
    let words: Vec<&str> = t.scopes.iter().map(|s| lang.t(scope_key(*s))).collect();
    let text = if words.is_empty() {
        lang.t(Key::AccountTokenNoScopes).to_owned()
    } else {
        words.join(" · ")
    };
    dom::set_text(&scopes, &text);
    dom::set_attr(&scopes, "title", &names.join(" "));
    let _ = info.append_child(&scopes);
    let times = dom::el("span", "session-times")?;
    let created = intl::date_time(lang, t.created_at as f64);
    let when = match t.last_used_at {
        Some(used) => lang.fmt(
            Key::AccountTokenTimes,
            &[
                ("created", &created),
                ("used", &intl::date_time(lang, used as f64)),
            ],
        ),
        None => lang.fmt(Key::AccountTokenNeverUsed, &[("created", &created)]),
    };
    dom::set_text(&times, &when);
    let _ = info.append_child(&times);
    let _ = li.append_child(&info);
    if let Some(b) = dom::el("button", "btn small") {
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "data-action", "revoke-token");
        dom::set_text(&b, lang.t(Key::BtnRevokeToken));
        let label = format!("{} · {}", lang.t(Key::BtnRevokeToken), t.description);
        dom::set_attr(&b, "aria-label", &label);
        dom::set_disabled(&b, busy);
        let _ = li.append_child(&b);
    }
    Some(li)
}
