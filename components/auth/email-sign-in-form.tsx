"use client";

import { useActionState } from "react";
import { useRouter } from "next/navigation";

import { EmailField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { loadFormTools, prepareFormTools } from "@/components/auth/load-form-tools";
import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import {
  authErrorMessage,
  NETWORK_ERROR_MESSAGE,
  retryAfterSeconds,
} from "@/lib/auth/error-messages";

type State = { error?: string; fields?: Record<string, string>; email?: string };

/** Asks for a mail holding both a sign-in link and a 6-digit code, then goes to the code page. */
export function EmailSignInForm({ next }: { next: string }) {
  const config = useSupabaseConfig();
  const router = useRouter();

  const [state, formAction, pending] = useActionState(
    async (_: State, formData: FormData): Promise<State> => {
      const email = String(formData.get("email") ?? "");
      const tools = await loadFormTools(config).catch(() => null);
      if (!tools) return { error: NETWORK_ERROR_MESSAGE, email };
      const [supabase, { emailOnlySchema, fieldErrors }] = tools;
      const parsed = emailOnlySchema.safeParse({ email });
      if (!parsed.success) return { fields: fieldErrors(parsed.error), email };
      const { error } = await supabase.auth.signInWithOtp({
        email: parsed.data.email,
        options: {
          shouldCreateUser: false,
          emailRedirectTo: `${window.location.origin}/auth/callback?next=${encodeURIComponent(next)}`,
        },
      });
      const wait = retryAfterSeconds(error);
      if (error && wait === null) return { error: authErrorMessage(error), email };
      const query = new URLSearchParams({
        type: "email",
        email: parsed.data.email,
        next,
        wait: String(wait ?? 60),
      });
      router.push(`/verify-otp?${query.toString()}`);
      return { email };
    },
    {},
  );

  return (
    <form
      action={formAction}
      noValidate
      className="grid gap-4"
      onFocus={() => prepareFormTools(config)}
    >
      <EmailField defaultValue={state.email} error={state.fields?.email} />
      <FormMessage error={state.error} />
      <SubmitButton pending={pending} pendingText="Sending…">
        Email me a link and code
      </SubmitButton>
    </form>
  );
}
