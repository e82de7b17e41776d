import type { Metadata } from "next";

import { AccountNav } from "@/components/account/account-nav";
import { AccountSection } from "@/components/account/account-section";
import { ImportNotes } from "@/components/account/import-notes";
import { requireUser } from "@/lib/auth/require-user";
import { createClient } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Import notes" };

export default async function ImportPage() {
  const claims = await requireUser("/account/import");
  const supabase = await createClient();
  const { data: rows } = await supabase
    .from("imports")
    .select("id, name, status, created_at, notes_total")
    .neq("status", "removed")
    .order("created_at", { ascending: false })
    .limit(20);
  // An unfinished import shows how far it got, counted from the notes it marked written.
  const earlier = await Promise.all(
    (rows ?? []).map(async (row) => {
      if (row.status !== "running") return { ...row, written: null };
      const { count } = await supabase
        .from("import_notes")
        .select("note_id", { count: "exact", head: true })
        .eq("import_id", row.id)
        .not("written_at", "is", null);
      return { ...row, written: count ?? 0 };
    }),
  );

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Import notes</h1>
        <AccountNav current="/account/import" />
      </div>
      <AccountSection
        title="Bring your notes"
        description="Markdown or text files, a zip or folder of them (Obsidian, Notion, Bear, Apple Notes), an Evernote export (.enex), a Google Keep Takeout zip or a Bear backup (.bear2bk). Files are read on this device; nothing is written until you confirm."
      >
        <ImportNotes ownerId={claims.sub} earlier={earlier} />
      </AccountSection>
    </div>
  );
}
