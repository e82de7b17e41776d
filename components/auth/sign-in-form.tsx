"use client";

import { useActionState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";

import { EmailField, FormMessage, PasswordField, SubmitButton } from "@/components/auth/form-parts";
import { useSupabase } from "@/components/auth/supabase-provider";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { fieldErrors, signInSchema } from "@/lib/auth/schemas";

type State = {
  error?: string;
  fields?: Record<string, string>;
  email?: string;
  unconfirmed?: boolean;
};

/**
 * Email and password, signed in by the browser client so the page's auth listener hears
 * SIGNED_IN and re-renders the server side (and other tabs follow).
 */
export function SignInForm({ next, onSignedIn }: { next: string; onSignedIn?: () => void }) {
  const supabase = useSupabase();
  const router = useRouter();
  const nextQuery = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;

  const [state, formAction, pending] = useActionState(
    async (_: State, formData: FormData): Promise<State> => {
      const email = String(formData.get("email") ?? "");
      const parsed = signInSchema.safeParse({ email, password: formData.get("password") });
      if (!parsed.success) return { fields: fieldErrors(parsed.error), email };
      const { error } = await supabase.auth.signInWithPassword(parsed.data);
      if (error)
        return {
          error: authErrorMessage(error),
          email,
          unconfirmed: error.code === "email_not_confirmed",
        };
      onSignedIn?.();
      return { email };
    },
    {},
  );

  async function resendConfirmation() {
    const email = state.email ?? "";
    const { error } = await supabase.auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: `${window.location.origin}/auth/callback${nextQuery}` },
    });
    const query = new URLSearchParams({ type: "signup", email, next });
    if (error) query.set("error", error.code ?? "unexpected_failure");
    router.push(`/verify-otp?${query.toString()}`);
  }

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <EmailField defaultValue={state.email} error={state.fields?.email} />
      <PasswordField
        autoComplete="current-password"
        error={state.fields?.password}
        hint={
          <Link
            href="/forgot-password"
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        }
      />
      <FormMessage error={state.error} />
      {state.unconfirmed ? (
        <button
          type="button"
          onClick={resendConfirmation}
          className="text-left text-sm underline underline-offset-4"
        >
          Send the confirmation mail again
        </button>
      ) : null}
      <SubmitButton pending={pending} pendingText="Signing in…">
        Sign in
      </SubmitButton>
      <p className="text-sm text-muted-foreground">
        <Link href={`/sign-in/email${nextQuery}`} className="underline underline-offset-4">
          Email me a sign-in link or code
        </Link>{" "}
        · No account yet?{" "}
        <Link href={`/sign-up${nextQuery}`} className="underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </form>
  );
}
