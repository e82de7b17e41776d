import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { AuthCard } from "@/components/auth/auth-card";
import { signUp } from "@/lib/auth/actions";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { safeNextPath } from "@/lib/auth/safe-next";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";
import { getClaims } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNextPath(firstParam((await searchParams).next));
  if (await getClaims()) redirect(next);
  return (
    <AuthCard
      title="Create an account"
      description="We'll send you a mail to confirm your address."
    >
      <SignUpForm next={next} action={signUp} />
    </AuthCard>
  );
}
