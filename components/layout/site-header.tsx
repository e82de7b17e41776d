import { AccountMenu } from "@/components/layout/account-menu";
import { HeaderBar } from "@/components/layout/header-bar";
import { getClaims } from "@/lib/supabase/server";

export async function SiteHeader() {
  const signedIn = (await getClaims()) !== null;
  return <HeaderBar signedIn={signedIn} account={<AccountMenu />} />;
}
