import { combineChunks } from "@supabase/ssr";
import type { JwtPayload } from "@supabase/supabase-js";

import { authStorageKey } from "@/lib/supabase/stored-session";

/**
 * Access tokens this server has already verified, with their claims. A signed token cannot
 * change, so checking its signature again on the next page view proves nothing new; the session
 * is still verified in full once a token gets close to expiry, when the library must refresh it.
 */
const LIMIT = 2000;
/** supabase-js refreshes a session whose token has this many seconds left or fewer. */
const EXPIRY_MARGIN_S = 90;

const verified = new Map<string, JwtPayload>();

export function rememberVerified(token: string, claims: JwtPayload): void {
  if (verified.size >= LIMIT) {
    // Oldest first: Map keeps insertion order.
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, claims);
}

/** The claims of a token verified before that is not yet due for refresh, or null. */
export function recallVerified(token: string, nowS = Date.now() / 1000): JwtPayload | null {
  const claims = verified.get(token);
  if (!claims) return null;
  if (typeof claims.exp !== "number" || claims.exp - nowS <= EXPIRY_MARGIN_S) {
    verified.delete(token);
    return null;
  }
  return claims;
}

/** The access token in the stored session cookie(s), read without the client library. */
export async function storedAccessToken(
  supabaseUrl: string,
  readCookie: (name: string) => string | undefined,
): Promise<string | null> {
  const raw = await combineChunks(authStorageKey(supabaseUrl), readCookie);
  if (!raw) return null;
  try {
    const json = raw.startsWith("base64-")
      ? Buffer.from(raw.slice("base64-".length), "base64url").toString("utf8")
      : raw;
    const session = JSON.parse(json) as { access_token?: unknown };
    return typeof session.access_token === "string" ? session.access_token : null;
  } catch {
    return null;
  }
}
