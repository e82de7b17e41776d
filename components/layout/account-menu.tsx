import { headers } from "next/headers";

import { SignInDialog } from "@/components/auth/sign-in-dialog";
import { UserMenu } from "@/components/layout/user-menu";
import { REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { getSessionProfile } from "@/lib/profile/server";
import { avatarUrl, shownName } from "@/lib/profile/session-profile";
import { supabaseEnv } from "@/lib/supabase/env";

/** The header's account slot, decided on the server so the first HTML already shows the user. */
export async function AccountMenu() {
  const profile = await getSessionProfile();
  if (profile?.email) {
    const avatarSrc = profile.avatarPath
      ? avatarUrl(supabaseEnv().url, profile.avatarPath, 32)
      : null;
    return <UserMenu email={profile.email} name={shownName(profile)} avatarSrc={avatarSrc} />;
  }
  return <SignInDialog serverUrl={(await headers()).get(REQUEST_PATH_HEADER) ?? "/"} />;
}
