//! [`ChallengeStore`] on SQLite: each operation one short transaction on the read connection,
//! on a blocking thread.

use protocol::RoomId;
use protocol::user::UserId;
use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::SqliteStore;
use crate::store::accounts::{db_ms, ms};
use crate::store::challenges::{
    Challenge, ChallengeCreated, ChallengeStatus, ChallengeStore, MAX_OPEN_PER_CHALLENGER, id_of,
    terms_of, terms_text,
};
use crate::store::{StoreError, StoreFuture};

const COLUMNS: &str = "id, status, reason, terms, created_ms, expires_ms";

type Row = (String, String, Option<String>, String, i64, i64);

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
    ))
}

fn decode((id, status, reason, terms, created, expires): Row) -> Result<Challenge, StoreError> {
    Ok(Challenge {
        id: id_of(&id)?,
        terms: terms_of(&terms)?,
        status: ChallengeStatus::from_name(&status)?,
        reason,
        created_ms: ms(created, "created_ms")?,
        expires_ms: ms(expires, "expires_ms")?,
    })
}

impl ChallengeStore for SqliteStore {
    fn create_challenge(&self, c: Challenge) -> StoreFuture<ChallengeCreated> {
        self.read(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (from, to) = (c.terms.challenger.id(), c.terms.dest.id());
            let open: i64 = tx.query_row(
                "SELECT count(*) FROM users WHERE id IN (?1, ?2) AND closed_ms IS NULL",
                params![from.as_str(), to.as_str()],
                |r| r.get(0),
            )?;
            if open != 2 {
                return Ok(ChallengeCreated::NoAccount);
            }
            let n: i64 = tx.query_row(
                "SELECT count(*) FROM challenges
                 WHERE challenger = ?1 AND status = 'created' AND expires_ms > ?2",
                params![from.as_str(), db_ms(c.created_ms)],
                |r| r.get(0),
            )?;
            if usize::try_from(n).unwrap_or(usize::MAX) >= MAX_OPEN_PER_CHALLENGER {
                return Ok(ChallengeCreated::TooMany);
            }
            tx.execute(
                "INSERT INTO challenges
                 (id, challenger, dest, status, reason, terms, created_ms, expires_ms)
                 VALUES (?1, ?2, ?3, 'created', NULL, ?4, ?5, ?6)",
                params![
                    c.id.to_string(),
                    from.as_str(),
                    to.as_str(),
                    terms_text(&c.terms),
                    db_ms(c.created_ms),
                    db_ms(c.expires_ms)
                ],
            )?;
            tx.commit()?;
            Ok(ChallengeCreated::Created)
        })
    }

    fn challenge(&self, id: &RoomId) -> StoreFuture<Option<Challenge>> {
        let id = id.to_string();
        self.read(move |conn| {
            conn.query_row(
                &format!("SELECT {COLUMNS} FROM challenges WHERE id = ?1"),
                [id],
                row,
            )
            .optional()?
            .map(decode)
            .transpose()
        })
    }

    fn settle_challenge(
        &self,
        id: &RoomId,
        to: ChallengeStatus,
        reason: Option<String>,
        now_ms: u64,
    ) -> StoreFuture<bool> {
        let id = id.to_string();
        self.read(move |conn| {
            Ok(conn.execute(
                "UPDATE challenges SET status = ?2, reason = ?3
                 WHERE id = ?1 AND status = 'created' AND expires_ms > ?4",
                params![id, to.name(), reason, db_ms(now_ms)],
            )? == 1)
        })
    }

    fn open_challenges(&self, user: &UserId, now_ms: u64) -> StoreFuture<Vec<Challenge>> {
        let user = user.clone();
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM challenges
                 WHERE (challenger = ?1 OR dest = ?1) AND status = 'created' AND expires_ms > ?2
                 ORDER BY created_ms, id"
            ))?;
            let rows = stmt.query_map(params![user.as_str(), db_ms(now_ms)], row)?;
            let mut out = Vec::new();
            for r in rows {
                out.push(decode(r?)?);
            }
            Ok(out)
        })
    }

    fn purge_challenges(&self, now_ms: u64) -> StoreFuture<u64> {
        self.read(move |conn| {
            let n = conn.execute(
                "DELETE FROM challenges WHERE expires_ms <= ?1",
                [db_ms(now_ms)],
            )?;
            Ok(u64::try_from(n).unwrap_or(u64::MAX))
        })
    }
}
