// The service worker of ASEAN chess: keeps the page, its bundle, the AI worker and the rules
// pages in a cache, so the game reloads and plays hot-seat, against the AI and analyses with no
// network. Registered by index.html.
//
// - The files and their SHA-256 come from pkg/assets.js, written by `cargo xtask build`
//   (crates/xtask/src/assets.rs). The browser compares this script and its imports byte for
//   byte on every update check (index.html registers it with updateViaCache "none"), so any
//   change of any file installs a new version; installing downloads the changed files (and
//   copies the unchanged ones from the old cache), checks each against its hash, and fails (to
//   be retried on the next load) when one does not match. The new version takes over at once
//   and deletes the old caches.
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
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const name = await cacheName;
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== name) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// Set when a page from the network is not this version's: the files then come from the
// network too, until the next version (which the browser is installing) takes over.
let newerBuild = Promise.resolve(false);

const fromCache = async (asset) => (await caches.open(await cacheName)).match(new URL(asset, scope).href);

const navigate = async (event, asset) => {
  const network = fetch(event.request);
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  const response = await Promise.race([network.catch(() => null), timeout]);
  if (response) {
    if (response.ok && asset) {
      newerBuild = sha256(response.clone()).then((hash) => hash !== ASSETS[asset]);
      event.waitUntil(
        newerBuild.then((newer) => {
          if (newer) self.registration.update().catch(() => {});
        }),
      );
    }
    return response;
  }
  const cached = await fromCache(asset || "index.html");
  if (cached) return cached;
  // Nothing cached: wait for the network after all (or its error page).
  return network;
};

const asset = async (request, path) => {
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
  if (file) event.respondWith(asset(request, file));
});
