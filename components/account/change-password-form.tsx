"use client";

import { useActionState, useEffect } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { changePassword } from "@/app/(app)/account/actions";
import { Field, FormMessage, SubmitButton } from "@/components/auth/form-parts";
import { checkedInBrowser, type ActionState } from "@/lib/auth/action-state";
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from "@/lib/auth/schemas";

/** Sets a new password; after a reset mail, `then` moves on once it is saved. */
export function ChangePasswordForm({
  then,
  submitLabel = "Change password",
}: {
  then?: string;
  submitLabel?: string;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(
    checkedInBrowser(newPasswordSchema, changePassword),
    {},
  );
  const router = useRouter();

  useEffect(() => {
    if (!state.message) return;
    toast.success(state.message);
    if (then) router.push(then);
  }, [state, then, router]);

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        error={state.fields?.password}
      />
      <Field
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={state.fields?.confirm}
      />
      <FormMessage error={state.error} message={then ? undefined : state.message} />
      <SubmitButton pending={pending} pendingText="Saving…" className="justify-self-start">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
