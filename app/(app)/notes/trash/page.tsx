import type { Metadata } from "next";

import { BackToNotes } from "@/components/notes/back-to-notes";
import { TrashList } from "@/components/notes/trash-list";
import { requireUser } from "@/lib/auth/require-user";
import { listTrash } from "@/lib/notes/queries";
import { TRASH_DAYS } from "@/lib/notes/limits";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage() {
  const [claims, firstPage] = await Promise.all([requireUser("/notes/trash"), listTrash()]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
      <BackToNotes />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Trash</h1>
        <p className="text-muted-foreground">
          Notes stay here for {TRASH_DAYS} days, then they are deleted for good.
        </p>
      </div>
      <TrashList firstPage={firstPage} userId={claims.sub} />
    </div>
  );
}
