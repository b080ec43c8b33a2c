//! Accounts: the start-up question "who is signed in?", the sign-in view, the account view
//! (`#/account`) and the answers of the server's account routes ([`crate::model::account`]).
//!
//! Every request is a [`Cmd::Http`] made in the model's current [`Accounts::epoch`]; a change
//! of who is signed in starts a new epoch, so an answer to an older request (a slow `GET
//! /api/account` arriving after a sign-in) changes nothing. Anonymous play never waits for
//! any of it: a failed start-up question means signed out, silently.
//!
//! [`Accounts::epoch`]: crate::model::account::Accounts::epoch

use super::{BrowserCmd, Cmd};
use crate::i18n::{Counted, Key};
use crate::model::Model;
use crate::model::account::{
    Call, HttpAnswer, HttpRequest, MIN_PASSWORD, Password, Problem, Screen, Sessions, SignInForm,
    SignInMode, Tokens, check_form, check_token_description, read_account, read_new_token,
    read_revoked, read_sessions, read_tokens,
};
use protocol::scope::Scope;

/// A user action or an answer about accounts.
#[derive(Clone, Debug, PartialEq)]
pub enum AccountMsg {
    /// `#btn-signin`: show the sign-in view.
    OpenSignIn,
    /// `#signin-switch`: from signing in to making an account, and back.
    SwitchMode,
    /// The sign-in form was sent (Enter or `#signin-submit`).
    Submit {
        /// `#signin-username`.
        username: String,
        /// `#signin-password`.
        password: Password,
        /// `#signin-confirm` (read for a new account only).
        confirm: Password,
    },
    /// `#signin-back` or `#account-back`: back to the board.
    Back,
    /// `#account-signout`: sign this browser out.
    SignOut,
    /// `#account-signout-others`: sign out every other session.
    SignOutOthers,
    /// `[data-action="revoke"]` of a session: sign that session out.
    Revoke(String),
    /// `#account-close`: close the account, the password confirming it.
    Close(Password),
    /// `#token-create` was sent: a new API token with this description and these scopes.
    CreateToken {
        /// `#token-description`.
        description: String,
        /// The scopes ticked.
        scopes: Vec<Scope>,
    },
    /// `[data-action="revoke-token"]` of a token: revoke it.
    RevokeToken(String),
    /// The server answered a request (or the network failed: the browser's reason).
    Answer {
        /// What was asked.
        call: Call,
        /// The epoch the request was made in.
        epoch: u32,
        /// The answer.
        answer: Result<HttpAnswer, String>,
    },
}

/// Asks `call` of the server, with `form`'s fields.
fn request(model: &Model, call: Call, form: Vec<(&'static str, String)>, out: &mut Vec<Cmd>) {
    out.push(Cmd::Http(HttpRequest {
        call,
        epoch: model.accounts.epoch,
        form,
    }));
}

/// At start-up: who is signed in?
pub(super) fn started(model: &mut Model, out: &mut Vec<Cmd>) {
    request(model, Call::Me, Vec::new(), out);
}

/// Asks the server again who is signed in (and their ratings), when this page thinks
/// somebody is: after a rated game moved the ratings, or when the server said the session no
/// longer signs anyone in.
pub(super) fn refresh(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.accounts.user.is_some() {
        request(model, Call::Me, Vec::new(), out);
    }
}

/// The address asks for the account view.
pub(super) fn route_account(model: &mut Model, out: &mut Vec<Cmd>) {
    let a = &mut model.accounts;
    if a.user.is_some() {
        if a.screen != Some(Screen::Account) {
            a.screen = Some(Screen::Account);
            a.problem = None;
            a.close_problem = None;
            load_sessions(model, out);
        }
    } else if a.known {
        a.screen = Some(Screen::SignIn(sign_in_form(true)));
    } else {
        // The start-up question is on its way: its answer decides.
        a.screen = Some(Screen::Account);
    }
}

/// The address leaves the account view (the browser's Back, an invite link).
pub(super) fn route_away(model: &mut Model) {
    model.accounts.screen = None;
}

fn sign_in_form(then_account: bool) -> SignInForm {
    SignInForm {
        mode: SignInMode::SignIn,
        problem: None,
        busy: false,
        then_account,
    }
}

/// Asks for the account view's lists: the sessions, then the API tokens.
fn load_sessions(model: &mut Model, out: &mut Vec<Cmd>) {
    model.accounts.sessions = Sessions::Loading;
    request(model, Call::Sessions, Vec::new(), out);
    load_tokens(model, out);
}

fn load_tokens(model: &mut Model, out: &mut Vec<Cmd>) {
    model.accounts.tokens = Tokens::Loading;
    request(model, Call::Tokens, Vec::new(), out);
}

/// Leaves the sign-in or account view for the board, putting the room (or nothing) back in
/// the address when it showed `#/account`.
fn close_screen(model: &mut Model, out: &mut Vec<Cmd>) {
    let routed = match &model.accounts.screen {
        Some(
            Screen::Account
            | Screen::Profile
            | Screen::Leaderboard
            | Screen::Training
            | Screen::Lessons,
        ) => true,
        Some(Screen::SignIn(f)) => f.then_account,
        None => false,
    };
    model.accounts.screen = None;
    model.accounts.problem = None;
    model.accounts.close_problem = None;
    model.accounts.token_problem = None;
    // A new token is shown once: not again when the view opens next.
    model.accounts.new_token = None;
    if routed {
        let room = model.mode.online().and_then(|o| o.room.clone());
        out.push(Cmd::Browser(BrowserCmd::SetLocation(room)));
    }
}

/// Handles an account message.
pub(super) fn handle(model: &mut Model, msg: AccountMsg, out: &mut Vec<Cmd>) {
    match msg {
        AccountMsg::OpenSignIn => {
            if model.accounts.user.is_none() && model.accounts.screen.is_none() {
                model.accounts.screen = Some(Screen::SignIn(sign_in_form(false)));
            }
        }
        AccountMsg::SwitchMode => {
            if let Some(Screen::SignIn(f)) = &mut model.accounts.screen
                && !f.busy
            {
                f.mode = match f.mode {
                    SignInMode::SignIn => SignInMode::SignUp,
                    SignInMode::SignUp => SignInMode::SignIn,
                };
                f.problem = None;
            }
        }
        AccountMsg::Submit {
            username,
            password,
            confirm,
        } => submit(model, &username, password, &confirm, out),
        AccountMsg::Back => close_screen(model, out),
        AccountMsg::SignOut => act(model, Call::SignOut, Vec::new(), out),
        AccountMsg::SignOutOthers => act(model, Call::SignOutOthers, Vec::new(), out),
        AccountMsg::Revoke(id) => act(model, Call::Revoke(id), Vec::new(), out),
        AccountMsg::CreateToken {
            description,
            scopes,
        } => match check_token_description(&description) {
            Err(p) => model.accounts.token_problem = Some(p),
            Ok(d) => {
                let mut form = vec![("description", d)];
                form.extend(scopes.iter().map(|s| ("scopes[]", s.as_str().to_owned())));
                act(model, Call::CreateToken, form, out);
            }
        },
        AccountMsg::RevokeToken(id) => act(model, Call::RevokeToken(id), Vec::new(), out),
        AccountMsg::Close(password) => {
            if password.0.chars().count() < MIN_PASSWORD {
                // No account has a shorter password: not worth asking.
                model.accounts.close_problem = Some(Problem::WrongPassword);
            } else {
                act(model, Call::Close, vec![("password", password.0)], out);
            }
        }
        AccountMsg::Answer {
            call,
            epoch,
            answer,
        } => {
            if call.is_profile() {
                // Public: answered the same whoever is signed in.
                super::profile::answered(model, call, answer, out);
            } else if epoch == model.accounts.epoch {
                answered(model, call, answer, out);
            }
        }
    }
}

fn submit(
    model: &mut Model,
    username: &str,
    password: Password,
    confirm: &Password,
    out: &mut Vec<Cmd>,
) {
    let Some(Screen::SignIn(f)) = &mut model.accounts.screen else {
        return;
    };
    if f.busy {
        return;
    }
    match check_form(f.mode, username, &password.0, &confirm.0) {
        Err(p) => f.problem = Some(p),
        Ok(name) => {
            f.problem = None;
            f.busy = true;
            let call = match f.mode {
                SignInMode::SignIn => Call::SignIn,
                SignInMode::SignUp => Call::SignUp,
            };
            let form = vec![("username", name.to_string()), ("password", password.0)];
            request(model, call, form, out);
        }
    }
}

/// An action of the account view: one at a time.
fn act(model: &mut Model, call: Call, form: Vec<(&'static str, String)>, out: &mut Vec<Cmd>) {
    if model.accounts.user.is_none() || model.accounts.busy.is_some() {
        return;
    }
    model.accounts.busy = Some(call.clone());
    model.accounts.problem = None;
    model.accounts.close_problem = None;
    model.accounts.token_problem = None;
    request(model, call, form, out);
}

/// Who is signed in changed: older answers are stale, the sessions unknown.
fn new_epoch(model: &mut Model) {
    let a = &mut model.accounts;
    a.epoch = a.epoch.wrapping_add(1);
    a.sessions = Sessions::Unknown;
    a.tokens = Tokens::Unknown;
    a.new_token = None;
    a.busy = None;
    a.problem = None;
    a.close_problem = None;
    a.token_problem = None;
}

/// Signed out (by this page, by closing the account): the board again, with a toast.
fn signed_out(model: &mut Model, toast: Key, out: &mut Vec<Cmd>) {
    model.accounts.user = None;
    new_epoch(model);
    super::online::renew_connection(model, out);
    close_screen(model, out);
    super::toast(model, toast, false, out);
}

/// The session ended elsewhere: signed out; a view that was open asks to sign in again.
fn session_ended(model: &mut Model, out: &mut Vec<Cmd>) {
    let was_account = matches!(model.accounts.screen, Some(Screen::Account));
    model.accounts.user = None;
    new_epoch(model);
    super::online::renew_connection(model, out);
    if was_account {
        model.accounts.screen = Some(Screen::SignIn(SignInForm {
            problem: Some(Problem::SessionEnded),
            ..sign_in_form(true)
        }));
    }
}

fn answered(model: &mut Model, call: Call, answer: Result<HttpAnswer, String>, out: &mut Vec<Cmd>) {
    if model.accounts.busy.as_ref() == Some(&call) {
        model.accounts.busy = None;
    }
    let problem = match &answer {
        Ok(a) if a.ok() => None,
        Ok(a) => Some(Problem::of_status(&call, a)),
        Err(why) => {
            out.push(Cmd::Log(format!(
                "{} {}: {why}",
                call.method(),
                call.path()
            )));
            Some(Problem::Network)
        }
    };
    let body = answer.map(|a| a.body).unwrap_or_default();
    match call {
        Call::Me => me(model, problem, &body, out),
        Call::SignIn | Call::SignUp => signed_in(model, &call, problem, &body, out),
        Call::SignOut => match problem {
            None => signed_out(model, Key::ToastSignedOut, out),
            Some(Problem::SessionEnded) => signed_out(model, Key::ToastSignedOut, out),
            Some(p) => model.accounts.problem = Some(p),
        },
        Call::Close => match problem {
            None => signed_out(model, Key::ToastAccountClosed, out),
            Some(p) => model.accounts.close_problem = Some(p),
        },
        Call::Sessions => match problem {
            None => match read_sessions(&body) {
                Ok(list) => model.accounts.sessions = Sessions::Listed(list),
                Err(e) => {
                    out.push(Cmd::Log(format!("GET /api/account/sessions: {e}")));
                    model.accounts.sessions = Sessions::Failed(Problem::Server(200));
                }
            },
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => model.accounts.sessions = Sessions::Failed(p),
        },
        Call::Revoke(id) => match problem {
            None => {
                if let Sessions::Listed(list) = &mut model.accounts.sessions {
                    list.retain(|s| s.id != id);
                }
                super::toast(model, Key::ToastSessionRevoked, false, out);
            }
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => {
                model.accounts.problem = Some(p);
                load_sessions(model, out);
            }
        },
        Call::SignOutOthers => match problem {
            None => {
                let n = read_revoked(&body);
                if let Sessions::Listed(list) = &mut model.accounts.sessions {
                    list.retain(|s| s.current);
                }
                out.push(Cmd::View(super::ViewCmd::Toast {
                    text: model.lang.count(Counted::ToastSignedOutOthers, n, &[]),
                    error: false,
                }));
            }
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => model.accounts.problem = Some(p),
        },
        Call::Tokens => match problem {
            None => match read_tokens(&body) {
                Ok(list) => model.accounts.tokens = Tokens::Listed(list),
                Err(e) => {
                    out.push(Cmd::Log(format!("GET /api/account/tokens: {e}")));
                    model.accounts.tokens = Tokens::Failed(Problem::Server(200));
                }
            },
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => model.accounts.tokens = Tokens::Failed(p),
        },
        Call::CreateToken => match problem {
            None => match read_new_token(&body) {
                Ok(secret) => {
                    model.accounts.new_token = Some(secret);
                    super::toast(model, Key::ToastTokenCreated, false, out);
                    load_tokens(model, out);
                }
                Err(_) => {
                    // Nothing of the body is logged: it may hold the token.
                    out.push(Cmd::Log(
                        "POST /account/oauth/token/create: the answer has no token".into(),
                    ));
                    model.accounts.token_problem = Some(Problem::Server(200));
                }
            },
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => model.accounts.token_problem = Some(p),
        },
        Call::RevokeToken(id) => match problem {
            None => {
                if let Tokens::Listed(list) = &mut model.accounts.tokens {
                    list.retain(|t| t.id != id);
                }
                super::toast(model, Key::ToastTokenRevoked, false, out);
            }
            Some(Problem::SessionEnded) => session_ended(model, out),
            Some(p) => {
                model.accounts.token_problem = Some(p);
                load_tokens(model, out);
            }
        },
        // Answered by `super::profile` before the epoch is looked at.
        Call::User(_) | Call::History(_) | Call::Games(_) | Call::Top(_) | Call::BotsOnline => {}
        Call::Challenge(_)
        | Call::AcceptChallenge(_)
        | Call::DeclineChallenge(_)
        | Call::CancelChallenge(_) => match problem {
            Some(Problem::SessionEnded) => session_ended(model, out),
            problem => super::challenge::answered(model, call, problem, &body, out),
        },
    }
}

/// The answer of `GET /api/account`: signed in, or (401, offline, an error) signed out.
fn me(model: &mut Model, problem: Option<Problem>, body: &str, out: &mut Vec<Cmd>) {
    let account = match problem {
        None => read_account(body)
            .map_err(|e| out.push(Cmd::Log(format!("GET /api/account: {e}"))))
            .ok(),
        Some(_) => None,
    };
    let a = &mut model.accounts;
    a.known = true;
    let changed = a.user.as_ref().map(|u| &u.id) != account.as_ref().map(|u| &u.id);
    a.user = account;
    if changed {
        new_epoch(model);
    }
    let signed_in = model.accounts.user.is_some();
    match &model.accounts.screen {
        Some(Screen::Account) if signed_in && model.accounts.sessions == Sessions::Unknown => {
            load_sessions(model, out);
        }
        Some(Screen::Account) if !signed_in => {
            // `#/account` while signed out: sign in first (saying why if the server could not
            // be asked).
            model.accounts.screen = Some(Screen::SignIn(SignInForm {
                problem: problem.filter(|p| *p != Problem::SessionEnded),
                ..sign_in_form(true)
            }));
        }
        _ => {}
    }
}

/// The answer of `POST /login` or `/signup`.
fn signed_in(
    model: &mut Model,
    call: &Call,
    problem: Option<Problem>,
    body: &str,
    out: &mut Vec<Cmd>,
) {
    let result = match problem {
        None => read_account(body).map_err(|e| {
            out.push(Cmd::Log(format!("POST {}: {e}", call.path())));
            Problem::Server(200)
        }),
        Some(p) => Err(p),
    };
    match result {
        Err(p) => {
            if let Some(Screen::SignIn(f)) = &mut model.accounts.screen {
                f.busy = false;
                f.problem = Some(p);
            }
        }
        Ok(account) => {
            let then_account = match &model.accounts.screen {
                Some(Screen::SignIn(f)) => f.then_account,
                other => matches!(other, Some(Screen::Account)),
            };
            let name = account.username.to_string();
            model.accounts.user = Some(account);
            model.accounts.known = true;
            new_epoch(model);
            // The lobby's connection learns who plays from the new session cookie.
            super::online::renew_connection(model, out);
            let key = if *call == Call::SignUp {
                Key::ToastSignedUp
            } else {
                Key::ToastSignedIn
            };
            out.push(Cmd::View(super::ViewCmd::Toast {
                text: model.lang.fmt(key, &[("name", &name)]),
                error: false,
            }));
            // The account's date and the rest, as the server keeps them.
            request(model, Call::Me, Vec::new(), out);
            if then_account {
                model.accounts.screen = Some(Screen::Account);
                load_sessions(model, out);
            } else {
                model.accounts.screen = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{http_answer, model};
    use super::super::{Msg, ViewCmd, update};
    use super::*;
    use crate::model::Route;
    use crate::model::account::Session;

    fn http(cmds: &[Cmd]) -> Vec<&HttpRequest> {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::Http(r) => Some(r),
                _ => None,
            })
            .collect()
    }

    fn toasts(cmds: &[Cmd]) -> Vec<&str> {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::View(ViewCmd::Toast { text, .. }) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    fn answer(m: &mut Model, call: Call, status: u16, body: &str) -> Vec<Cmd> {
        let epoch = m.accounts.epoch;
        http_answer(m, call, epoch, status, body)
    }

    fn submit(m: &mut Model, name: &str, pw: &str, confirm: &str) -> Vec<Cmd> {
        update(
            m,
            Msg::Account(AccountMsg::Submit {
                username: name.into(),
                password: Password(pw.into()),
                confirm: Password(confirm.into()),
            }),
        )
    }

    fn form(m: &Model) -> &SignInForm {
        match &m.accounts.screen {
            Some(Screen::SignIn(f)) => f,
            other => panic!("no sign-in view: {other:?}"),
        }
    }

    const ALICE: &str = r#"{"id":"alice","username":"Alice"}"#;
    const ALICE_ME: &str = r#"{"id":"alice","username":"Alice","createdAt":1700000000000,"perfs":{"blitz":{"rating":1500,"rd":500,"prov":true,"games":0}}}"#;
    const SESSIONS: &str = r#"{"sessions":[
        {"id":"00000000000000aa","createdAt":3,"lastSeenAt":4,"userAgent":"Firefox/128.0","current":true},
        {"id":"00000000000000bb","createdAt":1,"lastSeenAt":2,"userAgent":null,"current":false}]}"#;

    fn signed_in_model() -> Model {
        let mut m = model();
        answer(&mut m, Call::Me, 200, ALICE_ME);
        assert!(m.accounts.user.is_some());
        m
    }

    #[test]
    fn start_up_asks_who_is_signed_in_and_a_failure_is_silently_anonymous() {
        let mut m = crate::model::Model::new(crate::i18n::Lang::En, model().env, 0.0, 1);
        let cmds = update(
            &mut m,
            Msg::Started {
                current: None,
                saved: Vec::new(),
                problems: Vec::new(),
                seats: Default::default(),
                room: None,
                seat: None,
                flip: None,
            },
        );
        let asked = http(&cmds);
        assert_eq!(asked.len(), 1);
        assert_eq!(asked[0].call, Call::Me);
        assert!(!m.accounts.known);
        // Offline: signed out, no toast, no view.
        let epoch = m.accounts.epoch;
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::Answer {
                call: Call::Me,
                epoch,
                answer: Err("TypeError: Failed to fetch".into()),
            }),
        );
        assert!(toasts(&cmds).is_empty());
        assert!(m.accounts.known && m.accounts.user.is_none());
        assert!(m.accounts.screen.is_none());
        // A 401 likewise; a 200 signs in.
        let mut m = model();
        answer(&mut m, Call::Me, 401, r#"{"error":"not signed in"}"#);
        assert!(m.accounts.known && m.accounts.user.is_none() && m.accounts.screen.is_none());
        answer(&mut m, Call::Me, 200, ALICE_ME);
        let user = m.accounts.user.as_ref().expect("signed in");
        assert_eq!(user.username.as_str(), "Alice");
        assert_eq!(user.created_at, Some(1_700_000_000_000));
    }

    #[test]
    fn sign_in_checks_the_form_then_asks_and_says_what_went_wrong() {
        let mut m = model();
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        assert_eq!(form(&m).mode, SignInMode::SignIn);
        // The page's own checks: nothing is sent.
        assert!(http(&submit(&mut m, "a", "password1", "")).is_empty());
        assert_eq!(form(&m).problem, Some(Problem::BadUsername));
        assert!(http(&submit(&mut m, "alice", "short", "")).is_empty());
        assert_eq!(form(&m).problem, Some(Problem::PasswordShort));
        // Sent: the form is busy until the answer.
        let cmds = submit(&mut m, "alice", "password1", "");
        let sent = http(&cmds);
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].call, Call::SignIn);
        assert_eq!(
            sent[0].body().as_deref(),
            Some("username=alice&password=password1")
        );
        assert!(form(&m).busy && form(&m).problem.is_none());
        assert!(
            http(&submit(&mut m, "alice", "password1", "")).is_empty(),
            "one at a time"
        );
        // 401: wrong credentials, the form usable again.
        answer(
            &mut m,
            Call::SignIn,
            401,
            r#"{"error":"wrong username or password"}"#,
        );
        assert_eq!(form(&m).problem, Some(Problem::WrongCredentials));
        assert!(!form(&m).busy);
        assert_eq!(
            form(&m).problem.as_ref().map(|p| p.text(m.lang)),
            Some("Wrong username or password.".to_owned())
        );
        // No answer at all.
        submit(&mut m, "alice", "password1", "");
        let epoch = m.accounts.epoch;
        update(
            &mut m,
            Msg::Account(AccountMsg::Answer {
                call: Call::SignIn,
                epoch,
                answer: Err("TypeError: NetworkError".into()),
            }),
        );
        assert_eq!(form(&m).problem, Some(Problem::Network));
        // Success: signed in, the view closes, a toast, the account asked again.
        submit(&mut m, "alice", "password1", "");
        let cmds = answer(&mut m, Call::SignIn, 200, ALICE);
        assert_eq!(
            m.accounts.user.as_ref().map(|u| u.username.as_str()),
            Some("Alice")
        );
        assert!(m.accounts.screen.is_none());
        assert_eq!(toasts(&cmds), ["Signed in as Alice."]);
        assert!(http(&cmds).iter().any(|r| r.call == Call::Me));
        assert!(
            !cmds.iter().any(|c| matches!(c, Cmd::Browser(_))),
            "the address is left alone"
        );
    }

    #[test]
    fn sign_up_asks_for_the_password_twice_and_maps_refusals() {
        let mut m = model();
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        update(&mut m, Msg::Account(AccountMsg::SwitchMode));
        assert_eq!(form(&m).mode, SignInMode::SignUp);
        assert!(http(&submit(&mut m, "Alice", "password1", "password2")).is_empty());
        assert_eq!(form(&m).problem, Some(Problem::Mismatch));
        let cmds = submit(&mut m, "Alice", "password1", "password1");
        assert_eq!(http(&cmds)[0].call, Call::SignUp);
        answer(&mut m, Call::SignUp, 409, r#"{"error":"taken"}"#);
        assert_eq!(form(&m).problem, Some(Problem::Taken));
        submit(&mut m, "Alice", "password1", "password1");
        answer(
            &mut m,
            Call::SignUp,
            400,
            r#"{"error":"that name is reserved"}"#,
        );
        let p = form(&m).problem.clone().expect("a problem");
        assert_eq!(p.detail(), Some("that name is reserved"));
        submit(&mut m, "Alice", "password1", "password1");
        let epoch = m.accounts.epoch;
        update(
            &mut m,
            Msg::Account(AccountMsg::Answer {
                call: Call::SignUp,
                epoch,
                answer: Ok(HttpAnswer {
                    status: 429,
                    body: String::new(),
                    retry_after: Some(3600),
                }),
            }),
        );
        assert_eq!(form(&m).problem, Some(Problem::TooMany(Some(3600))));
        // Switching back clears the problem.
        update(&mut m, Msg::Account(AccountMsg::SwitchMode));
        assert_eq!(form(&m).mode, SignInMode::SignIn);
        assert!(form(&m).problem.is_none());
        update(&mut m, Msg::Account(AccountMsg::SwitchMode));
        submit(&mut m, "Alice", "password1", "password1");
        let cmds = answer(&mut m, Call::SignUp, 200, ALICE);
        assert_eq!(toasts(&cmds), ["Welcome, Alice! Your account is ready."]);
        // The view goes back to the board.
        assert!(m.accounts.screen.is_none());
    }

    #[test]
    fn the_account_view_lists_sessions_and_signs_them_out() {
        let mut m = signed_in_model();
        let cmds = update(&mut m, Msg::Route(Route::Account));
        assert_eq!(m.accounts.screen, Some(Screen::Account));
        assert_eq!(m.accounts.sessions, Sessions::Loading);
        assert_eq!(http(&cmds)[0].call, Call::Sessions);
        answer(&mut m, Call::Sessions, 200, SESSIONS);
        let Sessions::Listed(list) = &m.accounts.sessions else {
            panic!("{:?}", m.accounts.sessions)
        };
        assert_eq!(list.len(), 2);
        assert!(list[0].current);
        // Sign out the other session.
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::Revoke("00000000000000bb".into())),
        );
        assert_eq!(
            http(&cmds)[0].call.path(),
            "/api/account/sessions/00000000000000bb/revoke"
        );
        assert!(m.accounts.busy.is_some());
        assert!(
            http(&update(&mut m, Msg::Account(AccountMsg::SignOutOthers))).is_empty(),
            "one action at a time"
        );
        let cmds = answer(&mut m, Call::Revoke("00000000000000bb".into()), 204, "");
        assert_eq!(toasts(&cmds).len(), 1);
        assert!(m.accounts.busy.is_none());
        let ids = |m: &Model| match &m.accounts.sessions {
            Sessions::Listed(l) => l.iter().map(|s: &Session| s.id.clone()).collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        assert_eq!(ids(&m), ["00000000000000aa"]);
        // A session already gone: said, and the list asked again.
        update(
            &mut m,
            Msg::Account(AccountMsg::Revoke("00000000000000cc".into())),
        );
        let cmds = answer(&mut m, Call::Revoke("00000000000000cc".into()), 404, "");
        assert_eq!(m.accounts.problem, Some(Problem::NoSuchSession));
        assert!(http(&cmds).iter().any(|r| r.call == Call::Sessions));
        answer(&mut m, Call::Sessions, 200, SESSIONS);
        // Everywhere else.
        update(&mut m, Msg::Account(AccountMsg::SignOutOthers));
        let cmds = answer(&mut m, Call::SignOutOthers, 200, r#"{"revoked":1}"#);
        assert_eq!(toasts(&cmds), ["1 other session signed out."]);
        assert_eq!(ids(&m), ["00000000000000aa"]);
        assert_eq!(m.accounts.screen, Some(Screen::Account));
    }

    #[test]
    fn the_account_view_lists_makes_shows_once_and_revokes_api_tokens() {
        use crate::model::account::{ApiToken, TokenSecret};
        const TOKENS: &str = r#"{"tokens":[
            {"id":"00000000000000d2","description":"Bot","scopes":["bot:play","web:mod"],"createdAt":5},
            {"id":"00000000000000d1","description":"Board","scopes":[],"createdAt":1,"lastUsedAt":2}]}"#;
        let mut m = signed_in_model();
        let cmds = update(&mut m, Msg::Route(Route::Account));
        assert!(http(&cmds).iter().any(|r| r.call == Call::Tokens));
        assert_eq!(m.accounts.tokens, Tokens::Loading);
        answer(&mut m, Call::Sessions, 200, SESSIONS);
        answer(&mut m, Call::Tokens, 200, TOKENS);
        let Tokens::Listed(list) = &m.accounts.tokens else {
            panic!("{:?}", m.accounts.tokens)
        };
        assert_eq!(
            list[0],
            ApiToken {
                id: "00000000000000d2".into(),
                description: "Bot".into(),
                scopes: vec![Scope::BotPlay],
                created_at: 5,
                last_used_at: None,
            },
            "a scope this page does not know is skipped"
        );
        assert_eq!(list[1].last_used_at, Some(2));

        // A description the server would refuse is not sent.
        for bad in ["", "   ", &"x".repeat(101)] {
            let cmds = update(
                &mut m,
                Msg::Account(AccountMsg::CreateToken {
                    description: bad.to_owned(),
                    scopes: vec![],
                }),
            );
            assert!(http(&cmds).is_empty(), "{bad:?}");
            assert_eq!(m.accounts.token_problem, Some(Problem::TokenDescription));
        }
        // Made: the scopes as repeated `scopes[]` fields; the token shown once.
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::CreateToken {
                description: " My board ".into(),
                scopes: vec![Scope::BoardPlay, Scope::ChallengeRead],
            }),
        );
        assert_eq!(m.accounts.token_problem, None);
        let req = http(&cmds)[0];
        assert_eq!(req.call.path(), "/account/oauth/token/create");
        assert_eq!(req.call.method(), "POST");
        assert_eq!(
            req.body().as_deref(),
            Some("description=My+board&scopes%5B%5D=board%3Aplay&scopes%5B%5D=challenge%3Aread")
        );
        let secret = format!("lip_{}", "a".repeat(40));
        let cmds = answer(
            &mut m,
            Call::CreateToken,
            200,
            &format!(r#"{{"token":"{secret}"}}"#),
        );
        assert_eq!(m.accounts.new_token, Some(TokenSecret(secret.clone())));
        assert!(
            !format!("{:?}", m.accounts).contains(&secret),
            "never in Debug"
        );
        assert_eq!(toasts(&cmds), ["Token created."]);
        assert!(
            http(&cmds).iter().any(|r| r.call == Call::Tokens),
            "listed again"
        );
        answer(&mut m, Call::Tokens, 200, TOKENS);
        // Revoked; one gone already is said and the list asked again.
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::RevokeToken("00000000000000d1".into())),
        );
        assert_eq!(
            http(&cmds)[0].call.path(),
            "/api/account/tokens/00000000000000d1/revoke"
        );
        let cmds = answer(
            &mut m,
            Call::RevokeToken("00000000000000d1".into()),
            204,
            "",
        );
        assert_eq!(toasts(&cmds), ["The token is revoked."]);
        let Tokens::Listed(list) = &m.accounts.tokens else {
            panic!("{:?}", m.accounts.tokens)
        };
        assert_eq!(list.len(), 1);
        update(
            &mut m,
            Msg::Account(AccountMsg::RevokeToken("00000000000000d2".into())),
        );
        let cmds = answer(
            &mut m,
            Call::RevokeToken("00000000000000d2".into()),
            404,
            "",
        );
        assert_eq!(m.accounts.token_problem, Some(Problem::NoSuchToken));
        assert!(http(&cmds).iter().any(|r| r.call == Call::Tokens));
        // An id is put into the path only as hex.
        assert_eq!(
            Call::RevokeToken("../../logout?x=1".into()).path(),
            "/api/account/tokens/1/revoke"
        );
        // Leaving the view forgets the new token: it is shown once.
        update(&mut m, Msg::Account(AccountMsg::Back));
        assert_eq!(m.accounts.new_token, None);
    }

    #[test]
    fn signing_out_and_closing_go_back_to_the_board_anonymous() {
        let mut m = signed_in_model();
        update(&mut m, Msg::Route(Route::Account));
        let epoch = m.accounts.epoch;
        let cmds = update(&mut m, Msg::Account(AccountMsg::SignOut));
        assert_eq!(http(&cmds)[0].call, Call::SignOut);
        let cmds = answer(&mut m, Call::SignOut, 204, "");
        assert!(m.accounts.user.is_none());
        assert!(m.accounts.screen.is_none());
        assert_ne!(m.accounts.epoch, epoch);
        assert_eq!(toasts(&cmds), ["Signed out."]);
        assert!(cmds.contains(&Cmd::Browser(BrowserCmd::SetLocation(None))));
        // A late answer of the old epoch changes nothing.
        http_answer(&mut m, Call::Me, epoch, 200, ALICE_ME);
        assert!(m.accounts.user.is_none(), "stale answer dropped");

        // Closing: a short password is not sent; a wrong one is said; the right one closes.
        let mut m = signed_in_model();
        update(&mut m, Msg::Route(Route::Account));
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::Close(Password("x".into()))),
        );
        assert!(http(&cmds).is_empty());
        assert_eq!(m.accounts.close_problem, Some(Problem::WrongPassword));
        let cmds = update(
            &mut m,
            Msg::Account(AccountMsg::Close(Password("password1".into()))),
        );
        assert_eq!(http(&cmds)[0].body().as_deref(), Some("password=password1"));
        answer(&mut m, Call::Close, 401, r#"{"error":"wrong password"}"#);
        assert_eq!(m.accounts.close_problem, Some(Problem::WrongPassword));
        assert!(m.accounts.user.is_some(), "still signed in");
        update(
            &mut m,
            Msg::Account(AccountMsg::Close(Password("password1".into()))),
        );
        let cmds = answer(&mut m, Call::Close, 204, "");
        assert!(m.accounts.user.is_none() && m.accounts.screen.is_none());
        assert_eq!(toasts(&cmds), ["Your account is closed."]);
    }

    #[test]
    fn the_account_address_signed_out_shows_the_sign_in_view_then_the_account() {
        // Before the start-up answer: the answer decides.
        let mut m = model();
        update(&mut m, Msg::Route(Route::Account));
        answer(&mut m, Call::Me, 401, "");
        assert!(form(&m).then_account);
        submit(&mut m, "alice", "password1", "");
        let cmds = answer(&mut m, Call::SignIn, 200, ALICE);
        assert_eq!(m.accounts.screen, Some(Screen::Account));
        assert!(http(&cmds).iter().any(|r| r.call == Call::Sessions));
        // The session ends elsewhere: the view asks to sign in again, saying why.
        answer(&mut m, Call::Sessions, 401, "");
        assert!(m.accounts.user.is_none());
        assert_eq!(form(&m).problem, Some(Problem::SessionEnded));
        // Back: the board, and the address without `#/account`.
        let cmds = update(&mut m, Msg::Account(AccountMsg::Back));
        assert!(m.accounts.screen.is_none());
        assert!(cmds.contains(&Cmd::Browser(BrowserCmd::SetLocation(None))));
        // The browser's Back from `#/account` closes the view too.
        let mut m = signed_in_model();
        update(&mut m, Msg::Route(Route::Account));
        update(&mut m, Msg::Route(Route::Board));
        assert!(m.accounts.screen.is_none());
        // The sign-in button does nothing while signed in; the sign-in view's Back does not
        // touch the address.
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        assert!(m.accounts.screen.is_none());
        let mut m = model();
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        let cmds = update(&mut m, Msg::Account(AccountMsg::Back));
        assert!(m.accounts.screen.is_none());
        assert!(cmds.is_empty());
    }

    #[test]
    fn a_change_of_who_is_signed_in_renews_the_connection_and_the_game_goes_on() {
        use super::super::NetEvent;
        use super::super::tests::online_model;
        use protocol::{ClientMsg, Color};
        let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
        let renewed = |cmds: &[Cmd]| cmds.iter().filter(|c| **c == Cmd::Reconnect).count();
        // A refused sign-in changes nothing.
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        submit(&mut m, "alice", "password1", "");
        let cmds = answer(&mut m, Call::SignIn, 401, r#"{"error":"wrong"}"#);
        assert_eq!(renewed(&cmds), 0);
        assert!(m.net.connected);
        // Signed in: a new connection at once, not shown as a drop.
        submit(&mut m, "alice", "password1", "");
        let cmds = answer(&mut m, Call::SignIn, 200, ALICE);
        assert_eq!(renewed(&cmds), 1);
        assert!(!m.net.connected && m.net.renewing);
        assert!(!m.net.unreachable(), "no offline note meanwhile");
        // The new connection joins the room again after its last event: the game goes on.
        let cmds = update(&mut m, Msg::Net(NetEvent::Connected));
        assert!(
            cmds.iter().any(|c| matches!(
                c,
                Cmd::Socket(ClientMsg::Join {
                    after: Some(4),
                    watch: false,
                    ..
                })
            )),
            "{cmds:?}"
        );
        assert!(m.net.connected && !m.net.renewing);
        assert_eq!(m.game.moves().len(), 2);
        assert!(m.mode.online().is_some_and(|o| o.view.is_some()));
        // Signing out renews it too.
        let cmds = update(&mut m, Msg::Account(AccountMsg::SignOut));
        assert_eq!(renewed(&cmds), 0, "not before the server said so");
        let cmds = answer(&mut m, Call::SignOut, 204, "");
        assert_eq!(renewed(&cmds), 1);
        // A renewal that fails is a drop like any other.
        update(&mut m, Msg::Net(NetEvent::Disconnected));
        assert!(!m.net.renewing && m.net.unreachable());
        // Signed up while disconnected: the connection planned carries the new cookie; the
        // model waits for it as before.
        update(&mut m, Msg::Account(AccountMsg::OpenSignIn));
        update(&mut m, Msg::Account(AccountMsg::SwitchMode));
        submit(&mut m, "Alice", "password1", "password1");
        let cmds = answer(&mut m, Call::SignUp, 200, ALICE);
        assert_eq!(renewed(&cmds), 1);
        assert!(!m.net.renewing && !m.net.connected);
    }
}
