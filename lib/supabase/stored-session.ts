import { combineChunks } from "@supabase/ssr";

import { needsMfaChallenge } from "@/lib/auth/aal";

type StoredSession = { user?: { factors?: { status?: string }[] } };

/** supabase-js's default storage key, which names the auth cookie(s) for a project URL. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

/**
 * Whether the signed-in user has a verified MFA factor, as the stored session says: exactly what
 * `auth.mfa.getAuthenticatorAssuranceLevel()` reads for `nextLevel`, read here from the cookie
 * directly because that call logs a warning on every server request that touches the stored user.
 * The same trust: it routes a user to the code prompt; what the database enforces is the access
 * token's verified `aal` claim.
 */
export async function storedUserHasVerifiedFactor(
  supabaseUrl: string,
  readCookie: (name: string) => string | undefined,
): Promise<boolean> {
  const raw = await combineChunks(authStorageKey(supabaseUrl), readCookie);
  if (!raw) return false;
  try {
    // Node's own decoder: the library's portable one walks the cookie a character at a time.
    const json = raw.startsWith("base64-")
      ? Buffer.from(raw.slice("base64-".length), "base64url").toString("utf8")
      : raw;
    const session = JSON.parse(json) as StoredSession;
    return session.user?.factors?.some((factor) => factor.status === "verified") ?? false;
  } catch {
    return false;
  }
}

/**
 * Signed in with a password or email only (aal1) while the account has a verified authenticator:
 * the user owes a code before any signed-in page. Only an aal1 session can owe one, so the cookie
 * is read for no one else.
 */
export async function sessionOwesMfaCode(
  claims: { aal?: unknown } | null,
  supabaseUrl: string,
  readCookie: (name: string) => string | undefined,
): Promise<boolean> {
  if (claims?.aal !== "aal1") return false;
  const hasFactor = await storedUserHasVerifiedFactor(supabaseUrl, readCookie);
  return needsMfaChallenge({ currentLevel: claims.aal, nextLevel: hasFactor ? "aal2" : "aal1" });
}
