//! [`ChallengeStore`] on PostgreSQL: each operation one statement (creating, one transaction)
//! on a connection of the pool.

use protocol::RoomId;
use protocol::user::UserId;

use super::{PostgresStore, pool_error};
use crate::store::accounts::{db_ms, ms};
use crate::store::challenges::{
    Challenge, ChallengeCreated, ChallengeStatus, ChallengeStore, MAX_OPEN_PER_CHALLENGER, id_of,
    terms_of, terms_text,
};
use crate::store::{StoreError, StoreFuture};

const COLUMNS: &str = "id, status, reason, terms, created_ms, expires_ms";

fn decode(row: &tokio_postgres::Row) -> Result<Challenge, StoreError> {
    let id: String = row.try_get(0)?;
    let status: String = row.try_get(1)?;
    let terms: String = row.try_get(3)?;
    Ok(Challenge {
        id: id_of(&id)?,
        terms: terms_of(&terms)?,
        status: ChallengeStatus::from_name(&status)?,
        reason: row.try_get(2)?,
        created_ms: ms(row.try_get(4)?, "created_ms")?,
        expires_ms: ms(row.try_get(5)?, "expires_ms")?,
    })
}

impl ChallengeStore for PostgresStore {
    fn create_challenge(&self, c: Challenge) -> StoreFuture<ChallengeCreated> {
        self.read(move |pool| async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            let tx = client.transaction().await?;
            let (from, to) = (c.terms.challenger.id(), c.terms.dest.id());
            // The challenger's row locked: two challenges of one challenger count one after
            // the other, so the cap holds.
            let open = tx
                .query(
                    "SELECT id FROM users WHERE id IN ($1, $2) AND closed_ms IS NULL
                     ORDER BY id FOR UPDATE",
                    &[&from.as_str(), &to.as_str()],
                )
                .await?
                .len();
            if open != 2 {
                return Ok(ChallengeCreated::NoAccount);
            }
            let n: i64 = tx
                .query_one(
                    "SELECT count(*) FROM challenges
                     WHERE challenger = $1 AND status = 'created' AND expires_ms > $2",
                    &[&from.as_str(), &db_ms(c.created_ms)],
                )
                .await?
                .try_get(0)?;
            if usize::try_from(n).unwrap_or(usize::MAX) >= MAX_OPEN_PER_CHALLENGER {
                return Ok(ChallengeCreated::TooMany);
            }
            tx.execute(
                "INSERT INTO challenges
                 (id, challenger, dest, status, reason, terms, created_ms, expires_ms)
                 VALUES ($1, $2, $3, 'created', NULL, $4, $5, $6)",
                &[
                    &c.id.to_string(),
                    &from.as_str(),
                    &to.as_str(),
                    &terms_text(&c.terms),
                    &db_ms(c.created_ms),
                    &db_ms(c.expires_ms),
                ],
            )
            .await?;
            tx.commit().await?;
            Ok(ChallengeCreated::Created)
        })
    }

    fn challenge(&self, id: &RoomId) -> StoreFuture<Option<Challenge>> {
        let id = id.to_string();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            client
                .query_opt(
                    &format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"),
                    &[&id],
                )
                .await?
                .as_ref()
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
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute(
                    "UPDATE challenges SET status = $2, reason = $3
                     WHERE id = $1 AND status = 'created' AND expires_ms > $4",
                    &[&id, &to.name(), &reason, &db_ms(now_ms)],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn open_challenges(&self, user: &UserId, now_ms: u64) -> StoreFuture<Vec<Challenge>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT {COLUMNS} FROM challenges
                         WHERE (challenger = $1 OR dest = $1) AND status = 'created'
                             AND expires_ms > $2
                         ORDER BY created_ms, id"
                    ),
                    &[&user.as_str(), &db_ms(now_ms)],
                )
                .await?;
            rows.iter().map(decode).collect()
        })
    }

    fn purge_challenges(&self, now_ms: u64) -> StoreFuture<u64> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            Ok(client
                .execute(
                    "DELETE FROM challenges WHERE expires_ms <= $1",
                    &[&db_ms(now_ms)],
                )
                .await?)
        })
    }
}
