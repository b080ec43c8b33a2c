//! [`PairingStore`] on SQLite, and the tickets of a paired room written with it.

use protocol::{Color, RoomId};
use rusqlite::{OptionalExtension, params};

use super::{SqliteStore, is_constraint};
use crate::store::pairing::{Pairing, PairingStore, Ticket, color_name, color_of};
use crate::store::{StoreError, StoreFuture};

/// Records `p`'s tickets as paired into `room`, inside the append's transaction.
///
/// # Errors
/// [`StoreError::TicketUsed`] when a ticket was paired already (the transaction is then
/// rolled back whole); a database error.
pub(super) fn write_tickets(
    conn: &rusqlite::Connection,
    room: &RoomId,
    p: &Pairing,
) -> Result<(), StoreError> {
    let mut insert =
        conn.prepare_cached("INSERT INTO pool_tickets (ticket, room, color) VALUES (?1, ?2, ?3)")?;
    for c in Color::ALL {
        let t = p.tickets.get(c);
        match insert.execute(params![t.0, room.as_str(), color_name(c)]) {
            Err(e) if is_constraint(&e) => return Err(StoreError::TicketUsed(t.0.clone())),
            r => r?,
        };
    }
    Ok(())
}

impl PairingStore for SqliteStore {
    fn paired_room(&self, ticket: &Ticket) -> StoreFuture<Option<(RoomId, Color)>> {
        let ticket = ticket.clone();
        self.read(move |conn| {
            let row: Option<(String, String)> = conn
                .prepare_cached("SELECT room, color FROM pool_tickets WHERE ticket = ?1")?
                .query_row([&ticket.0], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            row.map(|(room, color)| {
                let room = room.parse::<RoomId>().map_err(|e| StoreError::Corrupt {
                    room: Some(room.clone()),
                    what: format!("pool ticket {ticket}: {e}"),
                })?;
                Ok((room, color_of(&color, &ticket)?))
            })
            .transpose()
        })
    }
}
