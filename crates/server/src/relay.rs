//! Connections and rooms on different nodes (several nodes only).
//!
//! Two ends, each with one job:
//! - **Here, a room of another node**: a local connection that joined a room owned elsewhere
//!   has its commands forwarded to the owner ([`Relay::forward`]) and receives the owner's
//!   frames in its own outbox ([`BusMsg::Frames`]).
//! - **Here, a connection of another node**: the owner keeps a stand-in (a proxy) for each remote
//!   connection that joined one of its rooms. The proxy is an ordinary [`Subscriber`] for the
//!   room tasks; its task feeds the connection's commands to the rooms in order and sends what
//!   the rooms queue in its outbox back to the connection's node.
//!
//! When a node dies or the bus may have lost messages, the affected connections are closed
//! with "reconnect" ([`crate::outbox::Outbox::close_to_reconnect`]): the page reconnects, joins
//! again with the last event it saw and gets the rest from the room's (new) owner.

use std::collections::{HashMap, HashSet};
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use protocol::{ErrorCode, RoomId, ServerMsg};
use tokio::sync::mpsc;

use crate::cluster::{BusMsg, Cluster, NodeId, RemoteCmd};
use crate::metrics::Metrics;
use crate::outbox::{Outbox, OutboxReader};
use crate::room::actor::{ConnId, Subscriber};
use crate::room::{Refusal, RoomCmd};

/// Commands of one remote connection waiting for the rooms here at most; beyond it the
/// connection is closed (it reconnects).
const PROXY_QUEUE: usize = 256;
/// Frames sent to another node in one message at most.
const FRAMES_PER_MESSAGE: usize = 64;

/// A local connection that joined rooms of other nodes.
struct Local {
    outbox: Outbox,
    /// The rooms of other nodes it is in, and their owners.
    rooms: HashMap<RoomId, NodeId>,
    /// Every node that has a stand-in for it (told when it closes).
    nodes: HashSet<NodeId>,
}

/// The stand-in of a remote connection.
struct Proxy {
    cmds: mpsc::Sender<(RoomId, RemoteCmd)>,
    outbox: Outbox,
}

/// A local connection closed by the relay, and the nodes that hold a stand-in for it.
type Goodbye = (ConnId, HashSet<NodeId>);

#[derive(Default)]
struct Ends {
    /// Rooms of other nodes that local connections are in: the owner, and how many
    /// connections (the route goes with the last one).
    routes: HashMap<RoomId, (NodeId, usize)>,
    locals: HashMap<ConnId, Local>,
    proxies: HashMap<(NodeId, u64), Proxy>,
}

impl Ends {
    /// One local connection fewer is in `room`: its route goes with the last one.
    fn unroute(&mut self, room: &RoomId) {
        if let Some((_, n)) = self.routes.get_mut(room) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.routes.remove(room);
            }
        }
    }

    /// Local connection `conn` is no longer in `room`.
    fn leave(&mut self, conn: ConnId, room: &RoomId) {
        let Some(local) = self.locals.get_mut(&conn) else {
            return;
        };
        if local.rooms.remove(room).is_some() {
            self.unroute(room);
        }
    }

    /// Closes local connection `conn` with "reconnect"; answers the nodes that hold a stand-in
    /// for it (they must be told that it is gone: its page comes back as a new connection).
    fn close_local(&mut self, conn: ConnId) -> Option<Goodbye> {
        let l = self.locals.remove(&conn)?;
        l.outbox.close_to_reconnect();
        for room in l.rooms.keys() {
            self.unroute(room);
        }
        Some((conn, l.nodes))
    }

    /// Forgets local connections for which `drop` holds, closing them with "reconnect", and
    /// their routes; answers the goodbyes to send.
    fn close_locals(&mut self, drop: impl Fn(&Local) -> bool) -> Vec<Goodbye> {
        let gone: Vec<ConnId> = self
            .locals
            .iter()
            .filter(|(_, l)| drop(l))
            .map(|(c, _)| *c)
            .collect();
        gone.into_iter()
            .filter_map(|conn| self.close_local(conn))
            .collect()
    }
}

/// What the lobby does for the relay: the only calls the relay makes outside itself and the
/// cluster (as [`crate::room::RoomHost`] is for a room).
pub trait RelayHost: Send + Sync + 'static {
    /// A number for a stand-in of another node's connection (not counted online here: its own
    /// node counts it).
    fn conn_id(&self) -> ConnId;
    /// Delivers a stand-in's command to `room`, loading the room first when the command needs
    /// it, as for a local connection.
    ///
    /// # Errors
    /// The refusal to pass on to the connection (too many rooms, a room unreachable).
    fn deliver<'a>(
        &'a self,
        room: &'a RoomId,
        cmd: RoomCmd,
    ) -> Pin<Box<dyn Future<Output = Result<(), Refusal>> + Send + 'a>>;
}

/// Both ends of the connections that cross nodes, for one node.
pub struct Relay {
    cluster: Arc<Cluster>,
    host: Weak<dyn RelayHost>,
    metrics: Arc<Metrics>,
    ends: Mutex<Ends>,
    outbox_bytes: usize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Relay {
    /// The relay of `host` (the lobby) over `cluster`, counting in `metrics`; proxies'
    /// outboxes hold `outbox_bytes` at most.
    #[must_use]
    pub fn new(
        cluster: Arc<Cluster>,
        host: Weak<dyn RelayHost>,
        metrics: Arc<Metrics>,
        outbox_bytes: usize,
    ) -> Relay {
        Relay {
            cluster,
            host,
            metrics,
            ends: Mutex::new(Ends::default()),
            outbox_bytes,
        }
    }

    /// The owner of `room` when a local connection joined it there.
    #[must_use]
    pub fn route(&self, room: &RoomId) -> Option<NodeId> {
        lock(&self.ends).routes.get(room).map(|(n, _)| n.clone())
    }

    /// Sends a local connection's command for `room` to its owner `node`.
    ///
    /// # Errors
    /// [`ErrorCode::Internal`] when the bus cannot be reached.
    pub async fn forward(&self, node: NodeId, room: &RoomId, cmd: RoomCmd) -> Result<(), Refusal> {
        let (conn, addr, user, remote) = match cmd {
            RoomCmd::Join {
                sub,
                secret,
                after,
                mode,
                joined,
            } => {
                if let Some(j) = joined {
                    let _ = j.send(true);
                }
                let mut ends = lock(&self.ends);
                let local = ends.locals.entry(sub.conn).or_insert_with(|| Local {
                    outbox: sub.outbox.clone(),
                    rooms: HashMap::new(),
                    nodes: HashSet::new(),
                });
                local.nodes.insert(node.clone());
                let new = local.rooms.insert(room.clone(), node.clone()).is_none();
                let route = ends
                    .routes
                    .entry(room.clone())
                    .or_insert_with(|| (node.clone(), 0));
                if new {
                    route.1 += 1;
                }
                self.gauge(&ends);
                let join = RemoteCmd::Join {
                    secret,
                    after,
                    mode,
                };
                (sub.conn, sub.addr, sub.user.clone(), join)
            }
            RoomCmd::Command { sub, command } => (
                sub.conn,
                sub.addr,
                sub.user.clone(),
                RemoteCmd::Command { command },
            ),
            RoomCmd::Ack { conn, seq } => (conn, None, None, RemoteCmd::Ack { seq }),
            RoomCmd::Leave { conn } => {
                self.with_ends(|e| e.leave(conn, room));
                (conn, None, None, RemoteCmd::Leave)
            }
            RoomCmd::Disconnect { conn } => {
                self.with_ends(|e| e.leave(conn, room));
                (conn, None, None, RemoteCmd::Disconnect)
            }
            RoomCmd::Relinquish | RoomCmd::Evict => return Ok(()),
        };
        let msg = BusMsg::Cmd {
            from: self.cluster.me().clone(),
            conn,
            addr,
            user,
            room: room.clone(),
            cmd: remote,
        };
        self.send(&node, &msg).await
    }

    async fn send(&self, node: &NodeId, msg: &BusMsg) -> Result<(), Refusal> {
        self.metrics.bus_sent.inc();
        self.cluster.send(node, msg).await.map_err(|e| {
            tracing::warn!("message to node {node} not sent: {e}");
            Refusal::new(
                ErrorCode::Internal,
                "the room's server cannot be reached right now: try again in a moment",
            )
        })
    }

    /// Handles a message from another node.
    pub fn receive(self: &Arc<Self>, msg: BusMsg) {
        match msg {
            BusMsg::Cmd {
                from,
                conn,
                addr,
                user,
                room,
                cmd,
            } => {
                let mut ends = lock(&self.ends);
                let key = (from.clone(), conn);
                if !ends.proxies.contains_key(&key) {
                    // A goodbye or an acknowledgement to a room of a connection this node
                    // never saw: nothing to do.
                    if matches!(
                        cmd,
                        RemoteCmd::Disconnect | RemoteCmd::Leave | RemoteCmd::Ack { .. }
                    ) {
                        return;
                    }
                    let Some(host) = self.host.upgrade() else {
                        return;
                    };
                    let (outbox, reader) = Outbox::new(self.outbox_bytes);
                    let (tx, rx) = mpsc::channel(PROXY_QUEUE);
                    let sub = Subscriber {
                        conn: host.conn_id(),
                        outbox: outbox.clone(),
                        addr,
                        user,
                    };
                    ends.proxies.insert(key.clone(), Proxy { cmds: tx, outbox });
                    tokio::spawn(run_proxy(self.clone(), key.clone(), sub, reader, rx));
                }
                let Some(p) = ends.proxies.get(&key) else {
                    return;
                };
                if p.cmds.try_send((room, cmd)).is_err() {
                    tracing::warn!(
                        "connection {conn} of node {from} sends faster than its rooms read: closed"
                    );
                    p.outbox.close_to_reconnect();
                    ends.proxies.remove(&key);
                }
                self.gauge(&ends);
            }
            BusMsg::Gone { from, conn } => {
                // Dropping the proxy's sender ends its task, which says goodbye to its rooms.
                self.with_ends(|e| e.proxies.remove(&(from, conn)));
            }
            BusMsg::Frames { conn, frames } => {
                let ends = lock(&self.ends);
                if let Some(l) = ends.locals.get(&conn) {
                    for f in frames {
                        l.outbox.send_frame(f);
                    }
                }
            }
            BusMsg::Close { conn } => {
                let gone = self.with_ends(|e| e.close_local(conn));
                self.say_goodbye(gone.into_iter().collect());
            }
            // The lobby hands pairings to the pools before the relay sees them.
            BusMsg::Paired { .. } | BusMsg::AccountEvent { .. } => {}
        }
    }

    /// A local connection closed: its proxies on other nodes are told.
    pub fn disconnect(&self, conn: ConnId) {
        let Some(local) = self.with_ends(|e| {
            let local = e.locals.remove(&conn)?;
            for room in local.rooms.keys() {
                e.unroute(room);
            }
            Some(local)
        }) else {
            return;
        };
        self.say_goodbye(vec![(conn, local.nodes)]);
    }

    /// Tells each node that holds a stand-in for one of these connections that it is gone.
    fn say_goodbye(&self, gone: Vec<Goodbye>) {
        if gone.iter().all(|(_, nodes)| nodes.is_empty()) {
            return;
        }
        let me = self.cluster.me().clone();
        let cluster = self.cluster.clone();
        tokio::spawn(async move {
            for (conn, nodes) in gone {
                for node in nodes {
                    let msg = BusMsg::Gone {
                        from: me.clone(),
                        conn,
                    };
                    if let Err(e) = cluster.send(&node, &msg).await {
                        tracing::warn!("goodbye to node {node} not sent: {e}");
                    }
                }
            }
        });
    }

    /// Node `node` died: local connections with rooms there reconnect (and find the rooms'
    /// new owners), and the stand-ins of its connections leave their rooms.
    pub fn node_dead(&self, node: &NodeId) {
        let mut ends = lock(&self.ends);
        for l in ends.locals.values_mut() {
            l.nodes.remove(node);
        }
        let gone = ends.close_locals(|l| l.rooms.values().any(|n| n == node));
        ends.routes.retain(|_, (n, _)| n != node);
        ends.proxies.retain(|(n, _), _| n != node);
        self.gauge(&ends);
        drop(ends);
        self.say_goodbye(gone);
    }

    /// Messages between nodes may have been lost: every connection that crosses nodes
    /// reconnects, in both directions.
    pub fn resync(&self) {
        let mut ends = lock(&self.ends);
        let gone = ends.close_locals(|_| true);
        ends.routes.clear();
        for (_, p) in ends.proxies.drain() {
            p.outbox.close_to_reconnect();
        }
        self.gauge(&ends);
        drop(ends);
        // The other nodes may not resynchronise themselves: without a goodbye, their
        // stand-ins of these connections would stay seated in their rooms.
        self.say_goodbye(gone);
    }

    /// Exports what the relay holds (`asean_relayed_connections`, `asean_relayed_rooms`,
    /// `asean_proxies`).
    fn gauge(&self, ends: &Ends) {
        let n = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
        self.metrics.relayed_connections.set(n(ends.locals.len()));
        self.metrics.relayed_rooms.set(n(ends.routes.len()));
        self.metrics.proxies.set(n(ends.proxies.len()));
    }

    /// Runs `f` on both ends, then exports their sizes.
    fn with_ends<T>(&self, f: impl FnOnce(&mut Ends) -> T) -> T {
        let mut ends = lock(&self.ends);
        let t = f(&mut ends);
        self.gauge(&ends);
        t
    }

    fn proxy_ended(&self, key: &(NodeId, u64), outbox: &Outbox) {
        let mut ends = lock(&self.ends);
        // Only this proxy's own entry (a new one may already stand for the same connection).
        if ends
            .proxies
            .get(key)
            .is_some_and(|p| p.outbox.same_as(outbox))
        {
            ends.proxies.remove(key);
        }
        self.gauge(&ends);
    }
}

/// Runs the stand-in of connection `key` of another node: feeds its commands to the rooms
/// here, in order, and sends what the rooms queue for it back to its node. Ends when the
/// connection's node says it is gone (or dies), or when a room closes its outbox (the room
/// moved, or the connection could not keep up): the connection is then told to reconnect.
async fn run_proxy(
    relay: Arc<Relay>,
    key: (NodeId, u64),
    sub: Subscriber,
    mut reader: OutboxReader,
    mut cmds: mpsc::Receiver<(RoomId, RemoteCmd)>,
) {
    let (origin, remote) = key.clone();
    let mut rooms: HashSet<RoomId> = HashSet::new();
    loop {
        tokio::select! {
            c = cmds.recv() => {
                let Some((room, cmd)) = c else { break };
                let Some(host) = relay.host.upgrade() else { break };
                relay.metrics.bus_received.inc();
                let cmd = match cmd {
                    RemoteCmd::Join { secret, after, mode } => {
                        rooms.insert(room.clone());
                        RoomCmd::Join { sub: sub.clone(), secret, after, mode, joined: None }
                    }
                    RemoteCmd::Command { command } => RoomCmd::Command { sub: sub.clone(), command },
                    RemoteCmd::Ack { seq } => RoomCmd::Ack { conn: sub.conn, seq },
                    RemoteCmd::Leave => {
                        rooms.remove(&room);
                        RoomCmd::Leave { conn: sub.conn }
                    }
                    RemoteCmd::Disconnect => {
                        rooms.remove(&room);
                        RoomCmd::Disconnect { conn: sub.conn }
                    }
                };
                if let Err(r) = host.deliver(&room, cmd).await {
                    sub.outbox.send(&ServerMsg::error(r.code, r.message, Some(&room)));
                }
            }
            f = reader.next() => {
                let Some(f) = f else {
                    let close = BusMsg::Close { conn: remote };
                    if let Err(e) = relay.cluster.send(&origin, &close).await {
                        tracing::warn!("close of connection {remote} of node {origin} not sent: {e}");
                    }
                    break;
                };
                let mut frames = vec![f];
                while frames.len() < FRAMES_PER_MESSAGE && let Some(f) = reader.try_next() {
                    frames.push(f);
                }
                let msg = BusMsg::Frames { conn: remote, frames };
                relay.metrics.bus_sent.inc();
                if let Err(e) = relay.cluster.send(&origin, &msg).await {
                    // The connection misses these frames; its acknowledgements will be short
                    // and the room sends them again.
                    tracing::warn!("frames for connection {remote} of node {origin} not sent: {e}");
                }
            }
        }
    }
    sub.outbox.close();
    relay.proxy_ended(&key, &sub.outbox);
    if let Some(host) = relay.host.upgrade() {
        for room in rooms {
            let _ = host
                .deliver(&room, RoomCmd::Disconnect { conn: sub.conn })
                .await;
        }
    }
    // The stand-in may have joined a room of a third node in turn (the room had moved there
    // while the connection's node still routed it here): that node holds a stand-in of this
    // one, and this node a local entry for it, until told.
    relay.disconnect(sub.conn);
}
