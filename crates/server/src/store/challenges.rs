//! Challenges from one player to another, as lichess has them (`POST /api/challenge/{username}`
//! and its answers), kept by the same stores as the accounts ([`ChallengeStore`], a part of
//! every [`super::Store`]) so that they are seen from any node and outlive a restart.
//!
//! A challenge has the id of the room its game is played in once accepted ([`RoomId`]), its
//! [`ChallengeTerms`] (players with their ratings when it was made, rated or casual, the
//! clock, the challenger's colour), a [`ChallengeStatus`] that leaves `created` once only
//! ([`ChallengeStore::settle_challenge`]: the accept, decline or cancel that comes first
//! wins), and an expiry ([`CHALLENGE_TTL_MS`] after its creation): an expired challenge is
//! no longer open and can no longer be answered. A challenger keeps at most
//! [`MAX_OPEN_PER_CHALLENGER`] open challenges.

use protocol::user::{UserId, Username};
use protocol::{RoomId, SeatRating, TimeControl};

use super::accounts::corrupt;
use super::{StoreError, StoreFuture};

/// The most open (unanswered, unexpired) challenges one challenger keeps: one more is
/// refused ([`ChallengeCreated::TooMany`]).
pub const MAX_OPEN_PER_CHALLENGER: usize = 20;

/// How long a challenge waits for its answer, in ms (10 minutes).
pub const CHALLENGE_TTL_MS: u64 = 10 * 60 * 1000;

/// The challenger's colour, as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn by lot when accepted.
    Random,
}

impl ColorChoice {
    /// `white`, `black` or `random`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }
}

/// Where a challenge is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Created,
    /// Accepted: its game is room [`Challenge::id`].
    Accepted,
    /// Declined by the challenged player.
    Declined,
    /// Withdrawn by the challenger.
    Canceled,
}

impl ChallengeStatus {
    /// Every status.
    pub const ALL: [ChallengeStatus; 4] = [
        ChallengeStatus::Created,
        ChallengeStatus::Accepted,
        ChallengeStatus::Declined,
        ChallengeStatus::Canceled,
    ];

    /// Lichess's name, as stored: `created`, `accepted`, `declined`, `canceled`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ChallengeStatus::Created => "created",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Canceled => "canceled",
        }
    }

    /// The status of a stored name.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a name that is no status.
    pub fn from_name(name: &str) -> Result<ChallengeStatus, StoreError> {
        ChallengeStatus::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| corrupt(format!("challenge status {name:?}")))
    }
}

/// What was asked (stored as JSON).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChallengeTerms {
    /// Who challenges.
    pub challenger: Username,
    /// Their rating in the game's perf when they challenged.
    pub challenger_rating: SeatRating,
    /// Who is challenged.
    pub dest: Username,
    /// Their rating in the game's perf then.
    pub dest_rating: SeatRating,
    /// A rated game (it then has a clock).
    pub rated: bool,
    /// The time control; `None`: unlimited.
    pub clock: Option<TimeControl>,
    /// The challenger's colour.
    pub color: ColorChoice,
}

/// A challenge as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Its id, and the id of its game's room once accepted.
    pub id: RoomId,
    /// What was asked.
    pub terms: ChallengeTerms,
    /// Where it is.
    pub status: ChallengeStatus,
    /// The reason given with a decline (lichess's reason key), if any.
    pub reason: Option<String>,
    /// When it was made (ms since the Unix epoch).
    pub created_ms: u64,
    /// When it stops waiting (ms since the Unix epoch).
    pub expires_ms: u64,
}

impl Challenge {
    /// Whether it still waits for an answer at `now_ms`.
    #[must_use]
    pub fn is_open(&self, now_ms: u64) -> bool {
        self.status == ChallengeStatus::Created && now_ms < self.expires_ms
    }
}

/// What [`ChallengeStore::create_challenge`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeCreated {
    /// It was stored.
    Created,
    /// The challenger has [`MAX_OPEN_PER_CHALLENGER`] open challenges: nothing was written.
    TooMany,
    /// One of the two accounts does not exist or is closed: nothing was written.
    NoAccount,
}

/// The terms as stored.
#[must_use]
pub fn terms_text(terms: &ChallengeTerms) -> String {
    serde_json::to_string(terms).unwrap_or_default()
}

/// The terms of a stored text.
///
/// # Errors
/// [`StoreError::Corrupt`] when the text is not a challenge's terms.
pub fn terms_of(text: &str) -> Result<ChallengeTerms, StoreError> {
    serde_json::from_str(text).map_err(|e| corrupt(format!("challenge terms: {e}")))
}

/// A stored challenge id.
///
/// # Errors
/// [`StoreError::Corrupt`] for a text that is no room id.
pub fn id_of(text: &str) -> Result<RoomId, StoreError> {
    text.parse()
        .map_err(|_| corrupt(format!("challenge id {text:?}")))
}

/// Challenges. Like [`super::Store`], nothing blocks: each method answers a [`StoreFuture`].
pub trait ChallengeStore: Send + Sync {
    /// Stores `challenge` (status [`ChallengeStatus::Created`]), unless one of its accounts
    /// is missing or closed ([`ChallengeCreated::NoAccount`]) or its challenger has
    /// [`MAX_OPEN_PER_CHALLENGER`] challenges open at its creation time
    /// ([`ChallengeCreated::TooMany`]).
    fn create_challenge(&self, challenge: Challenge) -> StoreFuture<ChallengeCreated>;

    /// The challenge `id`, whatever its status.
    fn challenge(&self, id: &RoomId) -> StoreFuture<Option<Challenge>>;

    /// Moves challenge `id` from [`ChallengeStatus::Created`] to `to` (with `reason`), if it
    /// is still open at `now_ms`; whether it did (only one answer to a challenge wins).
    fn settle_challenge(
        &self,
        id: &RoomId,
        to: ChallengeStatus,
        reason: Option<String>,
        now_ms: u64,
    ) -> StoreFuture<bool>;

    /// The challenges open at `now_ms` that `user` made or received, oldest first.
    fn open_challenges(&self, user: &UserId, now_ms: u64) -> StoreFuture<Vec<Challenge>>;

    /// Deletes the challenges expired by `now_ms`, answered or not (an answer after the
    /// expiry finds none either way); how many.
    fn purge_challenges(&self, now_ms: u64) -> StoreFuture<u64>;
}

/// The challenges of a [`super::MemoryStore`].
#[derive(Debug, Default)]
pub(super) struct MemoryChallenges {
    all: Vec<Challenge>,
}

impl ChallengeStore for super::MemoryStore {
    fn create_challenge(&self, challenge: Challenge) -> StoreFuture<ChallengeCreated> {
        let accounts = super::common::lock(&self.accounts);
        let mut m = super::common::lock(&self.challenges);
        let t = &challenge.terms;
        let out = if !(accounts.open(&t.challenger.id()) && accounts.open(&t.dest.id())) {
            ChallengeCreated::NoAccount
        } else if m
            .all
            .iter()
            .filter(|c| {
                c.terms.challenger.id() == t.challenger.id() && c.is_open(challenge.created_ms)
            })
            .count()
            >= MAX_OPEN_PER_CHALLENGER
        {
            ChallengeCreated::TooMany
        } else if m.all.iter().any(|c| c.id == challenge.id) {
            return Box::pin(std::future::ready(Err(StoreError::Database(format!(
                "challenge {} exists",
                challenge.id
            )))));
        } else {
            m.all.push(Challenge {
                status: ChallengeStatus::Created,
                reason: None,
                ..challenge
            });
            ChallengeCreated::Created
        };
        Box::pin(std::future::ready(Ok(out)))
    }

    fn challenge(&self, id: &RoomId) -> StoreFuture<Option<Challenge>> {
        let m = super::common::lock(&self.challenges);
        let out = m.all.iter().find(|c| &c.id == id).cloned();
        Box::pin(std::future::ready(Ok(out)))
    }

    fn settle_challenge(
        &self,
        id: &RoomId,
        to: ChallengeStatus,
        reason: Option<String>,
        now_ms: u64,
    ) -> StoreFuture<bool> {
        let mut m = super::common::lock(&self.challenges);
        let out = match m.all.iter_mut().find(|c| &c.id == id && c.is_open(now_ms)) {
            Some(c) => {
                c.status = to;
                c.reason = reason;
                true
            }
            None => false,
        };
        Box::pin(std::future::ready(Ok(out)))
    }

    fn open_challenges(&self, user: &UserId, now_ms: u64) -> StoreFuture<Vec<Challenge>> {
        let m = super::common::lock(&self.challenges);
        let mut out: Vec<Challenge> = m
            .all
            .iter()
            .filter(|c| {
                c.is_open(now_ms)
                    && (&c.terms.challenger.id() == user || &c.terms.dest.id() == user)
            })
            .cloned()
            .collect();
        out.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        Box::pin(std::future::ready(Ok(out)))
    }

    fn purge_challenges(&self, now_ms: u64) -> StoreFuture<u64> {
        let mut m = super::common::lock(&self.challenges);
        let before = m.all.len();
        m.all.retain(|c| c.expires_ms > now_ms);
        let n = u64::try_from(before - m.all.len()).unwrap_or(u64::MAX);
        Box::pin(std::future::ready(Ok(n)))
    }
}

impl MemoryChallenges {
    /// Cancels the open challenges `user` made or received (their account closed).
    pub(super) fn cancel_of(&mut self, user: &UserId) {
        for c in &mut self.all {
            if c.status == ChallengeStatus::Created
                && (&c.terms.challenger.id() == user || &c.terms.dest.id() == user)
            {
                c.status = ChallengeStatus::Canceled;
            }
        }
    }
}
