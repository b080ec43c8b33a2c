//! What the store keeps of quick pairing: each pool ticket that was paired, and the room it
//! went to. A paired room is created in the same transaction as its two tickets' rows
//! ([`Append::pairing`](super::Append::pairing)), and a ticket can be paired once only
//! ([`StoreError::TicketUsed`](super::StoreError::TicketUsed)): so a player is never put into
//! two new games by one place in a pool, even when the pairing authority dies between writing
//! a room and telling the players, and its successor pairs the same tickets again.

use protocol::{Color, RoomId};

use super::StoreFuture;

/// The random id of one place in a pool (hex), made by the player's node when they join.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket(pub String);

impl std::fmt::Display for Ticket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The two tickets a paired room is created from, by the colour each player got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// White's ticket and Black's.
    pub tickets: rules::ByColor<Ticket>,
}

/// Reads of the pairings.
pub trait PairingStore {
    /// The room and colour ticket `ticket` was paired into, if it was.
    fn paired_room(&self, ticket: &Ticket) -> StoreFuture<Option<(RoomId, Color)>>;
}

/// The pairings of a [`super::MemoryStore`].
#[derive(Debug, Default)]
pub struct MemoryPairings {
    rooms: std::collections::HashMap<Ticket, (RoomId, Color)>,
}

impl MemoryPairings {
    /// Refuses `p` when one of its tickets was paired already.
    ///
    /// # Errors
    /// [`super::StoreError::TicketUsed`].
    pub fn check(&self, p: &Pairing) -> Result<(), super::StoreError> {
        for c in Color::ALL {
            let t = p.tickets.get(c);
            if self.rooms.contains_key(t) {
                return Err(super::StoreError::TicketUsed(t.0.clone()));
            }
        }
        Ok(())
    }

    /// Records `p`'s tickets as paired into `room` (after [`MemoryPairings::check`]).
    pub fn record(&mut self, room: &RoomId, p: &Pairing) {
        for c in Color::ALL {
            self.rooms
                .insert(p.tickets.get(c).clone(), (room.clone(), c));
        }
    }

    /// Forgets the tickets of rooms that were purged.
    pub fn forget(&mut self, purged: &std::collections::HashSet<RoomId>) {
        self.rooms.retain(|_, (room, _)| !purged.contains(room));
    }
}

impl PairingStore for super::MemoryStore {
    fn paired_room(&self, ticket: &Ticket) -> StoreFuture<Option<(RoomId, Color)>> {
        let found = super::common::lock(&self.pairings)
            .rooms
            .get(ticket)
            .cloned();
        Box::pin(std::future::ready(Ok(found)))
    }
}

/// The colour's name as stored.
#[must_use]
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour of a stored name.
///
/// # Errors
/// [`super::StoreError::Corrupt`] for another name.
pub fn color_of(name: &str, ticket: &Ticket) -> Result<Color, super::StoreError> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(super::StoreError::Corrupt {
            room: None,
            what: format!("pool ticket {ticket}: colour {other:?}"),
        }),
    }
}
