"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";
import { saveProfile, type ProfileChange, type ProfileClient } from "@/lib/profile/save";

export type { ProfileChange } from "@/lib/profile/save";

/**
 * Runs a profile flow from lib/profile with the page's client, loaded with the first save and not
 * with the page, then refreshes the route so every server-rendered part shows the change. Answers
 * an error sentence, or null.
 */
export function useProfileFlow() {
  const config = useSupabaseConfig();
  const router = useRouter();
  return useCallback(
    async (
      flow: (supabase: ProfileClient) => Promise<string | null>,
      { refresh = true } = {},
    ): Promise<string | null> => {
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return NETWORK_ERROR_MESSAGE;
      const failed = await flow(supabase);
      if (!failed && refresh) router.refresh();
      return failed;
    },
    [config, router],
  );
}

/** Saves a change to the person's profile row (see `saveProfile`). */
export function useProfileSave(userId: string) {
  const run = useProfileFlow();
  return useCallback(
    (change: ProfileChange, options?: { refresh?: boolean }) =>
      run((supabase) => saveProfile(supabase, userId, change), options),
    [run, userId],
  );
}
