import { notFound } from "next/navigation";

import { EditorCodePreload } from "@/components/notes/note-editor-code";
import { getNote } from "@/lib/notes/queries";

/**
 * Decides "no such note" before the page's loading skeleton starts streaming, so a missing or
 * foreign id is answered with a real 404 status, not a 200 that shows the 404 page.
 */
export default async function NoteLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const note = await getNote((await params).id);
  if (!note || note.deleted_at) notFound();
  return (
    <>
      {children}
      <EditorCodePreload />
    </>
  );
}
