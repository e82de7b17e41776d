"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { FormMessage, PasswordField, SubmitButton } from "@/components/forms/form-parts";
import { prepareChecks, useCheckedAction } from "@/components/forms/use-checked-action";
import type { FormAction } from "@/lib/auth/action-state";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULES } from "@/lib/auth/password-rules";

/** Sets a new password; after a reset mail, `then` moves on once it is saved. */
export function ChangePasswordForm({
  action,
  then,
  submitLabel = "Change password",
}: {
  action: FormAction;
  then?: string;
  submitLabel?: string;
}) {
  const [state, formAction, pending] = useCheckedAction("newPasswordSchema", action);
  const router = useRouter();

  useEffect(() => {
    if (!state.message) return;
    toast.success(state.message);
    if (then) router.push(then);
  }, [state, then, router]);

  return (
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepareChecks}>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        error={state.fields?.password}
      />
      <p className="-mt-2 text-xs text-muted-foreground">{PASSWORD_RULES}</p>
      <PasswordField
        label="Repeat the new password"
        name="confirm"
        autoComplete="new-password"
        error={state.fields?.confirm}
      />
      <FormMessage error={state.error} message={then ? undefined : state.message} />
      <SubmitButton pending={pending} pendingText="Saving…" className="justify-self-start">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
