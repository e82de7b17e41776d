import { sharedNoteFiles } from "@/lib/attachments/shared";
import { getSharedNote } from "@/lib/notes/shared";

type Context = { params: Promise<{ slug: string }> };

/**
 * Fresh signed links for a shared note's attachments, for a reader whose page saw a file added
 * live. Answers as the page does: 404 for a wrong or revoked slug, never cached.
 */
export async function GET(_request: Request, { params }: Context) {
  const { slug } = await params;
  const note = await getSharedNote(slug);
  const headers = { "cache-control": "private, no-store" };
  if (!note) return Response.json({ error: "This note is not shared." }, { status: 404, headers });
  return Response.json(await sharedNoteFiles(slug, note.body), { headers });
}
