//! Players' accounts and their sign-in sessions, kept by the same stores as the rooms
//! ([`AccountStore`], a part of every [`super::Store`]).
//!
//! An account is keyed by its [`UserId`] (the username in lower case, unique) and keeps the
//! username as written, its argon2id password hash (PHC string), when it was created and,
//! once closed, when. A session is a random token the player's browser holds in a cookie;
//! the store keeps only its SHA-256 ([`SessionHash`]), a public id to list and revoke it by,
//! when it was created and last used, and the browser's `User-Agent` (at most
//! [`MAX_USER_AGENT`] bytes) so that the player can tell their sessions apart.
//!
//! Closing an account deletes its password hash, every session and every API token (nothing
//! personal is left);
//! the row stays with its name, which can never be taken again, and its games keep it.

use protocol::user::{UserId, Username};

use super::{StoreError, StoreFuture};

/// The most bytes of a `User-Agent` kept with a session (longer ones are cut at a character
/// boundary).
pub const MAX_USER_AGENT: usize = 200;

/// How stale a session's last-use time may get before a use writes it again (a read with no
/// write for a session used a moment ago).
pub const LAST_SEEN_GRANULARITY_MS: u64 = 3_600_000;

/// How long a session lives unused, in ms (a year, as the cookie; lichess keeps sessions
/// long too): a session last used longer ago signs nobody in and is deleted.
pub const SESSION_IDLE_MS: u64 = 365 * 24 * 3_600_000;

/// The most sessions one account keeps: a sign-in past it deletes the least recently used
/// ones.
pub const MAX_SESSIONS_PER_USER: usize = 100;

/// Whether a session last used at `last_seen_ms` has expired at `now_ms`.
#[must_use]
pub fn session_expired(last_seen_ms: u64, now_ms: u64) -> bool {
    now_ms.saturating_sub(last_seen_ms) >= SESSION_IDLE_MS
}

/// A new account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    /// The name as the player wrote it (its id is its lower case).
    pub username: Username,
    /// The argon2id hash of the password, as a PHC string.
    pub password_hash: String,
    /// When, in ms since the Unix epoch.
    pub created_ms: u64,
}

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The id (the username in lower case).
    pub id: UserId,
    /// The name as written.
    pub username: Username,
    /// The password hash; `None` once the account is closed.
    pub password_hash: Option<String>,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: u64,
    /// When it was closed, if it was.
    pub closed_ms: Option<u64>,
    /// Whether it was upgraded to a bot account ([`AccountStore::upgrade_to_bot`]): it plays
    /// through the Bot API only, and shows the title `BOT`.
    pub bot: bool,
}

impl Account {
    /// Whether the account was closed.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.closed_ms.is_some()
    }
}

/// Whether [`AccountStore::create_account`] created the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Created {
    /// It was created.
    Created,
    /// An account with the same id exists (open or closed): nothing was written.
    Taken,
}

/// What [`AccountStore::upgrade_to_bot`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotUpgrade {
    /// The account is a bot account now.
    Upgraded,
    /// It was one already: nothing was written.
    AlreadyBot,
    /// It has played games (a signed-in seat in any game, as lichess counts them): nothing was
    /// written. lichess's rule: a bot account starts fresh.
    PlayedGames,
    /// No such open account.
    NoAccount,
}

/// The SHA-256 of a session token: what the store keeps instead of the token.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SessionHash(pub [u8; 32]);

impl std::fmt::Debug for SessionHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Not a secret, but no use in logs either.
        f.write_str("SessionHash(..)")
    }
}

/// A new session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The token's hash.
    pub hash: SessionHash,
    /// A public id (random, 16 hex digits), for the list of sessions and to revoke it by.
    pub public_id: String,
    /// The account.
    pub user: UserId,
    /// When, in ms since the Unix epoch.
    pub created_ms: u64,
    /// The browser's `User-Agent`, cut to [`MAX_USER_AGENT`] bytes.
    pub user_agent: Option<String>,
}

/// A session as listed to its player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// Its public id.
    pub public_id: String,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: u64,
    /// When it was last used, to within [`LAST_SEEN_GRANULARITY_MS`].
    pub last_seen_ms: u64,
    /// The browser's `User-Agent`, if it sent one.
    pub user_agent: Option<String>,
    /// Whether it is the session asking (see [`AccountStore::sessions`]).
    pub current: bool,
}

/// `user_agent` cut to at most [`MAX_USER_AGENT`] bytes at a character boundary.
#[must_use]
pub fn cut_user_agent(user_agent: &str) -> String {
    let mut end = user_agent.len().min(MAX_USER_AGENT);
    while !user_agent.is_char_boundary(end) {
        end -= 1;
    }
    user_agent[..end].to_owned()
}

/// A stored row that cannot be read.
pub(super) fn corrupt(what: String) -> StoreError {
    StoreError::Corrupt { room: None, what }
}

/// A stored time (ms since the Unix epoch), which is never negative.
pub(super) fn ms(v: i64, what: &str) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| corrupt(format!("{what} {v} is negative")))
}

/// A time as the databases store it (a signed 64-bit integer).
pub(super) fn db_ms(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Accounts and sessions. Like [`super::Store`], nothing blocks: each method answers a
/// [`StoreFuture`].
pub trait AccountStore: Send + Sync {
    /// Creates `account`, unless its id is taken ([`Created::Taken`], nothing written).
    fn create_account(&self, account: NewAccount) -> StoreFuture<Created>;

    /// The account `id`, open or closed.
    fn account(&self, id: &UserId) -> StoreFuture<Option<Account>>;

    /// Stores `session` (its account must exist and be open, else nothing is written and the
    /// answer is `false`), then deletes the account's sessions expired at its creation time
    /// ([`SESSION_IDLE_MS`]) and the least recently used ones past [`MAX_SESSIONS_PER_USER`].
    fn create_session(&self, session: NewSession) -> StoreFuture<bool>;

    /// The open account whose session has `hash`, noting the use at `now_ms` when the last
    /// one noted is older than [`LAST_SEEN_GRANULARITY_MS`]. `None` for an unknown, revoked
    /// or expired session ([`SESSION_IDLE_MS`] unused; an expired one is deleted).
    fn session_account(&self, hash: SessionHash, now_ms: u64) -> StoreFuture<Option<Account>>;

    /// The sessions of `user`, most recently used first; the one with hash `current` is
    /// marked [`SessionInfo::current`].
    fn sessions(
        &self,
        user: &UserId,
        current: Option<SessionHash>,
    ) -> StoreFuture<Vec<SessionInfo>>;

    /// Deletes the session of `user` with `public_id`; whether there was one.
    fn revoke_session(&self, user: &UserId, public_id: &str) -> StoreFuture<bool>;

    /// Deletes the session with `hash` (sign-out); whether there was one.
    fn delete_session(&self, hash: SessionHash) -> StoreFuture<bool>;

    /// Deletes every session of `user` but `keep` (sign out everywhere else); how many.
    fn revoke_sessions(&self, user: &UserId, keep: Option<SessionHash>) -> StoreFuture<u64>;

    /// Closes the account at `now_ms`: its password hash, every session and every API token
    /// ([`super::tokens`]) are deleted, its open challenges made or received are canceled
    /// ([`super::challenges`]), its name stays taken. Whether it was open.
    fn close_account(&self, user: &UserId, now_ms: u64) -> StoreFuture<bool>;

    /// The ratings of `user` in the perfs they played rated games of (the others are
    /// [`rating::Rated::new`]).
    fn perfs(&self, user: &UserId) -> StoreFuture<Vec<(rating::Perf, rating::Rated)>>;

    /// Makes the open account `user` a bot account, for good, unless it has played a game
    /// (a row of `player_games`) or is one already; checked and written at once.
    fn upgrade_to_bot(&self, user: &UserId) -> StoreFuture<BotUpgrade>;
}

/// The rating of `user` in `perf` ([`rating::Rated::new`] when they have played no rated game
/// of it).
///
/// # Errors
/// When the store cannot be read.
pub async fn rated_in<S: AccountStore + ?Sized>(
    store: &S,
    user: &UserId,
    perf: rating::Perf,
) -> Result<rating::Rated, StoreError> {
    Ok(store
        .perfs(user)
        .await?
        .into_iter()
        .find(|(p, _)| *p == perf)
        .map_or_else(rating::Rated::new, |(_, r)| r))
}

/// What stands beside a player's name by the clock: `rated` as of `now_ms`, rounded.
#[must_use]
pub fn seat_rating(rated: &rating::Rated, now_ms: u64) -> protocol::SeatRating {
    let g = rated.at(now_ms);
    protocol::SeatRating {
        rating: g.rounded(),
        provisional: g.provisional(),
    }
}

/// The ratings of [`AccountStore::perfs`] for every perf, those never played new.
#[must_use]
pub fn all_perfs(stored: &[(rating::Perf, rating::Rated)]) -> Vec<(rating::Perf, rating::Rated)> {
    rating::Perf::ALL
        .into_iter()
        .map(|p| {
            let r = stored
                .iter()
                .find(|(q, _)| *q == p)
                .map_or_else(rating::Rated::new, |(_, r)| *r);
            (p, r)
        })
        .collect()
}

/// A rating as stored: rating, deviation, volatility, games and the last rated time.
pub(super) fn rated_from_row(
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    last_ms: Option<i64>,
) -> Result<rating::Rated, StoreError> {
    Ok(rating::Rated {
        glicko: rating::Glicko {
            rating,
            deviation,
            volatility,
        },
        games: u32::try_from(games).map_err(|_| corrupt(format!("games {games} out of range")))?,
        last_ms: last_ms.map(|m| ms(m, "last_ms")).transpose()?,
    })
}

/// The accounts of a [`super::MemoryStore`].
#[derive(Debug, Default)]
pub(super) struct MemoryAccounts {
    users: std::collections::HashMap<UserId, Account>,
    /// By token hash: the session and its account.
    sessions: std::collections::HashMap<[u8; 32], (SessionInfo, UserId)>,
    /// Ratings by account and perf.
    perfs: std::collections::HashMap<(UserId, rating::Perf), rating::Rated>,
    /// By token hash: the API token and its account ([`super::tokens`]).
    pub(super) tokens: std::collections::HashMap<[u8; 32], (super::tokens::TokenInfo, UserId)>,
}

impl MemoryAccounts {
    /// Whether each player's rating is still its `before`; see [`super::RatingUpdate`].
    pub(super) fn check_ratings(&self, r: &super::RatingUpdate) -> Result<(), StoreError> {
        for (user, before, _) in [&r.players.white, &r.players.black] {
            let current = self
                .perfs
                .get(&(user.clone(), r.perf))
                .copied()
                .unwrap_or_else(rating::Rated::new);
            if current != *before {
                return Err(StoreError::RatingsMoved(user.to_string()));
            }
        }
        Ok(())
    }

    /// Writes a rated game's new ratings (checked by [`MemoryAccounts::check_ratings`]).
    pub(super) fn apply_ratings(&mut self, r: &super::RatingUpdate) {
        for (user, _, after) in [&r.players.white, &r.players.black] {
            self.perfs.insert((user.clone(), r.perf), *after);
        }
    }

    /// The name of account `user`, open or closed.
    pub(super) fn username(&self, user: &UserId) -> Option<Username> {
        self.users.get(user).map(|a| a.username.clone())
    }

    /// The name of account `user` while it is open.
    pub(super) fn open_username(&self, user: &UserId) -> Option<Username> {
        self.users
            .get(user)
            .filter(|a| !a.is_closed())
            .map(|a| a.username.clone())
    }

    /// The latest use of a session of `user`.
    pub(super) fn seen_ms(&self, user: &UserId) -> Option<u64> {
        self.sessions
            .values()
            .filter(|(_, u)| u == user)
            .map(|(s, _)| s.last_seen_ms)
            .max()
    }

    /// Whether account `user` exists (open or closed).
    pub(super) fn exists(&self, user: &UserId) -> bool {
        self.users.contains_key(user)
    }

    /// Every stored rating in `perf`.
    pub(super) fn rated_in(
        &self,
        perf: rating::Perf,
    ) -> impl Iterator<Item = (&UserId, &rating::Rated)> {
        self.perfs
            .iter()
            .filter(move |((_, p), _)| *p == perf)
            .map(|((u, _), r)| (u, r))
    }

    /// Whether account `user` exists and is open.
    pub(super) fn open(&self, user: &UserId) -> bool {
        self.users.get(user).is_some_and(|a| !a.is_closed())
    }

    /// Account `user`, open or closed.
    pub(super) fn account_of(&self, user: &UserId) -> Option<Account> {
        self.users.get(user).cloned()
    }
}

impl AccountStore for super::MemoryStore {
    fn perfs(&self, user: &UserId) -> StoreFuture<Vec<(rating::Perf, rating::Rated)>> {
        let m = super::common::lock(&self.accounts);
        let out = m
            .perfs
            .iter()
            .filter(|((u, _), _)| u == user)
            .map(|((_, p), r)| (*p, *r))
            .collect();
        Box::pin(std::future::ready(Ok(out)))
    }

    fn create_account(&self, account: NewAccount) -> StoreFuture<Created> {
        let mut m = super::common::lock(&self.accounts);
        let id = account.username.id();
        let created = if m.users.contains_key(&id) {
            Created::Taken
        } else {
            m.users.insert(
                id.clone(),
                Account {
                    id,
                    username: account.username,
                    password_hash: Some(account.password_hash),
                    created_ms: account.created_ms,
                    closed_ms: None,
                    bot: false,
                },
            );
            Created::Created
        };
        Box::pin(std::future::ready(Ok(created)))
    }

    fn account(&self, id: &UserId) -> StoreFuture<Option<Account>> {
        let a = super::common::lock(&self.accounts).users.get(id).cloned();
        Box::pin(std::future::ready(Ok(a)))
    }

    fn create_session(&self, session: NewSession) -> StoreFuture<bool> {
        let mut m = super::common::lock(&self.accounts);
        let ok = m.open(&session.user);
        if ok {
            m.sessions.insert(
                session.hash.0,
                (
                    SessionInfo {
                        public_id: session.public_id,
                        created_ms: session.created_ms,
                        last_seen_ms: session.created_ms,
                        user_agent: session.user_agent,
                        current: false,
                    },
                    session.user.clone(),
                ),
            );
            m.sessions.retain(|_, (s, u)| {
                *u != session.user || !session_expired(s.last_seen_ms, session.created_ms)
            });
            let mut mine: Vec<([u8; 32], u64, u64)> = m
                .sessions
                .iter()
                .filter(|(_, (_, u))| *u == session.user)
                .map(|(h, (s, _))| (*h, s.last_seen_ms, s.created_ms))
                .collect();
            mine.sort_by_key(|&(_, seen, created)| std::cmp::Reverse((seen, created)));
            for (h, _, _) in mine.into_iter().skip(MAX_SESSIONS_PER_USER) {
                m.sessions.remove(&h);
            }
        }
        Box::pin(std::future::ready(Ok(ok)))
    }

    fn session_account(&self, hash: SessionHash, now_ms: u64) -> StoreFuture<Option<Account>> {
        let mut m = super::common::lock(&self.accounts);
        if m.sessions
            .get(&hash.0)
            .is_some_and(|(s, _)| session_expired(s.last_seen_ms, now_ms))
        {
            m.sessions.remove(&hash.0);
        }
        let user = m.sessions.get(&hash.0).map(|(_, u)| u.clone());
        let account = user
            .filter(|u| m.open(u))
            .and_then(|u| m.users.get(&u).cloned());
        if account.is_some()
            && let Some((info, _)) = m.sessions.get_mut(&hash.0)
            && now_ms.saturating_sub(info.last_seen_ms) >= LAST_SEEN_GRANULARITY_MS
        {
            info.last_seen_ms = now_ms;
        }
        Box::pin(std::future::ready(Ok(account)))
    }

    fn sessions(
        &self,
        user: &UserId,
        current: Option<SessionHash>,
    ) -> StoreFuture<Vec<SessionInfo>> {
        let m = super::common::lock(&self.accounts);
        let mut out: Vec<SessionInfo> = m
            .sessions
            .iter()
            .filter(|(_, (_, u))| u == user)
            .map(|(h, (s, _))| SessionInfo {
                current: current.is_some_and(|c| c.0 == *h),
                ..s.clone()
            })
            .collect();
        out.sort_by_key(|s| std::cmp::Reverse((s.last_seen_ms, s.created_ms)));
        Box::pin(std::future::ready(Ok(out)))
    }

    fn revoke_session(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let mut m = super::common::lock(&self.accounts);
        let before = m.sessions.len();
        m.sessions
            .retain(|_, (s, u)| !(u == user && s.public_id == public_id));
        let removed = m.sessions.len() < before;
        Box::pin(std::future::ready(Ok(removed)))
    }

    fn delete_session(&self, hash: SessionHash) -> StoreFuture<bool> {
        let removed = super::common::lock(&self.accounts)
            .sessions
            .remove(&hash.0)
            .is_some();
        Box::pin(std::future::ready(Ok(removed)))
    }

    fn revoke_sessions(&self, user: &UserId, keep: Option<SessionHash>) -> StoreFuture<u64> {
        let mut m = super::common::lock(&self.accounts);
        let before = m.sessions.len();
        m.sessions
            .retain(|h, (_, u)| u != user || keep.is_some_and(|k| k.0 == *h));
        let n = (before - m.sessions.len()) as u64;
        Box::pin(std::future::ready(Ok(n)))
    }

    fn upgrade_to_bot(&self, user: &UserId) -> StoreFuture<BotUpgrade> {
        // The profiles' lock is let go before the accounts' is taken (never both at once).
        let played = super::common::lock(&self.profiles)
            .seats
            .iter()
            .any(|s| &s.user == user);
        let mut m = super::common::lock(&self.accounts);
        let out = match m.users.get_mut(user) {
            Some(a) if a.is_closed() => BotUpgrade::NoAccount,
            None => BotUpgrade::NoAccount,
            Some(a) if a.bot => BotUpgrade::AlreadyBot,
            Some(_) if played => BotUpgrade::PlayedGames,
            Some(a) => {
                a.bot = true;
                BotUpgrade::Upgraded
            }
        };
        Box::pin(std::future::ready(Ok(out)))
    }

    fn close_account(&self, user: &UserId, now_ms: u64) -> StoreFuture<bool> {
        let mut m = super::common::lock(&self.accounts);
        m.sessions.retain(|_, (_, u)| u != user);
        m.tokens.retain(|_, (_, u)| u != user);
        super::common::lock(&self.challenges).cancel_of(user);
        let closed = match m.users.get_mut(user) {
            Some(a) if !a.is_closed() => {
                a.password_hash = None;
                a.closed_ms = Some(now_ms);
                true
            }
            _ => false,
        };
        Box::pin(std::future::ready(Ok(closed)))
    }
}
