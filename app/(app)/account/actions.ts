"use server";

import { revalidatePath } from "next/cache";

import { checkCurrentPassword } from "@/lib/account/current-password";
import { CODE_SENT, passwordChangeRefusal, signedInByMail } from "@/lib/account/password-change";
import { passwordProofSchema } from "@/lib/account/password-proof-schema";
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

/**
 * A new password needs proof: the current password (checked here, and by Auth where the project
 * requires it), or the code Auth mails for reauthentication. A session opened from a mailed link or
 * code (a reset) needs neither, as Auth decides.
 */
export const changePassword = authAction(newPasswordSchema, async ({ password }, formData) => {
  const { supabase, user, error } = await verifiedUser();
  if (!user) return { error: authErrorMessage(error ?? { code: "session_not_found" }) };
  const proof = passwordProofSchema.parse(Object.fromEntries(formData));
  const claims = (await supabase.auth.getClaims()).data?.claims;
  if (!proof.current_password && !proof.code && !signedInByMail(claims?.amr)) {
    if (proof.proof === "password")
      return passwordChangeRefusal({ code: "current_password_required" });
    const sent = await supabase.auth.reauthenticate();
    return sent.error ? { error: authErrorMessage(sent.error) } : { fields: { code: CODE_SENT } };
  }
  if (proof.current_password) {
    const wrong = await checkCurrentPassword(user.email ?? "", proof.current_password);
    if (wrong) return passwordChangeRefusal(wrong);
  }
  const { error: updateError } = await supabase.auth.updateUser({
    password,
    ...(proof.current_password ? { current_password: proof.current_password } : {}),
    ...(proof.code ? { nonce: proof.code } : {}),
  });
  if (updateError?.code === "reauthentication_needed") {
    const sent = await supabase.auth.reauthenticate();
    if (sent.error) return { error: authErrorMessage(sent.error) };
  }
  if (updateError) return passwordChangeRefusal(updateError);
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
