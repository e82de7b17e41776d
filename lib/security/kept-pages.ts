/**
 * Which pages have a kept copy, and how a request reaches it. This file imports nothing, so
 * next.config.ts can read it as well as the proxy.
 *
 * The proxy decides (it sees the cookies) and marks the request with KEPT_PAGE_HEADER; a rewrite in
 * next.config.ts, which the framework applies after the proxy, serves the copy. A rewrite in the
 * proxy itself would name an absolute address, and the framework compares that address with its
 * own idea of where it listens: under `next start -H 127.0.0.1` the two disagree (the proxy's URL
 * says localhost) and every kept page took a second HTTP round trip through the server to itself.
 */
export const KEPT_PAGES: Readonly<Record<string, string>> = { "/": "/kept/home" };

/** Set by the proxy only; a browser's copy is dropped before the proxy looks. */
export const KEPT_PAGE_HEADER = "x-groundwork-kept-page";

/** next.config.ts's `beforeFiles` rewrites: a marked request for a kept page gets its copy. */
export function keptPageRewrites() {
  return Object.entries(KEPT_PAGES).map(([source, destination]) => ({
    source,
    destination,
    has: [{ type: "header" as const, key: KEPT_PAGE_HEADER, value: destination }],
  }));
}
