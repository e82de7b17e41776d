import "server-only";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { attachmentsInMarkdown, isInNoteFolder, withDownloadName } from "@/lib/attachments/paths";
import type { SharedFile, SharedFiles } from "@/lib/attachments/shared-files";
import { createAdminClient } from "@/lib/supabase/admin";

/** Signed links live this long: enough to read the page, short enough that a copied one dies. */
export const SHARED_LINK_SECONDS = 600;

/** At most this many files are signed for one page, however many the body names. */
const MAX_FILES = 100;

/**
 * Signed links for the attachments a shared note's body shows. The secret key signs them, so the
 * scope is enforced here: only paths inside this very note's folder, looked up by its live slug.
 * Anything else the body names (another note's file, a made-up path) gets no link at all.
 */
export async function sharedNoteFiles(slug: string, body: string): Promise<SharedFiles> {
  const refs = attachmentsInMarkdown(body);
  if (refs.length === 0) return {};
  const admin = createAdminClient();
  const { data: note, error } = await admin
    .from("notes")
    .select("id, owner_id")
    .eq("share_slug", slug)
    .is("deleted_at", null)
    .maybeSingle();
  if (error) throw new Error(`Reading a shared note's files failed: ${error.message}`);
  if (!note) return {};
  const files = admin.storage.from(ATTACHMENTS_BUCKET);
  const mine = refs
    .filter((r) => isInNoteFolder(r.path, note.owner_id, note.id))
    .slice(0, MAX_FILES);
  const signed = await Promise.all(
    mine.map(async (ref): Promise<[string, SharedFile] | null> => {
      const [original, rendition] = await Promise.all([
        files.createSignedUrl(ref.path, SHARED_LINK_SECONDS),
        ref.image
          ? files.createSignedUrl(ref.path, SHARED_LINK_SECONDS, {
              transform: { width: 1200, resize: "contain" },
            })
          : null,
      ]);
      // A file removed meanwhile simply has no link; the page shows its name without one.
      if (original.error) return null;
      return [
        ref.path,
        {
          original: original.data.signedUrl,
          download: withDownloadName(original.data.signedUrl, ref.name),
          rendition: rendition?.data?.signedUrl ?? null,
        },
      ];
    }),
  );
  return Object.fromEntries(signed.filter((entry) => entry !== null));
}
