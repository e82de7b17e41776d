import type { Metadata } from "next";
import Link from "next/link";

import { AuthCard } from "@/components/auth/auth-card";
import { VerifyOtpForm, type OtpKind } from "@/components/auth/verify-otp-form";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { safeNextPath } from "@/lib/auth/safe-next";
import { emailSchema } from "@/lib/auth/schemas";
import { firstParam, type SearchParams } from "@/lib/auth/search-params";

export const metadata: Metadata = { title: "Check your email" };

export default async function VerifyOtpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNextPath(firstParam(params.next));
  const email = emailSchema.safeParse(firstParam(params.email) ?? "");
  const kind: OtpKind = firstParam(params.type) === "signup" ? "signup" : "email";
  const wait = Math.min(3600, Math.max(0, Number(firstParam(params.wait) ?? 60) || 0));
  const error = firstParam(params.error);

  if (!email.success) {
    return (
      <AuthCard
        title="Check your email"
        footer={
          <Link href="/sign-in" className="underline underline-offset-4">
            Back to sign in
          </Link>
        }
      >
        <p className="text-sm">
          This page needs the address the mail went to. Start again from sign in.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Check your email"
      description={
        <>
          We sent a mail to <strong className="text-foreground">{email.data}</strong>. Open the link
          in it, or enter the 6-digit code here.
        </>
      }
      footer={
        <Link href="/sign-in" className="underline underline-offset-4">
          Use a different address
        </Link>
      }
    >
      {error ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {authErrorMessage({ code: error })}
        </p>
      ) : null}
      <VerifyOtpForm email={email.data} kind={kind} next={next} wait={wait} />
    </AuthCard>
  );
}
