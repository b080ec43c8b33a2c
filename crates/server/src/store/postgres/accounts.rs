//! [`AccountStore`] on PostgreSQL: each operation one statement (closing, one transaction)
//! on a connection of the pool.

use protocol::user::{UserId, Username};
use tokio_postgres::Row;

use super::{PostgresStore, pool_error};
use crate::store::accounts::{
    Account, AccountStore, BotUpgrade, Created, LAST_SEEN_GRANULARITY_MS, MAX_SESSIONS_PER_USER,
    NewAccount, NewSession, SESSION_IDLE_MS, SessionHash, SessionInfo, corrupt, db_ms, ms,
    rated_from_row, session_expired,
};
use crate::store::{RatingUpdate, StoreError, StoreFuture};

/// An account from the columns `id, username, password_hash, created_ms, closed_ms, bot` of `row`
/// from column `at` on.
pub(super) fn decode_account(row: &Row, at: usize) -> Result<Account, StoreError> {
    let id: String = row.try_get(at)?;
    let username: String = row.try_get(at + 1)?;
    let username: Username = username
        .parse()
        .map_err(|e| corrupt(format!("account {id}: username {username:?}: {e}")))?;
    if username.id().as_str() != id {
        return Err(corrupt(format!("account {id} has username {username}")));
    }
    Ok(Account {
        id: username.id(),
        username,
        password_hash: row.try_get(at + 2)?,
        created_ms: ms(row.try_get(at + 3)?, "created_ms")?,
        closed_ms: row
            .try_get::<_, Option<i64>>(at + 4)?
            .map(|c| ms(c, "closed_ms"))
            .transpose()?,
        bot: row.try_get(at + 5)?,
    })
}

/// The first key of the advisory locks on players' ratings (the bytes of `ratings`, cut).
const RATINGS_LOCK: i32 = 0x7261_7469;

/// A write of ratings that lost to another one (a unique violation, a deadlock, a
/// serialization failure) as [`StoreError::RatingsMoved`]: read again and retry; any other
/// error as it is.
fn moved_or(e: tokio_postgres::Error, user: &str) -> StoreError {
    use tokio_postgres::error::SqlState;
    let lost = [
        SqlState::UNIQUE_VIOLATION,
        SqlState::T_R_DEADLOCK_DETECTED,
        SqlState::T_R_SERIALIZATION_FAILURE,
    ];
    if e.code().is_some_and(|c| lost.contains(c)) {
        StoreError::RatingsMoved(user.to_owned())
    } else {
        e.into()
    }
}

/// The ratings of `user` in every perf played.
async fn read_perfs(
    client: &impl tokio_postgres::GenericClient,
    user: &str,
) -> Result<Vec<(rating::Perf, rating::Rated)>, StoreError> {
    let sql = "SELECT perf, rating, deviation, volatility, games, last_ms FROM perfs \
               WHERE user_id = $1";
    let rows = client.query(sql, &[&user]).await?;
    rows.iter()
        .map(|r| {
            let perf: String = r.try_get(0)?;
            let perf: rating::Perf = perf
                .parse()
                .map_err(|e: rating::UnknownPerf| corrupt(format!("account {user}: {e}")))?;
            Ok((
                perf,
                rated_from_row(
                    r.try_get(1)?,
                    r.try_get(2)?,
                    r.try_get(3)?,
                    r.try_get(4)?,
                    r.try_get(5)?,
                )?,
            ))
        })
        .collect()
}

/// Writes a rated game's ratings in the append's transaction, if every player's stored rating
/// is still the one they were computed from; see [`RatingUpdate`]. Each player's ratings are
/// first locked for the transaction by an advisory lock on the account (taken in the order of
/// the ids, so two games of the same two players never wait for each other in a circle), which
/// also covers a first rating that has no row to lock yet.
pub(super) async fn write_ratings(
    tx: &tokio_postgres::Transaction<'_>,
    room: &protocol::RoomId,
    r: &RatingUpdate,
) -> Result<(), StoreError> {
    let mut ids = [r.players.white.0.as_str(), r.players.black.0.as_str()];
    ids.sort_unstable();
    for id in ids {
        tx.execute(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            &[&RATINGS_LOCK, &id],
        )
        .await
        .map_err(|e| moved_or(e, id))?;
    }
    for (user, before, after) in [&r.players.white, &r.players.black] {
        let current = read_perfs(tx, user.as_str())
            .await?
            .into_iter()
            .find(|(p, _)| *p == r.perf)
            .map_or_else(rating::Rated::new, |(_, rated)| rated);
        if current != *before {
            return Err(StoreError::RatingsMoved(user.to_string()));
        }
        let g = after.glicko;
        let written = tx
            .execute(
                "INSERT INTO perfs (user_id, perf, rating, deviation, volatility, games, last_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (user_id, perf) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     games = excluded.games, last_ms = excluded.last_ms",
                &[
                    &user.as_str(),
                    &r.perf.name(),
                    &g.rating,
                    &g.deviation,
                    &g.volatility,
                    &i64::from(after.games),
                    &after.last_ms.map(db_ms),
                ],
            )
            .await;
        if let Err(e) = written {
            return Err(moved_or(e, user.as_str()));
        }
        tx.execute(
            "INSERT INTO rating_changes (room, user_id, perf, at_ms, before, after, deviation)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &room.as_str(),
                &user.as_str(),
                &r.perf.name(),
                &db_ms(r.at_ms),
                &before.glicko.rating,
                &g.rating,
                &g.deviation,
            ],
        )
        .await?;
    }
    Ok(())
}

impl AccountStore for PostgresStore {
    fn perfs(&self, user: &UserId) -> StoreFuture<Vec<(rating::Perf, rating::Rated)>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            read_perfs(&**client, user.as_str()).await
        })
    }

    fn create_account(&self, account: NewAccount) -> StoreFuture<Created> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute(
                    "INSERT INTO users (id, username, password_hash, created_ms)
                     VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
                    &[
                        &account.username.id().as_str(),
                        &account.username.as_str(),
                        &account.password_hash,
                        &db_ms(account.created_ms),
                    ],
                )
                .await?;
            Ok(if n == 1 {
                Created::Created
            } else {
                Created::Taken
            })
        })
    }

    fn account(&self, id: &UserId) -> StoreFuture<Option<Account>> {
        let id = id.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let row = client
                .query_opt(
                    "SELECT id, username, password_hash, created_ms, closed_ms, bot FROM users
                     WHERE id = $1",
                    &[&id.as_str()],
                )
                .await?;
            row.map(|r| decode_account(&r, 0)).transpose()
        })
    }

    fn create_session(&self, session: NewSession) -> StoreFuture<bool> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute(
                    "INSERT INTO sessions
                         (hash, public_id, user_id, created_ms, last_seen_ms, user_agent)
                     SELECT $1, $2, id, $3, $3, $4 FROM users
                     WHERE id = $5 AND closed_ms IS NULL",
                    &[
                        &&session.hash.0[..],
                        &session.public_id,
                        &db_ms(session.created_ms),
                        &session.user_agent,
                        &session.user.as_str(),
                    ],
                )
                .await?;
            if n == 1 {
                // The account's expired sessions, and the least recently used past the cap.
                client
                    .execute(
                        "DELETE FROM sessions WHERE user_id = $1 AND (last_seen_ms <= $2
                             OR hash IN (SELECT hash FROM sessions WHERE user_id = $1
                                 ORDER BY last_seen_ms DESC, created_ms DESC OFFSET $3))",
                        &[
                            &session.user.as_str(),
                            &db_ms(session.created_ms.saturating_sub(SESSION_IDLE_MS)),
                            &i64::try_from(MAX_SESSIONS_PER_USER).unwrap_or(i64::MAX),
                        ],
                    )
                    .await?;
            }
            Ok(n == 1)
        })
    }

    fn session_account(&self, hash: SessionHash, now_ms: u64) -> StoreFuture<Option<Account>> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let Some(row) = client
                .query_opt(
                    "SELECT s.last_seen_ms, u.id, u.username, u.password_hash, u.created_ms,
                         u.closed_ms, u.bot
                     FROM sessions s JOIN users u ON u.id = s.user_id
                     WHERE s.hash = $1 AND u.closed_ms IS NULL",
                    &[&&hash.0[..]],
                )
                .await?
            else {
                return Ok(None);
            };
            let seen = ms(row.try_get(0)?, "last_seen_ms")?;
            if session_expired(seen, now_ms) {
                client
                    .execute("DELETE FROM sessions WHERE hash = $1", &[&&hash.0[..]])
                    .await?;
                return Ok(None);
            }
            if now_ms.saturating_sub(seen) >= LAST_SEEN_GRANULARITY_MS {
                client
                    .execute(
                        "UPDATE sessions SET last_seen_ms = GREATEST(last_seen_ms, $1)
                         WHERE hash = $2",
                        &[&db_ms(now_ms), &&hash.0[..]],
                    )
                    .await?;
            }
            decode_account(&row, 1).map(Some)
        })
    }

    fn sessions(
        &self,
        user: &UserId,
        current: Option<SessionHash>,
    ) -> StoreFuture<Vec<SessionInfo>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let current = current.map(|c| c.0.to_vec()).unwrap_or_default();
            let rows = client
                .query(
                    "SELECT public_id, created_ms, last_seen_ms, user_agent, hash = $2
                     FROM sessions
                     WHERE user_id = $1 ORDER BY last_seen_ms DESC, created_ms DESC",
                    &[&user.as_str(), &current],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(SessionInfo {
                        public_id: r.try_get(0)?,
                        created_ms: ms(r.try_get(1)?, "created_ms")?,
                        last_seen_ms: ms(r.try_get(2)?, "last_seen_ms")?,
                        user_agent: r.try_get(3)?,
                        current: r.try_get(4)?,
                    })
                })
                .collect()
        })
    }

    fn revoke_session(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let (user, public_id) = (user.clone(), public_id.to_owned());
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute(
                    "DELETE FROM sessions WHERE user_id = $1 AND public_id = $2",
                    &[&user.as_str(), &public_id],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn delete_session(&self, hash: SessionHash) -> StoreFuture<bool> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute("DELETE FROM sessions WHERE hash = $1", &[&&hash.0[..]])
                .await?;
            Ok(n == 1)
        })
    }

    fn revoke_sessions(&self, user: &UserId, keep: Option<SessionHash>) -> StoreFuture<u64> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let keep = keep.map(|k| k.0.to_vec()).unwrap_or_default();
            let n = client
                .execute(
                    "DELETE FROM sessions WHERE user_id = $1 AND hash <> $2",
                    &[&user.as_str(), &keep],
                )
                .await?;
            Ok(n)
        })
    }

    fn upgrade_to_bot(&self, user: &UserId) -> StoreFuture<BotUpgrade> {
        let user = user.clone();
        self.read(move |pool| async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            let tx = client.transaction().await?;
            // The account's row locked until the end, so that two upgrades answer in turn.
            let found = tx
                .query_opt(
                    "SELECT closed_ms IS NULL, bot FROM users WHERE id = $1 FOR UPDATE",
                    &[&user.as_str()],
                )
                .await?;
            let played: bool = tx
                .query_one(
                    "SELECT EXISTS (SELECT 1 FROM player_games WHERE user_id = $1)",
                    &[&user.as_str()],
                )
                .await?
                .try_get(0)?;
            let found: Option<(bool, bool)> = match found {
                Some(r) => Some((r.try_get(0)?, r.try_get(1)?)),
                None => None,
            };
            let out = match found {
                None | Some((false, _)) => BotUpgrade::NoAccount,
                Some((true, true)) => BotUpgrade::AlreadyBot,
                Some((true, false)) if played => BotUpgrade::PlayedGames,
                Some((true, false)) => {
                    tx.execute(
                        "UPDATE users SET bot = TRUE WHERE id = $1",
                        &[&user.as_str()],
                    )
                    .await?;
                    BotUpgrade::Upgraded
                }
            };
            tx.commit().await?;
            Ok(out)
        })
    }

    fn close_account(&self, user: &UserId, now_ms: u64) -> StoreFuture<bool> {
        let user = user.clone();
        self.read(move |pool| async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            let tx = client.transaction().await?;
            tx.execute("DELETE FROM sessions WHERE user_id = $1", &[&user.as_str()])
                .await?;
            tx.execute(
                "DELETE FROM api_tokens WHERE user_id = $1",
                &[&user.as_str()],
            )
            .await?;
            tx.execute(
                "UPDATE challenges SET status = 'canceled'
                 WHERE (challenger = $1 OR dest = $1) AND status = 'created'",
                &[&user.as_str()],
            )
            .await?;
            let n = tx
                .execute(
                    "UPDATE users SET password_hash = NULL, closed_ms = $1
                     WHERE id = $2 AND closed_ms IS NULL",
                    &[&db_ms(now_ms), &user.as_str()],
                )
                .await?;
            tx.commit().await?;
            Ok(n == 1)
        })
    }
}
