"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";

import { useSupabase } from "@/components/auth/supabase-provider";
import { profileSaveError } from "@/lib/profile/username";

export type ProfileChange = Partial<{
  username: string | null;
  display_name: string | null;
  avatar_path: string | null;
  theme: "light" | "dark" | "system";
}>;

/**
 * Saves to the person's profile row, then refreshes the session so the token (which carries the
 * profile) and so every server-rendered page shows the change at once. Answers an error sentence.
 */
export function useProfileSave(userId: string) {
  const supabase = useSupabase();
  const router = useRouter();
  return useCallback(
    async (change: ProfileChange, { refresh = true } = {}): Promise<string | null> => {
      const { error } = await supabase.from("profiles").update(change).eq("id", userId);
      if (error) return profileSaveError(error);
      await supabase.auth.refreshSession();
      if (refresh) router.refresh();
      return null;
    },
    [supabase, router, userId],
  );
}
