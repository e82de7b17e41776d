import { THEME_COOKIE } from "@/lib/theme/theme-cookie";
import { KEPT_PAGES } from "@/lib/security/kept-pages";

export { KEPT_PAGE_HEADER, KEPT_PAGES } from "@/lib/security/kept-pages";

/**
 * The visitor's home page is kept: rendered once, on its first request after a build, and served
 * as that same copy to everyone it fits. It holds nothing from any request, so its policy may
 * carry a nonce fixed for the build (next.config.ts draws it); every other response gets a fresh one.
 */
export const KEPT_PAGE_NONCE = process.env.GROUNDWORK_KEPT_PAGE_NONCE ?? "";

// Where the kept copies live (KEPT_PAGES): requests are rewritten to them, no link points there.
const KEPT_TARGETS = new Set(Object.values(KEPT_PAGES));

/**
 * The address a person sees for `path` (a path, with any query): a kept copy's own address, which
 * its render sees as its path, is given back as the page it stands for, so "sign in and come back
 * here" on the kept home page comes back to `/`.
 */
export function publicAddress(path: string): string {
  const at = path.search(/[?#]/);
  const pathname = at < 0 ? path : path.slice(0, at);
  if (!KEPT_TARGETS.has(pathname)) return path;
  const page = Object.keys(KEPT_PAGES).find((key) => KEPT_PAGES[key] === pathname)!;
  return page + (at < 0 ? "" : path.slice(at));
}

/**
 * The kept copy this request may be served, or null when it needs the live page: a signed-in
 * person (any auth cookie, even one about to be refreshed) or a visitor whose theme cookie names a
 * theme the kept copy (rendered for the system theme) would flash past. A kept copy's own address
 * always answers the kept copy.
 */
export function keptPageFor(
  pathname: string,
  method: string,
  cookies: { name: string; value: string }[],
  authCookiePrefix: string,
): string | null {
  if (!KEPT_PAGE_NONCE || (method !== "GET" && method !== "HEAD")) return null;
  if (KEPT_TARGETS.has(pathname)) return pathname;
  const kept = KEPT_PAGES[pathname];
  if (!kept) return null;
  for (const { name, value } of cookies) {
    if (name.startsWith(authCookiePrefix)) return null;
    if (name === THEME_COOKIE && value !== "system") return null;
  }
  return kept;
}
