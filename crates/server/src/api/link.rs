//! A connection to one room without a socket, for the API: a game stream of the Board or
//! Bot API, or one command (a move, a resignation) sent on a player's behalf.
//!
//! A [`RoomLink`] is a subscriber of the room like a WebSocket connection (counted online,
//! on any node: the lobby routes it to the room's owner), opened as the caller's account
//! with [`JoinMode::Resume`]: it holds the account's own seat in the room, never a free one,
//! and watches otherwise. What the room sends comes back through a bounded outbox as the
//! frames a socket would write; the link reads each back into a [`ServerMsg`] (the frames
//! are the room's one serialised form, shared by every subscriber and by the other nodes).
//! As a page does, the link acknowledges each event it reads ([`RoomCmd::Ack`]) and drops an
//! event it has read already: the room sends unacknowledged events again after a few seconds
//! and drops a subscriber that never acknowledges them. Dropping the link disconnects it from
//! the room.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use protocol::user::Username;
use protocol::{ErrorCode, RoomCommand, RoomId, RoomState, ServerMsg};
use rules::Color;

use crate::lobby::{ConnId, Lobby};
use crate::outbox::{Outbox, OutboxReader};
use crate::room::actor::Subscriber;
use crate::room::{JoinMode, Refusal, RoomCmd};

/// How long a room may take to answer a join with its state.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

/// A link to a room (see the module documentation).
pub struct RoomLink {
    lobby: Arc<Lobby>,
    room: RoomId,
    sub: Subscriber,
    reader: OutboxReader,
    /// The number of the latest event read (or of the snapshot's state).
    seq: u64,
}

/// A room opened by a [`RoomLink`]: its state as the room sent it on joining, and the seat
/// the caller's account holds there (`None`: not a player of this game).
pub struct Opened {
    /// The number of the latest event in `state`.
    pub seq: u64,
    /// The seat held.
    pub seat: Option<Color>,
    /// The room's state.
    pub state: RoomState,
}

impl RoomLink {
    /// Opens `room` as `user` (from `addr`), its outbox holding at most `outbox_bytes` of
    /// frames not yet read.
    ///
    /// # Errors
    /// [`ErrorCode::UnknownRoom`] when there is no such room (or it does not answer within
    /// [`OPEN_TIMEOUT`]), or the lobby's refusal (a cap, the server shutting down).
    pub async fn open(
        lobby: Arc<Lobby>,
        room: RoomId,
        user: Username,
        addr: Option<IpAddr>,
        outbox_bytes: usize,
    ) -> Result<(RoomLink, Opened), Refusal> {
        let conn: ConnId = lobby.connect();
        let (outbox, reader) = Outbox::new(outbox_bytes);
        let sub = Subscriber {
            conn,
            outbox,
            addr,
            user: Some(user),
        };
        let mut link = RoomLink {
            lobby: lobby.clone(),
            room: room.clone(),
            sub: sub.clone(),
            reader,
            seq: 0,
        };
        lobby
            .send(
                &room,
                RoomCmd::Join {
                    sub,
                    secret: None,
                    after: None,
                    mode: JoinMode::Resume,
                    joined: None,
                },
            )
            .await?;
        let unknown = || Refusal::new(ErrorCode::UnknownRoom, "no such game");
        let opened = tokio::time::timeout(OPEN_TIMEOUT, async {
            loop {
                match link.next().await {
                    Some(ServerMsg::Snapshot {
                        room: r,
                        seq,
                        you,
                        state,
                    }) if r == room => {
                        return Ok(Opened {
                            seq,
                            seat: you,
                            state,
                        });
                    }
                    Some(ServerMsg::Error { code, message, .. })
                        if code == ErrorCode::UnknownRoom =>
                    {
                        return Err(Refusal::new(code, message));
                    }
                    Some(_) => {}
                    None => return Err(unknown()),
                }
            }
        })
        .await
        .map_err(|_| unknown())??;
        Ok((link, opened))
    }

    /// The next message of the room (`None` once the outbox is closed: the server stops, or
    /// the reader fell so far behind that its bound was passed).
    pub async fn next(&mut self) -> Option<ServerMsg> {
        loop {
            let frame = self.reader.next().await?;
            let msg = match protocol::parse_server(frame.as_str()) {
                Ok(msg) => msg,
                Err(e) => {
                    tracing::error!("room {}: a frame not read back: {e}", self.room);
                    continue;
                }
            };
            let seq = match &msg {
                // Sent again (not acknowledged in time): read already.
                ServerMsg::Event { seq, .. } if *seq <= self.seq => continue,
                ServerMsg::Event { seq, .. } | ServerMsg::Snapshot { seq, .. } => Some(*seq),
                _ => None,
            };
            if let Some(seq) = seq {
                self.seq = seq;
                self.ack(seq).await;
            }
            return Some(msg);
        }
    }

    /// Acknowledges the room's events up to `seq`.
    async fn ack(&self, seq: u64) {
        let ack = RoomCmd::Ack {
            conn: self.sub.conn,
            seq,
        };
        if let Err(r) = self.lobby.send(&self.room, ack).await {
            tracing::debug!(
                "room {}: an acknowledgement not delivered: {}",
                self.room,
                r.message
            );
        }
    }

    /// Sends `command` to the room as this link's seat; the room's answer (an event, or an
    /// error refusing it) comes through [`RoomLink::next`].
    ///
    /// # Errors
    /// The lobby's refusal when the room cannot be reached.
    pub async fn command(&self, command: RoomCommand) -> Result<(), Refusal> {
        self.lobby
            .send(
                &self.room,
                RoomCmd::Command {
                    sub: self.sub.clone(),
                    command,
                },
            )
            .await
    }

    /// The room.
    #[must_use]
    pub fn room(&self) -> &RoomId {
        &self.room
    }
}

impl Drop for RoomLink {
    fn drop(&mut self) {
        self.sub.outbox.close();
        let (lobby, room, conn) = (self.lobby.clone(), self.room.clone(), self.sub.conn);
        tokio::spawn(async move {
            let _ = lobby.send(&room, RoomCmd::Disconnect { conn }).await;
            lobby.disconnect(conn);
        });
    }
}
