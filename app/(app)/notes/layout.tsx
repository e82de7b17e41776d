import type { Metadata } from "next";

import "@/components/notes/note-prose.css";

import { NotesShell } from "@/components/notes/notes-shell";
import { NotesSidebar } from "@/components/notes/notes-sidebar";
import { requireUser } from "@/lib/auth/require-user";
import { listNotes } from "@/lib/notes/queries";

export const metadata: Metadata = { title: { default: "Notes", template: "%s · Groundwork" } };

export default async function NotesLayout({ children }: { children: React.ReactNode }) {
  const claims = await requireUser("/notes");
  const notes = await listNotes();
  return (
    <NotesShell sidebar={<NotesSidebar initialNotes={notes} userId={claims.sub} />}>
      {children}
    </NotesShell>
  );
}
