import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { NoteView } from "@/components/notes/note-view";
import { requireUser } from "@/lib/auth/require-user";
import { displayTitle } from "@/lib/notes/derive";
import { NOTE_COPY_READ_SCRIPT } from "@/lib/notes/offline/note-copy-read";
import { getNote, getNoteRole, getNoteShare } from "@/lib/notes/queries";
import { NONCE_HEADER } from "@/lib/security/headers";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const note = await getNote((await params).id);
  return { title: note && !note.deleted_at ? displayTitle(note.title) : "Note not found" };
}

export default async function NotePage({ params }: Props) {
  const { id } = await params;
  const claims = await requireUser(`/notes/${id}`);
  const [note, share] = await Promise.all([getNote(id), getNoteShare(id)]);
  if (!note || note.deleted_at || !share) notFound();
  // The owner's role is in the row just read (note_role says "owner" for exactly this); only a
  // person the note is shared with is asked about.
  const role = share.ownerId === claims.sub ? "owner" : await getNoteRole(id);
  if (!role) notFound();
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <>
      {/* Starts reading this device's copy of the note as the HTML is parsed, so the editor finds
          it read when its code arrives. Only a page loaded whole runs it: React inserts a script
          it renders in the browser (a soft navigation) without running it. */}
      <script
        nonce={nonce}
        // The browser hides a nonce from the page once it has checked it.
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: NOTE_COPY_READ_SCRIPT }}
      />
      <NoteView note={note} userId={claims.sub} share={share} role={role} />
    </>
  );
}
