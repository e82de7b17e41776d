"use client";

import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Loader2, Trash2 } from "lucide-react";
import { toast } from "sonner";

import { CodeField, Field, FormMessage, PasswordField } from "@/components/forms/form-parts";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { authErrorMessage, NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";

/**
 * Deleting an account asks for the address typed out, a fresh sign-in (password, or a mailed code
 * for accounts without one) and the authenticator code when the account has one; then the
 * `delete-account` function removes everything and every device is signed out.
 */
export function DeleteAccount({ email }: { email: string }) {
  const config = useSupabaseConfig();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [byCode, setByCode] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [totpFactor, setTotpFactor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!open) return;
    // The client library loads when the dialog opens, not with the page.
    void loadSupabase(config)
      .then((supabase) => supabase.auth.mfa.listFactors())
      .then(({ data }) => {
        setTotpFactor(data?.totp.find((f) => f.status === "verified")?.id ?? null);
      })
      .catch(() => setError(NETWORK_ERROR_MESSAGE));
  }, [open, config]);

  function sendCode() {
    startTransition(async () => {
      setError(null);
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      const { error } = await supabase.auth.signInWithOtp({
        email,
        options: { shouldCreateUser: false },
      });
      if (error) return setError(authErrorMessage(error));
      setCodeSent(true);
    });
  }

  function submit(form: FormData) {
    startTransition(async () => {
      setError(null);
      if (typed.trim().toLowerCase() !== email.toLowerCase())
        return setError("Type your email address exactly as shown to confirm.");
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      // A fresh sign-in proves it is really the person, right now.
      const reauth = byCode
        ? await supabase.auth.verifyOtp({
            email,
            token: String(form.get("code") ?? ""),
            type: "email",
          })
        : await supabase.auth.signInWithPassword({
            email,
            password: String(form.get("password") ?? ""),
          });
      if (reauth.error) return setError(authErrorMessage(reauth.error));
      if (totpFactor) {
        const { error } = await supabase.auth.mfa.challengeAndVerify({
          factorId: totpFactor,
          code: String(form.get("totp") ?? ""),
        });
        if (error) return setError(authErrorMessage(error));
      }
      const { error } = await supabase.functions.invoke("delete-account", { method: "POST" });
      if (error)
        return setError("Your account could not be deleted just now. Nothing was lost; try again.");
      await supabase.auth.signOut({ scope: "local" });
      setOpen(false);
      toast.success("Your account and everything in it is deleted.");
      router.push("/");
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Removes your notes (trash included), their attachments, your share links, your profile and
          your sign-in, on every device. It cannot be undone: export your data first if you want a
          copy.
        </p>
        <DialogTrigger asChild>
          <Button type="button" variant="destructive" className="justify-self-start">
            <Trash2 aria-hidden />
            Delete my account
          </Button>
        </DialogTrigger>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Everything you keep in Groundwork goes, at once and for good. Type{" "}
            <strong className="text-foreground">{email}</strong> to confirm, and sign in once more.
          </DialogDescription>
        </DialogHeader>
        <form action={submit} noValidate className="grid gap-4">
          <Field
            label="Your email address"
            name="confirm-email"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {byCode ? (
            codeSent ? (
              <CodeField label={`Code we sent to ${email}`} />
            ) : (
              <Button type="button" variant="outline" onClick={sendCode} disabled={pending}>
                Email me a code
              </Button>
            )
          ) : (
            <PasswordField label="Your password" autoComplete="current-password" />
          )}
          <button
            type="button"
            className="justify-self-start text-sm text-primary underline-offset-4 hover:underline"
            onClick={() => setByCode(!byCode)}
          >
            {byCode ? "Use my password instead" : "No password? Use a code from your email"}
          </button>
          {totpFactor ? (
            <Field
              label="Code from your authenticator app"
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          ) : null}
          <FormMessage error={error} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={pending || (byCode && !codeSent)}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {pending ? "Deleting…" : "Delete everything"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
