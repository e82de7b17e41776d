"use server";

import { authAction } from "@/lib/auth/auth-action";
import { passwordResetAnswer } from "@/lib/auth/password-reset";
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
  return passwordResetAnswer(email, error);
});
