//! Accounts on the page: who is signed in, the sign-in view and the account view, and the
//! HTTP calls that change them (the server's contract is `notes/accounts-http.md`: `POST
//! /signup`, `/login`, `/logout`, `GET /api/account`, the sessions, the personal API tokens,
//! closing the account).
//!
//! Everything here is a typed value the update changes and the view draws; the runtime's
//! effect (`effects::http`) sends an [`HttpRequest`] with `fetch` and answers with an
//! [`HttpAnswer`] (or the network's error), which [`read_account`], [`read_sessions`] and
//! [`Problem::of_status`] turn back into typed values. Anonymous play needs none of it: a
//! page that cannot reach the server is simply signed out.

use crate::i18n::{Counted, Key, Lang};
use core::fmt;
use protocol::scope::Scope;
use protocol::user::{UserId, Username};
use serde::Deserialize;

/// The fewest characters of a password (the server's rule).
pub const MIN_PASSWORD: usize = 8;
/// The most characters of a password (the server's rule).
pub const MAX_PASSWORD: usize = 256;

/// A password on its way from a form to a request: its `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(pub String);

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(..)")
    }
}

/// The account signed in on this browser, as `GET /api/account` (or a sign-in) said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's id (the name in lower case).
    pub id: UserId,
    /// The name as its player wrote it.
    pub username: Username,
    /// When the account was made, in milliseconds since the Unix epoch (`None` until `GET
    /// /api/account` has said: a sign-in's answer does not carry it).
    pub created_at: Option<i64>,
    /// The player's ratings by speed, as `GET /api/account` said (empty until it has: a
    /// sign-in's answer does not carry them; a speed missing is a new player's `1500?`).
    pub perfs: Vec<(rating::Perf, PerfRating)>,
}

/// One rating of the player, rounded as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfRating {
    /// The rating.
    pub rating: i32,
    /// Still provisional (shown `1500?`).
    pub provisional: bool,
}

impl Account {
    /// The player's rating for games under `clock` (a new player's `1500?` when unknown).
    #[must_use]
    pub fn rating_for(&self, clock: rules::TimeControl) -> PerfRating {
        let perf = rating::Perf::of(clock);
        self.perfs.iter().find(|(p, _)| *p == perf).map_or(
            PerfRating {
                rating: 1500,
                provisional: true,
            },
            |(_, r)| *r,
        )
    }
}

/// One session of the account (a browser signed in), as `GET /api/account/sessions` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// Its public id (16 hex digits).
    pub id: String,
    /// When it was signed in, in milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it was last used (noted at most hourly), in milliseconds since the Unix epoch.
    pub last_seen_at: i64,
    /// The browser's `User-Agent` when it signed in, if it sent one.
    pub user_agent: Option<String>,
    /// This browser's own session.
    pub current: bool,
}

/// The two forms of the sign-in view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInMode {
    /// An existing account: `POST /login`.
    SignIn,
    /// A new account: `POST /signup` (with the password typed twice).
    SignUp,
}

impl SignInMode {
    /// `#signin[data-mode]`: `signin` or `signup`.
    pub fn name(self) -> &'static str {
        match self {
            SignInMode::SignIn => "signin",
            SignInMode::SignUp => "signup",
        }
    }
}

/// A field of the sign-in or close-account forms, to mark as the one at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `#signin-username`.
    Username,
    /// `#signin-password`.
    Password,
    /// `#signin-confirm`.
    Confirm,
    /// `#account-close-password`.
    ClosePassword,
}

/// Why an account action did not work: the page's own checks, then the server's answer by
/// status (the server's English sentence is kept as a detail where it says more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not 2 to 20 of `A-Z a-z 0-9 _ -` (checked before sending).
    BadUsername,
    /// Fewer than [`MIN_PASSWORD`] characters.
    PasswordShort,
    /// More than [`MAX_PASSWORD`] characters.
    PasswordLong,
    /// The two passwords of a new account differ.
    Mismatch,
    /// 400: the server did not accept the name or the password (a reserved name), with its
    /// sentence.
    Refused(Option<String>),
    /// 401 on `/login`: wrong username or password.
    WrongCredentials,
    /// 401 on closing the account: the password is wrong.
    WrongPassword,
    /// 409: the name is taken.
    Taken,
    /// 429: too many attempts or accounts from this address; seconds to wait if said.
    TooMany(Option<u32>),
    /// 403: the server refused a request from this page's origin.
    Forbidden,
    /// 401 on a call of a signed-in page: the session ended (signed out elsewhere).
    SessionEnded,
    /// 404 on signing out a session: it had already ended.
    NoSuchSession,
    /// 404 on revoking an API token: it had already been revoked.
    NoSuchToken,
    /// An API token's description is empty or longer than [`MAX_TOKEN_DESCRIPTION`]
    /// characters (checked before sending).
    TokenDescription,
    /// Another status (a 5xx, a proxy's page), or an answer that could not be read.
    Server(u16),
    /// No answer: offline, the server down, or the request timed out.
    Network,
}

impl Problem {
    /// The problem of a refusal of `call` with `status` (a 4xx or 5xx) and its JSON body.
    pub fn of_status(call: &Call, answer: &HttpAnswer) -> Problem {
        match (answer.status, call) {
            (400, _) => Problem::Refused(error_sentence(&answer.body)),
            (401, Call::SignIn) => Problem::WrongCredentials,
            (401, Call::Close) => Problem::WrongPassword,
            (401, _) => Problem::SessionEnded,
            (403, _) => Problem::Forbidden,
            (404, Call::Revoke(_)) => Problem::NoSuchSession,
            (404, Call::RevokeToken(_)) => Problem::NoSuchToken,
            (404, Call::Challenge(_)) => Problem::Refused(error_sentence(&answer.body)),
            (409, _) => Problem::Taken,
            (429, _) => Problem::TooMany(answer.retry_after),
            (status, _) => Problem::Server(status),
        }
    }

    /// `[data-error]` of the element that says it: `username`, `password-short`,
    /// `password-long`, `mismatch`, `refused`, `wrong`, `wrong-password`, `taken`,
    /// `rate-limited`, `forbidden`, `session-ended`, `no-session`, `no-token`,
    /// `token-description`, `server` or `network`.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::BadUsername => "username",
            Problem::PasswordShort => "password-short",
            Problem::PasswordLong => "password-long",
            Problem::Mismatch => "mismatch",
            Problem::Refused(_) => "refused",
            Problem::WrongCredentials => "wrong",
            Problem::WrongPassword => "wrong-password",
            Problem::Taken => "taken",
            Problem::TooMany(_) => "rate-limited",
            Problem::Forbidden => "forbidden",
            Problem::SessionEnded => "session-ended",
            Problem::NoSuchSession => "no-session",
            Problem::NoSuchToken => "no-token",
            Problem::TokenDescription => "token-description",
            Problem::Server(_) => "server",
            Problem::Network => "network",
        }
    }

    /// The field at fault, if one is.
    pub fn field(&self) -> Option<Field> {
        match self {
            Problem::BadUsername | Problem::Taken => Some(Field::Username),
            Problem::PasswordShort | Problem::PasswordLong => Some(Field::Password),
            Problem::Mismatch => Some(Field::Confirm),
            Problem::WrongPassword => Some(Field::ClosePassword),
            _ => None,
        }
    }

    /// What the page says, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let key = match self {
            Problem::BadUsername => Key::AccountErrUsername,
            Problem::PasswordShort => {
                return lang.fmt(
                    Key::AccountErrPasswordShort,
                    &[("min", &MIN_PASSWORD.to_string())],
                );
            }
            Problem::PasswordLong => {
                return lang.fmt(
                    Key::AccountErrPasswordLong,
                    &[("max", &MAX_PASSWORD.to_string())],
                );
            }
            Problem::Mismatch => Key::AccountErrMismatch,
            Problem::Refused(_) => Key::AccountErrRefused,
            Problem::WrongCredentials => Key::AccountErrWrong,
            Problem::WrongPassword => Key::AccountErrWrongPassword,
            Problem::Taken => Key::AccountErrTaken,
            Problem::TooMany(None) => Key::AccountErrTooMany,
            Problem::TooMany(Some(secs)) => {
                let minutes = u64::from(secs.div_ceil(60).max(1));
                return format!(
                    "{} {}",
                    lang.t(Key::AccountErrTooMany),
                    lang.count(Counted::AccountRetryMinutes, minutes, &[])
                );
            }
            Problem::Forbidden => Key::AccountErrForbidden,
            Problem::SessionEnded => Key::AccountErrSessionEnded,
            Problem::NoSuchSession => Key::AccountErrNoSession,
            Problem::NoSuchToken => Key::AccountErrNoToken,
            Problem::TokenDescription => {
                return lang.fmt(
                    Key::AccountErrTokenDescription,
                    &[("max", &MAX_TOKEN_DESCRIPTION.to_string())],
                );
            }
            Problem::Server(_) => Key::AccountErrServer,
            Problem::Network => Key::AccountErrNetwork,
        };
        lang.t(key).to_owned()
    }

    /// The server's own sentence, shown under the text when it says more (a refusal's).
    pub fn detail(&self) -> Option<&str> {
        match self {
            Problem::Refused(Some(s)) => Some(s),
            _ => None,
        }
    }
}

/// The server's `{"error": "..."}` sentence, if the body is one.
fn error_sentence(body: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Refusal {
        error: String,
    }
    serde_json::from_str::<Refusal>(body)
        .ok()
        .map(|r| r.error)
        .filter(|s| !s.trim().is_empty())
}

/// The page's own checks of a sign-in or sign-up form, as the server checks them: the name
/// (2 to 20 of `A-Z a-z 0-9 _ -`), the password's length in characters (8 to 256) and, for a
/// new account, the repeated password.
///
/// # Errors
/// The first problem found, in the form's order.
pub fn check_form(
    mode: SignInMode,
    username: &str,
    password: &str,
    confirm: &str,
) -> Result<Username, Problem> {
    let name: Username = username.trim().parse().map_err(|_| Problem::BadUsername)?;
    // Every account's password has this length: a shorter or longer one cannot sign in.
    let chars = password.chars().count();
    if chars < MIN_PASSWORD {
        return Err(Problem::PasswordShort);
    }
    if chars > MAX_PASSWORD {
        return Err(Problem::PasswordLong);
    }
    if mode == SignInMode::SignUp && password != confirm {
        return Err(Problem::Mismatch);
    }
    Ok(name)
}

/// The sign-in view's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignInForm {
    /// Signing in or making an account.
    pub mode: SignInMode,
    /// The last problem, if any.
    pub problem: Option<Problem>,
    /// The request is on its way (the form is disabled).
    pub busy: bool,
    /// Show the account view after signing in (the address asked for `#/account`).
    pub then_account: bool,
}

/// What the page shows instead of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// `#signin`.
    SignIn(SignInForm),
    /// `#account` (signed in only).
    Account,
    /// `#profile`: a player's profile ([`crate::model::profile::ProfilePage`]).
    Profile,
    /// `#leaderboard` ([`crate::model::profile::LeaderboardPage`]).
    Leaderboard,
    /// `#training`: the counting trainer's drills ([`crate::model::drill`]).
    Training,
    /// `#lessons`: the lessons ([`crate::model::lesson`]).
    Lessons,
}

impl Screen {
    /// `#app[data-screen]`: `signin`, `account`, `profile` or `leaderboard`.
    pub fn name(&self) -> &'static str {
        match self {
            Screen::SignIn(_) => "signin",
            Screen::Account => "account",
            Screen::Profile => "profile",
            Screen::Leaderboard => "leaderboard",
            Screen::Training => "training",
            Screen::Lessons => "lessons",
        }
    }
}

/// The sessions' list as the account view shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Sessions {
    /// Not asked yet.
    #[default]
    Unknown,
    /// Asked; no answer yet.
    Loading,
    /// The server's list, most recent first.
    Listed(Vec<Session>),
    /// The last request failed.
    Failed(Problem),
}

/// The most characters of an API token's description (the server's rule).
pub const MAX_TOKEN_DESCRIPTION: usize = 100;

/// One personal API token of the account, as `GET /api/account/tokens` lists it (never its
/// secret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiToken {
    /// Its public id (16 hex digits).
    pub id: String,
    /// What its player wrote it is for.
    pub description: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it was last used (noted at most once a minute), if ever.
    pub last_used_at: Option<i64>,
}

/// The list of API tokens as the account view shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Tokens {
    /// Not asked yet.
    #[default]
    Unknown,
    /// Asked; no answer yet.
    Loading,
    /// The server's list, newest first.
    Listed(Vec<ApiToken>),
    /// The last request failed.
    Failed(Problem),
}

/// A token's secret as the server handed it over once: its `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenSecret(pub String);

impl fmt::Debug for TokenSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenSecret(..)")
    }
}

/// The page's check of a new token's description: 1 to [`MAX_TOKEN_DESCRIPTION`]
/// characters once trimmed, as the server checks it.
///
/// # Errors
/// [`Problem::TokenDescription`].
pub fn check_token_description(description: &str) -> Result<String, Problem> {
    let d = description.trim();
    let n = d.chars().count();
    if n == 0 || n > MAX_TOKEN_DESCRIPTION || d.chars().any(char::is_control) {
        return Err(Problem::TokenDescription);
    }
    Ok(d.to_owned())
}

/// Everything about accounts in the page's model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accounts {
    /// Who is signed in (`None`: anonymous).
    pub user: Option<Account>,
    /// `GET /api/account` has answered (or failed) once: the header may show "Sign in".
    pub known: bool,
    /// The sign-in or account view, when one is shown.
    pub screen: Option<Screen>,
    /// The account's sessions.
    pub sessions: Sessions,
    /// The account's personal API tokens.
    pub tokens: Tokens,
    /// The token just made, shown once (until the view closes or another is made).
    pub new_token: Option<TokenSecret>,
    /// The tokens' form or list's last problem (shown beside the form).
    pub token_problem: Option<Problem>,
    /// An account view action on its way (its buttons are disabled).
    pub busy: Option<Call>,
    /// The account view's last problem (of the sessions and signing out).
    pub problem: Option<Problem>,
    /// The close form's last problem (shown beside it).
    pub close_problem: Option<Problem>,
    /// Counts changes of who is signed in: an answer to a request made before the last
    /// change is stale and dropped.
    pub epoch: u32,
}

/// A call of the accounts' HTTP contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// `GET /api/account`.
    Me,
    /// `GET /api/account/sessions`.
    Sessions,
    /// `POST /login`.
    SignIn,
    /// `POST /signup`.
    SignUp,
    /// `POST /logout`.
    SignOut,
    /// `POST /api/account/sessions/{id}/revoke`.
    Revoke(String),
    /// `POST /api/account/logout-everywhere`.
    SignOutOthers,
    /// `POST /api/account/close`.
    Close,
    /// `GET /api/account/tokens`.
    Tokens,
    /// `POST /account/oauth/token/create`.
    CreateToken,
    /// `POST /api/account/tokens/{id}/revoke`.
    RevokeToken(String),
    /// `GET /api/user/{username}`: a public profile (the name as asked).
    User(String),
    /// `GET /api/user/{username}/rating-history`.
    History(String),
    /// `GET /api/games/user/{username}`: the recent games, as NDJSON.
    Games(String),
    /// `GET /api/player/top/{nb}/{perf}`: a leaderboard.
    Top(crate::model::profile::Perf),
    /// `GET /api/bot/online`: the bots online, as NDJSON.
    BotsOnline,
    /// `POST /api/challenge/{username}`: a challenge to that account.
    Challenge(protocol::user::Username),
    /// `POST /api/challenge/{id}/accept`.
    AcceptChallenge(protocol::RoomId),
    /// `POST /api/challenge/{id}/decline`.
    DeclineChallenge(protocol::RoomId),
    /// `POST /api/challenge/{id}/cancel`.
    CancelChallenge(protocol::RoomId),
}

/// The characters of a name that may go into a path (a username's only).
fn path_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}

impl Call {
    /// `GET` or `POST`.
    pub fn method(&self) -> &'static str {
        match self {
            Call::Me
            | Call::Sessions
            | Call::Tokens
            | Call::User(_)
            | Call::History(_)
            | Call::Games(_)
            | Call::Top(_)
            | Call::BotsOnline => "GET",
            _ => "POST",
        }
    }

    /// A call of the profiles' routes (answered whoever is signed in).
    pub fn is_profile(&self) -> bool {
        matches!(
            self,
            Call::User(_) | Call::History(_) | Call::Games(_) | Call::Top(_) | Call::BotsOnline
        )
    }

    /// A call about challenges ([`crate::model::challenge`]).
    pub fn is_challenge(&self) -> bool {
        matches!(
            self,
            Call::Challenge(_)
                | Call::AcceptChallenge(_)
                | Call::DeclineChallenge(_)
                | Call::CancelChallenge(_)
        )
    }

    /// The `Accept` header: NDJSON for the games, JSON otherwise.
    pub fn accept(&self) -> &'static str {
        match self {
            Call::Games(_) | Call::BotsOnline => "application/x-ndjson",
            _ => "application/json",
        }
    }

    /// The path on the page's origin. A session's or token's id is put in the path only when
    /// it is hex (the server's ids are), so no id can reach another route.
    pub fn path(&self) -> String {
        match self {
            Call::Me => "/api/account".into(),
            Call::Sessions => "/api/account/sessions".into(),
            Call::SignIn => "/login".into(),
            Call::SignUp => "/signup".into(),
            Call::SignOut => "/logout".into(),
            Call::Revoke(id) => {
                let id: String = id.chars().filter(char::is_ascii_hexdigit).collect();
                format!("/api/account/sessions/{id}/revoke")
            }
            Call::SignOutOthers => "/api/account/logout-everywhere".into(),
            Call::Close => "/api/account/close".into(),
            Call::Tokens => "/api/account/tokens".into(),
            Call::CreateToken => "/account/oauth/token/create".into(),
            Call::RevokeToken(id) => {
                let id: String = id.chars().filter(char::is_ascii_hexdigit).collect();
                format!("/api/account/tokens/{id}/revoke")
            }
            Call::User(name) => format!("/api/user/{}", path_name(name)),
            Call::History(name) => format!("/api/user/{}/rating-history", path_name(name)),
            Call::Games(name) => format!(
                "/api/games/user/{}?max={}",
                path_name(name),
                crate::model::profile::RECENT_GAMES
            ),
            Call::Top(perf) => format!(
                "/api/player/top/{}/{}",
                crate::model::profile::LEADERBOARD_SIZE,
                perf.name()
            ),
            Call::BotsOnline => {
                format!("/api/bot/online?nb={}", crate::model::profile::BOTS_LISTED)
            }
            // A username and a room id are checked types: nothing but name characters and
            // hex digits reach the path.
            Call::Challenge(name) => format!("/api/challenge/{}", path_name(name.as_str())),
            Call::AcceptChallenge(id) => format!("/api/challenge/{id}/accept"),
            Call::DeclineChallenge(id) => format!("/api/challenge/{id}/decline"),
            Call::CancelChallenge(id) => format!("/api/challenge/{id}/cancel"),
        }
    }
}

/// A request for the HTTP effect: the call, the epoch it was made in, and its form fields
/// (sent `application/x-www-form-urlencoded`). Its `Debug` leaves the fields' values out:
/// they hold passwords.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// What is asked.
    pub call: Call,
    /// [`Accounts::epoch`] when it was made.
    pub epoch: u32,
    /// The form's fields, in order.
    pub form: Vec<(&'static str, String)>,
}

impl fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.form.iter().map(|(k, _)| *k).collect();
        f.debug_struct("HttpRequest")
            .field("call", &self.call)
            .field("epoch", &self.epoch)
            .field("form", &names)
            .finish()
    }
}

impl HttpRequest {
    /// The body: the fields percent-encoded (`None` without fields).
    pub fn body(&self) -> Option<String> {
        (!self.form.is_empty()).then(|| form_urlencoded(&self.form))
    }
}

/// `k=v&k=v` with every byte but `A-Z a-z 0-9 - . _ *` percent-encoded (a space as `+`), as
/// the URL standard's `application/x-www-form-urlencoded` serializer writes it.
///
/// ```
/// use web::model::account::form_urlencoded;
/// assert_eq!(form_urlencoded(&[("username", "a b".into()), ("password", "ä&=%".into())]),
///            "username=a+b&password=%C3%A4%26%3D%25");
/// ```
pub fn form_urlencoded(fields: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (i, (k, v)) in fields.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        encode_into(&mut out, k);
        out.push('=');
        encode_into(&mut out, v);
    }
    out
}

fn encode_into(out: &mut String, s: &str) {
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'*' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
}

/// The server's answer to an [`HttpRequest`]: its status, body and `Retry-After` (seconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpAnswer {
    /// The HTTP status.
    pub status: u16,
    /// The body's text (JSON, or empty).
    pub body: String,
    /// `Retry-After` in seconds, when sent as a number.
    pub retry_after: Option<u32>,
}

impl HttpAnswer {
    /// A 2xx status.
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AccountWire {
    id: UserId,
    username: Username,
    #[serde(default)]
    created_at: Option<i64>,
    /// By lichess's names (`blitz`...); names this page does not know are skipped.
    #[serde(default)]
    perfs: std::collections::BTreeMap<String, PerfWire>,
}

#[derive(Deserialize)]
struct PerfWire {
    rating: i32,
    #[serde(default)]
    prov: bool,
}

/// The account of `{"id","username"[,"createdAt"]}` (the answer of `/login`, `/signup` and
/// `GET /api/account`; other fields are ignored).
///
/// # Errors
/// The JSON error when the body is not such an object, or the id is not the name's.
pub fn read_account(body: &str) -> Result<Account, String> {
    let w: AccountWire = serde_json::from_str(body).map_err(|e| e.to_string())?;
    if w.username.id() != w.id {
        return Err(format!("the id {} is not the name {}'s", w.id, w.username));
    }
    let perfs = w
        .perfs
        .iter()
        .filter_map(|(name, p)| {
            let perf = name.parse::<rating::Perf>().ok()?;
            Some((
                perf,
                PerfRating {
                    rating: p.rating,
                    provisional: p.prov,
                },
            ))
        })
        .collect();
    Ok(Account {
        id: w.id,
        username: w.username,
        created_at: w.created_at,
        perfs,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SessionWire {
    id: String,
    created_at: i64,
    last_seen_at: i64,
    #[serde(default)]
    user_agent: Option<String>,
    #[serde(default)]
    current: bool,
}

#[derive(Deserialize)]
struct SessionsWire {
    sessions: Vec<SessionWire>,
}

/// The sessions of `{"sessions": [...]}`, in the server's order (most recent first).
///
/// # Errors
/// The JSON error when the body is not such an object.
pub fn read_sessions(body: &str) -> Result<Vec<Session>, String> {
    let w: SessionsWire = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok(w.sessions
        .into_iter()
        .map(|s| Session {
            id: s.id,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
            user_agent: s.user_agent,
            current: s.current,
        })
        .collect())
}

/// The count of `{"revoked": n}` (0 when the body does not say).
pub fn read_revoked(body: &str) -> u64 {
    #[derive(Deserialize)]
    struct Revoked {
        revoked: u64,
    }
    serde_json::from_str::<Revoked>(body).map_or(0, |r| r.revoked)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TokenWire {
    id: String,
    description: String,
    /// Scopes this page does not know are skipped.
    #[serde(default)]
    scopes: Vec<String>,
    created_at: i64,
    #[serde(default)]
    last_used_at: Option<i64>,
}

/// The tokens of `{"tokens": [...]}`, in the server's order (newest first).
///
/// # Errors
/// The JSON error when the body is not such an object.
pub fn read_tokens(body: &str) -> Result<Vec<ApiToken>, String> {
    #[derive(Deserialize)]
    struct TokensWire {
        tokens: Vec<TokenWire>,
    }
    let w: TokensWire = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok(w.tokens
        .into_iter()
        .map(|t| ApiToken {
            id: t.id,
            description: t.description,
            scopes: t.scopes.iter().filter_map(|s| s.parse().ok()).collect(),
            created_at: t.created_at,
            last_used_at: t.last_used_at,
        })
        .collect())
}

/// The secret of `{"token": "lip_..."}` (the answer of making a token).
///
/// # Errors
/// When the body is not such an object.
pub fn read_new_token(body: &str) -> Result<TokenSecret, String> {
    #[derive(Deserialize)]
    struct Made {
        token: String,
    }
    let m: Made = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok(TokenSecret(m.token))
}

/// A browser and system named from a `User-Agent`, for the list of sessions: "Firefox",
/// "Android". Either is `None` when the text does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// The browser's name.
    pub browser: Option<&'static str>,
    /// The operating system's name.
    pub os: Option<&'static str>,
}

/// Reads the browser and the system from a `User-Agent`, checking the tokens that hide others
/// first (Edge's and Opera's texts also say `Chrome`, Chrome's also says `Safari`, Android's
/// also says `Linux`, iOS's also says `Mac OS X`).
///
/// ```
/// use web::model::account::device;
/// let d = device("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
/// assert_eq!((d.browser, d.os), (Some("Firefox"), Some("Linux")));
/// ```
pub fn device(user_agent: &str) -> Device {
    const BROWSERS: &[(&str, &str)] = &[
        ("Edg", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ];
    const SYSTEMS: &[(&str, &str)] = &[
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Macintosh", "macOS"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ];
    let find = |table: &[(&str, &'static str)]| {
        table
            .iter()
            .find(|(token, _)| user_agent.contains(token))
            .map(|(_, name)| *name)
    };
    Device {
        browser: find(BROWSERS),
        os: find(SYSTEMS),
    }
}

/// A session's device in words: "Firefox on Linux", "Safari", "Unknown browser".
pub fn device_text(lang: Lang, user_agent: Option<&str>) -> String {
    let d = user_agent.map(device).unwrap_or(Device {
        browser: None,
        os: None,
    });
    match (d.browser, d.os) {
        (Some(b), Some(os)) => lang.fmt(Key::AccountDevice, &[("browser", b), ("os", os)]),
        (Some(name), None) | (None, Some(name)) => name.to_owned(),
        (None, None) => lang.t(Key::AccountUnknownDevice).to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_is_checked_as_the_server_checks_it() {
        use SignInMode::{SignIn, SignUp};
        type Row<'a> = (
            SignInMode,
            &'a str,
            &'a str,
            &'a str,
            Result<&'a str, Problem>,
        );
        let table: &[Row] = &[
            (SignIn, "Som_Chai-9", "12345678", "", Ok("Som_Chai-9")),
            (SignIn, "alice", "1234567", "", Err(Problem::PasswordShort)),
            (SignIn, " alice ", "password", "", Ok("alice")),
            (SignIn, "a", "password", "", Err(Problem::BadUsername)),
            (SignIn, "al ice", "password", "", Err(Problem::BadUsername)),
            (SignIn, "alice", "", "", Err(Problem::PasswordShort)),
            (
                SignUp,
                "alice",
                "1234567",
                "1234567",
                Err(Problem::PasswordShort),
            ),
            (SignUp, "alice", "12345678", "12345678", Ok("alice")),
            // Characters, not bytes: eight Thai letters are 24 bytes and enough.
            (SignUp, "alice", "กขคงจฉชซ", "กขคงจฉชซ", Ok("alice")),
            (
                SignUp,
                "alice",
                "12345678",
                "12345679",
                Err(Problem::Mismatch),
            ),
            (
                SignUp,
                "abcdefghij0123456789x",
                "12345678",
                "12345678",
                Err(Problem::BadUsername),
            ),
        ];
        for (mode, name, pw, confirm, want) in table {
            let got = check_form(*mode, name, pw, confirm);
            assert_eq!(
                got.as_ref().map(Username::as_str).map_err(Clone::clone),
                want.clone(),
                "{mode:?} {name:?}"
            );
        }
        let long = "x".repeat(MAX_PASSWORD + 1);
        assert_eq!(
            check_form(SignInMode::SignUp, "alice", &long, &long),
            Err(Problem::PasswordLong)
        );
    }

    #[test]
    fn statuses_become_problems_by_call() {
        let answer = |status, body: &str| HttpAnswer {
            status,
            body: body.into(),
            retry_after: Some(90),
        };
        let table = [
            (Call::SignIn, 401, Problem::WrongCredentials),
            (Call::Close, 401, Problem::WrongPassword),
            (Call::Sessions, 401, Problem::SessionEnded),
            (Call::SignUp, 409, Problem::Taken),
            (Call::SignUp, 429, Problem::TooMany(Some(90))),
            (Call::Revoke("ab".into()), 404, Problem::NoSuchSession),
            (Call::SignOut, 403, Problem::Forbidden),
            (Call::Me, 503, Problem::Server(503)),
            (
                Call::SignUp,
                400,
                Problem::Refused(Some("that name is reserved".into())),
            ),
        ];
        for (call, status, want) in table {
            let got = Problem::of_status(
                &call,
                &answer(status, r#"{"error":"that name is reserved"}"#),
            );
            assert_eq!(got, want, "{call:?} {status}");
        }
        assert_eq!(
            Problem::of_status(&Call::SignUp, &answer(400, "<html>")),
            Problem::Refused(None)
        );
        assert_eq!(
            Problem::TooMany(Some(90)).text(Lang::En),
            "Too many attempts from this connection. Try again in 2 minutes."
        );
        assert_eq!(
            Problem::TooMany(Some(30)).text(Lang::En),
            "Too many attempts from this connection. Try again in 1 minute."
        );
    }

    #[test]
    fn wire_shapes_are_read() {
        let a = read_account(
            r#"{"id":"alice","username":"Alice","createdAt":1700000000000,"perfs":{}}"#,
        )
        .expect("an account");
        assert_eq!(a.username.as_str(), "Alice");
        assert_eq!(a.created_at, Some(1_700_000_000_000));
        assert!(a.perfs.is_empty());
        // The ratings by speed; a speed this page does not know is skipped.
        let a = read_account(
            r#"{"id":"alice","username":"Alice","perfs":{"blitz":{"rating":1612,"rd":80,"prov":false,"games":30},"bullet":{"rating":1500,"rd":500,"prov":true,"games":0},"chess960":{"rating":1,"prov":true}}}"#,
        )
        .expect("an account");
        let blitz = rules::TimeControl::fischer(300, 3).expect("5+3");
        let bullet = rules::TimeControl::fischer(60, 0).expect("1+0");
        let rapid = rules::TimeControl::fischer(600, 5).expect("10+5");
        let r = |rating, provisional| PerfRating {
            rating,
            provisional,
        };
        assert_eq!(a.perfs.len(), 2);
        assert_eq!(a.rating_for(blitz), r(1612, false));
        assert_eq!(a.rating_for(bullet), r(1500, true));
        assert_eq!(a.rating_for(rapid), r(1500, true), "never played: new");
        assert!(read_account(r#"{"id":"bob","username":"Alice"}"#).is_err());
        assert!(read_account(r#"{"id":"a b","username":"a b"}"#).is_err());
        let s = read_sessions(
            r#"{"sessions":[{"id":"0123456789abcdef","createdAt":1,"lastSeenAt":2,"userAgent":null,"current":true}]}"#,
        )
        .expect("sessions");
        assert_eq!(s.len(), 1);
        assert!(s[0].current && s[0].user_agent.is_none());
        assert_eq!(read_revoked(r#"{"revoked":3}"#), 3);
        assert_eq!(read_revoked(""), 0);
    }

    #[test]
    fn paths_and_bodies() {
        assert_eq!(
            Call::Revoke("0123456789abcdef".into()).path(),
            "/api/account/sessions/0123456789abcdef/revoke"
        );
        assert_eq!(
            Call::Revoke("../../close".into()).path(),
            "/api/account/sessions/ce/revoke"
        );
        assert_eq!(Call::Me.method(), "GET");
        assert_eq!(Call::SignUp.method(), "POST");
        let req = HttpRequest {
            call: Call::SignIn,
            epoch: 0,
            form: vec![("username", "alice".into()), ("password", "p a+ss".into())],
        };
        assert_eq!(
            req.body().as_deref(),
            Some("username=alice&password=p+a%2Bss")
        );
        assert!(!format!("{req:?}").contains("p a+ss"));
    }

    #[test]
    fn user_agents_are_shortened() {
        let table = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari on iPhone",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
                "Safari on macOS",
            ),
            ("curl/8.5.0", "Unknown browser"),
        ];
        for (ua, want) in table {
            assert_eq!(device_text(Lang::En, Some(ua)), want);
        }
        assert_eq!(device_text(Lang::En, None), "Unknown browser");
        assert_eq!(
            device_text(
                Lang::Fr,
                Some("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
            ),
            "Firefox sous Linux"
        );
    }
}
