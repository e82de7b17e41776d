import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { NoteHistory } from "@/components/history/note-history";
import { requireUser } from "@/lib/auth/require-user";
import { displayTitle } from "@/lib/notes/derive";
import { getNote } from "@/lib/notes/queries";
import { createClient } from "@/lib/supabase/server";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const note = await getNote((await params).id);
  return {
    title: note && !note.deleted_at ? `History: ${displayTitle(note.title)}` : "Note not found",
  };
}

export default async function NoteHistoryPage({ params }: Props) {
  const { id } = await params;
  await requireUser(`/notes/${id}/history`);
  const note = await getNote(id);
  if (!note || note.deleted_at) notFound();
  const supabase = await createClient();
  const { data } = await supabase.rpc("note_history", { note_id: id, page_size: 30 });
  return <NoteHistory noteId={id} title={displayTitle(note.title)} firstPage={data ?? []} />;
}
