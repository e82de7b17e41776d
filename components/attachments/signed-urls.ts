import type { SupabaseClient } from "@supabase/supabase-js";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { withDownloadName } from "@/lib/attachments/paths";

/** Signed for an hour, asked again after 50 minutes, so a shown link is never an expired one. */
const SECONDS = 3600;
const REUSE_MS = 50 * 60 * 1000;

export type AttachmentUrls = { original: string; download: string; rendition: string | null };

const cache = new Map<string, { at: number; urls: Promise<AttachmentUrls | null> }>();

/**
 * The owner's links to one attachment: the original (opens in place), the same with its original
 * name as a download, and for an image a resized rendition to show inline. Null when it is gone.
 */
export function attachmentUrls(
  supabase: SupabaseClient,
  a: { path: string; name: string; type: string },
): Promise<AttachmentUrls | null> {
  const key = `${a.path}\n${a.name}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < REUSE_MS) return hit.urls;
  const files = supabase.storage.from(ATTACHMENTS_BUCKET);
  const urls = Promise.all([
    files.createSignedUrl(a.path, SECONDS),
    a.type.startsWith("image/")
      ? files.createSignedUrl(a.path, SECONDS, {
          transform: { width: 1200, resize: "contain" },
        })
      : null,
  ]).then(([original, rendition]) => {
    if (original.error) {
      cache.delete(key);
      return null;
    }
    return {
      original: original.data.signedUrl,
      download: withDownloadName(original.data.signedUrl, a.name),
      rendition: rendition?.data?.signedUrl ?? null,
    };
  });
  cache.set(key, { at: Date.now(), urls });
  return urls;
}
