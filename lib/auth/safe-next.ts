/**
 * Where to go after signing in. Only a path on this site is accepted; anything that a browser
 * could read as another origin (`//evil.com`, `/\evil.com`, `https://…`, `javascript:`) or that
 * smuggles control characters falls back, so `next` can never become an open redirect.
 */
export function safeNextPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return fallback;
  if (!next.startsWith("/") || next.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" in URLs, and strip tabs and newlines before parsing.
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return fallback;

  const base = "http://next.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/sign-in?next=…` for a page someone was on (or wanted). */
export function signInHref(next: string | null | undefined, path = "/sign-in"): string {
  const target = safeNextPath(next, "/");
  return target === "/" ? path : `${path}?next=${encodeURIComponent(target)}`;
}

/**
 * Where signing in from `here` should lead: back to `here`, except on the auth pages themselves,
 * whose own `next` is where the visitor was going.
 */
export function returnPathFrom(here: string, isAuthPage: (pathname: string) => boolean): string {
  const url = new URL(safeNextPath(here), "http://next.invalid");
  return isAuthPage(url.pathname) ? safeNextPath(url.searchParams.get("next")) : safeNextPath(here);
}
