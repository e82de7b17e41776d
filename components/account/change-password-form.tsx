"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { CodeField, FormMessage, PasswordField, SubmitButton } from "@/components/forms/form-parts";
import { prepareChecks, useCheckedAction } from "@/components/forms/use-checked-action";
import { CODE_SENT } from "@/lib/account/password-change";
import type { FormAction } from "@/lib/auth/action-state";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULES } from "@/lib/auth/password-rules";

/**
 * Sets a new password. On the account page (`askCurrent`) it asks for the current password, or,
 * for people who have none, a code we mail them; after a reset mail, `then` moves on once saved.
 */
export function ChangePasswordForm({
  action,
  then,
  askCurrent = false,
  submitLabel = "Change password",
}: {
  action: FormAction;
  then?: string;
  askCurrent?: boolean;
  submitLabel?: string;
}) {
  const [state, formAction, pending] = useCheckedAction("newPasswordSchema", action);
  const [byCode, setByCode] = useState(false);
  const router = useRouter();
  // Auth asks for a mailed code when it wants one (an old sign-in), whichever way was chosen.
  const codeAsked = Boolean(state.fields?.code);

  useEffect(() => {
    if (!state.message) return;
    toast.success(state.message);
    if (then) router.push(then);
  }, [state, then, router]);

  return (
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepareChecks}>
      {askCurrent ? (
        <input type="hidden" name="proof" value={byCode ? "code" : "password"} />
      ) : null}
      {askCurrent && !byCode ? (
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          error={state.fields?.current_password}
        />
      ) : null}
      {askCurrent ? (
        <button
          type="button"
          className="-mt-2 justify-self-start text-sm text-primary underline-offset-4 hover:underline"
          onClick={() => setByCode(!byCode)}
        >
          {byCode
            ? "Use my current password instead"
            : "No password yet? Confirm with a code by email"}
        </button>
      ) : null}
      {codeAsked ? (
        <CodeField
          label="Code we emailed you"
          error={state.fields?.code === CODE_SENT ? undefined : state.fields?.code}
        />
      ) : null}
      {state.fields?.code === CODE_SENT ? <FormMessage message={CODE_SENT} /> : null}
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
      {/* When the field is not shown (by code, or a reset page opened outside a reset), say it here. */}
      <FormMessage
        error={state.error ?? (askCurrent && !byCode ? undefined : state.fields?.current_password)}
        message={then ? undefined : state.message}
      />
      <SubmitButton pending={pending} pendingText="Saving…" className="justify-self-start">
        {byCode && !codeAsked ? "Email me a code" : submitLabel}
      </SubmitButton>
    </form>
  );
}
