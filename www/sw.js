// The service worker of ASEAN chess: keeps the page, its bundle, the AI worker and the rules
// pages in a cache, so the game reloads and plays hot-seat, against the AI and analyses with no
// network. Registered by index.html.
//
// - The files and their SHA-256 come from pkg/assets.js, written by `cargo xtask build`
//   (crates/xtask/src/assets.rs). The browser compares this script and its imports byte for
//   byte on every update check (index.html registers it with updateViaCache "none"), so any
//   change of any file installs a new version; installing downloads the changed files (and
//   copies the unchanged ones from the old cache), checks each against its hash, and fails (to
//   be retried on the next load) when one does not match.
// - A new version waits: pages an older version opened keep it. It takes over when the last
//   page of the older version reloads (or navigates) and the network serves the new page, or
//   when the player taps "Update" (the page sends {type: "skip-waiting"} and reloads once the
//   new version controls it). Pages of an older version still open when it takes over (another
//   tab) are served from the older version's cache until they reload, and that cache is deleted
//   only once none of them is left. Which page has which version is kept in the cache
//   VERSIONS (a worker may be stopped and started again at any time).
// - Navigations: the network first, with a short timeout, falling back to the cached page when
//   offline (or slow). When a network page differs from the cached one (a newer build is being
//   served), the other files are taken from the network too until the new version takes over,
//   so a new page never runs an old bundle.
// - Other files of the list: the cache first (they are checked by content hash).
// - Never cached: anything not in the list, other origins, non-GET requests, the lobby's
//   WebSocket (/ws), /healthz, /metrics and /api.
importScripts("pkg/assets.js");

const ASSETS = self.ASSETS || {};
const PREFIX = "asean-";
const NAVIGATION_TIMEOUT_MS = 3000;
const NEVER_CACHED = ["/ws", "/healthz", "/metrics", "/api"];
// The cache (not a version's: its name lacks PREFIX) holding which version is active and which
// open pages belong to an older one: {active: cache name, clients: {client id: cache name}}.
const VERSIONS = "asean:versions";

const scope = new URL(self.registration.scope);

const hex = (buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

const sha256 = async (response) => hex(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));

// The cache of this version: named after the hash of the whole list.
const cacheName = (async () => {
  const list = new TextEncoder().encode(JSON.stringify(Object.entries(ASSETS).sort()));
  return PREFIX + hex(await crypto.subtle.digest("SHA-256", list)).slice(0, 16);
})();

// The path of a URL of this origin relative to the scope ("" for the scope itself).
const relative = (url) =>
  url.origin === scope.origin && url.pathname.startsWith(scope.pathname)
    ? url.pathname.slice(scope.pathname.length)
    : null;

const neverCached = (url) =>
  NEVER_CACHED.some((p) => url.pathname === p || url.pathname.startsWith(p + "/"));

// The asset a path stands for: "" and directories are their index.html.
const assetOf = (path) => {
  if (path === null) return null;
  const file = path === "" || path.endsWith("/") ? path + "index.html" : path;
  return file in ASSETS ? file : null;
};

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const name = await cacheName;
      const cache = await caches.open(name);
      const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== name);
      await Promise.all(
        Object.entries(ASSETS).map(async ([path, hash]) => {
          const url = new URL(path, scope).href;
          if (await cache.match(url)) return;
          for (const old of older) {
            const kept = await (await caches.open(old)).match(url);
            if (kept && (await sha256(kept.clone())) === hash) {
              await cache.put(url, kept);
              return;
            }
          }
          const response = await fetch(url, { cache: "no-cache" });
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
          if ((await sha256(response.clone())) !== hash) {
            throw new Error(`${path} does not match its hash (a newer build is being served)`);
          }
          await cache.put(url, response);
        }),
      );
      // Another version's activation may delete this cache while it fills (writes to a deleted
      // cache land nowhere): installed only when every file is there.
      const missing = await missingFiles(name);
      if (missing.length) throw new Error(`not cached: ${missing.join(", ")}`);
    })(),
  );
});

// The files of the list that the cache `name` lacks.
const missingFiles = async (name) => {
  const cache = await caches.open(name);
  const missing = [];
  for (const path of Object.keys(ASSETS)) {
    if (!(await cache.match(new URL(path, scope).href))) missing.push(path);
  }
  return missing;
};

// Puts back, from the network, the files the cache of this version lost while it waited (an
// intermediate version's activation may have deleted it); each checked against its hash.
const refill = async () => {
  const name = await cacheName;
  const cache = await caches.open(name);
  for (const path of await missingFiles(name)) {
    const url = new URL(path, scope).href;
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok && (await sha256(response.clone())) === ASSETS[path]) {
      await cache.put(url, response);
    }
  }
};

const versionsKey = () => new URL("asean-versions.json", scope).href;

const readVersions = async () => {
  try {
    const stored = await (await caches.open(VERSIONS)).match(versionsKey());
    const v = stored ? await stored.json() : null;
    if (v && typeof v === "object") {
      return { active: typeof v.active === "string" ? v.active : null, clients: v.clients || {} };
    }
  } catch (_) {
    // Unreadable: as if nothing were recorded (older pages then get this version's files).
  }
  return { active: null, clients: {} };
};

const writeVersions = async (versions) =>
  (await caches.open(VERSIONS)).put(
    versionsKey(),
    new Response(JSON.stringify(versions), { headers: { "content-type": "application/json" } }),
  );

// Clients that must not count as an older version's pages when this version takes over: the
// page whose navigation let it take over (it runs the page the network served, this version's).
let fresh = new Set();

// Runs `job` alone among this origin's workers (an older and a newer version both run while one
// takes over), so that one never writes VERSIONS over the other's reading of it.
const exclusive = (job) =>
  self.navigator && self.navigator.locks ? self.navigator.locks.request("asean-versions", job) : job();

// Records the versions: the pages open now that run an older version, forgetting the closed ones;
// deletes every older cache no open page uses. Only the active version does it. When `activating`
// (this version takes over), the pages open until now keep the version active until now, and
// every other cache of an older version or a failed install is deleted; otherwise only caches
// recorded for pages that have closed are.
const tidy = (activating) =>
  exclusive(async () => {
    const name = await cacheName;
    const versions = await readVersions();
    if (!activating && versions.active !== name) return;
    const open = await self.clients.matchAll({ includeUncontrolled: true });
    if (activating && versions.active && versions.active !== name) {
      for (const client of open) {
        if (!fresh.has(client.id) && !(client.id in versions.clients)) {
          versions.clients[client.id] = versions.active;
        }
      }
    }
    const ids = new Set(open.map((c) => c.id));
    const clients = {};
    for (const [id, cache] of Object.entries(versions.clients)) {
      if (ids.has(id) && cache !== name) clients[id] = cache;
    }
    const used = new Set(Object.values(clients));
    const recorded = new Set(Object.values(versions.clients));
    for (const key of await caches.keys()) {
      const older = activating ? key.startsWith(PREFIX) : recorded.has(key);
      if (older && key !== name && !used.has(key)) await caches.delete(key);
    }
    await writeVersions({ active: name, clients });
  });

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await tidy(true);
      await refill().catch(() => {});
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    if (typeof data.fresh === "string" && data.fresh) fresh.add(data.fresh);
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "tidy") {
    event.waitUntil(tidy(false));
  } else if (data.type === "version" && event.ports && event.ports[0]) {
    // The active version asks which page this one serves before handing over to it.
    event.ports[0].postMessage({ index: ASSETS["index.html"] || null });
  }
});

// Set when a page from the network is not this version's: the files then come from the
// network too, until the next version (which the browser is installing) takes over.
let newerBuild = Promise.resolve(false);

const fromCache = async (asset, name) =>
  (await caches.open(name || (await cacheName))).match(new URL(asset, scope).href);

// The hash of the page that the waiting version `waiting` serves, as it says (null when it does
// not answer within a second).
const pageOf = (waiting) =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 1000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve((event.data && event.data.index) || null);
    };
    waiting.postMessage({ type: "version" }, [channel.port2]);
  });

// A newer version waiting, and the page navigating is the last open page of this one (a
// reload or a link followed in the only tab): the newer version takes over when the new page
// (the network's, hashed as `page`) is its own; until it has, that page's files come from the
// network too (they are the newer version's: the page may be the same file in both). When the
// network serves a page of a version newer still (deployed while one waited), the waiting one
// does not take over: its files would not be that page's.
const handOver = async (event, page) => {
  const waiting = self.registration.waiting;
  if (!waiting) return;
  // The page being left (a reload's) is still listed: one page is this navigation's own.
  const pages = await self.clients.matchAll({ type: "window" });
  if (pages.filter((c) => c.id !== event.resultingClientId).length > 1) return;
  if (!page || page !== (await pageOf(waiting))) return;
  newerBuild = Promise.resolve(true);
  waiting.postMessage({ type: "skip-waiting", fresh: event.resultingClientId || "" });
};

const navigate = async (event, asset) => {
  event.waitUntil(tidy(false).catch(() => {}));
  const network = fetch(event.request);
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  const response = await Promise.race([network.catch(() => null), timeout]);
  if (response) {
    let page = Promise.resolve(null);
    if (response.ok && asset) {
      page = sha256(response.clone());
      newerBuild = page.then((hash) => hash !== ASSETS[asset]);
      event.waitUntil(
        newerBuild.then((newer) => {
          if (newer) self.registration.update().catch(() => {});
        }),
      );
    }
    if (response.ok && asset === "index.html") {
      await handOver(event, await page.catch(() => null)).catch(() => {});
    }
    return response;
  }
  const cached = await fromCache(asset || "index.html");
  if (cached) return cached;
  // Nothing cached: wait for the network after all (or its error page).
  return network;
};

// The cache of the older version that the page `clientId` still runs, if any.
const olderCacheOf = async (clientId) => {
  if (!clientId) return null;
  const cache = (await readVersions()).clients[clientId];
  return cache && cache !== (await cacheName) && (await caches.has(cache)) ? cache : null;
};

const asset = async (request, path, clientId) => {
  const older = await olderCacheOf(clientId).catch(() => null);
  if (older) {
    const kept = await fromCache(path, older);
    if (kept) return kept;
  }
  if (!(await newerBuild.catch(() => false))) {
    const cached = await fromCache(path);
    if (cached) return cached;
  }
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromCache(path);
    if (cached) return cached;
    throw error;
  }
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const path = relative(url);
  if (path === null || neverCached(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, assetOf(path)));
    return;
  }
  const file = assetOf(path);
  if (file) event.respondWith(asset(request, file, event.clientId));
});
