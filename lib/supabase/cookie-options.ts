import type { CookieOptionsWithName } from "@supabase/ssr";

/**
 * The library's cookie defaults (path /, 400-day max-age, readable by the browser client) with two
 * decisions of ours: never sent across sites on subrequests, and only over HTTPS in production.
 */
export function authCookieOptions(): CookieOptionsWithName {
  return { sameSite: "lax", secure: process.env.NODE_ENV === "production" };
}
