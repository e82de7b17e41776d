"use server";

import { validatedAction } from "@/lib/auth/action-state";
import { authErrorMessage, retryAfterSeconds } from "@/lib/auth/error-messages";
import { callbackUrl } from "@/lib/auth/request-origin";
import { UPDATE_PASSWORD_PATH } from "@/lib/auth/routes";
import { emailOnlySchema } from "@/lib/auth/schemas";
import { createClient } from "@/lib/supabase/server";

/** The mail's link signs the browser in for recovery and lands on the update-password page. */
export const requestPasswordReset = validatedAction(emailOnlySchema, async ({ email }) => {
  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: await callbackUrl(UPDATE_PASSWORD_PATH),
  });
  const wait = retryAfterSeconds(error);
  if (error) return { error: authErrorMessage(error), retryAfter: wait ?? undefined };
  // The same answer whether or not the address has an account: nothing to learn from it.
  return {
    message: `If ${email} has an account, a mail with a link to choose a new password is on its way.`,
    retryAfter: 60,
  };
});
