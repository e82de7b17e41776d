import { isAuthError } from "@supabase/supabase-js";

import { authErrorMessage, retryAfterSeconds } from "@/lib/auth/error-messages";

/** What a write that did not happen answers; `retryAfter` only for an auth rate limit. */
export type Failure = { error: string; retryAfter?: number };

export const NO_SUCH_NOTE = "That note doesn't exist.";

/** The answer when nobody is signed in, or the auth server no longer knows the session. */
export const SESSION_ENDED = authErrorMessage({ code: "session_not_found" });

type DatabaseError = { code?: string; message: string };

function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    typeof error === "object" && error !== null && typeof Reflect.get(error, "message") === "string"
  );
}

/**
 * The one place a failed write becomes a sentence a person can act on; `what` completes
 * "Couldn't …". Auth errors have their own sentences (and a wait after a rate limit); PT404
 * (PostgREST's 404) is raised by our SQL functions with a message written for people; anything else
 * is logged here and the person is asked to try again.
 */
export function failure(what: string, error: unknown): Failure {
  if (isAuthError(error)) {
    return { error: authErrorMessage(error), retryAfter: retryAfterSeconds(error) ?? undefined };
  }
  if (isDatabaseError(error) && error.code === "PT404") return { error: error.message };
  console.error(`${what} failed:`, isDatabaseError(error) ? error.message : error);
  return { error: `Couldn't ${what}. Check your connection and try again.` };
}
