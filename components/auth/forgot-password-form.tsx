"use client";

import { useActionState, useEffect } from "react";

import { requestPasswordReset } from "@/app/(auth)/forgot-password/actions";
import { Field, FormMessage, SubmitButton } from "@/components/auth/form-parts";
import { useCooldown } from "@/components/auth/use-cooldown";
import { emailOnlySchema } from "@/lib/auth/schemas";
import { checkedInBrowser, type ActionState } from "@/lib/auth/action-state";

export function ForgotPasswordForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(
    checkedInBrowser(emailOnlySchema, requestPasswordReset),
    {},
  );
  const [cooldown, startCooldown] = useCooldown();

  useEffect(() => {
    if (state.retryAfter) startCooldown(state.retryAfter);
  }, [state, startCooldown]);

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={state.fields?.email}
      />
      <FormMessage error={state.error} message={state.message} />
      <SubmitButton pending={pending} pendingText="Sending…" disabled={cooldown > 0}>
        {cooldown > 0
          ? `Send again in ${cooldown} s`
          : state.message
            ? "Send the mail again"
            : "Send me a reset link"}
      </SubmitButton>
    </form>
  );
}
