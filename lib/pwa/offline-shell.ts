/**
 * What the service worker and the pages agree on. Pure, so both sides (and tests) read the same.
 */

/** The static app shell: a page with no private data, fetched without cookies. */
export const SHELL_PATH = "/offline";

/** The shell's cache, one per build; the built assets are in Serwist's precache. */
export const SHELL_CACHE_PREFIX = "groundwork-shell-";

/** Pages the shell can stand in for when the network cannot be reached. */
const NOTES_PAGE = /^\/notes(?:\/[0-9a-f-]{36})?\/?$/i;

export function shellServes(pathname: string): boolean {
  return NOTES_PAGE.test(pathname);
}

/** The note a shell address opens, if any. */
export function noteIdFromPath(pathname: string): string | null {
  const match = /^\/notes\/([0-9a-f-]{36})\/?$/i.exec(pathname);
  return match ? match[1].toLowerCase() : null;
}

/** Caches the app keeps across a sign-out: built assets and the cookie-less shell, nothing else. */
export function cacheIsPublic(name: string): boolean {
  return name.startsWith(SHELL_CACHE_PREFIX) || name.startsWith("serwist-precache");
}

/** Messages a page sends its service worker. */
export const SKIP_WAITING = "groundwork:skip-waiting";
