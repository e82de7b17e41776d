import { Suspense } from "react";

import { NotesHome } from "@/components/notes/notes-home";
import { listNotes } from "@/lib/notes/queries";

async function NotesHomeWithCount() {
  const { packed } = await listNotes();
  return <NotesHome hasNotes={packed.length > 0} />;
}

export default function NotesPage() {
  return (
    <Suspense
      fallback={<div role="status" aria-label="Loading your notes" className="px-4 py-20" />}
    >
      <NotesHomeWithCount />
    </Suspense>
  );
}
