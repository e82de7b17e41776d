"use client";

import Link from "next/link";

import {
  EmailField,
  FormMessage,
  PasswordField,
  SubmitButton,
} from "@/components/forms/form-parts";
import { prepareChecks, useCheckedAction } from "@/components/forms/use-checked-action";
import type { FormAction } from "@/lib/auth/action-state";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULES } from "@/lib/auth/password-rules";

export function SignUpForm({ next, action }: { next: string; action: FormAction }) {
  const [state, formAction, pending] = useCheckedAction("signUpSchema", action);
  const nextQuery = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;

  return (
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepareChecks}>
      <input type="hidden" name="next" value={next} />
      <EmailField defaultValue={state.values?.email} error={state.fields?.email} />
      <PasswordField
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        error={state.fields?.password}
      />
      <p className="-mt-2 text-xs text-muted-foreground">{PASSWORD_RULES}</p>
      <FormMessage error={state.error} message={state.message} />
      <SubmitButton pending={pending} pendingText="Creating your account…">
        Create account
      </SubmitButton>
      <p className="text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href={`/sign-in${nextQuery}`} className="underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </form>
  );
}
