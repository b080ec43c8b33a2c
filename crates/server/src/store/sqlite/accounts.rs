//! [`AccountStore`] on SQLite: each operation one short transaction on the read connection,
//! on a blocking thread.

use protocol::user::{UserId, Username};
use rusqlite::{OptionalExtension, Row, TransactionBehavior, params};

use super::SqliteStore;
use crate::store::accounts::{
    Account, AccountStore, BotUpgrade, Created, LAST_SEEN_GRANULARITY_MS, MAX_SESSIONS_PER_USER,
    NewAccount, NewSession, SESSION_IDLE_MS, SessionHash, SessionInfo, corrupt, db_ms, ms,
    rated_from_row, session_expired,
};
use crate::store::{RatingUpdate, StoreError, StoreFuture};

/// The columns [`decode_account`] reads, in order.
const ACCOUNT_COLUMNS: &str = "id, username, password_hash, created_ms, closed_ms, bot";

/// An account from a row of [`ACCOUNT_COLUMNS`] (the raw values, decoded by
/// [`decode_account`] outside rusqlite's error type).
pub(super) type AccountRow = (String, String, Option<String>, i64, Option<i64>, bool);

fn account_row(r: &Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
    ))
}

pub(super) fn decode_account(
    (id, username, hash, created, closed, bot): AccountRow,
) -> Result<Account, StoreError> {
    let username: Username = username
        .parse()
        .map_err(|e| corrupt(format!("account {id}: username {username:?}: {e}")))?;
    if username.id().as_str() != id {
        return Err(corrupt(format!("account {id} has username {username}")));
    }
    Ok(Account {
        id: username.id(),
        username,
        password_hash: hash,
        created_ms: ms(created, "created_ms")?,
        closed_ms: closed.map(|c| ms(c, "closed_ms")).transpose()?,
        bot,
    })
}

/// The ratings of `user` in every perf played.
fn read_perfs(
    conn: &rusqlite::Connection,
    user: &str,
) -> Result<Vec<(rating::Perf, rating::Rated)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT perf, rating, deviation, volatility, games, last_ms FROM perfs WHERE user_id = ?1",
    )?;
    let rows = stmt.query_map([user], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, f64>(1)?,
            r.get::<_, f64>(2)?,
            r.get::<_, f64>(3)?,
            r.get::<_, i64>(4)?,
            r.get::<_, Option<i64>>(5)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (perf, rating, deviation, volatility, games, last) = row?;
        let perf: rating::Perf = perf
            .parse()
            .map_err(|e: rating::UnknownPerf| corrupt(format!("account {user}: {e}")))?;
        out.push((
            perf,
            rated_from_row(rating, deviation, volatility, games, last)?,
        ));
    }
    Ok(out)
}

/// Writes a rated game's ratings (in the append's savepoint), if every player's stored
/// rating is still the one they were computed from; see [`RatingUpdate`].
pub(super) fn write_ratings(
    conn: &rusqlite::Connection,
    room: &protocol::RoomId,
    r: &RatingUpdate,
) -> Result<(), StoreError> {
    for (user, before, after) in [&r.players.white, &r.players.black] {
        let current = read_perfs(conn, user.as_str())?
            .into_iter()
            .find(|(p, _)| *p == r.perf)
            .map_or_else(rating::Rated::new, |(_, rated)| rated);
        if current != *before {
            return Err(StoreError::RatingsMoved(user.to_string()));
        }
        let g = after.glicko;
        conn.prepare_cached(
            "INSERT INTO perfs (user_id, perf, rating, deviation, volatility, games, last_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (user_id, perf) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 games = excluded.games, last_ms = excluded.last_ms",
        )?
        .execute(params![
            user.as_str(),
            r.perf.name(),
            g.rating,
            g.deviation,
            g.volatility,
            i64::from(after.games),
            after.last_ms.map(db_ms)
        ])?;
        conn.prepare_cached(
            "INSERT INTO rating_changes (room, user_id, perf, at_ms, before, after, deviation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            room.as_str(),
            user.as_str(),
            r.perf.name(),
            db_ms(r.at_ms),
            before.glicko.rating,
            g.rating,
            g.deviation
        ])?;
    }
    Ok(())
}

impl AccountStore for SqliteStore {
    fn perfs(&self, user: &UserId) -> StoreFuture<Vec<(rating::Perf, rating::Rated)>> {
        let user = user.clone();
        self.read(move |conn| read_perfs(conn, user.as_str()))
    }

    fn create_account(&self, account: NewAccount) -> StoreFuture<Created> {
        self.read(move |conn| {
            let n = conn.execute(
                "INSERT INTO users (id, username, password_hash, created_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO NOTHING",
                params![
                    account.username.id().as_str(),
                    account.username.as_str(),
                    account.password_hash,
                    db_ms(account.created_ms)
                ],
            )?;
            Ok(if n == 1 {
                Created::Created
            } else {
                Created::Taken
            })
        })
    }

    fn account(&self, id: &UserId) -> StoreFuture<Option<Account>> {
        let id = id.clone();
        self.read(move |conn| {
            conn.query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = ?1"),
                [id.as_str()],
                account_row,
            )
            .optional()?
            .map(decode_account)
            .transpose()
        })
    }

    fn create_session(&self, session: NewSession) -> StoreFuture<bool> {
        self.read(move |conn| {
            let n = conn.execute(
                "INSERT INTO sessions (hash, public_id, user_id, created_ms, last_seen_ms, user_agent)
                 SELECT ?1, ?2, id, ?3, ?3, ?4 FROM users WHERE id = ?5 AND closed_ms IS NULL",
                params![
                    &session.hash.0[..],
                    session.public_id,
                    db_ms(session.created_ms),
                    session.user_agent,
                    session.user.as_str()
                ],
            )?;
            if n == 1 {
                // The account's expired sessions, and the least recently used past the cap.
                conn.execute(
                    "DELETE FROM sessions WHERE user_id = ?1 AND (last_seen_ms <= ?2
                         OR hash IN (SELECT hash FROM sessions WHERE user_id = ?1
                             ORDER BY last_seen_ms DESC, created_ms DESC LIMIT -1 OFFSET ?3))",
                    params![
                        session.user.as_str(),
                        db_ms(session.created_ms.saturating_sub(SESSION_IDLE_MS)),
                        i64::try_from(MAX_SESSIONS_PER_USER).unwrap_or(i64::MAX)
                    ],
                )?;
            }
            Ok(n == 1)
        })
    }

    fn session_account(&self, hash: SessionHash, now_ms: u64) -> StoreFuture<Option<Account>> {
        self.read(move |conn| {
            let found = conn
                .query_row(
                    "SELECT s.last_seen_ms, u.id, u.username, u.password_hash, u.created_ms,
                         u.closed_ms, u.bot FROM sessions s JOIN users u ON u.id = s.user_id
                     WHERE s.hash = ?1 AND u.closed_ms IS NULL",
                    [&hash.0[..]],
                    |r| {
                        let seen: i64 = r.get(0)?;
                        Ok((
                            seen,
                            (
                                r.get(1)?,
                                r.get(2)?,
                                r.get(3)?,
                                r.get(4)?,
                                r.get(5)?,
                                r.get(6)?,
                            ),
                        ))
                    },
                )
                .optional()?;
            let Some((seen, row)) = found else {
                return Ok(None);
            };
            let seen = ms(seen, "last_seen_ms")?;
            if session_expired(seen, now_ms) {
                conn.execute("DELETE FROM sessions WHERE hash = ?1", [&hash.0[..]])?;
                return Ok(None);
            }
            if now_ms.saturating_sub(seen) >= LAST_SEEN_GRANULARITY_MS {
                conn.execute(
                    "UPDATE sessions SET last_seen_ms = ?1 WHERE hash = ?2",
                    params![db_ms(now_ms), &hash.0[..]],
                )?;
            }
            decode_account(row).map(Some)
        })
    }

    fn sessions(
        &self,
        user: &UserId,
        current: Option<SessionHash>,
    ) -> StoreFuture<Vec<SessionInfo>> {
        let user = user.clone();
        self.read(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT public_id, created_ms, last_seen_ms, user_agent, hash = ?2 FROM sessions
                 WHERE user_id = ?1 ORDER BY last_seen_ms DESC, created_ms DESC",
            )?;
            let current = current.map(|c| c.0.to_vec()).unwrap_or_default();
            let rows = stmt.query_map(params![user.as_str(), current], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, bool>(4)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (public_id, created, seen, user_agent, current) = row?;
                out.push(SessionInfo {
                    public_id,
                    created_ms: ms(created, "created_ms")?,
                    last_seen_ms: ms(seen, "last_seen_ms")?,
                    user_agent,
                    current,
                });
            }
            Ok(out)
        })
    }

    fn revoke_session(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let (user, public_id) = (user.clone(), public_id.to_owned());
        self.read(move |conn| {
            Ok(conn.execute(
                "DELETE FROM sessions WHERE user_id = ?1 AND public_id = ?2",
                params![user.as_str(), public_id],
            )? == 1)
        })
    }

    fn delete_session(&self, hash: SessionHash) -> StoreFuture<bool> {
        self.read(move |conn| {
            Ok(conn.execute("DELETE FROM sessions WHERE hash = ?1", [&hash.0[..]])? == 1)
        })
    }

    fn revoke_sessions(&self, user: &UserId, keep: Option<SessionHash>) -> StoreFuture<u64> {
        let user = user.clone();
        self.read(move |conn| {
            let keep = keep.map(|k| k.0.to_vec()).unwrap_or_default();
            let n = conn.execute(
                "DELETE FROM sessions WHERE user_id = ?1 AND hash <> ?2",
                params![user.as_str(), keep],
            )?;
            Ok(u64::try_from(n).unwrap_or(u64::MAX))
        })
    }

    fn upgrade_to_bot(&self, user: &UserId) -> StoreFuture<BotUpgrade> {
        let user = user.clone();
        self.read(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let found: Option<(bool, bool)> = tx
                .query_row(
                    "SELECT closed_ms IS NULL, bot FROM users WHERE id = ?1",
                    [user.as_str()],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let played: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM player_games WHERE user_id = ?1)",
                [user.as_str()],
                |r| r.get(0),
            )?;
            let out = match found {
                None | Some((false, _)) => BotUpgrade::NoAccount,
                Some((true, true)) => BotUpgrade::AlreadyBot,
                Some((true, false)) if played => BotUpgrade::PlayedGames,
                Some((true, false)) => {
                    tx.execute("UPDATE users SET bot = 1 WHERE id = ?1", [user.as_str()])?;
                    BotUpgrade::Upgraded
                }
            };
            tx.commit()?;
            Ok(out)
        })
    }

    fn close_account(&self, user: &UserId, now_ms: u64) -> StoreFuture<bool> {
        let user = user.clone();
        self.read(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.execute("DELETE FROM sessions WHERE user_id = ?1", [user.as_str()])?;
            tx.execute("DELETE FROM api_tokens WHERE user_id = ?1", [user.as_str()])?;
            tx.execute(
                "UPDATE challenges SET status = 'canceled'
                 WHERE (challenger = ?1 OR dest = ?1) AND status = 'created'",
                [user.as_str()],
            )?;
            let n = tx.execute(
                "UPDATE users SET password_hash = NULL, closed_ms = ?1
                 WHERE id = ?2 AND closed_ms IS NULL",
                params![db_ms(now_ms), user.as_str()],
            )?;
            tx.commit()?;
            Ok(n == 1)
        })
    }
}
