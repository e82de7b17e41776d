"use client";

import { useEffect, useId, useState, useTransition } from "react";
import { toast } from "sonner";

import { useProfileSave } from "@/components/account/use-profile-save";
import { Field, FormMessage, SubmitButton } from "@/components/forms/form-parts";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { usernameAvailability, type UsernameAvailability } from "@/lib/profile/save";
import { normalizeUsername, usernameProblem } from "@/lib/profile/username";

type Availability = "idle" | "checking" | UsernameAvailability;

const AVAILABILITY_TEXT: Record<Availability, string> = {
  idle: "",
  checking: "Checking…",
  available: "Available",
  taken: "Taken or reserved. Try another.",
  unknown: "Could not check right now; we'll check when you save.",
};

/** Username (checked as you type) and display name. */
export function ProfileForm({
  userId,
  username: savedUsername,
  displayName: savedDisplayName,
}: {
  userId: string;
  username: string | null;
  displayName: string | null;
}) {
  const config = useSupabaseConfig();
  const save = useProfileSave(userId);
  const [username, setUsername] = useState(savedUsername ?? "");
  const [displayName, setDisplayName] = useState(savedDisplayName ?? "");
  const [availability, setAvailability] = useState<Availability>("idle");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const statusId = useId();

  const changedName = username !== (savedUsername ?? "");
  const problem = username && changedName ? usernameProblem(username) : null;

  useEffect(() => {
    if (!username || !changedName || usernameProblem(username)) return;
    let current = true;
    const timer = setTimeout(async () => {
      setAvailability("checking");
      const supabase = await loadSupabase(config).catch(() => null);
      const answer = supabase ? await usernameAvailability(supabase, username) : "unknown";
      if (current) setAvailability(answer);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [config, username, changedName]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem || availability === "taken") return;
    startTransition(async () => {
      const message = await save({
        username: username || null,
        display_name: displayName.trim() || null,
      });
      setError(message);
      if (!message) toast.success("Profile saved.");
    });
  }

  const usernameHint = problem ?? (changedName ? AVAILABILITY_TEXT[availability] : "");

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Field
          label="Username"
          name="username"
          value={username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          placeholder="e.g. ada_lovelace"
          error={problem ?? (availability === "taken" ? AVAILABILITY_TEXT.taken : undefined)}
          aria-describedby={problem || availability === "taken" ? "field-username-error" : statusId}
          onChange={(e) => {
            setUsername(normalizeUsername(e.target.value));
            setAvailability("idle");
          }}
        />
        <p id={statusId} aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
          {problem || availability === "taken" ? "" : usernameHint || "3-30 of a-z, 0-9 and _."}
        </p>
      </div>
      <Field
        label="Display name"
        name="display_name"
        value={displayName}
        autoComplete="name"
        maxLength={80}
        placeholder="How your name appears on shared notes"
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <FormMessage error={error} />
      <SubmitButton
        pending={pending}
        pendingText="Saving…"
        className="justify-self-start"
        disabled={!!problem || availability === "taken" || availability === "checking"}
      >
        Save profile
      </SubmitButton>
    </form>
  );
}
