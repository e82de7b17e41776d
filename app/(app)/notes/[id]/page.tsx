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

/**
 * Whether the browser asked for the page to show it whole (a load, a reload, a link opened anew),
 * not for the router's data of a soft navigation, which it fetches (`Sec-Fetch-Dest: empty`).
 * A client that says neither gets the whole page.
 */
const wholePage = (request: Headers) => request.get("sec-fetch-dest") !== "empty";

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
  const request = await headers();
  const nonce = request.get(NONCE_HEADER) ?? undefined;
  return (
    <>
      {/* Starts reading this device's copy of the note as the HTML is parsed, so the editor finds
          it read when its code arrives. Only in a page loaded whole: React inserts a script it
          renders in the browser (a soft navigation) without running it. */}
      {wholePage(request) && (
        <script
          nonce={nonce}
          // The browser hides a nonce from the page once it has checked it.
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: NOTE_COPY_READ_SCRIPT }}
        />
      )}
      <NoteView note={note} userId={claims.sub} share={share} role={role} />
    </>
  );
}
