"use server";

import { revalidatePath } from "next/cache";

import { z } from "zod";

import { checkCurrentPassword } from "@/lib/account/current-password";
import { CODE_SENT, passwordChangeRefusal, signedInByMail } from "@/lib/account/password-change";
import { passwordProofSchema } from "@/lib/account/password-proof-schema";
import { failure } from "@/lib/actions/failure";
import { signedInAuthAction } from "@/lib/auth/auth-action";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { callbackUrl } from "@/lib/auth/request-origin";
import { changeEmailSchema, newPasswordSchema } from "@/lib/auth/schemas";

/**
 * A new password needs proof: the current password (checked here, and by Auth where the project
 * requires it), or the code Auth mails for reauthentication. A session opened from a mailed link or
 * code (a reset) needs neither, as Auth decides.
 */
export const changePassword = signedInAuthAction(
  z.intersection(newPasswordSchema, passwordProofSchema),
  async ({ password, ...proof }, { supabase, user }) => {
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
  },
);

export const changeEmail = signedInAuthAction(
  changeEmailSchema,
  async ({ email }, { supabase, user }) => {
    if (email === user.email) return { fields: { email: "That is already your email address." } };
    const { error: updateError } = await supabase.auth.updateUser(
      { email },
      { emailRedirectTo: callbackUrl("/account") },
    );
    if (updateError) return failure("change your email address", updateError);
    revalidatePath("/", "layout");
    return {
      message: `Almost done: open the link we sent to ${user.email} and the one we sent to ${email}. Your email changes once both are confirmed.`,
      retryAfter: 60,
    };
  },
);
