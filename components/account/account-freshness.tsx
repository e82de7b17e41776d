"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";

/**
 * The page was rendered from the access token's claims, which lag behind changes made elsewhere
 * (an email change confirmed from another device) until the token is next refreshed. On the
 * account page, where that matters, the browser asks the auth server and refreshes the session
 * when the two disagree. The client library loads for this after the page is interactive.
 */
export function AccountFreshness({ renderedEmail }: { renderedEmail: string }) {
  const config = useSupabaseConfig();
  const router = useRouter();

  useEffect(() => {
    let current = true;
    void (async () => {
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase || !current) return;
      const { data } = await supabase.auth.getUser();
      if (!current || !data.user || data.user.email === renderedEmail) return;
      const { error } = await supabase.auth.refreshSession();
      if (!error && current) router.refresh();
    })();
    return () => {
      current = false;
    };
  }, [config, router, renderedEmail]);

  return null;
}
