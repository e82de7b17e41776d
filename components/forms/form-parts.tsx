"use client";

import { useSyncExternalStore } from "react";
import { Loader2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type FieldProps = React.ComponentProps<typeof Input> & {
  label: string;
  name: string;
  error?: string;
  hint?: React.ReactNode;
};

/** A labelled input whose error is announced and tied to it. */
export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {hint}
      </div>
      <Input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type NamedFieldProps = Omit<FieldProps, "label" | "name" | "type"> & { label?: string };

/** The address an account is known by. */
export function EmailField({ label = "Email", ...props }: NamedFieldProps) {
  return <Field label={label} name="email" type="email" autoComplete="email" required {...props} />;
}

/** A password; `autoComplete` says whether the password manager fills one in or suggests one. */
export function PasswordField({
  label = "Password",
  name = "password",
  ...props
}: NamedFieldProps & {
  name?: string;
  autoComplete: "current-password" | "new-password";
}) {
  return <Field label={label} name={name} type="password" required {...props} />;
}

/** The 6-digit code from a mail or an authenticator app. */
export function CodeField({ label, ...props }: NamedFieldProps & { label: string }) {
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...props}
    />
  );
}

/** The form's outcome: errors interrupt (alert), confirmations wait their turn (status). */
export function FormMessage({
  error,
  message,
}: {
  error?: string | null;
  message?: string | null;
}) {
  if (error) {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
      >
        {error}
      </p>
    );
  }
  if (message) {
    return (
      <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
        {message}
      </p>
    );
  }
  return null;
}

const noSubscription = () => () => {};

/** False in the server's HTML, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Disabled until the page is interactive: these forms submit through JavaScript, and a click
 * before that would be lost.
 */
export function SubmitButton({
  pending,
  children,
  pendingText,
  ...props
}: React.ComponentProps<typeof Button> & { pending: boolean; pendingText: string }) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={!hydrated || pending || props.disabled}
      aria-disabled={pending || undefined}
      {...props}
    >
      {pending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
