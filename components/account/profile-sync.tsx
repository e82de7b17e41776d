"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";

import { useProfileSave } from "@/components/account/use-profile-save";
import { useSupabase } from "@/components/supabase/supabase-provider";
import { isThemeChoice, type ThemeChoice } from "@/lib/theme/theme-cookie";
import { onChangesFlowing } from "@/lib/supabase/changes-flowing";

interface ProfileRow {
  theme?: unknown;
  display_name?: unknown;
  username?: unknown;
  avatar_path?: unknown;
}

/**
 * Keeps this device in step with the person's profile: a theme picked here is saved to it, and a
 * change made on another device (theme, name, picture) shows here at once, through Realtime.
 */
export function ProfileSync({
  userId,
  theme,
  shown,
}: {
  userId: string;
  /** The profile's theme; null until the person picks one signed in. */
  theme: ThemeChoice | null;
  /** What the server rendered, to tell whether a change needs a new render. */
  shown: { display_name: string | null; username: string | null; avatar_path: string | null };
}) {
  const supabase = useSupabase();
  const router = useRouter();
  const save = useProfileSave(userId);
  const { theme: local, setTheme } = useTheme();
  const saved = useRef(theme);
  const rendered = useRef(shown);
  useEffect(() => {
    rendered.current = shown;
  }, [shown]);

  // The profile's choice, when it has one, is the person's latest: apply it whenever the server
  // renders a new one (next-themes' setTheme changes identity with the theme, so compare values).
  const applied = useRef<ThemeChoice | null>(null);
  useEffect(() => {
    if (theme === null || theme === applied.current) return;
    applied.current = theme;
    saved.current = theme;
    setTheme(theme);
  }, [theme, setTheme]);

  // A theme picked on this device (a change after the first render) is saved to the profile.
  const seen = useRef<string | undefined>(undefined);
  // Set once this device saves a theme of its own, so a catch-up read cannot undo that choice.
  const pickedHere = useRef(false);
  useEffect(() => {
    const previous = seen.current;
    seen.current = local;
    if (previous === undefined || !isThemeChoice(local) || local === previous) return;
    if (local === saved.current) return;
    saved.current = local;
    pickedHere.current = true;
    void save({ theme: local }, { refresh: false });
  }, [local, save]);

  useEffect(() => {
    const apply = (row: ProfileRow, { catchUp = false } = {}) => {
      if (isThemeChoice(row.theme) && row.theme !== saved.current) {
        if (!(catchUp && pickedHere.current)) {
          saved.current = row.theme;
          setTheme(row.theme);
        }
      }
      const shownChanged = (["display_name", "username", "avatar_path"] as const).some(
        (key) => (row[key] ?? null) !== rendered.current[key],
      );
      if (shownChanged) {
        // The token carries the profile: take a fresh one, then render with it.
        void supabase.auth.refreshSession().then(() => router.refresh());
      }
    };
    const channel = supabase
      .channel(`profile:${userId}`)
      .on(
        "postgres_changes",
        { event: "UPDATE", schema: "public", table: "profiles", filter: `id=eq.${userId}` },
        (payload) => apply(payload.new as ProfileRow),
      )
      .on(
        "postgres_changes",
        { event: "DELETE", schema: "public", table: "profiles" },
        (payload) => {
          // The account was deleted on another device: its sessions are gone, so is this one.
          if ((payload.old as { id?: unknown }).id === userId)
            void supabase.auth.signOut({ scope: "local" });
        },
      );
    // Changes made between the server render and now (or while this device was offline) came
    // before the subscription: read the profile once its changes flow, to catch up with them.
    onChangesFlowing(channel, () => {
      void supabase
        .from("profiles")
        .select("theme, display_name, username, avatar_path")
        .eq("id", userId)
        .maybeSingle()
        .then(({ data }) => {
          if (data) apply(data, { catchUp: true });
        });
    }).subscribe();
    return () => void supabase.removeChannel(channel);
  }, [supabase, userId, setTheme, router]);

  return null;
}
