"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useSupabase } from "@/components/supabase/supabase-provider";
import { needsMfaChallenge } from "@/lib/auth/aal";
import { isAuthEventName, reactToAuthEvent } from "@/lib/auth/auth-events";

/** Whether this page forgot the device at a sign-out (and so holds back the list's saves). */
let forgotHere = false;

/** The clearing code is fetched only when someone signs out. */
async function forgetThisDevice() {
  forgotHere = true;
  try {
    const { forgetDevice } = await import("@/lib/notes/offline/list-store");
    await forgetDevice();
  } catch {
    // Its code could not be fetched: the next sign-out on this device tries again.
  }
}

/** After a sign-out in this page, someone signed in: their list may be kept on the device again. */
async function rememberThisDevice() {
  if (!forgotHere) return;
  forgotHere = false;
  try {
    const { rememberDevice } = await import("@/lib/notes/offline/list-store");
    rememberDevice();
  } catch {
    // Its code could not be fetched: nothing was forgotten in this page either.
  }
}

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
      // Signed out: nothing of theirs stays on this device (notes' copies, the kept list, caches).
      if (event === "SIGNED_OUT") void forgetThisDevice();
      else if (event === "SIGNED_IN") void rememberThisDevice();

      setTimeout(async () => {
        // The offline shell is a static copy rendered for no one: there is nothing to render again
        // for the person the browser knows (and, offline, nothing to render it with).
        if (event !== "SIGNED_OUT" && document.querySelector("[data-offline-shell]")) return;
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
