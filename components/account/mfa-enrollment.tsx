"use client";

import { useActionState } from "react";

import { CodeField, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { useSupabase } from "@/components/supabase/supabase-provider";
import { Button } from "@/components/ui/button";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { codeSchema } from "@/lib/auth/schemas";

type Props = {
  id: string;
  qrCode: string;
  secret: string;
  onVerified: () => void | Promise<void>;
  onCancel: () => void | Promise<void>;
};

/** Scan (or type) the secret, then prove it works with a first code. */
export function MfaEnrollment({ id, qrCode, secret, onVerified, onCancel }: Props) {
  const supabase = useSupabase();
  const [state, formAction, pending] = useActionState(
    async (_: { error?: string; field?: string }, formData: FormData) => {
      const code = codeSchema.safeParse(formData.get("code"));
      if (!code.success) return { field: code.error.issues[0]?.message };
      const { error } = await supabase.auth.mfa.challengeAndVerify({
        factorId: id,
        code: code.data,
      });
      if (error) return { error: authErrorMessage(error) };
      await onVerified();
      return {};
    },
    {},
  );

  return (
    <div className="grid gap-4 rounded-md border p-4">
      <p className="text-sm">
        Scan this QR code with your authenticator app, or enter the key by hand.
      </p>
      {/* A data URI made by the auth server; next/image has nothing to optimise here. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={qrCode}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className="rounded bg-white p-2"
      />
      <p className="text-sm">
        Key:{" "}
        <code
          className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all"
          data-testid="totp-secret"
        >
          {secret}
        </code>
      </p>
      <form action={formAction} noValidate className="grid gap-4">
        <CodeField label="Code from the app" error={state.field} />
        <FormMessage error={state.error} />
        <div className="flex gap-2">
          <SubmitButton pending={pending} pendingText="Checking…">
            Turn on
          </SubmitButton>
          <Button type="button" variant="ghost" onClick={() => void onCancel()}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
