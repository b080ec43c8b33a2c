//! [`TokenStore`] on PostgreSQL: each operation one statement (creating, one transaction) on
//! a connection of the pool.

use protocol::scope::Scope;
use protocol::user::UserId;

use super::accounts::decode_account;
use super::{PostgresStore, pool_error};
use crate::store::StoreFuture;
use crate::store::accounts::{Account, db_ms, ms};
use crate::store::tokens::{
    MAX_TOKENS_PER_USER, NewToken, TokenCreated, TokenHash, TokenInfo, TokenStore, scopes_of,
    scopes_text, use_is_news,
};

impl TokenStore for PostgresStore {
    fn create_token(&self, token: NewToken) -> StoreFuture<TokenCreated> {
        self.read(move |pool| async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            let tx = client.transaction().await?;
            // The account's row locked: two creations for one account count one after the
            // other, so the cap holds.
            let open = tx
                .query_opt(
                    "SELECT 1 FROM users WHERE id = $1 AND closed_ms IS NULL FOR UPDATE",
                    &[&token.user.as_str()],
                )
                .await?
                .is_some();
            if !open {
                return Ok(TokenCreated::NoAccount);
            }
            let n: i64 = tx
                .query_one(
                    "SELECT count(*) FROM api_tokens WHERE user_id = $1",
                    &[&token.user.as_str()],
                )
                .await?
                .try_get(0)?;
            if usize::try_from(n).unwrap_or(usize::MAX) >= MAX_TOKENS_PER_USER {
                return Ok(TokenCreated::TooMany);
            }
            tx.execute(
                "INSERT INTO api_tokens (hash, public_id, user_id, description, scopes, created_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &&token.hash.0[..],
                    &token.public_id,
                    &token.user.as_str(),
                    &token.description,
                    &scopes_text(&token.scopes),
                    &db_ms(token.created_ms),
                ],
            )
            .await?;
            tx.commit().await?;
            Ok(TokenCreated::Created)
        })
    }

    fn tokens(&self, user: &UserId) -> StoreFuture<Vec<TokenInfo>> {
        let user = user.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let rows = client
                .query(
                    "SELECT public_id, description, scopes, created_ms, last_used_ms
                     FROM api_tokens WHERE user_id = $1
                     ORDER BY created_ms DESC, public_id DESC",
                    &[&user.as_str()],
                )
                .await?;
            let mut out = Vec::with_capacity(rows.len());
            for row in rows {
                let scopes: String = row.try_get(2)?;
                out.push(TokenInfo {
                    public_id: row.try_get(0)?,
                    description: row.try_get(1)?,
                    scopes: scopes_of(&scopes)?,
                    created_ms: ms(row.try_get(3)?, "created_ms")?,
                    last_used_ms: row
                        .try_get::<_, Option<i64>>(4)?
                        .map(|u| ms(u, "last_used_ms"))
                        .transpose()?,
                });
            }
            Ok(out)
        })
    }

    fn revoke_token(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let (user, public_id) = (user.clone(), public_id.to_owned());
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute(
                    "DELETE FROM api_tokens WHERE user_id = $1 AND public_id = $2",
                    &[&user.as_str(), &public_id],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn delete_token(&self, hash: TokenHash) -> StoreFuture<bool> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let n = client
                .execute("DELETE FROM api_tokens WHERE hash = $1", &[&&hash.0[..]])
                .await?;
            Ok(n == 1)
        })
    }

    fn token_account(
        &self,
        hash: TokenHash,
        now_ms: u64,
    ) -> StoreFuture<Option<(Account, Vec<Scope>)>> {
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let Some(row) = client
                .query_opt(
                    "SELECT t.scopes, t.last_used_ms, u.id, u.username, u.password_hash,
                         u.created_ms, u.closed_ms, u.bot
                     FROM api_tokens t JOIN users u ON u.id = t.user_id
                     WHERE t.hash = $1 AND u.closed_ms IS NULL",
                    &[&&hash.0[..]],
                )
                .await?
            else {
                return Ok(None);
            };
            let scopes: String = row.try_get(0)?;
            let used = row
                .try_get::<_, Option<i64>>(1)?
                .map(|u| ms(u, "last_used_ms"))
                .transpose()?;
            if use_is_news(used, now_ms) {
                client
                    .execute(
                        "UPDATE api_tokens SET last_used_ms = $1 WHERE hash = $2",
                        &[&db_ms(now_ms), &&hash.0[..]],
                    )
                    .await?;
            }
            Ok(Some((decode_account(&row, 2)?, scopes_of(&scopes)?)))
        })
    }
}
