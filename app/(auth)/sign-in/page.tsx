import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeNextPath } from "@/lib/auth/safe-next";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";
import { getClaims } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNextPath(firstParam((await searchParams).next));
  if (await getClaims()) redirect(next);
  return (
    <AuthCard title="Sign in" description="Welcome back to Groundwork.">
      <SignInForm next={next} />
    </AuthCard>
  );
}
