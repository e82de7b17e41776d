"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

import { useSupabase } from "@/components/auth/supabase-provider";

/**
 * The page was rendered from the access token's claims, which lag behind changes made elsewhere
 * (an email change confirmed from another device) until the token is next refreshed. On the
 * account page, where that matters, the browser asks the auth server and refreshes the session
 * when the two disagree.
 */
export function AccountFreshness({ renderedEmail }: { renderedEmail: string }) {
  const supabase = useSupabase();
  const router = useRouter();

  useEffect(() => {
    let current = true;
    void supabase.auth.getUser().then(async ({ data }) => {
      if (!current || !data.user || data.user.email === renderedEmail) return;
      const { error } = await supabase.auth.refreshSession();
      if (!error && current) router.refresh();
    });
    return () => {
      current = false;
    };
  }, [supabase, router, renderedEmail]);

  return null;
}
