"use client";

import { useTransition } from "react";
import { toast } from "sonner";

import { useSupabase } from "@/components/auth/supabase-provider";
import { Button } from "@/components/ui/button";
import { authErrorMessage } from "@/lib/auth/error-messages";

/** This device only, or every session the account has (other browsers lose theirs at next refresh). */
export function SignOutButtons() {
  const supabase = useSupabase();
  const [pending, startTransition] = useTransition();

  function signOut(scope: "local" | "global") {
    startTransition(async () => {
      const { error } = await supabase.auth.signOut({ scope });
      if (error) toast.error(authErrorMessage(error));
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
