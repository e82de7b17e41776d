import { NotesHome } from "@/components/notes/notes-home";
import { listNotes } from "@/lib/notes/queries";

export default async function NotesPage() {
  const notes = await listNotes();
  return <NotesHome hasNotes={notes.length > 0} />;
}
