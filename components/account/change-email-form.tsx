"use client";

import { useActionState, useEffect } from "react";

import { changeEmail } from "@/app/(app)/account/actions";
import { Field, FormMessage, SubmitButton } from "@/components/auth/form-parts";
import { useCooldown } from "@/components/auth/use-cooldown";
import { changeEmailSchema } from "@/lib/auth/schemas";
import { checkedInBrowser, type ActionState } from "@/lib/auth/action-state";

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(
    checkedInBrowser(changeEmailSchema, changeEmail),
    {},
  );
  const [cooldown, startCooldown] = useCooldown();

  useEffect(() => {
    if (state.retryAfter) startCooldown(state.retryAfter);
  }, [state, startCooldown]);

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Now: <span className="font-medium text-foreground">{currentEmail}</span>
      </p>
      <Field
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        required
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
