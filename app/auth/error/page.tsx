import type { Metadata } from "next";
import Link from "next/link";

import { AuthCard } from "@/components/auth/auth-card";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { signInHref } from "@/lib/auth/safe-next";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";

export const metadata: Metadata = { title: "That link didn't work" };

export default async function AuthErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const code = firstParam(params.code) ?? "unexpected_failure";
  const pending = code === "email_change_pending";

  return (
    <AuthCard
      title={pending ? "One more step" : "That link didn't work"}
      footer={
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <Link href={signInHref(firstParam(params.next))} className="underline underline-offset-4">
            Sign in
          </Link>
          <Link href="/sign-in/email" className="underline underline-offset-4">
            Get a new sign-in link
          </Link>
          <Link href="/forgot-password" className="underline underline-offset-4">
            Reset your password
          </Link>
        </div>
      }
    >
      <p role={pending ? "status" : "alert"} className="text-sm">
        {authErrorMessage({ code })}
      </p>
    </AuthCard>
  );
}
