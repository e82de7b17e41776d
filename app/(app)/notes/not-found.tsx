import { NoteNotFoundView } from "@/components/notes/note-not-found-view";

export default function NoteNotFound() {
  return <NoteNotFoundView />;
}
