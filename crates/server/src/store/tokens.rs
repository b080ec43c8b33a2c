//! Personal API tokens, kept by the same stores as the accounts ([`TokenStore`], a part of
//! every [`super::Store`]).
//!
//! A token is a secret its player copies into a program (`lip_` and 40 hex digits, see
//! [`crate::accounts::tokens`]); the store keeps only its SHA-256 ([`TokenHash`]), a public
//! id (16 hex digits) to list and revoke it by, its account, a description (at most
//! [`MAX_DESCRIPTION`] characters), its scopes, when it was created and when it was last used
//! (to within [`LAST_USED_GRANULARITY_MS`]). An account keeps at most
//! [`MAX_TOKENS_PER_USER`] tokens. Closing an account deletes its tokens.

use protocol::scope::Scope;
use protocol::user::UserId;

use super::accounts::{Account, corrupt};
use super::{StoreError, StoreFuture};

/// The most tokens one account keeps: creating one more is refused
/// ([`TokenCreated::TooMany`]).
pub const MAX_TOKENS_PER_USER: usize = 100;

/// The longest description of a token, in characters.
pub const MAX_DESCRIPTION: usize = 100;

/// How stale a token's last-use time may get before a use writes it again, in ms (a minute:
/// a program that calls the API every second costs one write a minute, not one a request).
pub const LAST_USED_GRANULARITY_MS: u64 = 60_000;

/// The SHA-256 of a token: what the store keeps instead of the token.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

impl std::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

/// A new token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewToken {
    /// The token's hash.
    pub hash: TokenHash,
    /// A public id (random, 16 hex digits), to list and revoke it by.
    pub public_id: String,
    /// The account.
    pub user: UserId,
    /// What its player called it (at most [`MAX_DESCRIPTION`] characters).
    pub description: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
    /// When, in ms since the Unix epoch.
    pub created_ms: u64,
}

/// A token as listed to its player (never its secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenInfo {
    /// Its public id.
    pub public_id: String,
    /// Its description.
    pub description: String,
    /// Its scopes, in [`Scope::ALL`]'s order.
    pub scopes: Vec<Scope>,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: u64,
    /// When it was last used, to within [`LAST_USED_GRANULARITY_MS`]; `None`: never.
    pub last_used_ms: Option<u64>,
}

/// What [`TokenStore::create_token`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenCreated {
    /// It was stored.
    Created,
    /// The account has [`MAX_TOKENS_PER_USER`] tokens already: nothing was written.
    TooMany,
    /// The account does not exist or is closed: nothing was written.
    NoAccount,
}

/// Scopes as stored: their names, space-separated, in [`Scope::ALL`]'s order, once each.
#[must_use]
pub fn scopes_text(scopes: &[Scope]) -> String {
    let mut v = scopes.to_vec();
    v.sort_unstable();
    v.dedup();
    v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

/// The scopes of a stored text.
///
/// # Errors
/// [`StoreError::Corrupt`] for a name that is no scope.
pub fn scopes_of(text: &str) -> Result<Vec<Scope>, StoreError> {
    text.split_whitespace()
        .map(|s| {
            s.parse::<Scope>()
                .map_err(|e| corrupt(format!("token scopes: {e}")))
        })
        .collect()
}

/// Whether a token last used at `last_used_ms` should have its use at `now_ms` written.
#[must_use]
pub fn use_is_news(last_used_ms: Option<u64>, now_ms: u64) -> bool {
    last_used_ms.is_none_or(|l| now_ms.saturating_sub(l) >= LAST_USED_GRANULARITY_MS)
}

/// Personal API tokens. Like [`super::Store`], nothing blocks: each method answers a
/// [`StoreFuture`].
pub trait TokenStore: Send + Sync {
    /// Stores `token`, unless its account is missing or closed
    /// ([`TokenCreated::NoAccount`]) or has [`MAX_TOKENS_PER_USER`] tokens
    /// ([`TokenCreated::TooMany`]).
    fn create_token(&self, token: NewToken) -> StoreFuture<TokenCreated>;

    /// The tokens of `user`, newest first.
    fn tokens(&self, user: &UserId) -> StoreFuture<Vec<TokenInfo>>;

    /// Deletes the token of `user` with `public_id`; whether there was one (another
    /// account's token is never touched).
    fn revoke_token(&self, user: &UserId, public_id: &str) -> StoreFuture<bool>;

    /// Deletes the token with `hash`; whether there was one.
    fn delete_token(&self, hash: TokenHash) -> StoreFuture<bool>;

    /// The open account whose token has `hash`, and the token's scopes, noting the use at
    /// `now_ms` when the last one noted is older than [`LAST_USED_GRANULARITY_MS`].
    /// `None` for an unknown or revoked token.
    fn token_account(
        &self,
        hash: TokenHash,
        now_ms: u64,
    ) -> StoreFuture<Option<(Account, Vec<Scope>)>>;
}

impl TokenStore for super::MemoryStore {
    fn create_token(&self, token: NewToken) -> StoreFuture<TokenCreated> {
        let mut m = super::common::lock(&self.accounts);
        let out = if !m.open(&token.user) {
            TokenCreated::NoAccount
        } else if m.tokens.values().filter(|(_, u)| *u == token.user).count() >= MAX_TOKENS_PER_USER
        {
            TokenCreated::TooMany
        } else {
            let mut scopes = token.scopes;
            scopes.sort_unstable();
            scopes.dedup();
            m.tokens.insert(
                token.hash.0,
                (
                    TokenInfo {
                        public_id: token.public_id,
                        description: token.description,
                        scopes,
                        created_ms: token.created_ms,
                        last_used_ms: None,
                    },
                    token.user,
                ),
            );
            TokenCreated::Created
        };
        Box::pin(std::future::ready(Ok(out)))
    }

    fn tokens(&self, user: &UserId) -> StoreFuture<Vec<TokenInfo>> {
        let m = super::common::lock(&self.accounts);
        let mut out: Vec<TokenInfo> = m
            .tokens
            .values()
            .filter(|(_, u)| u == user)
            .map(|(t, _)| t.clone())
            .collect();
        out.sort_by(|a, b| (b.created_ms, &b.public_id).cmp(&(a.created_ms, &a.public_id)));
        Box::pin(std::future::ready(Ok(out)))
    }

    fn revoke_token(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let mut m = super::common::lock(&self.accounts);
        let before = m.tokens.len();
        m.tokens
            .retain(|_, (t, u)| !(u == user && t.public_id == public_id));
        let removed = m.tokens.len() < before;
        Box::pin(std::future::ready(Ok(removed)))
    }

    fn delete_token(&self, hash: TokenHash) -> StoreFuture<bool> {
        let removed = super::common::lock(&self.accounts)
            .tokens
            .remove(&hash.0)
            .is_some();
        Box::pin(std::future::ready(Ok(removed)))
    }

    fn token_account(
        &self,
        hash: TokenHash,
        now_ms: u64,
    ) -> StoreFuture<Option<(Account, Vec<Scope>)>> {
        let mut m = super::common::lock(&self.accounts);
        let found = m
            .tokens
            .get(&hash.0)
            .map(|(t, u)| (t.scopes.clone(), u.clone()));
        let out = found.and_then(|(scopes, u)| {
            m.open(&u)
                .then(|| m.account_of(&u))
                .flatten()
                .map(|a| (a, scopes))
        });
        if out.is_some()
            && let Some((t, _)) = m.tokens.get_mut(&hash.0)
            && use_is_news(t.last_used_ms, now_ms)
        {
            t.last_used_ms = Some(now_ms);
        }
        Box::pin(std::future::ready(Ok(out)))
    }
}
