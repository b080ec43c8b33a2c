//! [`TokenStore`] on SQLite: each operation one short transaction on the read connection, on
//! a blocking thread.

use protocol::scope::Scope;
use protocol::user::UserId;
use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::SqliteStore;
use super::accounts::{AccountRow, decode_account};
use crate::store::StoreFuture;
use crate::store::accounts::{Account, db_ms, ms};
use crate::store::tokens::{
    MAX_TOKENS_PER_USER, NewToken, TokenCreated, TokenHash, TokenInfo, TokenStore, scopes_of,
    scopes_text, use_is_news,
};

impl TokenStore for SqliteStore {
    fn create_token(&self, token: NewToken) -> StoreFuture<TokenCreated> {
        self.read(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let open: bool = tx
                .query_row(
                    "SELECT count(*) FROM users WHERE id = ?1 AND closed_ms IS NULL",
                    [token.user.as_str()],
                    |r| r.get::<_, i64>(0),
                )
                .map(|n| n == 1)?;
            if !open {
                return Ok(TokenCreated::NoAccount);
            }
            let n: i64 = tx.query_row(
                "SELECT count(*) FROM api_tokens WHERE user_id = ?1",
                [token.user.as_str()],
                |r| r.get(0),
            )?;
            if usize::try_from(n).unwrap_or(usize::MAX) >= MAX_TOKENS_PER_USER {
                return Ok(TokenCreated::TooMany);
            }
            tx.execute(
                "INSERT INTO api_tokens (hash, public_id, user_id, description, scopes, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    &token.hash.0[..],
                    token.public_id,
                    token.user.as_str(),
                    token.description,
                    scopes_text(&token.scopes),
                    db_ms(token.created_ms)
                ],
            )?;
            tx.commit()?;
            Ok(TokenCreated::Created)
        })
    }

    fn tokens(&self, user: &UserId) -> StoreFuture<Vec<TokenInfo>> {
        let user = user.clone();
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT public_id, description, scopes, created_ms, last_used_ms FROM api_tokens
                 WHERE user_id = ?1 ORDER BY created_ms DESC, public_id DESC",
            )?;
            let rows = stmt.query_map([user.as_str()], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (public_id, description, scopes, created, used) = row?;
                out.push(TokenInfo {
                    public_id,
                    description,
                    scopes: scopes_of(&scopes)?,
                    created_ms: ms(created, "created_ms")?,
                    last_used_ms: used.map(|u| ms(u, "last_used_ms")).transpose()?,
                });
            }
            Ok(out)
        })
    }

    fn revoke_token(&self, user: &UserId, public_id: &str) -> StoreFuture<bool> {
        let (user, public_id) = (user.clone(), public_id.to_owned());
        self.read(move |conn| {
            Ok(conn.execute(
                "DELETE FROM api_tokens WHERE user_id = ?1 AND public_id = ?2",
                params![user.as_str(), public_id],
            )? == 1)
        })
    }

    fn delete_token(&self, hash: TokenHash) -> StoreFuture<bool> {
        self.read(move |conn| {
            Ok(conn.execute("DELETE FROM api_tokens WHERE hash = ?1", [&hash.0[..]])? == 1)
        })
    }

    fn token_account(
        &self,
        hash: TokenHash,
        now_ms: u64,
    ) -> StoreFuture<Option<(Account, Vec<Scope>)>> {
        self.read(move |conn| {
            let found = conn
                .query_row(
                    "SELECT t.scopes, t.last_used_ms, u.id, u.username, u.password_hash,
                         u.created_ms, u.closed_ms, u.bot
                     FROM api_tokens t JOIN users u ON u.id = t.user_id
                     WHERE t.hash = ?1 AND u.closed_ms IS NULL",
                    [&hash.0[..]],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, Option<i64>>(1)?,
                            account_row_at(r, 2)?,
                        ))
                    },
                )
                .optional()?;
            let Some((scopes, used, row)) = found else {
                return Ok(None);
            };
            let used = used.map(|u| ms(u, "last_used_ms")).transpose()?;
            if use_is_news(used, now_ms) {
                conn.execute(
                    "UPDATE api_tokens SET last_used_ms = ?1 WHERE hash = ?2",
                    params![db_ms(now_ms), &hash.0[..]],
                )?;
            }
            Ok(Some((decode_account(row)?, scopes_of(&scopes)?)))
        })
    }
}

/// The columns `id, username, password_hash, created_ms, closed_ms, bot` of a row from column
/// `at` on.
fn account_row_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<AccountRow> {
    Ok((
        r.get(at)?,
        r.get(at + 1)?,
        r.get(at + 2)?,
        r.get(at + 3)?,
        r.get(at + 4)?,
        r.get(at + 5)?,
    ))
}
