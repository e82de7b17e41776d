import type { Metadata } from "next";

import { AccountNav } from "@/components/account/account-nav";
import { AccountSection } from "@/components/account/account-section";
import { AvatarEditor } from "@/components/account/avatar-editor";
import { ProfileForm } from "@/components/account/profile-form";
import { requireUser } from "@/lib/auth/require-user";
import { getSessionProfile } from "@/lib/profile/server";
import { avatarUrl, shownName } from "@/lib/profile/session-profile";
import { supabaseEnv } from "@/lib/supabase/env";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  await requireUser("/account/profile");
  const profile = (await getSessionProfile())!;
  const avatarSrc = profile.avatarPath
    ? avatarUrl(supabaseEnv().url, profile.avatarPath, 64)
    : null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
        <AccountNav current="/account/profile" />
      </div>
      <AccountSection title="Picture" description="Shown in the header and on notes you share.">
        <AvatarEditor
          userId={profile.userId}
          name={shownName(profile)}
          avatarSrc={avatarSrc}
          avatarPath={profile.avatarPath}
        />
      </AccountSection>
      <AccountSection
        title="Name"
        description="Your username is yours alone; your display name is what readers see."
      >
        <ProfileForm
          userId={profile.userId}
          username={profile.username}
          displayName={profile.displayName}
        />
      </AccountSection>
    </div>
  );
}
