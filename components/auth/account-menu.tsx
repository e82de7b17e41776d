import { SignInDialog } from "@/components/auth/sign-in-dialog";
import { UserMenu } from "@/components/auth/user-menu";
import { getClaims } from "@/lib/supabase/server";

/** The header's account slot, decided on the server so the first HTML already shows the user. */
export async function AccountMenu() {
  const claims = await getClaims();
  return claims?.email ? <UserMenu email={claims.email} /> : <SignInDialog />;
}
