//! Personal API tokens over HTTP, as lichess has them, and the authentication of API requests
//! by them (`Authorization: Bearer <token>`).
//!
//! A token is `lip_` and 40 lower-case hex digits (160 random bits from the system, as session
//! tokens; [`ApiToken`]). Its player sees it once, when it is made; the store keeps its
//! SHA-256 only ([`crate::store::tokens`]). It carries [`Scope`]s. Routes:
//!
//! - `POST /account/oauth/token/create` (signed in by the cookie, same origin): a form with
//!   `description` (1 to [`MAX_DESCRIPTION`] characters) and `scopes[]` (repeated, each a
//!   lichess scope name; `scopes` is taken too). Answers `{"token": "lip_..."}`. An unknown
//!   scope is a 400 that names it; an account with [`MAX_TOKENS_PER_USER`] tokens gets a 400.
//! - `GET /api/account/tokens` (cookie): `{"tokens": [{"id", "description", "scopes":
//!   ["board:play", ...], "createdAt", "lastUsedAt"}]}`, newest first; times in ms since the
//!   Unix epoch, `lastUsedAt` (to the minute) absent for a token never used. Never the secret.
//! - `POST /api/account/tokens/{id}/revoke` (cookie, same origin): 204, or 404 for no token of
//!   the player's with that id.
//! - `DELETE /api/token` (Bearer): revokes the token the request carries; 204.
//!
//! A request with an `Authorization` header is authenticated by it alone ([`Accounts::caller`]),
//! never by the cookie, and is exempt from the `Origin` check (a browser never adds the header
//! by itself, so another site's page cannot borrow a player's token). A header that is not
//! `Bearer <token>`, or a token that is malformed, unknown, revoked, or of a closed account, is
//! a 401 `{"error": "No such token"}`; a route that needs a scope the token lacks answers 403
//! `{"error": "Missing scope"}` ([`Caller::require`]; a cookie session may do everything).
//!
//! Bounds: each token has a budget of requests, and each address (and IPv6 network, as the
//! other per-address budgets) a budget of the requests made with tokens ([`super::Limits::api_per_token`], [`super::Limits::api_per_address`]);
//! past either, a 429 `{"error"}` with `Retry-After: 60`, counted in
//! `asean_rate_limited{action="api"}`. The last use of a token is written at most once a
//! minute. A token never appears in a log line.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use protocol::scope::Scope;
use serde_json::{Value, json};

use super::{Accounts, Refusal, Shared, internal, required, session, store_failed};
use crate::store::accounts::Account;
use crate::store::tokens::{
    MAX_DESCRIPTION, MAX_TOKENS_PER_USER, NewToken, TokenCreated, TokenHash,
};

/// What every personal token starts with.
pub const PREFIX: &str = "lip_";

/// The random bytes of a token (written as twice as many hex digits).
const TOKEN_BYTES: usize = 20;

/// The 401 of a bad token, in lichess's words.
pub const NO_SUCH_TOKEN: &str = "No such token";

/// The 403 of a token without the scope a route needs, in lichess's words.
pub const MISSING_SCOPE: &str = "Missing scope";

/// A personal API token as its player holds it. Its `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiToken(String);

impl std::fmt::Debug for ApiToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiToken(..)")
    }
}

impl ApiToken {
    /// A new random token.
    ///
    /// # Errors
    /// When the system has no random numbers to give.
    pub fn new() -> Result<ApiToken, String> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random token: {e}"))?;
        Ok(ApiToken(format!("{PREFIX}{}", hex::encode(bytes))))
    }

    /// The token in `text`, if it looks like one ([`PREFIX`] and 40 lower-case hex digits).
    #[must_use]
    pub fn parse(text: &str) -> Option<ApiToken> {
        let digits = text.strip_prefix(PREFIX)?;
        (digits.len() == 2 * TOKEN_BYTES
            && digits
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then(|| ApiToken(text.to_owned()))
    }

    /// The token's text, to give to its player once.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What the store keeps of it.
    #[must_use]
    pub fn hash(&self) -> TokenHash {
        TokenHash(session::sha256(&self.0))
    }
}

/// What a request's `Authorization` header says.
#[derive(Debug, PartialEq, Eq)]
pub enum Bearer {
    /// No `Authorization` header: the request may be signed in by its cookie.
    Absent,
    /// A header that is not `Bearer <token>` with a well-formed token.
    Malformed,
    /// A well-formed token.
    Token(ApiToken),
}

impl Bearer {
    /// The bearer token of `headers`.
    #[must_use]
    pub fn of(headers: &HeaderMap) -> Bearer {
        let Some(value) = headers.get(AUTHORIZATION) else {
            return Bearer::Absent;
        };
        let token = value.to_str().ok().and_then(|v| {
            let (scheme, token) = v.trim().split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then(|| ApiToken::parse(token.trim()))
                .flatten()
        });
        token.map_or(Bearer::Malformed, Bearer::Token)
    }
}

/// What a token lets its bearer do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// The token's hash.
    pub hash: TokenHash,
    /// Its scopes.
    pub scopes: Vec<Scope>,
}

/// Who makes a request: an account, signed in by its cookie or by an API token.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The account.
    pub account: Account,
    /// The token, for a request authenticated by one (`None`: the session cookie).
    pub token: Option<Grant>,
}

impl Caller {
    /// Whether the caller may do what `scope` allows: a session always, a token when it
    /// carries `scope`.
    #[must_use]
    pub fn may(&self, scope: Scope) -> bool {
        self.token
            .as_ref()
            .is_none_or(|g| g.scopes.contains(&scope))
    }

    /// [`Caller::may`], or the 403 `{"error": "Missing scope"}`.
    ///
    /// # Errors
    /// The refusal when the token lacks `scope`.
    pub fn require(&self, scope: Scope, accounts: &Accounts) -> Result<(), Refusal> {
        if self.may(scope) {
            Ok(())
        } else {
            Err(accounts.refuse("missing_scope", StatusCode::FORBIDDEN, MISSING_SCOPE))
        }
    }
}

impl Accounts {
    /// Who makes the request: the account of its bearer token when it has an
    /// `Authorization` header (taking one request of the token's and the address's API
    /// budgets), else of its session cookie, sent from the server's own pages (or by a client
    /// that is not a browser: no `Origin`); `None` with neither.
    ///
    /// # Errors
    /// 401 [`NO_SUCH_TOKEN`] for a malformed, unknown or revoked token or one of a closed
    /// account; 403 for a session cookie sent from another site's page; 429 past a budget;
    /// 503 when the store fails.
    pub async fn caller(
        &self,
        peer: SocketAddr,
        headers: &HeaderMap,
    ) -> Result<Option<Caller>, Refusal> {
        let token = match Bearer::of(headers) {
            Bearer::Absent => {
                let Some(account) = self.signed_in(headers).await? else {
                    return Ok(None);
                };
                // The cookie acts only from the server's own pages: another site's page
                // (which the browser gives the cookie, SameSite=Lax passing a page of the
                // same host on another port) never moves, resigns or challenges for a player.
                self.same_origin(headers)?;
                return Ok(Some(Caller {
                    account,
                    token: None,
                }));
            }
            Bearer::Malformed => return Err(self.no_such_token()),
            Bearer::Token(t) => t,
        };
        let hash = token.hash();
        // The address's budget first: guessing tokens costs it. The token's budget once the
        // token is known, so that guesses leave no keys in its limiter.
        self.admit_api_address(peer, headers)?;
        let found = self
            .store
            .token_account(hash, self.now_ms())
            .await
            .map_err(store_failed)?;
        let (account, scopes) = found.ok_or_else(|| self.no_such_token())?;
        self.admit_api_token(hash)?;
        Ok(Some(Caller {
            account,
            token: Some(Grant { hash, scopes }),
        }))
    }

    /// [`Accounts::caller`], or 401 `not signed in` with neither a token nor a session.
    ///
    /// # Errors
    /// As [`Accounts::caller`], and that 401.
    pub async fn caller_required(
        &self,
        peer: SocketAddr,
        headers: &HeaderMap,
    ) -> Result<Caller, Refusal> {
        self.caller(peer, headers)
            .await?
            .ok_or_else(|| Refusal::new(StatusCode::UNAUTHORIZED, "not signed in", None))
    }

    /// Whether the token of `hash` still lets its bearer in: not revoked, its account not
    /// closed. A store that does not answer counts as yes (a stream is not cut for that).
    pub async fn token_valid(&self, hash: TokenHash) -> bool {
        !matches!(
            self.store.token_account(hash, self.now_ms()).await,
            Ok(None)
        )
    }

    fn no_such_token(&self) -> Refusal {
        self.refuse("no_such_token", StatusCode::UNAUTHORIZED, NO_SUCH_TOKEN)
    }

    /// Takes one request of the address's API budget, or refuses with 429.
    ///
    /// # Errors
    /// The 429 past the budget.
    pub(crate) fn admit_api_address(
        &self,
        peer: SocketAddr,
        headers: &HeaderMap,
    ) -> Result<(), Refusal> {
        self.limits.counted();
        let address = self.address(peer, headers);
        if !self.limits.api_per_address.check(address) {
            return Err(self.limited(
                "api",
                "too many API requests from this address: wait a minute",
            ));
        }
        Ok(())
    }

    /// Takes one request of the token's budget, or refuses with 429.
    fn admit_api_token(&self, hash: TokenHash) -> Result<(), Refusal> {
        if self.limits.api_per_token.check_key(&hash).is_err() {
            return Err(self.limited("api", "too many requests with this token: wait a minute"));
        }
        Ok(())
    }
}

/// The form of a new token, read from an `application/x-www-form-urlencoded` body: its
/// description and its scopes (`scopes[]` or `scopes`, repeated).
#[derive(Debug, PartialEq, Eq)]
struct NewTokenForm {
    description: String,
    scopes: Vec<Scope>,
}

/// Reads a new token's form; the error says what is wrong (a scope's name included).
fn read_form(headers: &HeaderMap, body: &[u8]) -> Result<NewTokenForm, String> {
    let is_form = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| {
            v.trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if !is_form {
        return Err("the body must be a form (application/x-www-form-urlencoded)".into());
    }
    let mut description = None;
    let mut scopes = Vec::new();
    for (key, value) in form_urlencoded::parse(body) {
        match &*key {
            "description" => description = Some(value.trim().to_owned()),
            "scopes[]" | "scopes" => {
                let s: Scope = value
                    .parse()
                    .map_err(|e: protocol::scope::UnknownScope| e.to_string())?;
                if !scopes.contains(&s) {
                    scopes.push(s);
                }
            }
            _ => {}
        }
    }
    let description = description.unwrap_or_default();
    let n = description.chars().count();
    if n == 0 || n > MAX_DESCRIPTION {
        return Err(format!(
            "a token needs a description of 1 to {MAX_DESCRIPTION} characters, not {n}"
        ));
    }
    if description.chars().any(char::is_control) {
        return Err("a token's description has no control characters".into());
    }
    scopes.sort_unstable();
    Ok(NewTokenForm {
        description,
        scopes,
    })
}

/// `POST /account/oauth/token/create`: a new token for the signed-in player.
pub(super) async fn create(
    State(a): Shared,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let account = required(&a, &headers).await?;
    let form = read_form(&headers, &body)
        .map_err(|e| a.refuse("bad_input", StatusCode::BAD_REQUEST, e))?;
    let token = ApiToken::new().map_err(internal)?;
    let created = a
        .store
        .create_token(NewToken {
            hash: token.hash(),
            public_id: session::public_id().map_err(internal)?,
            user: account.id.clone(),
            description: form.description,
            scopes: form.scopes,
            created_ms: a.now_ms(),
        })
        .await
        .map_err(store_failed)?;
    match created {
        TokenCreated::Created => Ok(axum::Json(json!({ "token": token.expose() })).into_response()),
        TokenCreated::TooMany => Err(a.refuse(
            "too_many_tokens",
            StatusCode::BAD_REQUEST,
            format!(
                "an account has at most {MAX_TOKENS_PER_USER} tokens: revoke one you no \
                 longer use first"
            ),
        )),
        // Closed between the check and now.
        TokenCreated::NoAccount => Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "not signed in",
            None,
        )),
    }
}

/// `GET /api/account/tokens`: the signed-in player's tokens, without their secrets.
pub(super) async fn list(State(a): Shared, headers: HeaderMap) -> Result<Response, Refusal> {
    let account = required(&a, &headers).await?;
    let list = a.store.tokens(&account.id).await.map_err(store_failed)?;
    let tokens: Vec<Value> = list
        .into_iter()
        .map(|t| {
            let mut v = json!({
                "id": t.public_id,
                "description": t.description,
                "scopes": t.scopes,
                "createdAt": t.created_ms,
            });
            if let Some(used) = t.last_used_ms {
                v["lastUsedAt"] = json!(used);
            }
            v
        })
        .collect();
    Ok(axum::Json(json!({ "tokens": tokens })).into_response())
}

/// `POST /api/account/tokens/{id}/revoke`: revokes one of the signed-in player's tokens.
pub(super) async fn revoke(
    State(a): Shared,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    a.same_origin(&headers)?;
    let account = required(&a, &headers).await?;
    if a.store
        .revoke_token(&account.id, &id)
        .await
        .map_err(store_failed)?
    {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(Refusal::new(StatusCode::NOT_FOUND, "no such token", None))
    }
}

/// `DELETE /api/token`: revokes the bearer token of the request.
pub(super) async fn delete(
    State(a): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let Caller {
        token: Some(grant), ..
    } = a.caller_required(peer, &headers).await?
    else {
        return Err(a.no_such_token());
    };
    a.store
        .delete_token(grant.hash)
        .await
        .map_err(store_failed)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(axum::http::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).expect("header"));
        }
        h
    }

    #[test]
    fn tokens_are_prefixed_random_and_only_well_formed_ones_are_read() {
        let t = ApiToken::new().expect("token");
        assert!(
            t.expose().starts_with("lip_") && t.expose().len() == 44,
            "{t:?}"
        );
        assert_ne!(ApiToken::new().expect("token"), t, "random");
        assert_eq!(ApiToken::parse(t.expose()), Some(t.clone()));
        assert_eq!(format!("{t:?}"), "ApiToken(..)", "never shown");
        let auth = |v: &str| Bearer::of(&headers(&[(AUTHORIZATION, v)]));
        assert_eq!(
            auth(&format!("Bearer {}", t.expose())),
            Bearer::Token(t.clone())
        );
        assert_eq!(
            auth(&format!("bearer  {} ", t.expose())),
            Bearer::Token(t.clone())
        );
        for bad in [
            "Bearer".to_owned(),
            format!("Basic {}", t.expose()),
            format!("Bearer {}", t.expose().to_uppercase()),
            format!("Bearer {}0", t.expose()),
            format!("Bearer lio_{}", &t.expose()[4..]),
            "Bearer lip_".to_owned(),
        ] {
            assert_eq!(auth(&bad), Bearer::Malformed, "{bad}");
        }
        assert_eq!(Bearer::of(&HeaderMap::new()), Bearer::Absent);
        assert_ne!(t.hash(), ApiToken::new().expect("token").hash());
    }

    #[test]
    fn a_session_may_all_and_a_token_only_its_scopes() {
        let account = Account {
            id: "ploy".parse().expect("id"),
            username: "Ploy".parse().expect("name"),
            password_hash: None,
            created_ms: 0,
            closed_ms: None,
            bot: false,
        };
        let session = Caller {
            account: account.clone(),
            token: None,
        };
        let token = Caller {
            account,
            token: Some(Grant {
                hash: TokenHash([1; 32]),
                scopes: vec![Scope::BoardPlay],
            }),
        };
        for s in Scope::ALL {
            assert!(session.may(s), "{s}");
            assert_eq!(token.may(s), s == Scope::BoardPlay, "{s}");
        }
    }

    #[tokio::test]
    async fn a_missing_scope_is_a_403_in_lichess_words_and_counted() {
        use std::sync::Arc;
        let metrics = Arc::new(crate::metrics::Metrics::default());
        let accounts = Accounts::new(
            Arc::new(crate::store::MemoryStore::default()),
            Arc::new(crate::origin::AllowedOrigins::new(Vec::new(), Vec::new())),
            Arc::new(crate::address::TrustedProxies::default()),
            metrics.clone(),
            false,
            super::super::Limits::default(),
        )
        .expect("accounts");
        let caller = Caller {
            account: Account {
                id: "ploy".parse().expect("id"),
                username: "Ploy".parse().expect("name"),
                password_hash: None,
                created_ms: 0,
                closed_ms: None,
                bot: false,
            },
            token: Some(Grant {
                hash: TokenHash([1; 32]),
                scopes: vec![Scope::ChallengeRead],
            }),
        };
        assert!(caller.require(Scope::ChallengeRead, &accounts).is_ok());
        let refusal = caller
            .require(Scope::BoardPlay, &accounts)
            .expect_err("no board:play");
        let response = refusal.into_response();
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        let body = axum::body::to_bytes(response.into_body(), 1_024)
            .await
            .expect("body");
        assert_eq!(&body[..], br#"{"error":"Missing scope"}"#);
        assert!(
            metrics
                .text()
                .contains(r#"asean_account_refusals_total{reason="missing_scope"} 1"#),
            "{}",
            metrics.text()
        );
    }

    #[test]
    fn the_form_takes_repeated_scopes_and_names_an_unknown_one() {
        let form = [(
            CONTENT_TYPE,
            "application/x-www-form-urlencoded; charset=utf-8",
        )];
        let read = |body: &str| read_form(&headers(&form), body.as_bytes());
        assert_eq!(
            read(
                "description=My+board&scopes%5B%5D=challenge%3Aread&scopes[]=board:play&scopes=board:play"
            ),
            Ok(NewTokenForm {
                description: "My board".into(),
                scopes: vec![Scope::BoardPlay, Scope::ChallengeRead],
            })
        );
        assert_eq!(read("description=none").map(|f| f.scopes), Ok(vec![]));
        let e = read("description=x&scopes[]=board:play&scopes[]=email:read").expect_err("unknown");
        assert!(e.contains("\"email:read\""), "{e}");
        for bad in [
            "",
            "description=",
            "description=%20%20",
            "description=a%0Ab",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let long = format!("description={}", "x".repeat(MAX_DESCRIPTION + 1));
        assert!(read(&long).is_err());
        let just = format!("description={}", "é".repeat(MAX_DESCRIPTION));
        assert!(read(&just).is_ok(), "characters, not bytes");
        let json = [(CONTENT_TYPE, "application/json")];
        assert!(read_form(&headers(&json), b"description=x").is_err());
    }
}
