"use client";

import { useActionState } from "react";
import Link from "next/link";

import { signUp } from "@/app/(auth)/sign-up/actions";
import { Field, FormMessage, SubmitButton } from "@/components/auth/form-parts";
import { checkedInBrowser, type ActionState } from "@/lib/auth/action-state";
import { MIN_PASSWORD_LENGTH, signUpSchema } from "@/lib/auth/schemas";

export function SignUpForm({ next }: { next: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(
    checkedInBrowser(signUpSchema, signUp),
    {},
  );
  const nextQuery = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="next" value={next} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={state.fields?.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        error={state.fields?.password}
      />
      <p className="-mt-2 text-xs text-muted-foreground">
        At least {MIN_PASSWORD_LENGTH} characters.
      </p>
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
