import type { Metadata } from "next";
import Link from "next/link";

import { AuthCard } from "@/components/auth/auth-card";
import { EmailSignInForm } from "@/components/auth/email-sign-in-form";
import { safeNextPath } from "@/lib/auth/safe-next";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";

export const metadata: Metadata = { title: "Sign in by email" };

export default async function EmailSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNextPath(firstParam((await searchParams).next));
  return (
    <AuthCard
      title="Sign in by email"
      description="We'll send you a link and a 6-digit code. Use whichever is easier."
      footer={
        <Link
          href={next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`}
          className="underline underline-offset-4"
        >
          Sign in with a password instead
        </Link>
      }
    >
      <EmailSignInForm next={next} />
    </AuthCard>
  );
}
