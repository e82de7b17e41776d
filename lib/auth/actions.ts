"use server";

import { redirect } from "next/navigation";

import { failure } from "@/lib/actions/failure";
import { authAction } from "@/lib/auth/auth-action";
import { passwordResetAnswer } from "@/lib/auth/password-reset";
import { callbackUrl } from "@/lib/auth/request-origin";
import { UPDATE_PASSWORD_PATH } from "@/lib/auth/routes";
import { safeNextPath } from "@/lib/auth/safe-next";
import { emailOnlySchema, signUpSchema } from "@/lib/auth/schemas";
import { createClient } from "@/lib/supabase/server";

export const signUp = authAction(signUpSchema, async ({ email, password, next }) => {
  const target = safeNextPath(next);
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: callbackUrl(target) },
  });
  if (error) return failure("sign up", error);
  // Without email confirmation the account is ready at once; with it, the mail finishes sign-up.
  if (data.session) redirect(target);
  redirect(
    `/verify-otp?${new URLSearchParams({ type: "signup", email, next: target }).toString()}`,
  );
});

/** The mail's link signs the browser in for recovery and lands on the update-password page. */
export const requestPasswordReset = authAction(emailOnlySchema, async ({ email }) => {
  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: callbackUrl(UPDATE_PASSWORD_PATH),
  });
  return passwordResetAnswer(email, error);
});
