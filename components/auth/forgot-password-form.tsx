"use client";

import { EmailField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { prepareChecks, useCheckedAction } from "@/components/forms/use-checked-action";
import { useRetryCooldown } from "@/components/forms/use-cooldown";
import type { FormAction } from "@/lib/auth/action-state";

export function ForgotPasswordForm({ action }: { action: FormAction }) {
  const [state, formAction, pending] = useCheckedAction("emailOnlySchema", action);
  const cooldown = useRetryCooldown(state);

  return (
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepareChecks}>
      <EmailField defaultValue={state.values?.email} error={state.fields?.email} />
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
