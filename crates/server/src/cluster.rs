//! Several nodes (`--redis redis://…`): room ownership and the bus between nodes, over Redis.
//!
//! Every node beats: `{p}:hb:{node}` is set with a time to live of [`ClusterConfig::node_ttl`]
//! and renewed every [`BEAT`]; the hash `{p}:nodes` holds each node's last beat (ms since the
//! Unix epoch). A node's lease covers every room it owns: `{p}:owner:{room}` names the owner and
//! the set `{p}:rooms:{node}` lists a node's rooms. A room whose owner stopped beating belongs
//! to nobody: any node may claim it ([`Cluster::claim`], one Lua script, so two nodes never both
//! win), and every node sweeps the rooms of dead nodes ([`ClusterEvent::Adopt`]). Redis only
//! decides who *should* write a room; the store's fence ([`crate::store::Store::take_over`]) is
//! what makes sure that an old owner (paused, partitioned) can never append once another node
//! took the room over.
//!
//! The bus is Redis pub/sub: each node reads its own channel `{p}:to:{node}` and the lobby
//! channel `{p}:lobby`. A node forwards its players' commands to a room's owner, and the owner
//! sends each remote subscriber's frames back to the node of its connection ([`BusMsg`]). Pub/sub
//! delivers at most once: when a node's subscription or lease was lost (Redis restarted, the
//! node paused past its lease), [`ClusterEvent::Resync`] tells the lobby to drop every
//! cross-node connection (the clients reconnect and read what they missed from the store) and to
//! claim its rooms again. Pub/sub rather than streams: what must not be lost is already durable
//! in the store before it is sent, a frame lost on the way is sent again by the room (events
//! are acknowledged) and a command lost on the way is not acknowledged to its player, so the bus
//! needs no per-message state in Redis, no trimming and no consumer groups; what it costs is one
//! reconnection of the cross-node players when Redis restarts.
//!
//! The cap on open rooms per client address holds across nodes: the hash `{p}:addr:{address}`
//! holds each node's open rooms of that address; a new room is admitted by one Lua script that
//! adds up the live nodes' counts ([`Cluster::admit_address`]), and each node writes its own
//! counts again when they change ([`Cluster::set_address_rooms`]).
//!
//! The lobby listing and the counts are kept per node in Redis (`{p}:listing:{node}`,
//! `{p}:counts`) and announced on `{p}:lobby`; every node keeps a mirror of the other nodes'
//! entries and adds its own.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use futures_util::StreamExt as _;
use protocol::{RoomCommand, RoomId, RoomSummary};
use redis::AsyncCommands as _;
use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::address::AddressKey;
use crate::clock::ServerClock;
use crate::ids::random_hex;
use crate::outbox::Frame;

/// How often a node renews its lease and looks for dead nodes.
pub const BEAT: Duration = Duration::from_millis(500);
/// The default time a node's lease lives without renewal: after it, the node's rooms are
/// taken over by the others.
pub const DEFAULT_NODE_TTL: Duration = Duration::from_secs(3);
/// The shortest lease a node takes (a shorter [`ClusterConfig::node_ttl`] is raised to it):
/// two beats, so that one late renewal does not lose a live node its rooms.
pub const MIN_NODE_TTL: Duration = BEAT.saturating_mul(2);
/// The cluster's name unless told otherwise (the prefix of every Redis key).
pub const DEFAULT_CLUSTER_NAME: &str = "asean";
/// Sweeps in a row that must find a node's channel without listeners before the node counts
/// as dead although its lease has not expired (one sweep may fall inside a resubscription).
const DEAF_SWEEPS: u32 = 2;
/// The first pause before subscribing to the bus again (doubling up to 500 ms).
const FIRST_RETRY: Duration = Duration::from_millis(100);
/// Events waiting for the lobby at most (the pub/sub reader waits beyond it).
const EVENT_QUEUE: usize = 4096;
/// Redis commands time out after this (a node then treats Redis as down until it answers).
const REDIS_TIMEOUT: Duration = Duration::from_secs(2);

/// Settings of a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterConfig {
    /// Where Redis is (`redis://host:port[/db]`).
    pub redis_url: String,
    /// The prefix of every key and channel: nodes with the same name form one cluster.
    pub name: String,
    /// How long a node's lease lives without renewal; at least [`MIN_NODE_TTL`] (a shorter
    /// one is raised to it).
    pub node_ttl: Duration,
}

impl ClusterConfig {
    /// A cluster named [`DEFAULT_CLUSTER_NAME`] on `redis_url` with the default lease,
    /// [`DEFAULT_NODE_TTL`].
    #[must_use]
    pub fn new(redis_url: impl Into<String>) -> ClusterConfig {
        ClusterConfig {
            redis_url: redis_url.into(),
            name: DEFAULT_CLUSTER_NAME.into(),
            node_ttl: DEFAULT_NODE_TTL,
        }
    }
}

/// A node's id: 16 lower-case hex digits, new at every start.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(String);

impl NodeId {
    fn random() -> NodeId {
        NodeId(random_hex(8))
    }

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for NodeId {
    fn from(id: String) -> NodeId {
        NodeId(id)
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who owns a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// This node (it just claimed the room, or already held it).
    Me,
    /// Another node, alive at the time of the answer.
    Other(NodeId),
}

/// A failure to talk to Redis.
#[derive(Debug)]
pub struct ClusterError(String);

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "redis: {}", self.0)
    }
}

impl std::error::Error for ClusterError {}

impl From<redis::RedisError> for ClusterError {
    fn from(e: redis::RedisError) -> ClusterError {
        ClusterError(e.to_string())
    }
}

/// What a player's connection asks of a room on another node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RemoteCmd {
    /// Opens the room (see [`protocol::ClientMsg::Join`]).
    Join {
        /// A seat secret, if the client has one.
        secret: Option<String>,
        /// The last event number the client saw.
        after: Option<u64>,
        /// Watch, play, or resume one's own seat only.
        mode: crate::room::JoinMode,
    },
    /// A command to the room's game.
    Command {
        /// The command.
        command: RoomCommand,
    },
    /// Acknowledges the room's events up to `seq`.
    Ack {
        /// The highest event number received.
        seq: u64,
    },
    /// The connection stops receiving the room's events (its seat is kept).
    Leave,
    /// The connection left the room (closed).
    Disconnect,
}

/// A message from one node to another. Frames travel as `F<conn>` and one frame per line
/// (frames are compact JSON, which never holds a raw line break); the others as `J` and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum BusMsg {
    /// To a room's owner: a command of connection `conn` of node `from`.
    Cmd {
        /// The node of the connection.
        from: NodeId,
        /// The connection, numbered by its node.
        conn: u64,
        /// Its peer address (for the caps on rooms per address).
        addr: Option<IpAddr>,
        /// Its signed-in player, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<protocol::user::Username>,
        /// The room.
        room: RoomId,
        /// The command.
        cmd: RemoteCmd,
    },
    /// To an owner: connection `conn` of node `from` closed.
    Gone {
        /// The node of the connection.
        from: NodeId,
        /// The connection.
        conn: u64,
    },
    /// To a connection's node: frames for connection `conn`, in order.
    #[serde(skip)]
    Frames {
        /// The connection.
        conn: u64,
        /// Serialised server messages.
        frames: Vec<Frame>,
    },
    /// To a connection's node: close connection `conn` (its room moved to another node, or it
    /// could not keep up): the client reconnects and joins again.
    Close {
        /// The connection.
        conn: u64,
    },
    /// To a pool player's node: the place `ticket` was paired into `room`, seat `seat`.
    Paired {
        /// The place.
        ticket: String,
        /// The new room.
        room: RoomId,
        /// The player's seat there.
        seat: protocol::Color,
    },
    /// To every other node: a line for the API event streams of account `user`
    /// ([`crate::api::events`]).
    AccountEvent {
        /// The account.
        user: protocol::user::UserId,
        /// The line (a JSON object).
        line: String,
    },
}

impl BusMsg {
    /// The bytes published.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        if let BusMsg::Frames { conn, frames } = self {
            let len = frames.iter().map(|f| f.len() + 1).sum::<usize>() + 21;
            let mut out = Vec::with_capacity(len);
            out.push(b'F');
            out.extend_from_slice(conn.to_string().as_bytes());
            for f in frames {
                out.push(b'\n');
                out.extend_from_slice(f.as_str().as_bytes());
            }
            return out;
        }
        let mut out = vec![b'J'];
        // Serialising these plain types cannot fail.
        let _ = serde_json::to_writer(&mut out, self);
        out
    }

    /// The message of published bytes (`None` for bytes no node sends).
    #[must_use]
    pub fn decode(bytes: &[u8]) -> Option<BusMsg> {
        match bytes.split_first()? {
            (b'F', rest) => {
                let text = std::str::from_utf8(rest).ok()?;
                let mut lines = text.split('\n');
                let conn = lines.next()?.parse().ok()?;
                let frames = lines.map(|l| Frame::from(l.to_owned())).collect();
                Some(BusMsg::Frames { conn, frames })
            }
            (b'J', rest) => serde_json::from_slice(rest).ok(),
            _ => None,
        }
    }
}

/// A listed room as the lobby channel carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    /// When the room was created (ms since the Unix epoch): the listing is newest first.
    pub created_ms: u64,
    /// What the listing shows.
    pub summary: RoomSummary,
}

/// What the lobby channel carries.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum LobbyNote {
    /// A room of `node` entered (`entry`) or left (`None`) the listing.
    Room {
        node: NodeId,
        room: RoomId,
        entry: Option<Listed>,
    },
    /// The counts of `node`.
    Counts {
        node: NodeId,
        online: u64,
        games: u32,
    },
}

/// What the cluster tells the lobby.
#[derive(Debug)]
pub enum ClusterEvent {
    /// A message from another node.
    Bus(BusMsg),
    /// A node stopped beating: its connections and its rooms are gone (the rooms come back as
    /// [`ClusterEvent::Adopt`] on one of the live nodes).
    NodeDead(NodeId),
    /// This node now owns `room`, whose owner died: take it over from the store, charging a
    /// running clock up to `alive_ms` (the dead owner's last beat).
    Adopt {
        /// The room.
        room: RoomId,
        /// The last time the old owner was known alive (ms since the Unix epoch).
        alive_ms: Option<u64>,
    },
    /// Messages may have been lost (the bus reconnected) or this node's lease lapsed: drop
    /// every cross-node connection, claim the rooms in memory again ([`Cluster::reclaim`]) and
    /// adopt live rooms nobody owns.
    Resync,
    /// Another node's listing or counts changed.
    LobbyChanged,
}

/// The other nodes' part of the lobby.
#[derive(Debug, Default)]
struct Mirror {
    listed: HashMap<NodeId, HashMap<RoomId, Listed>>,
    counts: HashMap<NodeId, (u64, u32)>,
}

#[derive(Debug, Default)]
struct State {
    mirror: Mirror,
    /// Nodes seen dead and not yet cleared.
    dead: HashSet<NodeId>,
    /// Sweeps in a row that found a node's lease alive but nobody on its channel.
    deaf: HashMap<NodeId, u32>,
    /// The counts last written for this node.
    counts: Option<(u64, u32)>,
}

/// The scripts every node runs (atomic in Redis).
struct Scripts {
    claim: redis::Script,
    release: redis::Script,
    clear_node: redis::Script,
    admit_address: redis::Script,
}

/// Claims a room: KEYS[1] the owner key, KEYS[2] this node's room set; ARGV[1] this node,
/// ARGV[2] the room, ARGV[3] the key prefix. Answers the owner after the call.
const CLAIM: &str = r"
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. ':hb:' .. cur) == 1 then
  return cur
end
redis.call('SET', KEYS[1], ARGV[1])
if cur and cur ~= ARGV[1] then
  redis.call('SREM', ARGV[3] .. ':rooms:' .. cur, ARGV[2])
end
redis.call('SADD', KEYS[2], ARGV[2])
return ARGV[1]
";

/// Lets a room go: KEYS[1] the owner key, KEYS[2] this node's room set; ARGV[1] this node,
/// ARGV[2] the room.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
end
redis.call('SREM', KEYS[2], ARGV[2])
return 1
";

/// Forgets a dead node once its rooms are gone: KEYS[1] its room set, KEYS[2] its beat,
/// KEYS[3] the nodes hash, KEYS[4] its listing, KEYS[5] the counts hash; ARGV[1] the node.
/// Answers 1 when the node was forgotten, 0 while it still has rooms or beats again.
const CLEAR_NODE: &str = r"
if redis.call('SCARD', KEYS[1]) > 0 or redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[4])
redis.call('HDEL', KEYS[5], ARGV[1])
return 1
";

/// Admits one more open room of a client address if the cluster holds fewer than the cap:
/// KEYS[1] the address's hash (node -> open rooms of the address on that node); ARGV[1] this
/// node, ARGV[2] the cap, ARGV[3] the key prefix, ARGV[4] the hash's time to live (s).
/// Fields of nodes whose lease lapsed are dropped (their rooms are adopted without an owner).
/// Answers 1 and counts the room on this node when admitted, else 0.
const ADMIT_ADDRESS: &str = r"
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local node = fields[i]
  if node == ARGV[1] or redis.call('EXISTS', ARGV[3] .. ':hb:' .. node) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], node)
  end
end
if total >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
";

/// How long an address's open-room counts stay in Redis after their last write: each node
/// writes its counts again at least every [`ADDRESS_REFRESH`], so only a node's own stale
/// counts (a write lost while Redis was away) can outlive it, by at most this.
pub const ADDRESS_TTL: Duration = Duration::from_secs(3 * 3600);
/// How often a node writes every one of its open-room counts per address again.
pub const ADDRESS_REFRESH: Duration = Duration::from_secs(3600);

/// This node's membership of a cluster.
pub struct Cluster {
    me: NodeId,
    prefix: String,
    ttl: Duration,
    conn: ConnectionManager,
    scripts: Scripts,
    clock: ServerClock,
    state: Mutex<State>,
    background: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// `true` while this node is subscribed to the bus (a lapsed lease found while it is not
    /// waits for the bus's own resynchronisation, which covers both).
    bus_up: std::sync::atomic::AtomicBool,
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cluster({}, node {})", self.prefix, self.me)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Cluster {
    /// Joins the cluster: connects to Redis, starts beating, subscribes to this node's channel
    /// and the lobby's, and reads the other nodes' listing. Events for the lobby arrive on the
    /// receiver; the first one is a [`ClusterEvent::Resync`] (adopt what nobody owns).
    ///
    /// # Errors
    /// When Redis cannot be reached or answers with an error.
    pub async fn join(
        config: &ClusterConfig,
        clock: ServerClock,
    ) -> Result<(Arc<Cluster>, mpsc::Receiver<ClusterEvent>), ClusterError> {
        let client = redis::Client::open(config.redis_url.as_str())?;
        let manager = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_millis(500));
        let conn = tokio::time::timeout(
            REDIS_TIMEOUT * 2,
            client.get_connection_manager_with_config(manager),
        )
        .await
        .map_err(|_| ClusterError(format!("no answer from {}", redacted(&config.redis_url))))??;
        let cluster = Arc::new(Cluster {
            me: NodeId::random(),
            prefix: config.name.clone(),
            ttl: config.node_ttl.max(MIN_NODE_TTL),
            conn,
            scripts: Scripts {
                claim: redis::Script::new(CLAIM),
                release: redis::Script::new(RELEASE),
                clear_node: redis::Script::new(CLEAR_NODE),
                admit_address: redis::Script::new(ADMIT_ADDRESS),
            },
            clock,
            state: Mutex::new(State::default()),
            background: Mutex::new(Vec::new()),
            bus_up: std::sync::atomic::AtomicBool::new(false),
        });
        let (events, rx) = mpsc::channel(EVENT_QUEUE);
        let (subscribed_tx, subscribed) = tokio::sync::oneshot::channel();
        let reader = tokio::spawn(read_bus(
            Arc::downgrade(&cluster),
            client,
            events.clone(),
            subscribed_tx,
        ));
        // Subscribed first, then alive: a node with a lease and nobody on its channel is dead
        // to the others (see `DEAF_SWEEPS`).
        let _ = tokio::time::timeout(REDIS_TIMEOUT * 2, subscribed).await;
        if let Err(e) = cluster.beat(true).await {
            reader.abort();
            return Err(e);
        }
        let beater = tokio::spawn(run_beats(Arc::downgrade(&cluster), events));
        lock(&cluster.background).extend([reader, beater]);
        tracing::info!("node {} joined cluster {}", cluster.me, cluster.prefix);
        Ok((cluster, rx))
    }

    /// This node's id.
    #[must_use]
    pub fn me(&self) -> &NodeId {
        &self.me
    }

    /// A connection to Redis (cheap: a handle of the shared one).
    #[must_use]
    pub fn redis(&self) -> ConnectionManager {
        self.conn.clone()
    }

    /// The cluster's key prefix (every key of the cluster starts with it and `:`).
    #[must_use]
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The key of `parts` under the cluster's prefix (`<prefix>:a:b`).
    #[must_use]
    pub fn key_of(&self, parts: &[&str]) -> String {
        self.key(parts)
    }

    fn key(&self, parts: &[&str]) -> String {
        let mut k = self.prefix.clone();
        for p in parts {
            k.push(':');
            k.push_str(p);
        }
        k
    }

    fn owner_key(&self, room: &RoomId) -> String {
        self.key(&["owner", room.as_str()])
    }

    fn rooms_key(&self, node: &NodeId) -> String {
        self.key(&["rooms", node.as_str()])
    }

    fn channel(&self, node: &NodeId) -> String {
        self.key(&["to", node.as_str()])
    }

    /// Renews this node's lease. `Ok(false)` when it had lapsed (Redis restarted, or this node
    /// was paused past its time to live, or the others found nobody on its channel): it is
    /// created again when `recreate` (the bus is up), and the caller must resynchronise. A
    /// lapsed lease is not created again while this node cannot hear the bus: the others would
    /// take it for dead anyway.
    async fn beat(&self, recreate: bool) -> Result<bool, ClusterError> {
        let mut c = self.conn.clone();
        let hb = self.key(&["hb", self.me.as_str()]);
        let now = self.clock.now_ms();
        let ttl = u64::try_from(self.ttl.as_millis()).unwrap_or(u64::MAX);
        let mut set = redis::cmd("SET");
        set.arg(&hb).arg(now).arg("PX").arg(ttl);
        // Renewed only if it is still there; created again only when asked.
        let renewed: Option<String> = set.clone().arg("XX").query_async(&mut c).await?;
        let kept = renewed.is_some();
        if !kept && recreate {
            let _: () = set.query_async(&mut c).await?;
        }
        if kept || recreate {
            let _: () = c.hset(self.key(&["nodes"]), self.me.as_str(), now).await?;
        }
        Ok(kept)
    }

    /// Renews this node's lease now, creating it again if it had lapsed (at the start of a
    /// resynchronisation, before this node claims its rooms again).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn renew(&self) -> Result<(), ClusterError> {
        self.beat(true).await.map(|_| ())
    }

    /// Who owns `room`, claiming it for this node when nobody alive does. Two nodes claiming
    /// at once: exactly one gets [`Owner::Me`].
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn claim(&self, room: &RoomId) -> Result<Owner, ClusterError> {
        let mut c = self.conn.clone();
        let owner: String = self
            .scripts
            .claim
            .key(self.owner_key(room))
            .key(self.rooms_key(&self.me))
            .arg(self.me.as_str())
            .arg(room.as_str())
            .arg(&self.prefix)
            .invoke_async(&mut c)
            .await?;
        Ok(if owner == self.me.0 {
            Owner::Me
        } else {
            Owner::Other(NodeId(owner))
        })
    }

    /// Gives up `room` (it is leaving memory), if this node still owns it. The room's task
    /// awaits this before it leaves the registry, so that no claim of the same room by this
    /// node can fall between and be undone.
    pub async fn release(&self, room: &RoomId) {
        let mut c = self.conn.clone();
        let r: Result<i64, _> = self
            .scripts
            .release
            .key(self.owner_key(room))
            .key(self.rooms_key(&self.me))
            .arg(self.me.as_str())
            .arg(room.as_str())
            .invoke_async(&mut c)
            .await;
        if let Err(e) = r {
            tracing::warn!("room {room} not released: {e}");
        }
    }

    /// Claims again each room this node holds in memory (after a [`ClusterEvent::Resync`]);
    /// answers the rooms another node owns now, which this node must drop without writing.
    pub async fn reclaim(&self, rooms: Vec<RoomId>) -> Vec<RoomId> {
        let mut lost = Vec::new();
        for room in rooms {
            match self.claim(&room).await {
                Ok(Owner::Me) => {}
                Ok(Owner::Other(n)) => {
                    tracing::warn!("room {room} is now owned by node {n}: dropped here");
                    lost.push(room);
                }
                // Redis went away again: the next resync tries again.
                Err(e) => tracing::warn!("room {room} not reclaimed: {e}"),
            }
        }
        lost
    }

    /// Sends `msg` to node `to`. Pub/sub is fire-and-forget: a message to a node that is not
    /// subscribed is lost (the protocol's acknowledgements and reconnections recover).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn send(&self, to: &NodeId, msg: &BusMsg) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let _: i64 = c.publish(self.channel(to), msg.encode()).await?;
        Ok(())
    }

    /// The other nodes with a lease in the nodes hash (a node whose lease lapsed may still
    /// be listed until it is swept: a message to it is lost, harmlessly).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn others(&self) -> Result<Vec<NodeId>, ClusterError> {
        let mut c = self.conn.clone();
        let nodes: Vec<String> = c.hkeys(self.key(&["nodes"])).await?;
        Ok(nodes
            .into_iter()
            .filter(|n| n != self.me.as_str())
            .map(NodeId::from)
            .collect())
    }

    fn address_key(&self, addr: AddressKey) -> String {
        self.key(&["addr", &addr.to_string()])
    }

    /// Counts one more open room of `addr` on this node if the open rooms of `addr` on every
    /// live node add up to fewer than `cap`, in one step (two nodes admitting at once never
    /// both pass the cap). `Ok(false)`: the cap is reached. The count is this node's until
    /// [`Cluster::set_address_rooms`] writes it again.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn admit_address(&self, addr: AddressKey, cap: u32) -> Result<bool, ClusterError> {
        let mut c = self.conn.clone();
        let admitted: i64 = self
            .scripts
            .admit_address
            .key(self.address_key(addr))
            .arg(self.me.as_str())
            .arg(cap)
            .arg(&self.prefix)
            .arg(ADDRESS_TTL.as_secs())
            .invoke_async(&mut c)
            .await?;
        Ok(admitted == 1)
    }

    /// Writes how many open rooms of `addr` this node holds (0 removes its count).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn set_address_rooms(
        &self,
        addr: AddressKey,
        rooms: u32,
    ) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let key = self.address_key(addr);
        if rooms == 0 {
            let _: () = c.hdel(&key, self.me.as_str()).await?;
        } else {
            let _: () = redis::pipe()
                .hset(&key, self.me.as_str(), rooms)
                .ignore()
                .expire(
                    &key,
                    i64::try_from(ADDRESS_TTL.as_secs()).unwrap_or(i64::MAX),
                )
                .ignore()
                .query_async(&mut c)
                .await?;
        }
        Ok(())
    }

    /// Records that one of this node's rooms entered (`Some`) or left (`None`) the listing.
    pub fn set_listed(self: &Arc<Self>, room: RoomId, entry: Option<Listed>) {
        let me = self.clone();
        tokio::spawn(async move {
            if let Err(e) = me.write_listed(&room, entry.as_ref()).await {
                tracing::warn!("listing of room {room} not shared: {e}");
            }
        });
    }

    async fn write_listed(
        &self,
        room: &RoomId,
        entry: Option<&Listed>,
    ) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let key = self.key(&["listing", self.me.as_str()]);
        match entry {
            Some(e) => {
                let json = serde_json::to_string(e).map_err(|e| ClusterError(e.to_string()))?;
                let _: () = c.hset(&key, room.as_str(), json).await?;
            }
            None => {
                let _: () = c.hdel(&key, room.as_str()).await?;
            }
        }
        let note = LobbyNote::Room {
            node: self.me.clone(),
            room: room.clone(),
            entry: entry.cloned(),
        };
        self.announce(&note).await
    }

    /// Replaces this node's listing in Redis with `entries` (after a resync).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn set_listing(&self, entries: Vec<(RoomId, Listed)>) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let key = self.key(&["listing", self.me.as_str()]);
        let mut pipe = redis::pipe();
        pipe.atomic().del(&key).ignore();
        for (room, e) in &entries {
            let json = serde_json::to_string(e).map_err(|e| ClusterError(e.to_string()))?;
            pipe.hset(&key, room.as_str(), json).ignore();
        }
        let _: () = pipe.query_async(&mut c).await?;
        for (room, entry) in entries {
            let note = LobbyNote::Room {
                node: self.me.clone(),
                room,
                entry: Some(entry),
            };
            self.announce(&note).await?;
        }
        let counts = lock(&self.state).counts.take();
        if let Some((online, games)) = counts {
            self.set_counts(online, games).await;
        }
        Ok(())
    }

    /// Shares this node's counts (players online, games in progress) when they changed.
    pub async fn set_counts(&self, online: u64, games: u32) {
        {
            let mut st = lock(&self.state);
            if st.counts == Some((online, games)) {
                return;
            }
            st.counts = Some((online, games));
        }
        let mut c = self.conn.clone();
        let written: Result<(), _> = c
            .hset(
                self.key(&["counts"]),
                self.me.as_str(),
                format!("{online} {games}"),
            )
            .await;
        let note = LobbyNote::Counts {
            node: self.me.clone(),
            online,
            games,
        };
        if let Err(e) = async {
            written.map_err(ClusterError::from)?;
            self.announce(&note).await
        }
        .await
        {
            lock(&self.state).counts = None;
            tracing::warn!("counts not shared: {e}");
        }
    }

    async fn announce(&self, note: &LobbyNote) -> Result<(), ClusterError> {
        let json = serde_json::to_string(note).map_err(|e| ClusterError(e.to_string()))?;
        let mut c = self.conn.clone();
        let _: i64 = c.publish(self.key(&["lobby"]), json).await?;
        Ok(())
    }

    /// The other nodes' listed rooms.
    #[must_use]
    pub fn remote_listing(&self) -> Vec<Listed> {
        let st = lock(&self.state);
        st.mirror
            .listed
            .values()
            .flat_map(|rooms| rooms.values().cloned())
            .collect()
    }

    /// The rooms the other nodes list as seeks of `user` (without copying the listing).
    #[must_use]
    pub fn remote_seeks(&self, user: &protocol::user::UserId) -> usize {
        let st = lock(&self.state);
        st.mirror
            .listed
            .values()
            .flat_map(|rooms| rooms.values())
            .filter(|l| {
                l.summary
                    .seeker
                    .as_ref()
                    .is_some_and(|k| k.username.id() == *user)
            })
            .count()
    }

    /// The other nodes' players online and games in progress, added up.
    #[must_use]
    pub fn remote_counts(&self) -> (u64, u32) {
        let st = lock(&self.state);
        st.mirror
            .counts
            .values()
            .fold((0, 0), |(o, g), (o2, g2)| (o + o2, g.saturating_add(*g2)))
    }

    /// Reads every other node's listing and counts again (after the bus reconnected).
    async fn reload_mirror(&self) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let nodes: HashMap<String, u64> = c.hgetall(self.key(&["nodes"])).await?;
        let counts: HashMap<String, String> = c.hgetall(self.key(&["counts"])).await?;
        let mut mirror = Mirror::default();
        for node in nodes.keys() {
            if node == self.me.as_str() {
                continue;
            }
            let id = NodeId(node.clone());
            let listing: HashMap<String, String> = c.hgetall(self.key(&["listing", node])).await?;
            let rooms = listing
                .into_iter()
                .filter_map(|(room, json)| {
                    Some((room.parse().ok()?, serde_json::from_str(&json).ok()?))
                })
                .collect();
            mirror.listed.insert(id.clone(), rooms);
            if let Some((o, g)) = counts.get(node).and_then(|v| v.split_once(' '))
                && let (Ok(o), Ok(g)) = (o.parse(), g.parse())
            {
                mirror.counts.insert(id, (o, g));
            }
        }
        lock(&self.state).mirror = mirror;
        Ok(())
    }

    /// Reads one other node's listing and counts again (it came back after it was counted
    /// dead). Notes it announces from now on apply on top.
    async fn reload_node(&self, node: &NodeId) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let listing: HashMap<String, String> =
            c.hgetall(self.key(&["listing", node.as_str()])).await?;
        let counts: Option<String> = c.hget(self.key(&["counts"]), node.as_str()).await?;
        let rooms: HashMap<RoomId, Listed> = listing
            .into_iter()
            .filter_map(|(room, json)| {
                Some((room.parse().ok()?, serde_json::from_str(&json).ok()?))
            })
            .collect();
        let mut st = lock(&self.state);
        if st.dead.contains(node) {
            return Ok(());
        }
        // Entries announced meanwhile are newer than what was read: keep them.
        let mirror = st.mirror.listed.entry(node.clone()).or_default();
        for (room, e) in rooms {
            mirror.entry(room).or_insert(e);
        }
        if let Some((o, g)) = counts.as_deref().and_then(|v| v.split_once(' '))
            && let (Ok(o), Ok(g)) = (o.parse(), g.parse())
        {
            st.mirror.counts.entry(node.clone()).or_insert((o, g));
        }
        Ok(())
    }

    fn apply_note(&self, note: LobbyNote) -> bool {
        let mut st = lock(&self.state);
        match note {
            LobbyNote::Room { node, .. } | LobbyNote::Counts { node, .. }
                if node == self.me || st.dead.contains(&node) =>
            {
                false
            }
            LobbyNote::Room { node, room, entry } => {
                let rooms = st.mirror.listed.entry(node).or_default();
                match entry {
                    Some(e) => rooms.insert(room, e.clone()) != Some(e),
                    None => rooms.remove(&room).is_some(),
                }
            }
            LobbyNote::Counts {
                node,
                online,
                games,
            } => st.mirror.counts.insert(node, (online, games)) != Some((online, games)),
        }
    }

    /// Looks for dead nodes: tells the lobby of each new one, adopts their rooms (those this
    /// node wins) and forgets a dead node once its rooms are gone.
    async fn sweep(&self, events: &mpsc::Sender<ClusterEvent>) -> Result<(), ClusterError> {
        let mut c = self.conn.clone();
        let nodes: HashMap<String, u64> = c.hgetall(self.key(&["nodes"])).await?;
        {
            // Nodes forgotten (by any node) need no more watching.
            let mut st = lock(&self.state);
            st.dead.retain(|n| nodes.contains_key(n.as_str()));
            st.deaf.retain(|n, _| nodes.contains_key(n.as_str()));
        }
        let others: Vec<(NodeId, u64)> = nodes
            .into_iter()
            .filter(|(n, _)| n != self.me.as_str())
            .map(|(n, at)| (NodeId(n), at))
            .collect();
        if others.is_empty() {
            return Ok(());
        }
        let mut pipe = redis::pipe();
        for (n, _) in &others {
            pipe.exists(self.key(&["hb", n.as_str()]));
        }
        let alive: Vec<bool> = pipe.query_async(&mut c).await?;
        // A node that died (kill -9, a crash) leaves its lease to expire, but Redis closes its
        // connections at once: nobody listens on its channel any more.
        let mut numsub = redis::cmd("PUBSUB");
        numsub.arg("NUMSUB");
        for (n, _) in &others {
            numsub.arg(self.channel(n));
        }
        let listeners: Vec<(String, u64)> = numsub.query_async(&mut c).await?;
        for (((node, last_beat), alive), (_, listening)) in
            others.into_iter().zip(alive).zip(listeners)
        {
            let deaf = alive && listening == 0 && {
                let mut st = lock(&self.state);
                let n = st.deaf.entry(node.clone()).or_default();
                *n += 1;
                *n >= DEAF_SWEEPS
            };
            if alive && listening > 0 {
                lock(&self.state).deaf.remove(&node);
            }
            if alive && !deaf {
                let back = lock(&self.state).dead.remove(&node);
                if back {
                    // It was paused or cut off past its lease: what it announced while it was
                    // still counted dead here was ignored, so read its listing and counts.
                    tracing::info!("node {node} beats again");
                    self.reload_node(&node).await?;
                    let _ = events.send(ClusterEvent::LobbyChanged).await;
                }
                continue;
            }
            if deaf {
                // Its lease goes now, so that its rooms can be claimed (the store's fence keeps
                // a node that was only cut off from writing them again).
                tracing::warn!("node {node} holds a lease but nobody listens on its channel");
                let _: () = c.del(self.key(&["hb", node.as_str()])).await?;
                lock(&self.state).deaf.remove(&node);
            }
            let new = {
                let mut st = lock(&self.state);
                st.mirror.listed.remove(&node);
                st.mirror.counts.remove(&node);
                st.dead.insert(node.clone())
            };
            if new {
                tracing::warn!("node {node} stopped beating (last beat at {last_beat} ms)");
                let _ = events.send(ClusterEvent::NodeDead(node.clone())).await;
                let _ = events.send(ClusterEvent::LobbyChanged).await;
            }
            let rooms: Vec<String> = c.smembers(self.rooms_key(&node)).await?;
            for room in rooms {
                let Ok(room) = room.parse::<RoomId>() else {
                    let _: () = c.srem(self.rooms_key(&node), &room).await?;
                    continue;
                };
                if self.claim(&room).await? == Owner::Me {
                    let _ = events
                        .send(ClusterEvent::Adopt {
                            room,
                            alive_ms: Some(last_beat),
                        })
                        .await;
                }
            }
            let cleared: i64 = self
                .scripts
                .clear_node
                .key(self.rooms_key(&node))
                .key(self.key(&["hb", node.as_str()]))
                .key(self.key(&["nodes"]))
                .key(self.key(&["listing", node.as_str()]))
                .key(self.key(&["counts"]))
                .arg(node.as_str())
                .invoke_async(&mut c)
                .await?;
            if cleared == 1 {
                tracing::info!("node {node} forgotten: its rooms have new owners");
                let mut st = lock(&self.state);
                st.dead.remove(&node);
                st.deaf.remove(&node);
            }
        }
        Ok(())
    }

    /// Stops the beat and the bus, and gives up this node's lease so that the other nodes take
    /// its rooms over at once (rooms still in memory are released by their tasks).
    pub async fn leave(&self) {
        for t in lock(&self.background).drain(..) {
            t.abort();
        }
        let mut c = self.conn.clone();
        let hb = self.key(&["hb", self.me.as_str()]);
        let _: Result<(), _> = c.del(hb).await;
    }
}

/// `url` without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…@{}", &url[..s], &url[at + 1..]),
        _ => url.to_owned(),
    }
}

/// Renews the lease every [`BEAT`] and sweeps dead nodes; asks for a resync when the lease had
/// lapsed.
async fn run_beats(cluster: std::sync::Weak<Cluster>, events: mpsc::Sender<ClusterEvent>) {
    let mut every = tokio::time::interval(BEAT);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failing = false;
    loop {
        every.tick().await;
        let Some(c) = cluster.upgrade() else { break };
        match c
            .beat(c.bus_up.load(std::sync::atomic::Ordering::Acquire))
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                if c.bus_up.load(std::sync::atomic::Ordering::Acquire) {
                    tracing::warn!("node {}: its lease had lapsed; resynchronising", c.me);
                    if events.send(ClusterEvent::Resync).await.is_err() {
                        break;
                    }
                } else {
                    tracing::warn!(
                        "node {}: its lease had lapsed; the bus resynchronises",
                        c.me
                    );
                }
            }
            Err(e) => {
                if !failing {
                    tracing::error!("node {}: lease not renewed: {e}", c.me);
                }
                failing = true;
                continue;
            }
        }
        if failing {
            tracing::info!("node {}: Redis answers again", c.me);
            failing = false;
        }
        if let Err(e) = c.sweep(&events).await {
            tracing::warn!("node {}: sweep failed: {e}", c.me);
        }
    }
}

/// Reads this node's channel and the lobby channel; when the subscription breaks, subscribes
/// again (backing off) and asks for a resync, since messages may have been lost meanwhile.
async fn read_bus(
    cluster: std::sync::Weak<Cluster>,
    client: redis::Client,
    events: mpsc::Sender<ClusterEvent>,
    subscribed: tokio::sync::oneshot::Sender<()>,
) {
    let mut subscribed = Some(subscribed);
    let mut delay = FIRST_RETRY;
    loop {
        let Some(c) = cluster.upgrade() else { break };
        let mine = c.channel(&c.me);
        let lobby = c.key(&["lobby"]);
        drop(c);
        let pubsub = async {
            let mut p = client.get_async_pubsub().await?;
            p.subscribe(&mine).await?;
            p.subscribe(&lobby).await?;
            Ok::<_, redis::RedisError>(p)
        };
        let mut pubsub = match tokio::time::timeout(REDIS_TIMEOUT, pubsub).await {
            Ok(Ok(p)) => p,
            Ok(Err(e)) => {
                if delay == FIRST_RETRY {
                    tracing::warn!("bus not subscribed: {e}; trying again");
                }
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_millis(500));
                continue;
            }
            Err(_) => {
                if delay == FIRST_RETRY {
                    tracing::warn!("bus not subscribed: no answer; trying again");
                }
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_millis(500));
                continue;
            }
        };
        delay = FIRST_RETRY;
        let Some(c) = cluster.upgrade() else { break };
        if let Err(e) = c.reload_mirror().await {
            tracing::warn!("other nodes' listing not read: {e}");
        }
        drop(c);
        if let Some(s) = subscribed.take() {
            let _ = s.send(());
        }
        if let Some(c) = cluster.upgrade() {
            c.bus_up.store(true, std::sync::atomic::Ordering::Release);
        }
        if events.send(ClusterEvent::Resync).await.is_err() {
            break;
        }
        let _ = events.send(ClusterEvent::LobbyChanged).await;
        let mut stream = pubsub.on_message();
        while let Some(msg) = stream.next().await {
            let Some(c) = cluster.upgrade() else { return };
            let event = if msg.get_channel_name() == lobby {
                let Ok(note) = serde_json::from_slice::<LobbyNote>(msg.get_payload_bytes()) else {
                    continue;
                };
                if !c.apply_note(note) {
                    continue;
                }
                ClusterEvent::LobbyChanged
            } else {
                let Some(m) = BusMsg::decode(msg.get_payload_bytes()) else {
                    tracing::warn!("undecodable bus message on {}", msg.get_channel_name());
                    continue;
                };
                ClusterEvent::Bus(m)
            };
            drop(c);
            if events.send(event).await.is_err() {
                return;
            }
        }
        if let Some(c) = cluster.upgrade() {
            c.bus_up.store(false, std::sync::atomic::Ordering::Release);
        }
        tracing::warn!("bus subscription lost; subscribing again");
    }
}

/// The listed rooms of the whole cluster, newest first, at most `n`: this node's and the
/// mirror's.
#[must_use]
pub fn merge_listing(
    local: impl Iterator<Item = (u64, RoomSummary)>,
    remote: Vec<Listed>,
    n: usize,
) -> Vec<RoomSummary> {
    let mut all: BTreeMap<(std::cmp::Reverse<u64>, RoomId), RoomSummary> = local
        .map(|(at, s)| ((std::cmp::Reverse(at), s.id.clone()), s))
        .collect();
    for l in remote {
        all.insert(
            (std::cmp::Reverse(l.created_ms), l.summary.id.clone()),
            l.summary,
        );
    }
    all.into_values().take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bus_messages_round_trip() {
        let room = RoomId::from_bytes([7; 10]);
        let from = NodeId("00112233aabbccdd".into());
        let msgs = [
            BusMsg::Cmd {
                from: from.clone(),
                conn: 12,
                addr: Some("127.0.0.3".parse().expect("addr")),
                user: "Somchai".parse().ok(),
                room: room.clone(),
                cmd: RemoteCmd::Join {
                    secret: Some("s".into()),
                    after: Some(4),
                    mode: crate::room::JoinMode::Play,
                },
            },
            BusMsg::Cmd {
                from: from.clone(),
                conn: 12,
                addr: None,
                user: None,
                room: room.clone(),
                cmd: RemoteCmd::Ack { seq: 9 },
            },
            BusMsg::Cmd {
                from: from.clone(),
                conn: 12,
                addr: None,
                user: None,
                room: room.clone(),
                cmd: RemoteCmd::Command {
                    command: RoomCommand::Move {
                        ply: 3,
                        uci: "a7a8r".parse().expect("uci"),
                    },
                },
            },
            BusMsg::Gone { from, conn: 3 },
            BusMsg::Close { conn: 4 },
            BusMsg::Frames {
                conn: 99,
                frames: vec![
                    Frame::from(r#"{"type":"welcome","text":"a\nb"}"#.to_owned()),
                    Frame::from("{}".to_owned()),
                ],
            },
        ];
        for m in msgs {
            assert_eq!(BusMsg::decode(&m.encode()), Some(m.clone()), "{m:?}");
        }
        assert_eq!(BusMsg::decode(b""), None);
        assert_eq!(BusMsg::decode(b"Fx\n{}"), None);
        assert_eq!(BusMsg::decode(b"J{\"t\":\"nope\"}"), None);
        assert_eq!(BusMsg::decode(b"Q"), None);
    }

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            redacted("redis://:hunter2@10.0.0.1:6379"),
            "redis://…@10.0.0.1:6379"
        );
        assert_eq!(redacted("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
    }

    #[test]
    fn the_listing_merges_newest_first() {
        let s = |n: u8| RoomSummary {
            id: RoomId::from_bytes([n; 10]),
            open_seat: rules::Color::White,
            promotion: protocol::PromotionRule::Any,
            clock: None,
            rated: false,
            seeker: None,
            rating_range: None,
        };
        let local = vec![(10, s(1)), (30, s(3))];
        let remote = vec![
            Listed {
                created_ms: 20,
                summary: s(2),
            },
            Listed {
                created_ms: 40,
                summary: s(4),
            },
        ];
        let ids: Vec<RoomId> = merge_listing(local.into_iter(), remote, 3)
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, vec![s(4).id, s(3).id, s(2).id]);
    }
}
