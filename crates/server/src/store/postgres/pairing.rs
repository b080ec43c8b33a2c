//! [`PairingStore`] on PostgreSQL, and the tickets of a paired room written with it.

use protocol::{Color, RoomId};

use super::{PostgresStore, is_unique_violation, pool_error};
use crate::store::pairing::{Pairing, PairingStore, Ticket, color_name, color_of};
use crate::store::{StoreError, StoreFuture};

/// Records `p`'s tickets as paired into `room`, inside the append's transaction.
///
/// # Errors
/// [`StoreError::TicketUsed`] when a ticket was paired already (the transaction is then
/// rolled back whole); a database error.
pub(super) async fn write_tickets(
    tx: &tokio_postgres::Transaction<'_>,
    room: &RoomId,
    p: &Pairing,
) -> Result<(), StoreError> {
    let insert = tx
        .prepare("INSERT INTO pool_tickets (ticket, room, color) VALUES ($1, $2, $3)")
        .await?;
    for c in Color::ALL {
        let t = p.tickets.get(c);
        match tx
            .execute(&insert, &[&t.0, &room.as_str(), &color_name(c)])
            .await
        {
            Err(e) if is_unique_violation(&e) => return Err(StoreError::TicketUsed(t.0.clone())),
            r => r?,
        };
    }
    Ok(())
}

impl PairingStore for PostgresStore {
    fn paired_room(&self, ticket: &Ticket) -> StoreFuture<Option<(RoomId, Color)>> {
        let ticket = ticket.clone();
        self.read(move |pool| async move {
            let client = pool.get().await.map_err(pool_error)?;
            let row = client
                .query_opt(
                    "SELECT room, color FROM pool_tickets WHERE ticket = $1",
                    &[&ticket.0],
                )
                .await?;
            let Some(row) = row else { return Ok(None) };
            let room: String = row.try_get(0)?;
            let color: String = row.try_get(1)?;
            let room = room.parse::<RoomId>().map_err(|e| StoreError::Corrupt {
                room: Some(room.clone()),
                what: format!("pool ticket {ticket}: {e}"),
            })?;
            Ok(Some((room, color_of(&color, &ticket)?)))
        })
    }
}
