"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";

import { useProfileSave } from "@/components/account/use-profile-save";
import { useSupabase } from "@/components/auth/supabase-provider";
import { isThemeChoice, type ThemeChoice } from "@/lib/theme/theme-cookie";

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
  theme: ThemeChoice;
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

  // The server's answer is the person's latest choice.
  useEffect(() => {
    saved.current = theme;
    setTheme(theme);
  }, [theme, setTheme]);

  useEffect(() => {
    if (!isThemeChoice(local) || local === saved.current) return;
    saved.current = local;
    void save({ theme: local }, { refresh: false });
  }, [local, save]);

  useEffect(() => {
    const channel = supabase
      .channel(`profile:${userId}`)
      .on(
        "postgres_changes",
        { event: "UPDATE", schema: "public", table: "profiles", filter: `id=eq.${userId}` },
        (payload) => {
          const row = payload.new as ProfileRow;
          if (isThemeChoice(row.theme) && row.theme !== saved.current) {
            saved.current = row.theme;
            setTheme(row.theme);
          }
          const shownChanged = (["display_name", "username", "avatar_path"] as const).some(
            (key) => (row[key] ?? null) !== rendered.current[key],
          );
          if (shownChanged) {
            // The token carries the profile: take a fresh one, then render with it.
            void supabase.auth.refreshSession().then(() => router.refresh());
          }
        },
      )
      .on(
        "postgres_changes",
        { event: "DELETE", schema: "public", table: "profiles" },
        (payload) => {
          // The account was deleted on another device: its sessions are gone, so is this one.
          if ((payload.old as { id?: unknown }).id === userId)
            void supabase.auth.signOut({ scope: "local" });
        },
      )
      .subscribe();
    return () => void supabase.removeChannel(channel);
  }, [supabase, userId, setTheme, router]);

  return null;
}
