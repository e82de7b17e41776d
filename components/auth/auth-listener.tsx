"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useSupabase } from "@/components/supabase/supabase-provider";
import { needsMfaChallenge } from "@/lib/auth/aal";
import { isAuthEventName, reactToAuthEvent } from "@/lib/auth/auth-events";
import { isSessionEnded, markSessionEnded, sessionIdOf } from "@/lib/auth/ended-sessions";

/** After a sign-out, when the browser's cookies are looked at again for an ended session. */
const RECHECK_AFTER_SIGN_OUT_MS = [1_000, 4_000];

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
  // The session this page last heard of, by id: the one a sign-out ends.
  const sessionId = useRef<string | null>(null);

  // Each server render states who it rendered for; that is what this tab now shows.
  useEffect(() => {
    shownUserId.current = serverUserId;
  }, [serverUserId]);

  useEffect(() => {
    // A session that ended here and came back (see ended-sessions.ts) is dropped from this
    // browser, and the page is rendered again without it (a signed-in-only page then sends the
    // person to sign in, as the server decides).
    let dropping = false;
    const drop = async () => {
      if (dropping) return;
      dropping = true;
      try {
        await supabase.auth.signOut({ scope: "local" });
        router.refresh();
      } finally {
        dropping = false;
      }
    };
    const dropIfEnded = async () => {
      try {
        const { data } = await supabase.auth.getSession();
        if (isSessionEnded(localStorage, sessionIdOf(data.session?.access_token))) await drop();
      } catch {
        // The session could not be read or dropped now: the next auth event looks again.
      }
    };
    const timers: ReturnType<typeof setTimeout>[] = [];
    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((event, session) => {
      if (!isAuthEventName(event)) return;
      const id = sessionIdOf(session?.access_token);
      if (event === "SIGNED_OUT") {
        if (sessionId.current) markSessionEnded(localStorage, sessionId.current);
        // A refresh or a response still under way can bring the session's cookies back just after.
        for (const ms of RECHECK_AFTER_SIGN_OUT_MS)
          timers.push(setTimeout(() => void dropIfEnded(), ms));
      }
      sessionId.current = id;
      if (isSessionEnded(localStorage, id)) {
        // Not a person signing in or staying signed in: a session that already ended.
        setTimeout(() => void drop().catch(() => {}), 0);
        return;
      }
      const previousUserId = shownUserId.current;
      const newUserId = session?.user.id ?? null;
      if (event !== "TOKEN_REFRESHED") shownUserId.current = newUserId;
      // Signed out: nothing of theirs stays on this device (notes' copies, the kept list, caches).
      // Its code comes when someone signs in or out, not with every page.
      if (event === "SIGNED_OUT" || event === "SIGNED_IN")
        void import("@/lib/auth/forget-device")
          .then((device) =>
            event === "SIGNED_OUT" ? device.forgetThisDevice() : device.rememberThisDevice(),
          )
          .catch(() => {
            // Its code could not be fetched: the next sign-out on this device tries again.
          });

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
    return () => {
      subscription.unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [supabase, router]);

  return null;
}
