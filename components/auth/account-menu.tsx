import { Suspense } from "react";

import { SignInDialog } from "@/components/auth/sign-in-dialog";
import { UserMenu } from "@/components/auth/user-menu";
import { Button } from "@/components/ui/button";
import { getClaims } from "@/lib/supabase/server";

/** The header's account slot, decided on the server so the first HTML already shows the user. */
export async function AccountMenu() {
  const claims = await getClaims();
  if (claims?.email) return <UserMenu email={claims.email} />;
  return (
    // The dialog reads the current query string, which only the browser knows on static pages.
    <Suspense fallback={<Button size="sm">Sign in</Button>}>
      <SignInDialog />
    </Suspense>
  );
}
