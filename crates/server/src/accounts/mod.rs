//! Players' accounts over HTTP: sign up, sign in and out, the signed-in player, their
//! sessions, their personal API tokens ([`tokens`]), closing an account, in the shapes lichess
//! uses (`POST /signup`, `POST /login`, `POST /logout`, `GET /api/account`); anyone's public
//! profile (`GET /api/user/{username}`) is [`crate::profiles`]'s.
//!
//! `GET /api/account` answers the account of the session cookie, or of an API token sent as
//! `Authorization: Bearer` ([`Accounts::caller`]: no scope needed; `{"id", "username",
//! "createdAt", "perfs"}`, and `"title": "BOT"` for a bot account); 401 `{"error"}` with
//! neither.
//!
//! Anonymous play needs none of it. An account is a [`Username`] and a password (hashed with
//! argon2id, [`password`]); signing in (or up) makes a session whose token the browser keeps
//! in an HttpOnly cookie ([`session`]). Every refusal is a 4xx or 5xx with a JSON body
//! `{"error": "..."}` saying why, a log line at most for the unusual ones, and a counter
//! (`asean_account_refusals{reason}`, `asean_rate_limited{action="signup"|"login"}`).
//!
//! Bounds: accounts created per address ([`Limits::signups`], 5 then 5 an hour), sign-in
//! attempts per address (30 then 3 a minute), each per address budget also held by every IPv6
//! `/56` ([`PER_56`] times it) and `/48` ([`PER_48`] times), per account from one address (10 then 1 a
//! minute: nobody can lock a player out from their own addresses) and per account from all
//! addresses (100 then 10 a minute: what a crowd of addresses may guess), password
//! hashes at once (the cores; [`password::Hasher`]), request bodies ([`MAX_FORM_BYTES`]).
//! A sign-in answers the same, in the same time, for an unknown user and a wrong password.
//! State-changing requests whose `Origin` is not the server's are refused (403), so another
//! site cannot act with a player's cookie; requests authenticated by an API token carry no
//! cookie's authority and are not checked so.

pub mod names;
pub mod password;
pub mod session;
pub mod tokens;

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::rejection::FormRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Form, Path, State};
use axum::http::header::{ORIGIN, RETRY_AFTER, SET_COOKIE, USER_AGENT};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use protocol::user::{UserId, Username};
use rating::Perf;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::address::{AddressKey, TrustedProxies, client_address};
use crate::metrics::Metrics;
use crate::origin::AllowedOrigins;
use crate::rate::NetworkLimiter;
use crate::store::Store;
use crate::store::accounts::{Account, Created, NewAccount, NewSession, all_perfs, cut_user_agent};
use crate::store::tokens::TokenHash;
use session::Token;

/// The largest form body taken, in bytes.
pub const MAX_FORM_BYTES: usize = 4 * 1024;

/// The rate limits of accounts.
pub struct Limits {
    /// Accounts created per client address (and IPv6 network).
    pub signups: NetworkLimiter,
    /// Sign-in attempts per client address (and IPv6 network).
    pub logins_per_address: NetworkLimiter,
    /// Sign-in (or password) attempts on an existing account from one address.
    pub logins_per_account: DefaultKeyedRateLimiter<(UserId, AddressKey)>,
    /// Sign-in (or password) attempts on an existing account from all addresses.
    pub logins_per_account_total: DefaultKeyedRateLimiter<UserId>,
    /// Sign-ups that reach the check of whether their name is taken, per client address (and
    /// IPv6 network): a name's existence is not free to probe.
    pub name_checks: NetworkLimiter,
    /// Requests made with an API token, per token ([`tokens`]).
    pub api_per_token: DefaultKeyedRateLimiter<TokenHash>,
    /// Requests made with an API token, per client address (and IPv6 network), whichever
    /// tokens they carry.
    pub api_per_address: NetworkLimiter,
    /// Checks since the limiters last forgot the keys back at full budget.
    checks: std::sync::atomic::AtomicU64,
}

/// How many addresses' worth of the per-address budgets an IPv6 `/56` gets.
pub const PER_56: u32 = 4;
/// How many addresses' worth of the per-address budgets an IPv6 `/48` gets.
pub const PER_48: u32 = 16;

/// How many checks between two sweeps of the keys whose budget is full again.
const SWEEP_EVERY: u64 = 1_024;

impl Limits {
    /// Counts a check, and every [`SWEEP_EVERY`] forgets the keys at full budget, so the
    /// limiters hold only the addresses and accounts active lately.
    fn counted(&self) {
        use std::sync::atomic::Ordering;
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.signups.retain_recent();
            self.logins_per_address.retain_recent();
            self.logins_per_account.retain_recent();
            self.logins_per_account_total.retain_recent();
            self.api_per_token.retain_recent();
            self.api_per_address.retain_recent();
            self.name_checks.retain_recent();
        }
    }

    /// Whether `account` may have its password tried from `address` now (counted).
    fn try_password(&self, account: &UserId, address: AddressKey) -> bool {
        self.counted();
        self.logins_per_account
            .check_key(&(account.clone(), address))
            .is_ok()
            && self.logins_per_account_total.check_key(account).is_ok()
    }
}

impl Limits {
    fn quota(burst: u32, period: Duration) -> Quota {
        Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN))
    }
}

/// API requests one token may make at once before [`API_TOKEN_PERIOD`] paces it.
pub const API_TOKEN_BURST: u32 = 60;
/// Past its burst, one request of a token each period.
pub const API_TOKEN_PERIOD: Duration = Duration::from_secs(1);
/// API requests (with a token) one address may make at once before [`API_ADDRESS_PERIOD`]
/// paces it.
pub const API_ADDRESS_BURST: u32 = 120;
/// Past its burst, one API request of an address each period.
pub const API_ADDRESS_PERIOD: Duration = Duration::from_millis(500);

impl Default for Limits {
    /// 5 accounts then one every 12 minutes per address; 30 sign-in attempts then one every
    /// 20 s per address, and as many sign-ups reaching the check of their name; 10 then one a minute per account and address; 100 then one every
    /// 6 s per account; API requests with a token: 60 then one a second per token, 120 then
    /// two a second per address.
    fn default() -> Limits {
        Limits {
            signups: NetworkLimiter::new(
                Limits::quota(5, Duration::from_secs(12 * 60)),
                PER_56,
                PER_48,
            ),
            logins_per_address: NetworkLimiter::new(
                Limits::quota(30, Duration::from_secs(20)),
                PER_56,
                PER_48,
            ),
            name_checks: NetworkLimiter::new(
                Limits::quota(30, Duration::from_secs(20)),
                PER_56,
                PER_48,
            ),
            logins_per_account: RateLimiter::keyed(Limits::quota(10, Duration::from_secs(60))),
            logins_per_account_total: RateLimiter::keyed(Limits::quota(
                100,
                Duration::from_secs(6),
            )),
            api_per_token: RateLimiter::keyed(Limits::quota(API_TOKEN_BURST, API_TOKEN_PERIOD)),
            api_per_address: NetworkLimiter::new(
                Limits::quota(API_ADDRESS_BURST, API_ADDRESS_PERIOD),
                PER_56,
                PER_48,
            ),
            checks: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

/// What the account routes share.
pub struct Accounts {
    store: Arc<dyn Store>,
    hasher: password::Hasher,
    limits: Limits,
    origins: Arc<AllowedOrigins>,
    proxies: Arc<TrustedProxies>,
    metrics: Arc<Metrics>,
    /// Whether cookies get `Secure` (the public URL is https).
    secure: bool,
    clock: fn() -> u64,
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Accounts")
    }
}

/// Milliseconds since the Unix epoch.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Accounts {
    /// The account routes' state.
    ///
    /// # Errors
    /// When the password hasher cannot start (no random numbers).
    pub fn new(
        store: Arc<dyn Store>,
        origins: Arc<AllowedOrigins>,
        proxies: Arc<TrustedProxies>,
        metrics: Arc<Metrics>,
        secure: bool,
        limits: Limits,
    ) -> Result<Accounts, String> {
        Ok(Accounts {
            store,
            hasher: password::Hasher::new()?,
            limits,
            origins,
            proxies,
            metrics,
            secure,
            clock: now_ms,
        })
    }

    /// Whether the session cookie is Secure (and `__Host-` named): the public URL is https.
    #[must_use]
    pub fn secure(&self) -> bool {
        self.secure
    }

    /// The current time (ms since the Unix epoch), as this state's clock reads it.
    pub(crate) fn now_ms(&self) -> u64 {
        (self.clock)()
    }

    /// The signed-in account of a request, if its cookie names an open session.
    ///
    /// # Errors
    /// [`Refusal`] 503 when the store fails.
    pub async fn signed_in(&self, headers: &HeaderMap) -> Result<Option<Account>, Refusal> {
        let Some(token) = Token::from_headers(headers, self.secure) else {
            return Ok(None);
        };
        self.store
            .session_account(token.hash(), (self.clock)())
            .await
            .map_err(store_failed)
    }

    pub(crate) fn refuse(
        &self,
        reason: &'static str,
        status: StatusCode,
        message: impl Into<String>,
    ) -> Refusal {
        self.metrics.account_refused(reason);
        Refusal {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    fn limited(&self, action: &'static str, message: &str) -> Refusal {
        self.metrics.limited(action);
        Refusal {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.to_owned(),
            retry_after: Some(60),
        }
    }

    /// The origin of the page links written for a request whose `Host` is `host`: the
    /// server's own origin it names, else the public one ([`AllowedOrigins::own_or_public`]).
    pub(crate) fn page_origin(&self, host: Option<&str>) -> String {
        let candidate = host.map(|h| format!("http://{h}"));
        self.origins
            .own_or_public(candidate.as_deref())
            .map_or_else(|| "http://localhost".to_owned(), |o| o.as_str().to_owned())
    }

    /// Refuses a state-changing request from another site's page.
    pub(crate) fn same_origin(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let origin = headers.get(ORIGIN).map(|v| v.to_str().unwrap_or("\u{0}"));
        if self.origins.allow_own(origin) {
            Ok(())
        } else {
            Err(self.refuse(
                "cross_origin",
                StatusCode::FORBIDDEN,
                "this request comes from another site's page",
            ))
        }
    }

    fn address(&self, peer: SocketAddr, headers: &HeaderMap) -> AddressKey {
        AddressKey::of(client_address(peer.ip(), headers, &self.proxies))
    }

    /// Signs `account` in: a new session, and the cookie that carries it.
    async fn start_session(
        &self,
        account: &Account,
        headers: &HeaderMap,
    ) -> Result<Response, Refusal> {
        let token = Token::new().map_err(internal)?;
        let user_agent = headers
            .get(USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(cut_user_agent);
        let created = self
            .store
            .create_session(NewSession {
                hash: token.hash(),
                public_id: session::public_id().map_err(internal)?,
                user: account.id.clone(),
                created_ms: (self.clock)(),
                user_agent,
            })
            .await
            .map_err(store_failed)?;
        if !created {
            // Closed between the check and now.
            return Err(self.refuse("closed", StatusCode::UNAUTHORIZED, WRONG_CREDENTIALS));
        }
        let body = axum::Json(json!({ "id": account.id, "username": account.username }));
        Ok(([(SET_COOKIE, token.set_cookie(self.secure))], body).into_response())
    }
}

/// The answer to a sign-in with a wrong username or password (the same for both).
const WRONG_CREDENTIALS: &str = "wrong username or password";

/// A refused request: its status and what the JSON body says.
#[derive(Debug)]
pub struct Refusal {
    status: StatusCode,
    message: String,
    retry_after: Option<u64>,
}

impl Refusal {
    /// A refusal with `status`, saying `message`, with `Retry-After: retry_after` seconds.
    pub(crate) fn new(
        status: StatusCode,
        message: impl Into<String>,
        retry_after: Option<u64>,
    ) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            retry_after,
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(json!({ "error": self.message }))).into_response();
        if let Some(secs) = self.retry_after {
            r.headers_mut().insert(RETRY_AFTER, HeaderValue::from(secs));
        }
        r
    }
}

pub(crate) fn store_failed(e: crate::store::StoreError) -> Refusal {
    tracing::error!("accounts: the store failed: {e}");
    Refusal {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: "the server cannot reach its database right now: try again in a moment".into(),
        retry_after: Some(5),
    }
}

fn internal(e: String) -> Refusal {
    tracing::error!("accounts: {e}");
    Refusal {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: "the server is busy: try again in a moment".into(),
        retry_after: Some(5),
    }
}

/// The form of sign-up and sign-in.
#[derive(Deserialize)]
struct Credentials {
    username: String,
    password: String,
}

/// The form of closing an account.
#[derive(Deserialize)]
struct PasswordForm {
    password: String,
}

type Shared = State<Arc<Accounts>>;

/// The account routes (see the module documentation), to merge into the app.
pub fn router(accounts: Arc<Accounts>) -> Router {
    Router::new()
        .route("/signup", post(signup))
        .route("/login", post(login))
        .route("/logout", post(logout))
        .route("/api/account", get(account))
        .route("/api/account/sessions", get(sessions))
        .route("/api/account/sessions/{id}/revoke", post(revoke))
        .route("/api/account/logout-everywhere", post(logout_everywhere))
        .route("/api/account/close", post(close))
        .route("/account/oauth/token/create", post(tokens::create))
        .route("/api/account/tokens", get(tokens::list))
        .route("/api/account/tokens/{id}/revoke", post(tokens::revoke))
        .route("/api/token", delete(tokens::delete))
        .layer(DefaultBodyLimit::max(MAX_FORM_BYTES))
        .with_state(accounts)
}

fn form<T>(a: &Accounts, f: Result<Form<T>, FormRejection>) -> Result<T, Refusal> {
    f.map(|Form(t)| t).map_err(|e| {
        a.refuse(
            "bad_input",
            StatusCode::BAD_REQUEST,
            format!("the form is not what this request takes: {}", e.body_text()),
        )
    })
}

/// `POST /signup`: a new account, signed in.
async fn signup(
    State(a): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    f: Result<Form<Credentials>, FormRejection>,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let c = form(&a, f)?;
    let username: Username = c
        .username
        .parse()
        .map_err(|e: protocol::user::UsernameError| {
            a.refuse("bad_input", StatusCode::BAD_REQUEST, e.to_string())
        })?;
    names::check_new(username.as_str())
        .map_err(|e| a.refuse("bad_input", StatusCode::BAD_REQUEST, e))?;
    if names::is_reserved(&username.id()) {
        return Err(a.refuse(
            "bad_input",
            StatusCode::BAD_REQUEST,
            format!("the name {username} is reserved: choose another"),
        ));
    }
    password::check_new(&c.password)
        .map_err(|e| a.refuse("bad_input", StatusCode::BAD_REQUEST, e.to_string()))?;
    a.limits.counted();
    if !a.limits.name_checks.check(a.address(peer, &headers)) {
        return Err(a.limited(
            "signup",
            "too many sign-ups from this address: try again later",
        ));
    }
    if a.store
        .account(&username.id())
        .await
        .map_err(store_failed)?
        .is_some()
    {
        return Err(a.refuse(
            "taken",
            StatusCode::CONFLICT,
            format!("the name {username} is taken"),
        ));
    }
    // Counted once the request is sound: typos cost no account of the address's budget.
    a.limits.counted();
    if !a.limits.signups.check(a.address(peer, &headers)) {
        return Err(a.limited(
            "signup",
            "too many new accounts from this address: try again later",
        ));
    }
    let hash = a
        .hasher
        .hash(&c.password)
        .await
        .map_err(|e| internal(e.0))?;
    let created = a
        .store
        .create_account(NewAccount {
            username: username.clone(),
            password_hash: hash,
            created_ms: (a.clock)(),
        })
        .await
        .map_err(store_failed)?;
    if created == Created::Taken {
        return Err(a.refuse(
            "taken",
            StatusCode::CONFLICT,
            format!("the name {username} is taken"),
        ));
    }
    a.metrics.accounts_created.inc();
    let account = a
        .store
        .account(&username.id())
        .await
        .map_err(store_failed)?
        .ok_or_else(|| internal("a new account is gone".into()))?;
    a.start_session(&account, &headers).await
}

/// `POST /login`: signs in; the same refusal, in the same time, for an unknown name and a
/// wrong password.
async fn login(
    State(a): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    f: Result<Form<Credentials>, FormRejection>,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let c = form(&a, f)?;
    let address = a.address(peer, &headers);
    a.limits.counted();
    if !a.limits.logins_per_address.check(address) {
        return Err(a.limited(
            "login",
            "too many sign-in attempts from this address: try again later",
        ));
    }
    let id: Option<UserId> = c.username.parse().ok();
    let account = match &id {
        Some(id) if c.password.len() <= password::MAX_PASSWORD => {
            a.store.account(id).await.map_err(store_failed)?
        }
        _ => None,
    };
    // Only accounts that exist are counted (a name that is none costs the dummy check).
    if let Some(acc) = &account
        && !a.limits.try_password(&acc.id, address)
    {
        return Err(a.limited(
            "login",
            "too many sign-in attempts from this address: try again later",
        ));
    }
    let hash = account
        .as_ref()
        .and_then(|acc| acc.password_hash.as_deref());
    let ok = a
        .hasher
        .verify_or_dummy(hash, &c.password)
        .await
        .map_err(|e| internal(e.0))?;
    match account {
        Some(account) if ok => {
            a.metrics.sign_ins.inc();
            a.start_session(&account, &headers).await
        }
        _ => Err(a.refuse(
            "wrong_credentials",
            StatusCode::UNAUTHORIZED,
            WRONG_CREDENTIALS,
        )),
    }
}

/// `POST /logout`: ends this session (204 even when there is none).
async fn logout(State(a): Shared, headers: HeaderMap) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    if let Some(t) = Token::from_headers(&headers, a.secure) {
        a.store
            .delete_session(t.hash())
            .await
            .map_err(store_failed)?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(SET_COOKIE, session::clear_cookie(a.secure))],
    )
        .into_response())
}

/// The signed-in account, or 401.
async fn required(a: &Accounts, headers: &HeaderMap) -> Result<Account, Refusal> {
    a.signed_in(headers).await?.ok_or_else(|| Refusal {
        status: StatusCode::UNAUTHORIZED,
        message: "not signed in".into(),
        retry_after: None,
    })
}

/// An account's public JSON, as lichess's `/api/user` shapes it, with its ratings as of
/// `now_ms` (deviations grown for the time away).
pub(crate) fn public_json(
    account: &Account,
    perfs: &[(Perf, rating::Rated)],
    now_ms: u64,
) -> Value {
    let perfs: serde_json::Map<String, Value> = all_perfs(perfs)
        .into_iter()
        .map(|(p, r)| {
            let g = r.at(now_ms);
            (
                p.name().to_owned(),
                json!({
                    "rating": g.rounded(),
                    "rd": g.deviation.round() as i64,
                    "prov": g.provisional(),
                    "games": r.games,
                }),
            )
        })
        .collect();
    let mut v = json!({
        "id": account.id,
        "username": account.username,
        "createdAt": account.created_ms,
        "perfs": perfs,
    });
    if account.bot {
        // lichess shows a bot account's title so.
        v["title"] = json!("BOT");
    }
    if account.is_closed() {
        v["disabled"] = Value::Bool(true);
    }
    v
}

/// `GET /api/account`: the signed-in player, by the session cookie or an API token (no
/// scope needed).
async fn account(
    State(a): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let account = a.caller_required(peer, &headers).await?.account;
    let perfs = a.store.perfs(&account.id).await.map_err(store_failed)?;
    Ok(axum::Json(public_json(&account, &perfs, (a.clock)())).into_response())
}

/// `GET /api/account/sessions`: the signed-in player's sessions.
async fn sessions(State(a): Shared, headers: HeaderMap) -> Result<Response, Refusal> {
    let account = required(&a, &headers).await?;
    let current = Token::from_headers(&headers, a.secure).map(|t| t.hash());
    let list = a
        .store
        .sessions(&account.id, current)
        .await
        .map_err(store_failed)?;
    let sessions: Vec<Value> = list
        .into_iter()
        .map(|s| {
            json!({
                "current": s.current,
                "id": s.public_id,
                "createdAt": s.created_ms,
                "lastSeenAt": s.last_seen_ms,
                "userAgent": s.user_agent,
            })
        })
        .collect();
    Ok(axum::Json(json!({ "sessions": sessions })).into_response())
}

/// `POST /api/account/sessions/{id}/revoke`: signs one of the player's sessions out.
async fn revoke(
    State(a): Shared,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let account = required(&a, &headers).await?;
    if a.store
        .revoke_session(&account.id, &id)
        .await
        .map_err(store_failed)?
    {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(Refusal {
            status: StatusCode::NOT_FOUND,
            message: "no such session".into(),
            retry_after: None,
        })
    }
}

/// `POST /api/account/logout-everywhere`: signs every other session out.
async fn logout_everywhere(State(a): Shared, headers: HeaderMap) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let account = required(&a, &headers).await?;
    let keep = Token::from_headers(&headers, a.secure).map(|t| t.hash());
    let n = a
        .store
        .revoke_sessions(&account.id, keep)
        .await
        .map_err(store_failed)?;
    Ok(axum::Json(json!({ "revoked": n })).into_response())
}

/// `POST /api/account/close`: closes the signed-in account, given its password.
async fn close(
    State(a): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    f: Result<Form<PasswordForm>, FormRejection>,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let account = required(&a, &headers).await?;
    let p = form(&a, f)?;
    if !a
        .limits
        .try_password(&account.id, a.address(peer, &headers))
    {
        return Err(a.limited(
            "login",
            "too many password attempts for this account: try again later",
        ));
    }
    let ok = a
        .hasher
        .verify_or_dummy(account.password_hash.as_deref(), &p.password)
        .await
        .map_err(|e| internal(e.0))?;
    if !ok {
        return Err(a.refuse(
            "wrong_credentials",
            StatusCode::UNAUTHORIZED,
            "wrong password",
        ));
    }
    a.store
        .close_account(&account.id, (a.clock)())
        .await
        .map_err(store_failed)?;
    tracing::info!("account {} closed", account.id);
    Ok((
        StatusCode::NO_CONTENT,
        [(SET_COOKIE, session::clear_cookie(a.secure))],
    )
        .into_response())
}
