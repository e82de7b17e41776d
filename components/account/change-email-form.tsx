"use client";

import { EmailField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { prepareChecks, useCheckedAction } from "@/components/forms/use-checked-action";
import { useRetryCooldown } from "@/components/forms/use-cooldown";
import type { FormAction } from "@/lib/auth/action-state";

export function ChangeEmailForm({
  currentEmail,
  action,
}: {
  currentEmail: string;
  action: FormAction;
}) {
  const [state, formAction, pending] = useCheckedAction("changeEmailSchema", action);
  const cooldown = useRetryCooldown(state);

  return (
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepareChecks}>
      <p className="text-sm text-muted-foreground">
        Now: <span className="font-medium text-foreground">{currentEmail}</span>
      </p>
      <EmailField
        label="New email"
        defaultValue={state.values?.email}
        error={state.fields?.email}
      />
      <FormMessage error={state.error} message={state.message} />
      <SubmitButton
        pending={pending}
        pendingText="Sending…"
        disabled={cooldown > 0}
        className="justify-self-start"
      >
        {cooldown > 0 ? `You can ask again in ${cooldown} s` : "Change email"}
      </SubmitButton>
    </form>
  );
}
