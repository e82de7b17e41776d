import { Suspense } from "react";
import type { Metadata } from "next";

import "@/components/notes/note-prose.css";

import { NoteListSkeleton } from "@/components/notes/note-skeleton";
import { NotesShell } from "@/components/notes/notes-shell";
import { PushPendingChanges } from "@/components/notes/push-pending-changes";
import { NotesSidebar } from "@/components/notes/notes-sidebar";
import { requireUser } from "@/lib/auth/require-user";
import { listNotes } from "@/lib/notes/queries";

export const metadata: Metadata = { title: { default: "Notes", template: "%s · Groundwork" } };

/** The list waits on the database; the page around it is sent without waiting for it. */
async function SidebarWithNotes({ userId }: { userId: string }) {
  return <NotesSidebar firstPage={await listNotes()} userId={userId} />;
}

export default async function NotesLayout({ children }: { children: React.ReactNode }) {
  const claims = await requireUser("/notes");
  return (
    <NotesShell
      sidebar={
        <Suspense fallback={<NoteListSkeleton />}>
          <SidebarWithNotes userId={claims.sub} />
        </Suspense>
      }
    >
      <PushPendingChanges userId={claims.sub} />
      {children}
    </NotesShell>
  );
}
