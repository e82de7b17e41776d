"use client";

import { useActionState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";

import {
  EmailField,
  FormMessage,
  PasswordField,
  SubmitButton,
} from "@/components/forms/form-parts";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { authErrorMessage } from "@/lib/auth/error-messages";

// The form's validation and the client library load when someone starts on the form, not with
// the page: this form also sits in the sign-in dialog that every page offers.
const loadSchemas = () => import("@/lib/auth/schemas");

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
  const config = useSupabaseConfig();
  const router = useRouter();
  const nextQuery = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;

  const [state, formAction, pending] = useActionState(
    async (_: State, formData: FormData): Promise<State> => {
      const email = String(formData.get("email") ?? "");
      const loaded = await Promise.all([loadSchemas(), loadSupabase(config)]).catch(() => null);
      if (!loaded) return { error: "Could not reach the sign-in service. Try again.", email };
      const [{ fieldErrors, signInSchema }, supabase] = loaded;
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

  function prepare() {
    void Promise.all([loadSchemas(), loadSupabase(config)]).catch(() => {});
  }

  async function resendConfirmation() {
    const email = state.email ?? "";
    const supabase = await loadSupabase(config);
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
    <form action={formAction} noValidate className="grid gap-4" onFocus={prepare}>
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
