/// <reference lib="webworker" />
/**
 * The service worker, built by scripts/build-sw.ts after `next build`. Serwist precaches the built
 * static assets (content-hashed, public); the shell (/offline) is fetched without cookies, so it
 * holds nothing of anyone's. Nothing else is cached: pages, their RSC payloads, REST and Storage
 * go to the network, and the notes a person has on this device live in their IndexedDB store.
 * Files shared into the installed app are kept in IndexedDB too, never in a cache.
 */
import { Serwist, type PrecacheEntry } from "serwist";

import {
  NOTE_SHELL_KEY,
  SHELL_CACHE_PREFIX,
  SHELL_PATH,
  SKIP_WAITING,
  shellKeyFor,
  shellServes,
  withPreloads,
} from "@/lib/pwa/offline-shell";

import { listenForShares } from "./share-target";

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[];
};
declare const BUILD_ID: string;
/** The built files the note editor's code is in (scripts/shell-preloads.ts finds them). */
declare const SHELL_PRELOADS: string[];

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${BUILD_ID}`;

/**
 * A navigation's answer from the network: the one the browser asked for while this worker was
 * still starting (navigation preload), or, when there is none, a fetch of its own.
 */
async function fromNetwork(event: ExtendableEvent, request: Request): Promise<Response> {
  const preloaded = event instanceof FetchEvent ? await event.preloadResponse : undefined;
  return (preloaded as Response | undefined) ?? fetch(request);
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until a page opens and asks for it (never while someone is typing).
  skipWaiting: false,
  clientsClaim: true,
  // A page's request leaves at once, while a stopped worker starts, rather than after it has.
  navigationPreload: true,
  disableDevLogs: true,
  // The built files are content-hashed and precached: the browser reads them from the cache itself
  // (Chromium's static routes), instead of dispatching each to this worker's fetch handler and
  // piping the answer through it as the shell's scripts load. One missing from the cache goes to
  // the network, as the handler would have sent it. Browsers without static routes ignore this.
  requestRules: [{ condition: { urlPattern: { pathname: "/_next/static/*" } }, source: "cache" }],
  runtimeCaching: [
    {
      // The network first, always; only when it cannot be reached does the shell stand in.
      matcher: ({ request, url }) =>
        request.mode === "navigate" &&
        url.origin === self.location.origin &&
        shellServes(url.pathname),
      handler: async ({ request, url, event }) => {
        try {
          return await fromNetwork(event, request);
        } catch (err) {
          const cache = await caches.open(SHELL_CACHE);
          const shell =
            (await cache.match(shellKeyFor(url.pathname))) ?? (await cache.match(SHELL_PATH));
          if (shell) return shell;
          throw err;
        }
      },
    },
    {
      // Every other page of the site: the network, with the answer already on its way.
      matcher: ({ request, url }) =>
        request.mode === "navigate" && url.origin === self.location.origin,
      handler: ({ request, event }) => fromNetwork(event, request),
    },
  ],
});

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_PATH, { credentials: "omit", cache: "no-store" });
      if (!response.ok) throw new Error(`The offline shell answered ${response.status}`);
      // Kept twice: as served for the list, and with the editor's code preloaded for a note.
      const html = await response.text();
      const headers = new Headers(response.headers);
      headers.delete("content-length");
      const kept = (body: string) =>
        new Response(body, { status: response.status, statusText: response.statusText, headers });
      const policy = headers.get("content-security-policy");
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_PATH, kept(html));
      await cache.put(NOTE_SHELL_KEY, kept(withPreloads(html, policy, SHELL_PRELOADS)));
      // The very first version has no page to interrupt: it takes over at once.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Shared files are taken before Serwist sees the request (sw/share-target.ts).
listenForShares();
serwist.addEventListeners();
