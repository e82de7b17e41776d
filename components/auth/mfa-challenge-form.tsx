"use client";

import { useActionState } from "react";

import { CodeField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { loadFormTools, prepareFormTools } from "@/components/auth/load-form-tools";
import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import { authErrorMessage, NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";

/** The code after the password. Success fires MFA_CHALLENGE_VERIFIED; the listener moves on. */
export function MfaChallengeForm() {
  const config = useSupabaseConfig();
  const [state, formAction, pending] = useActionState(
    async (_: { error?: string; field?: string }, formData: FormData) => {
      const tools = await loadFormTools(config).catch(() => null);
      if (!tools) return { error: NETWORK_ERROR_MESSAGE };
      const [supabase, { codeSchema }] = tools;
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
    <form
      action={formAction}
      noValidate
      className="grid gap-4"
      onFocus={() => prepareFormTools(config)}
    >
      <CodeField label="Code from your authenticator app" autoFocus error={state.field} />
      <FormMessage error={state.error} />
      <SubmitButton pending={pending} pendingText="Checking…">
        Verify
      </SubmitButton>
    </form>
  );
}
