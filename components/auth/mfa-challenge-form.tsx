"use client";

import { useActionState } from "react";

import { CodeField, FormMessage, SubmitButton } from "@/components/auth/form-parts";
import { useSupabase } from "@/components/auth/supabase-provider";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { codeSchema } from "@/lib/auth/schemas";

/** The code after the password. Success fires MFA_CHALLENGE_VERIFIED; the listener moves on. */
export function MfaChallengeForm() {
  const supabase = useSupabase();
  const [state, formAction, pending] = useActionState(
    async (_: { error?: string; field?: string }, formData: FormData) => {
      const code = codeSchema.safeParse(formData.get("code"));
      if (!code.success) return { field: code.error.issues[0]?.message };
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) return { error: authErrorMessage(error) };
      const factor = data.totp.find((f) => f.status === "verified");
      if (!factor) return { error: authErrorMessage({ code: "mfa_factor_not_found" }) };
      const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: code.data,
      });
      return verifyError ? { error: authErrorMessage(verifyError) } : {};
    },
    {},
  );

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <CodeField label="Code from your authenticator app" autoFocus error={state.field} />
      <FormMessage error={state.error} />
      <SubmitButton pending={pending} pendingText="Checking…">
        Verify
      </SubmitButton>
    </form>
  );
}
