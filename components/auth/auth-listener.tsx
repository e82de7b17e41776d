"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useSupabase } from "@/components/supabase/supabase-provider";
import { needsMfaChallenge } from "@/lib/auth/aal";
import { isAuthEventName, reactToAuthEvent } from "@/lib/auth/auth-events";

/**
 * The one subscription to auth events in the page. The callback itself stays synchronous and
 * defers all work: supabase-js holds a lock while it runs, so awaiting a Supabase call inside it
 * would deadlock the client. Other tabs hear about sign-in and sign-out through supabase-js's own
 * BroadcastChannel and react here the same way.
 */
export function AuthListener({ serverUserId }: { serverUserId: string | null }) {
  const supabase = useSupabase();
  const router = useRouter();
  const shownUserId = useRef(serverUserId);

  // Each server render states who it rendered for; that is what this tab now shows.
  useEffect(() => {
    shownUserId.current = serverUserId;
  }, [serverUserId]);

  useEffect(() => {
    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((event, session) => {
      if (!isAuthEventName(event)) return;
      const previousUserId = shownUserId.current;
      const newUserId = session?.user.id ?? null;
      if (event !== "TOKEN_REFRESHED") shownUserId.current = newUserId;

      setTimeout(async () => {
        let needsMfa = false;
        if (event === "SIGNED_IN" && newUserId && newUserId !== previousUserId) {
          const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
          needsMfa = data ? needsMfaChallenge(data) : false;
        }
        const here = new URL(window.location.href);
        const reactions = reactToAuthEvent({
          event,
          previousUserId,
          newUserId,
          pathname: here.pathname,
          next: here.searchParams.get("next"),
          needsMfa,
        });
        for (const reaction of reactions) {
          if (reaction.kind === "toast") toast(reaction.message);
          else if (reaction.kind === "navigate") router.push(reaction.href);
          else router.refresh();
        }
      }, 0);
    });
    return () => subscription.unsubscribe();
  }, [supabase, router]);

  return null;
}
