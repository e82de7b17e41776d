"use server";

import { revalidatePath } from "next/cache";

import { authAction } from "@/lib/auth/auth-action";
import { authErrorMessage, retryAfterSeconds } from "@/lib/auth/error-messages";
import { callbackUrl } from "@/lib/auth/request-origin";
import { changeEmailSchema, newPasswordSchema } from "@/lib/auth/schemas";
import { createClient } from "@/lib/supabase/server";

/** Sensitive writes ask the auth server who this is (getUser), never just the cookie. */
async function verifiedUser() {
  const supabase = await createClient();
  const { data, error } = await supabase.auth.getUser();
  return { supabase, user: data.user, error };
}

export const changePassword = authAction(newPasswordSchema, async ({ password }) => {
  const { supabase, user, error } = await verifiedUser();
  if (!user) return { error: authErrorMessage(error ?? { code: "session_not_found" }) };
  const { error: updateError } = await supabase.auth.updateUser({ password });
  if (updateError) return { error: authErrorMessage(updateError) };
  revalidatePath("/", "layout");
  return { message: "Your password has been changed." };
});

export const changeEmail = authAction(changeEmailSchema, async ({ email }) => {
  const { supabase, user, error } = await verifiedUser();
  if (!user) return { error: authErrorMessage(error ?? { code: "session_not_found" }) };
  if (email === user.email) return { fields: { email: "That is already your email address." } };
  const { error: updateError } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: callbackUrl("/account") },
  );
  if (updateError) {
    return {
      error: authErrorMessage(updateError),
      retryAfter: retryAfterSeconds(updateError) ?? undefined,
    };
  }
  revalidatePath("/", "layout");
  return {
    message: `Almost done: open the link we sent to ${user.email} and the one we sent to ${email}. Your email changes once both are confirmed.`,
    retryAfter: 60,
  };
});
