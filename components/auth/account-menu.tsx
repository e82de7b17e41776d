import { headers } from "next/headers";

import { SignInDialog } from "@/components/auth/sign-in-dialog";
import { UserMenu } from "@/components/auth/user-menu";
import { isAuthPage, REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { returnPathFrom } from "@/lib/auth/safe-next";
import { getClaims } from "@/lib/supabase/server";

/** The header's account slot, decided on the server so the first HTML already shows the user. */
export async function AccountMenu() {
  const claims = await getClaims();
  if (claims?.email) return <UserMenu email={claims.email} />;
  const here = returnPathFrom((await headers()).get(REQUEST_PATH_HEADER) ?? "/", isAuthPage);
  return <SignInDialog serverPath={here} />;
}
