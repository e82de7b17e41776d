"use client";

import { useCallback, useEffect, useState, useTransition } from "react";
import type { Factor } from "@supabase/supabase-js";

import { MfaEnrollment } from "@/components/account/mfa-enrollment";
import { FormMessage } from "@/components/auth/form-parts";
import { useSupabase } from "@/components/auth/supabase-provider";
import { Button } from "@/components/ui/button";
import { authErrorMessage } from "@/lib/auth/error-messages";

type Enrollment = { id: string; qrCode: string; secret: string };

/**
 * Authenticator apps on the account. Listed by the browser client, straight from the auth
 * server, so the server-rendered page never has to ask it anything.
 */
export function MfaFactors() {
  const supabase = useSupabase();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let current = true;
    void supabase.auth.mfa.listFactors().then(({ data, error }) => {
      if (!current) return;
      if (error) setError(authErrorMessage(error));
      else setFactors(data.totp.filter((factor) => factor.status === "verified"));
    });
    return () => {
      current = false;
    };
  }, [supabase, version]);

  function enroll() {
    startTransition(async () => {
      setError(null);
      const { data, error } = await supabase.auth.mfa.enroll({ factorType: "totp" });
      if (error) return setError(authErrorMessage(error));
      setEnrollment({ id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    });
  }

  function remove(factorId: string) {
    startTransition(async () => {
      setError(null);
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error) return setError(authErrorMessage(error));
      reload();
    });
  }

  function finishEnrollment() {
    setEnrollment(null);
    reload();
  }

  async function cancelEnrollment() {
    if (enrollment) await supabase.auth.mfa.unenroll({ factorId: enrollment.id });
    setEnrollment(null);
  }

  return (
    <div className="grid gap-4">
      {factors === null && !error ? (
        <p className="text-sm text-muted-foreground">Loading your authenticators…</p>
      ) : null}
      {factors && factors.length === 0 && !enrollment ? (
        <p className="text-sm text-muted-foreground">
          Two-step verification is off. Add an authenticator app to ask for a code after your
          password.
        </p>
      ) : null}
      {factors && factors.length > 0 ? (
        <ul className="grid gap-2" aria-label="Authenticator apps">
          {factors.map((factor) => (
            <li
              key={factor.id}
              className="flex items-center justify-between gap-4 rounded-md border px-3 py-2 text-sm"
            >
              <span>
                {factor.friendly_name || "Authenticator app"}
                <span className="block text-xs text-muted-foreground">
                  Added {new Date(factor.created_at).toLocaleDateString("en")}
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() => remove(factor.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessage error={error} />
      {enrollment ? (
        <MfaEnrollment {...enrollment} onVerified={finishEnrollment} onCancel={cancelEnrollment} />
      ) : (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={pending || factors === null}
          onClick={enroll}
        >
          Add an authenticator app
        </Button>
      )}
    </div>
  );
}
