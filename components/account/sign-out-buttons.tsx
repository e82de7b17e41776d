"use client";

import { useTransition } from "react";
import { toast } from "sonner";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { authErrorMessage, NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";

/** This device only, or every session the account has (other browsers lose theirs at next refresh). */
export function SignOutButtons() {
  const config = useSupabaseConfig();
  const [pending, startTransition] = useTransition();

  function signOut(scope: "local" | "global") {
    startTransition(async () => {
      // The client library loads when someone signs out, not with the page.
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) return void toast.error(NETWORK_ERROR_MESSAGE);
      const { error } = await supabase.auth.signOut({ scope });
      if (error) toast.error(authErrorMessage(error));
      // Forgotten here too, not only when the page hears SIGNED_OUT.
      else await import("@/lib/auth/forget-device").then((m) => m.forgetThisDevice());
    });
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={pending} onClick={() => signOut("local")}>
        Sign out
      </Button>
      <Button variant="destructive" disabled={pending} onClick={() => signOut("global")}>
        Sign out everywhere
      </Button>
    </div>
  );
}
