"use server";

import { authAction } from "@/lib/auth/auth-action";
import { authErrorMessage, retryAfterSeconds } from "@/lib/auth/error-messages";
import { callbackUrl } from "@/lib/auth/request-origin";
import { UPDATE_PASSWORD_PATH } from "@/lib/auth/routes";
import { emailOnlySchema } from "@/lib/auth/schemas";
import { createClient } from "@/lib/supabase/server";

/** The mail's link signs the browser in for recovery and lands on the update-password page. */
export const requestPasswordReset = authAction(emailOnlySchema, async ({ email }) => {
  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: callbackUrl(UPDATE_PASSWORD_PATH),
  });
  // A spent mail budget is only ever reported for a registered address, so it gets the same
  // answer as success: nothing here tells whether the address has an account.
  if (error && retryAfterSeconds(error) === null) return { error: authErrorMessage(error) };
  return {
    message: `If ${email} has an account, a mail with a link to choose a new password is on its way. If nothing arrives, try again later.`,
    retryAfter: 60,
  };
});
