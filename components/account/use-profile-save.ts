"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";
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
  const config = useSupabaseConfig();
  const router = useRouter();
  return useCallback(
    async (change: ProfileChange, { refresh = true } = {}): Promise<string | null> => {
      // The client library loads with the first save, not with the page.
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return NETWORK_ERROR_MESSAGE;
      const { error } = await supabase.from("profiles").update(change).eq("id", userId);
      if (error) return profileSaveError(error);
      await supabase.auth.refreshSession();
      if (refresh) router.refresh();
      return null;
    },
    [config, router, userId],
  );
}
