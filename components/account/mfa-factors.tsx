"use client";

import { useCallback, useEffect, useState, useTransition } from "react";
import dynamic from "next/dynamic";
import type { Factor } from "@supabase/supabase-js";

import { FormMessage } from "@/components/forms/form-parts";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { authErrorMessage, NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";
import { importWhenOnline } from "@/lib/when-online";

// Shown only once someone starts adding an app, so it loads then.
const MfaEnrollment = dynamic(
  () =>
    importWhenOnline(() => import("@/components/account/mfa-enrollment")).then(
      (module) => module.MfaEnrollment,
    ),
  { ssr: false },
);

type Enrollment = { id: string; qrCode: string; secret: string };

/**
 * Authenticator apps on the account. Listed by the browser client, straight from the auth
 * server, so the server-rendered page never has to ask it anything. The client library loads
 * after the page is interactive, not with it.
 */
export function MfaFactors() {
  const config = useSupabaseConfig();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let current = true;
    void (async () => {
      const supabase = await loadSupabase(config).catch(() => null);
      if (!current) return;
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (!current) return;
      if (error) setError(authErrorMessage(error));
      else setFactors(data.totp.filter((factor) => factor.status === "verified"));
    })();
    return () => {
      current = false;
    };
  }, [config, version]);

  function enroll() {
    startTransition(async () => {
      setError(null);
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      const { data, error } = await supabase.auth.mfa.enroll({ factorType: "totp" });
      if (error) return setError(authErrorMessage(error));
      setEnrollment({ id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    });
  }

  function remove(factorId: string) {
    startTransition(async () => {
      setError(null);
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
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
    const supabase = enrollment ? await loadSupabase(config).catch(() => null) : null;
    if (enrollment && supabase) await supabase.auth.mfa.unenroll({ factorId: enrollment.id });
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
