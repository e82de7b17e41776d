import type { Metadata } from "next";

import { AccountNav } from "@/components/account/account-nav";
import { AccountFreshness } from "@/components/account/account-freshness";
import { changeEmail, changePassword } from "@/lib/account/actions";
import { ChangeEmailForm } from "@/components/account/change-email-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { MfaFactors } from "@/components/account/mfa-factors";
import { SignOutButtons } from "@/components/account/sign-out-buttons";
import { AccountSection } from "@/components/account/account-section";
import { requireUser } from "@/lib/auth/require-user";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const claims = await requireUser("/account");
  const email = claims.email ?? "";

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <AccountFreshness renderedEmail={email} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mb-3 text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{email}</span>
        </p>
        <AccountNav current="/account" />
      </div>
      <AccountSection
        title="Email"
        description="We'll ask you to confirm the change at both addresses."
      >
        <ChangeEmailForm currentEmail={email} action={changeEmail} />
      </AccountSection>
      <AccountSection title="Password">
        <ChangePasswordForm action={changePassword} askCurrent />
      </AccountSection>
      <AccountSection
        title="Two-step verification"
        description="Ask for a code from an authenticator app after your password."
      >
        <MfaFactors />
      </AccountSection>
      <AccountSection
        title="Sessions"
        description="Signing out everywhere ends your sessions in every browser and device."
      >
        <SignOutButtons />
      </AccountSection>
    </div>
  );
}
