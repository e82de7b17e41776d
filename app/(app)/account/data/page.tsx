import type { Metadata } from "next";

import { AccountNav } from "@/components/account/account-nav";
import { AccountSection } from "@/components/account/account-section";
import { DeleteAccount } from "@/components/account/delete-account";
import { LazyDeviceNotes } from "@/components/account/device-notes-lazy";
import { ExportData } from "@/components/account/export-data";
import { requireUser } from "@/lib/auth/require-user";
import { formatBytes } from "@/lib/history/timeline";
import { createClient } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Your data" };

export default async function DataPage() {
  const claims = await requireUser("/account/data");
  const usage = (await (await createClient()).rpc("history_usage").maybeSingle()).data;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Your data</h1>
        <AccountNav current="/account/data" />
      </div>
      <AccountSection title="Export" description="Take a copy of everything with you.">
        <ExportData />
      </AccountSection>
      <AccountSection
        title="Note history"
        description="Past versions of your notes: every version of the last 30 days, then one a day for a year."
      >
        <p data-testid="history-usage">
          {usage
            ? `${usage.versions === 1 ? "1 version" : `${usage.versions} versions`}, ${formatBytes(usage.bytes)}`
            : "Couldn't read how much history takes."}
        </p>
      </AccountSection>
      <AccountSection
        title="This device"
        description="Notes kept here open instantly, and with no connection at all."
      >
        <LazyDeviceNotes userId={claims.sub} />
      </AccountSection>
      <AccountSection title="Delete account">
        <DeleteAccount email={claims.email ?? ""} />
      </AccountSection>
    </div>
  );
}
