"use server";

import { redirect } from "next/navigation";

import { authAction } from "@/lib/auth/auth-action";
import { authErrorMessage, retryAfterSeconds } from "@/lib/auth/error-messages";
import { callbackUrl } from "@/lib/auth/request-origin";
import { safeNextPath } from "@/lib/auth/safe-next";
import { signUpSchema } from "@/lib/auth/schemas";
import { createClient } from "@/lib/supabase/server";

export const signUp = authAction(signUpSchema, async ({ email, password, next }) => {
  const target = safeNextPath(next);
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: callbackUrl(target) },
  });
  if (error)
    return { error: authErrorMessage(error), retryAfter: retryAfterSeconds(error) ?? undefined };
  // Without email confirmation the account is ready at once; with it, the mail finishes sign-up.
  if (data.session) redirect(target);
  redirect(
    `/verify-otp?${new URLSearchParams({ type: "signup", email, next: target }).toString()}`,
  );
});
