"use client";

import { useActionState, useEffect, useState } from "react";

import { CodeField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { loadFormTools, prepareFormTools } from "@/components/auth/load-form-tools";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { useCooldown } from "@/components/forms/use-cooldown";
import {
  authErrorMessage,
  NETWORK_ERROR_MESSAGE,
  retryAfterSeconds,
} from "@/lib/auth/error-messages";

export type OtpKind = "email" | "signup";

type State = { error?: string; field?: string };

/**
 * The 6-digit code from the mail. Verifying it signs the browser in; the auth listener then
 * continues to `next`. Resending waits out the server's minimum interval between mails.
 */
export function VerifyOtpForm({
  email,
  kind,
  next,
  wait,
}: {
  email: string;
  kind: OtpKind;
  next: string;
  wait: number;
}) {
  const config = useSupabaseConfig();
  const [cooldown, startCooldown] = useCooldown();
  const [notice, setNotice] = useState<{ error?: string; message?: string }>({});

  useEffect(() => {
    if (wait > 0) startCooldown(wait);
  }, [wait, startCooldown]);

  const [state, formAction, pending] = useActionState(
    async (_: State, formData: FormData): Promise<State> => {
      const tools = await loadFormTools(config).catch(() => null);
      if (!tools) return { error: NETWORK_ERROR_MESSAGE };
      const [supabase, { codeSchema }] = tools;
      const parsed = codeSchema.safeParse(formData.get("code"));
      if (!parsed.success) return { field: parsed.error.issues[0]?.message };
      const { error } = await supabase.auth.verifyOtp({ email, token: parsed.data, type: kind });
      return error ? { error: authErrorMessage(error) } : {};
    },
    {},
  );

  async function resend() {
    const supabase = await loadSupabase(config).catch(() => null);
    if (!supabase) return setNotice({ error: NETWORK_ERROR_MESSAGE });
    const emailRedirectTo = `${window.location.origin}/auth/callback?next=${encodeURIComponent(next)}`;
    const { error } =
      kind === "signup"
        ? await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo } })
        : await supabase.auth.signInWithOtp({
            email,
            options: { shouldCreateUser: false, emailRedirectTo },
          });
    const limited = retryAfterSeconds(error);
    if (limited !== null) {
      startCooldown(limited);
      setNotice({ error: authErrorMessage(error) });
    } else if (error) {
      setNotice({ error: authErrorMessage(error) });
    } else {
      startCooldown(60);
      setNotice({ message: `We sent a new mail to ${email}.` });
    }
  }

  return (
    <div className="grid gap-4">
      <form
        action={formAction}
        noValidate
        className="grid gap-4"
        onFocus={() => prepareFormTools(config)}
      >
        <CodeField label="6-digit code" pattern="\d{6}" error={state.field} />
        <FormMessage error={state.error} />
        <SubmitButton pending={pending} pendingText="Checking…">
          Continue
        </SubmitButton>
      </form>
      <FormMessage error={notice.error} message={notice.message} />
      <button
        type="button"
        onClick={resend}
        disabled={cooldown > 0}
        className="text-left text-sm underline underline-offset-4 disabled:no-underline disabled:opacity-60"
      >
        {cooldown > 0 ? `You can ask for a new mail in ${cooldown} s` : "Send me a new mail"}
      </button>
    </div>
  );
}
