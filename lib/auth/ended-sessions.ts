/**
 * Sessions this browser has seen end. Signing out ends the session on the server, but its access
 * token still passes wherever only the token's signature is checked, until it expires. A token
 * refresh answered just after the sign-out, or a response that was already on its way with the
 * session's cookies, can put that session back in the browser's cookies, and the pages would then
 * render for the person again. The ids of the sessions that ended here are kept, so one that comes
 * back is known at once and dropped, with no request.
 *
 * The key is outside the `groundwork:` keys a sign-out clears: it holds only ids, nothing of the
 * person's, and it must outlive the sign-out it records.
 */
export const ENDED_SESSIONS_KEY = "groundwork-ended-sessions";

/** How many ended sessions are remembered: a session comes back within seconds, if at all. */
const KEEP = 20;

/** The session id (`session_id` claim) inside an access token, without verifying it. */
export function sessionIdOf(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split(".")[1];
  if (!payload) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
      c.charCodeAt(0),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const id = (claims as { session_id?: unknown } | null)?.session_id;
    return typeof id === "string" && id !== "" ? id : null;
  } catch {
    return null;
  }
}

function read(storage: Storage): string[] {
  try {
    const kept: unknown = JSON.parse(storage.getItem(ENDED_SESSIONS_KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Records that the session ended in this browser (signed out, here or in another tab). */
export function markSessionEnded(storage: Storage, id: string): void {
  try {
    const kept = read(storage).filter((other) => other !== id);
    storage.setItem(ENDED_SESSIONS_KEY, JSON.stringify([...kept, id].slice(-KEEP)));
  } catch {
    // Storage refused: a session that comes back is then dropped at its next refresh instead.
  }
}

/** Whether the session ended in this browser. */
export function isSessionEnded(storage: Storage, id: string | null): boolean {
  return id !== null && read(storage).includes(id);
}
