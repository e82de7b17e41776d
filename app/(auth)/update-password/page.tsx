import type { Metadata } from "next";
import Link from "next/link";

import { changePassword } from "@/lib/account/actions";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { AuthCard } from "@/components/auth/auth-card";
import { requireUser } from "@/lib/auth/require-user";
import { safeNextPath } from "@/lib/auth/safe-next";
import { UPDATE_PASSWORD_PATH } from "@/lib/auth/routes";
import { getClaims } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function UpdatePasswordPage({
  searchParams,
}: {
  /** `next`: where an invitation goes once its password is chosen (the note it shares). */
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const then = safeNextPath((await searchParams).next, "/account");
  if (!(await getClaims())) {
    return (
      <AuthCard
        title="This link has expired"
        footer={
          <Link href="/forgot-password" className="underline underline-offset-4">
            Send me a new link
          </Link>
        }
      >
        <p className="text-sm">
          Password reset links work once and only for a while. Ask for a new one.
        </p>
      </AuthCard>
    );
  }
  await requireUser(UPDATE_PASSWORD_PATH);
  return (
    <AuthCard title="Choose a new password" description="You'll stay signed in on this device.">
      <ChangePasswordForm action={changePassword} then={then} submitLabel="Save new password" />
    </AuthCard>
  );
}
