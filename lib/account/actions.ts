"use server";

import { revalidatePath } from "next/cache";

import { failure } from "@/lib/actions/failure";
import { signedInAuthAction } from "@/lib/auth/auth-action";
import { callbackUrl } from "@/lib/auth/request-origin";
import { changeEmailSchema, newPasswordSchema } from "@/lib/auth/schemas";

export const changePassword = signedInAuthAction(
  newPasswordSchema,
  async ({ password }, { supabase }) => {
    const { error: updateError } = await supabase.auth.updateUser({ password });
    if (updateError) return failure("change your password", updateError);
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
