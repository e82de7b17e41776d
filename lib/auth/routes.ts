/** Pages that only make sense signed in: the proxy and the pages themselves both guard them. */
const SIGNED_IN_ONLY = ["/account", "/notes"];

/** Pages whose job is to sign someone in; after signing in, they give way to `next`. */
const AUTH_PAGES = ["/sign-in", "/sign-up", "/verify-otp", "/verify-mfa", "/auth"];

function under(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function isSignedInOnlyPath(pathname: string): boolean {
  return under(pathname, SIGNED_IN_ONLY);
}

/**
 * Paths drawn inside the app frame (`app/(app)/layout.tsx`): the signed-in pages and the offline
 * shell that stands in for them.
 */
export function isAppFramePath(pathname: string): boolean {
  return under(pathname, [...SIGNED_IN_ONLY, "/offline"]);
}

export function isAuthPage(pathname: string): boolean {
  return under(pathname, AUTH_PAGES);
}

export const MFA_PATH = "/verify-mfa";
export const UPDATE_PASSWORD_PATH = "/update-password";

/** Set by the proxy on every request: the path and query the browser asked for. */
export const REQUEST_PATH_HEADER = "x-groundwork-path";
