import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignOutButtons } from "@/components/account/sign-out-buttons";
import { AuthCard } from "@/components/auth/auth-card";
import { MfaChallengeForm } from "@/components/auth/mfa-challenge-form";
import { safeNextPath, signInHref } from "@/lib/auth/safe-next";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";
import { getClaims, owesMfaCode } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Enter your code" };

export default async function VerifyMfaPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNextPath(firstParam((await searchParams).next));
  if (!(await getClaims())) redirect(signInHref(next));
  if (!(await owesMfaCode())) redirect(next);

  return (
    <AuthCard
      title="Enter your code"
      description="Your account has two-step verification. Open your authenticator app for the current code."
      footer={<SignOutButtons />}
    >
      <MfaChallengeForm />
    </AuthCard>
  );
}
