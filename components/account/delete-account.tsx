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
import { deleteAccount, hasVerifiedTotp, sendDeleteCode } from "@/lib/account/delete-account-flow";
import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";

/**
 * Deleting an account asks for the address typed out and proof the `delete-account` function checks
 * itself (password, or a mailed code for accounts without one, and the authenticator code when the
 * account has one); the flow lives in lib/account/delete-account-flow.ts.
 */
export function DeleteAccount({ email }: { email: string }) {
  const config = useSupabaseConfig();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [byCode, setByCode] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [hasTotp, setHasTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!open) return;
    // The client library loads when the dialog opens, not with the page.
    void loadSupabase(config)
      .then((supabase) => hasVerifiedTotp(supabase))
      .then((found) => (typeof found === "string" ? setError(found) : setHasTotp(found)))
      .catch(() => setError(NETWORK_ERROR_MESSAGE));
  }, [open, config]);

  function sendCode() {
    startTransition(async () => {
      setError(null);
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      const sent = await sendDeleteCode(supabase, email);
      if (!sent.ok) return setError(sent.error);
      setCodeSent(true);
    });
  }

  function submit(form: FormData) {
    startTransition(async () => {
      setError(null);
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return setError(NETWORK_ERROR_MESSAGE);
      const outcome = await deleteAccount(supabase, {
        email,
        typed,
        method: byCode ? "code" : "password",
        password: String(form.get("password") ?? ""),
        code: String(form.get("code") ?? ""),
        totp: String(form.get("totp") ?? ""),
        hasTotp,
      });
      if (!outcome.ok) return setError(outcome.error);
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
            <strong className="text-foreground">{email}</strong> to confirm, and prove it is you.
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
          {hasTotp ? (
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
