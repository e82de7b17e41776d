/**
 * What the service worker and the pages agree on. Pure, so both sides (and tests) read the same.
 */

/** The static app shell: a page with no private data, fetched without cookies. */
export const SHELL_PATH = "/offline";

/** The shell's cache, one per build; the built assets are in Serwist's precache. */
export const SHELL_CACHE_PREFIX = "groundwork-shell-";

/** Pages the shell can stand in for when the network cannot be reached: a list (All notes, a
 * folder's, a tag's, Shared with me) or a note. */
const NOTES_PAGE = /^\/notes(?:\/[0-9a-f-]{36}|\/tags\/[^?#]+|\/shared)?\/?$/i;

export function shellServes(pathname: string): boolean {
  return NOTES_PAGE.test(pathname);
}

/**
 * The cache key of the shell that opens a note: the same page, with the editor's code asked for as
 * its HTML is read (`withPreloads`). The list alone keeps the plain shell, which loads the editor
 * only when a note is about to open.
 */
export const NOTE_SHELL_KEY = `${SHELL_PATH}?note`;

/** Which kept shell stands in for a page's address. */
export function shellKeyFor(pathname: string): string {
  return noteIdFromPath(pathname) ? NOTE_SHELL_KEY : SHELL_PATH;
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

/**
 * The shell's HTML with `<link rel="preload">`s for `urls` (built scripts and stylesheets its code
 * loads later, the note editor's) at the end of its head: the browser fetches them while the
 * framework's own scripts load and run, instead of once the shell's code asks. Each carries the
 * nonce of the page's policy (`'strict-dynamic'` ignores 'self', so a preload without it is
 * refused). Placed after the framework's scripts and asked for at their (low) priority, so they
 * queue behind them: at the default high priority they were answered first and held up the
 * framework's start.
 */
export function withPreloads(html: string, policy: string | null, urls: string[]): string {
  const end = html.indexOf("</head>");
  if (end < 0 || urls.length === 0) return html;
  const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const links = urls
    .map(
      (url) =>
        `<link rel="preload" as="${url.endsWith(".css") ? "style" : "script"}" fetchpriority="low" href="${attr(url)}"${nonce ? ` nonce="${attr(nonce)}"` : ""} data-shell-preload/>`,
    )
    .join("");
  return html.slice(0, end) + links + html.slice(end);
}
