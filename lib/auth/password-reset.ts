import type { ActionState } from "@/lib/auth/action-state";
import { authErrorMessage, retryAfterSeconds, type AuthErrorLike } from "@/lib/auth/error-messages";

/**
 * What the forgot-password form shows after asking the auth server. A spent mail budget is only
 * ever reported for a registered address, so it gets the same answer as success: nothing here
 * tells whether the address has an account.
 */
export function passwordResetAnswer(email: string, error: AuthErrorLike | null): ActionState {
  if (error && retryAfterSeconds(error) === null) return { error: authErrorMessage(error) };
  return {
    message: `If ${email} has an account, a mail with a link to choose a new password is on its way. If nothing arrives, try again later.`,
    retryAfter: 60,
  };
}
