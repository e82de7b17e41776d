/** How recently the caller must have signed in (password, code, link or second factor) to delete. */
export const REAUTH_WINDOW_SECONDS = 5 * 60;

interface Claims {
  aal?: string;
  amr?: { method?: string; timestamp?: number }[];
}

/** The payload of a token the auth server has already accepted. */
export function claimsOf(token: string): Claims {
  const part = token.split(".")[1] ?? "";
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return JSON.parse(text) as Claims;
}

/**
 * Fresh means a sign-in method was used in the last few minutes. `iat` cannot tell: every token
 * refresh renews it. The `amr` timestamps can: they record when each method was last used in this
 * session, and a refresh carries them over unchanged, on hosted Supabase as locally.
 */
export function reauthProblem(claims: Claims, hasMfa: boolean, now = Date.now() / 1000) {
  const last = Math.max(0, ...(claims.amr ?? []).map((a) => Number(a.timestamp) || 0));
  if (now - last > REAUTH_WINDOW_SECONDS)
    return { code: "reauthentication_needed", message: "Sign in again to delete your account" };
  if (hasMfa && claims.aal !== "aal2")
    return {
      code: "insufficient_aal",
      message: "Verify your second factor to delete your account",
    };
  return null;
}
