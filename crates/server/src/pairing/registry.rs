//! Where the places in the pools are kept: in this process on one server, in Redis on
//! several nodes (every node writes its players' places there, and the pairing authority
//! reads and claims them). Both keep the same semantics:
//!
//! - a place is one field per player key (`u:<account>` or `c:<node>:<connection>`), so an
//!   account holds one place at a time: a newer place replaces the older one;
//! - [`Registry::claim`] takes two places out in one step, only if both are still the ones
//!   the wave saw, and remembers their tickets as claimed for a while;
//! - [`Registry::reassert`] writes a node's places again when they are missing and not
//!   claimed lately (a place lost with a pairing authority that died comes back), and tells
//!   which ones another place replaced.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use redis::AsyncCommands;
use serde::{Deserialize, Serialize};

use crate::cluster::{Cluster, ClusterError};
use crate::pairing::PoolKey;
use protocol::user::Username;

/// How long a claimed place is not written back by its node (ms): the time a pairing may
/// take from the claim to telling the players.
pub const CLAIM_GRACE_MS: u64 = 30_000;
/// How long the pairing history of a player is remembered (s).
pub const HISTORY_TTL_SECS: u64 = 3_600;

/// A place in a pool as every node sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The place's random id.
    pub ticket: String,
    /// The player: `u:<account id>` or `c:<node>:<connection>`.
    pub key: String,
    /// The node of the player's connection (`None` on a single server).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The signed-in player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Username>,
    /// The rating in the pool's perf (1500 when anonymous).
    pub rating: i32,
    /// Whether that rating is provisional (absent: not, or anonymous).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub provisional: bool,
    /// When the player joined (ms since the Unix epoch).
    pub joined_ms: u64,
    /// The hash of the seat secret the player's connection holds.
    pub secret_hash: String,
}

/// A player's recent pool games, for the next wave.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// The last opponent's key.
    pub last_opponent: Option<String>,
    /// Whites minus blacks, kept within ±3.
    pub balance: i32,
}

/// The places of one server.
#[derive(Debug, Default)]
pub struct Memory {
    pools: HashMap<String, HashMap<String, Place>>,
    claimed: HashMap<String, u64>,
    history: HashMap<String, (History, u64)>,
}

/// Where the places live.
pub enum Registry {
    /// In this process (one server).
    Memory(Mutex<Memory>),
    /// In Redis, shared by the nodes.
    Redis(Arc<Cluster>),
}

fn lock(m: &Mutex<Memory>) -> std::sync::MutexGuard<'_, Memory> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The script of [`Registry::claim`]: KEYS[1] the pool, KEYS[2] the claimed tickets; ARGV
/// key a, ticket a, key b, ticket b, now (ms), claimed TTL (s).
const CLAIM: &str = r"
local a = redis.call('HGET', KEYS[1], ARGV[1])
local b = redis.call('HGET', KEYS[1], ARGV[3])
if not a or not b then return 0 end
if cjson.decode(a).ticket ~= ARGV[2] or cjson.decode(b).ticket ~= ARGV[4] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[5], ARGV[4], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return 1
";

/// The script of [`Registry::remove`]: KEYS[1] the pool; ARGV key, ticket.
const REMOVE: &str = r"
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and cjson.decode(cur).ticket == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 1
end
return 0
";

/// The script of [`Registry::reassert`]: KEYS[1] the pool, KEYS[2] the claimed tickets; ARGV
/// now (ms), grace (ms), then key, ticket, place (JSON) for each place. Answers the tickets
/// another place replaced.
const REASSERT: &str = r"
local now = tonumber(ARGV[1])
local grace = tonumber(ARGV[2])
local moved = {}
for i = 3, #ARGV, 3 do
  local cur = redis.call('HGET', KEYS[1], ARGV[i])
  if cur then
    if cjson.decode(cur).ticket ~= ARGV[i + 1] then
      table.insert(moved, ARGV[i + 1])
    end
  else
    local at = redis.call('HGET', KEYS[2], ARGV[i + 1])
    if not at or now - tonumber(at) > grace then
      redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2])
      redis.call('HDEL', KEYS[2], ARGV[i + 1])
    end
  end
end
return moved
";

/// The script of [`Registry::snapshot`]: KEYS[1] the pool; ARGV[1] the key prefix. Drops the
/// places of nodes whose lease lapsed and answers the others.
const SNAPSHOT: &str = r"
local out = {}
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local node = cjson.decode(fields[i + 1]).node
  if node and redis.call('EXISTS', ARGV[1] .. ':hb:' .. node) == 0 then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    table.insert(out, fields[i + 1])
  end
end
return out
";

/// The script of [`Registry::authority`]: KEYS[1] the lease; ARGV this node, TTL (ms).
const AUTHORITY: &str = r"
local cur = redis.call('GET', KEYS[1])
if cur == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if not cur then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
";

fn decode(json: &str) -> Option<Place> {
    serde_json::from_str(json).ok()
}

fn encode(place: &Place) -> String {
    serde_json::to_string(place).unwrap_or_default()
}

impl Registry {
    fn pool_key(c: &Cluster, pool: PoolKey) -> String {
        c.key_of(&["pool", &pool.name()])
    }

    fn claimed_key(c: &Cluster) -> String {
        c.key_of(&["pool", "claimed"])
    }

    fn history_key(c: &Cluster) -> String {
        c.key_of(&["pool", "history"])
    }

    /// Writes `place` into `pool`, replacing the player's older place.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn put(&self, pool: PoolKey, place: &Place) -> Result<(), ClusterError> {
        match self {
            Registry::Memory(m) => {
                lock(m)
                    .pools
                    .entry(pool.name())
                    .or_default()
                    .insert(place.key.clone(), place.clone());
                Ok(())
            }
            Registry::Redis(c) => {
                let mut r = c.redis();
                let () = r
                    .hset(Registry::pool_key(c, pool), &place.key, encode(place))
                    .await?;
                Ok(())
            }
        }
    }

    /// Takes the place `ticket` of `key` out of `pool`, if it is still there.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn remove(&self, pool: PoolKey, key: &str, ticket: &str) -> Result<(), ClusterError> {
        match self {
            Registry::Memory(m) => {
                let mut m = lock(m);
                if let Some(places) = m.pools.get_mut(&pool.name())
                    && places.get(key).is_some_and(|p| p.ticket == ticket)
                {
                    places.remove(key);
                }
                Ok(())
            }
            Registry::Redis(c) => {
                let mut r = c.redis();
                let _: i64 = redis::Script::new(REMOVE)
                    .key(Registry::pool_key(c, pool))
                    .arg(key)
                    .arg(ticket)
                    .invoke_async(&mut r)
                    .await?;
                Ok(())
            }
        }
    }

    /// Writes back each of `places` that is missing from `pool` and was not claimed within
    /// [`CLAIM_GRACE_MS`]; answers the tickets of those another place of the same player
    /// replaced.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn reassert(
        &self,
        pool: PoolKey,
        places: &[Place],
        now_ms: u64,
    ) -> Result<Vec<String>, ClusterError> {
        if places.is_empty() {
            return Ok(Vec::new());
        }
        match self {
            Registry::Memory(m) => {
                let mut m = lock(m);
                let Memory { pools, claimed, .. } = &mut *m;
                let pool = pools.entry(pool.name()).or_default();
                let mut moved = Vec::new();
                for p in places {
                    match pool.get(&p.key) {
                        Some(cur) if cur.ticket != p.ticket => moved.push(p.ticket.clone()),
                        Some(_) => {}
                        None => {
                            let recent = claimed
                                .get(&p.ticket)
                                .is_some_and(|&at| now_ms.saturating_sub(at) <= CLAIM_GRACE_MS);
                            if !recent {
                                pool.insert(p.key.clone(), p.clone());
                                claimed.remove(&p.ticket);
                            }
                        }
                    }
                }
                Ok(moved)
            }
            Registry::Redis(c) => {
                let reassert = redis::Script::new(REASSERT);
                let mut script = reassert.prepare_invoke();
                script
                    .key(Registry::pool_key(c, pool))
                    .key(Registry::claimed_key(c))
                    .arg(now_ms)
                    .arg(CLAIM_GRACE_MS);
                for p in places {
                    script.arg(&p.key).arg(&p.ticket).arg(encode(p));
                }
                let mut r = c.redis();
                Ok(script.invoke_async(&mut r).await?)
            }
        }
    }

    /// The places of `pool` whose node is alive (the others are dropped).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn snapshot(&self, pool: PoolKey) -> Result<Vec<Place>, ClusterError> {
        match self {
            Registry::Memory(m) => Ok(lock(m)
                .pools
                .get(&pool.name())
                .map(|p| p.values().cloned().collect())
                .unwrap_or_default()),
            Registry::Redis(c) => {
                let mut r = c.redis();
                let raw: Vec<String> = redis::Script::new(SNAPSHOT)
                    .key(Registry::pool_key(c, pool))
                    .arg(c.prefix())
                    .invoke_async(&mut r)
                    .await?;
                Ok(raw.iter().filter_map(|j| decode(j)).collect())
            }
        }
    }

    /// Takes `a` and `b` out of `pool` if both are still there as the wave saw them, and
    /// remembers their tickets as claimed; `false` when either left meanwhile.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn claim(
        &self,
        pool: PoolKey,
        a: &Place,
        b: &Place,
        now_ms: u64,
    ) -> Result<bool, ClusterError> {
        match self {
            Registry::Memory(m) => {
                let mut m = lock(m);
                let Memory { pools, claimed, .. } = &mut *m;
                let Some(places) = pools.get_mut(&pool.name()) else {
                    return Ok(false);
                };
                let here = |p: &Place| places.get(&p.key).is_some_and(|c| c.ticket == p.ticket);
                if !(here(a) && here(b)) {
                    return Ok(false);
                }
                places.remove(&a.key);
                places.remove(&b.key);
                claimed.insert(a.ticket.clone(), now_ms);
                claimed.insert(b.ticket.clone(), now_ms);
                claimed.retain(|_, at| now_ms.saturating_sub(*at) <= CLAIM_GRACE_MS);
                Ok(true)
            }
            Registry::Redis(c) => {
                let mut r = c.redis();
                let n: i64 = redis::Script::new(CLAIM)
                    .key(Registry::pool_key(c, pool))
                    .key(Registry::claimed_key(c))
                    .arg(&a.key)
                    .arg(&a.ticket)
                    .arg(&b.key)
                    .arg(&b.ticket)
                    .arg(now_ms)
                    .arg(CLAIM_GRACE_MS / 1000 * 4)
                    .invoke_async(&mut r)
                    .await?;
                Ok(n == 1)
            }
        }
    }

    /// Forgets that `tickets` were claimed: their players were told where to play, or their
    /// places may come back at once.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn unclaim(&self, tickets: &[&str]) -> Result<(), ClusterError> {
        match self {
            Registry::Memory(m) => {
                let mut m = lock(m);
                for t in tickets {
                    m.claimed.remove(*t);
                }
                Ok(())
            }
            Registry::Redis(c) => {
                let mut r = c.redis();
                let _: i64 = r.hdel(Registry::claimed_key(c), tickets).await?;
                Ok(())
            }
        }
    }

    /// The players waiting in each pool, by [`PoolKey::name`].
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn counts(&self, pools: &[PoolKey]) -> Result<HashMap<String, u32>, ClusterError> {
        match self {
            Registry::Memory(m) => {
                let m = lock(m);
                Ok(pools
                    .iter()
                    .map(|p| {
                        let n = m.pools.get(&p.name()).map_or(0, HashMap::len);
                        (p.name(), u32::try_from(n).unwrap_or(u32::MAX))
                    })
                    .collect())
            }
            Registry::Redis(c) => {
                let mut pipe = redis::pipe();
                for p in pools {
                    pipe.hlen(Registry::pool_key(c, *p));
                }
                let mut r = c.redis();
                let n: Vec<u32> = pipe.query_async(&mut r).await?;
                Ok(pools.iter().map(PoolKey::name).zip(n).collect())
            }
        }
    }

    /// The recent pool games of each of `keys`.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn history(
        &self,
        keys: &[&str],
        now_ms: u64,
    ) -> Result<HashMap<String, History>, ClusterError> {
        if keys.is_empty() {
            return Ok(HashMap::new());
        }
        match self {
            Registry::Memory(m) => {
                let m = lock(m);
                Ok(keys
                    .iter()
                    .filter_map(|k| {
                        let (h, at) = m.history.get(*k)?;
                        (now_ms.saturating_sub(*at) <= HISTORY_TTL_SECS * 1000)
                            .then(|| ((*k).to_owned(), h.clone()))
                    })
                    .collect())
            }
            Registry::Redis(c) => {
                let mut r = c.redis();
                let raw: Vec<Option<String>> = redis::cmd("HMGET")
                    .arg(Registry::history_key(c))
                    .arg(keys)
                    .query_async(&mut r)
                    .await?;
                Ok(keys
                    .iter()
                    .zip(raw)
                    .filter_map(|(k, v)| {
                        let h = serde_json::from_str(v.as_deref()?).ok()?;
                        Some(((*k).to_owned(), h))
                    })
                    .collect())
            }
        }
    }

    /// Remembers a pool game between `white` and `black` (player keys).
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn record(
        &self,
        white: &str,
        black: &str,
        before: (&History, &History),
        now_ms: u64,
    ) -> Result<(), ClusterError> {
        let w = History {
            last_opponent: Some(black.to_owned()),
            balance: (before.0.balance + 1).clamp(-3, 3),
        };
        let b = History {
            last_opponent: Some(white.to_owned()),
            balance: (before.1.balance - 1).clamp(-3, 3),
        };
        match self {
            Registry::Memory(m) => {
                let mut m = lock(m);
                m.history
                    .retain(|_, (_, at)| now_ms.saturating_sub(*at) <= HISTORY_TTL_SECS * 1000);
                m.history.insert(white.to_owned(), (w, now_ms));
                m.history.insert(black.to_owned(), (b, now_ms));
                Ok(())
            }
            Registry::Redis(c) => {
                let key = Registry::history_key(c);
                let json = |h: &History| serde_json::to_string(h).unwrap_or_default();
                let mut r = c.redis();
                let () = redis::pipe()
                    .hset(&key, white, json(&w))
                    .ignore()
                    .hset(&key, black, json(&b))
                    .ignore()
                    .expire(&key, i64::try_from(HISTORY_TTL_SECS).unwrap_or(i64::MAX))
                    .ignore()
                    .query_async(&mut r)
                    .await?;
                Ok(())
            }
        }
    }

    /// Whether this node pairs the pools now: always on one server; on several nodes, the
    /// holder of a lease of `ttl_ms`, taken when free and renewed by each wave.
    ///
    /// # Errors
    /// When Redis does not answer.
    pub async fn authority(&self, ttl_ms: u64) -> Result<bool, ClusterError> {
        match self {
            Registry::Memory(_) => Ok(true),
            Registry::Redis(c) => {
                let mut r = c.redis();
                let n: i64 = redis::Script::new(AUTHORITY)
                    .key(c.key_of(&["pool", "authority"]))
                    .arg(c.me().as_str())
                    .arg(ttl_ms)
                    .invoke_async(&mut r)
                    .await?;
                Ok(n == 1)
            }
        }
    }
}
