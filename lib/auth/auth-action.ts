import "server-only";

import { headers } from "next/headers";
import type { z } from "zod";

import { withUser, type ActionContext } from "@/lib/actions/with-user";
import { validatedAction, type ActionState } from "@/lib/auth/action-state";
import { takeAttempt } from "@/lib/auth/attempt-limit";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/auth/client-address";
import { authErrorMessage } from "@/lib/auth/error-messages";

/**
 * A server action that calls the auth server: validated first, then counted against the client's
 * own budget, so one client cannot spend what every visitor of this server shares there.
 */
export function authAction<S extends z.ZodType>(
  schema: S,
  action: (input: z.output<S>, formData: FormData) => Promise<ActionState>,
) {
  return validatedAction(schema, async (input, formData) => {
    const client = clientAddress(await headers());
    const wait = client === UNKNOWN_CLIENT ? null : takeAttempt("auth-action", client);
    if (wait !== null)
      return { error: authErrorMessage({ code: "over_request_rate_limit" }), retryAfter: wait };
    return action(input, formData);
  });
}

/**
 * An auth action for the signed-in user, who is asked of the auth server first (getUser, which sees
 * revoked sessions and deleted users), never just read from the cookie: email and password changes.
 */
export function signedInAuthAction<S extends z.ZodType>(
  schema: S,
  action: (input: z.output<S>, context: ActionContext) => Promise<ActionState>,
) {
  return authAction(schema, withUser(action, "auth-server"));
}
