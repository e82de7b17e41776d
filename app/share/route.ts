import { NextResponse, type NextRequest } from "next/server";

import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { NONCE_HEADER } from "@/lib/security/headers";
import { createSharedNote } from "@/lib/share-target/create";
import { SHARE_KEPT_KEY, SHARE_PENDING_PATH, shareErrorPath } from "@/lib/share-target/pending";
import { formHasFiles } from "@/lib/share-target/shared-files";
import {
  SHARED_FIELD_MAX,
  sharedFields,
  sharedNoteMarkdown,
  type SharedFields,
} from "@/lib/share-target/shared-note";
import { createClient, getClaims, owesMfaCode } from "@/lib/supabase/server";

export const dynamic = "force-dynamic";

/** Three fields at their longest, each character percent-encoded at worst, and the names. */
const BODY_MAX_BYTES = 3 * SHARED_FIELD_MAX * 9 + 1024;

const refuse = (status: number, message: string) =>
  new NextResponse(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * Files reach the server only when no service worker took the share (the app's first visit, or a
 * browser that runs none): it cannot keep them for the page, so it says so rather than make a note
 * that silently lacks them.
 */
const FILES_NEED_THE_APP =
  "Files can be shared into Groundwork only once the app has opened on this device (it keeps them " +
  "there until they are uploaded). Open Groundwork, then share again. Text and links can be shared as they are.";

/** A 303, so the browser follows with a GET: a reload or Back never shares again. */
const seeOther = (path: string) => NextResponse.redirect(siteRedirectUrl(path), 303);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Signed out (or owing a second factor), the share is kept in this tab (session storage: nothing
 * of it is sent anywhere or left for the next person on the device once the tab closes), and the
 * notes page's own guard sends the person through signing in; once back, the notes page makes
 * the note (components/notes/launch-action.tsx). The address carries none of what was shared.
 */
function keepThroughSignIn(fields: SharedFields, nonce: string): NextResponse {
  // JSON inside a script: "<" is written as an escape, so no shared text can close the element.
  const script = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to keep what you shared · Groundwork</title>
<script nonce="${escapeHtml(nonce)}">sessionStorage.setItem(${script(SHARE_KEPT_KEY)}, ${script(JSON.stringify(fields))});location.replace(${script(SHARE_PENDING_PATH)});</script>
</head><body><p>Sign in to make a note of what you shared: <a href="${escapeHtml(SHARE_PENDING_PATH)}">Sign in</a>.</p></body></html>`;
  return new NextResponse(html, {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The manifest's share target (app/manifest.ts): what another app shares (title, text, url) as
 * a form POST. Signed in, it becomes a new note that opens at once; signed out, it is kept
 * through signing in. Empty or oversized shares are told why on the notes page, never a 5xx.
 */
export async function POST(request: NextRequest) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
    return refuse(415, "Share text and links as a form (application/x-www-form-urlencoded).");
  if (Number(request.headers.get("content-length") ?? 0) > BODY_MAX_BYTES)
    // A multipart share this large carries files, which only the app's service worker takes.
    return type === "multipart/form-data"
      ? refuse(413, FILES_NEED_THE_APP)
      : seeOther(shareErrorPath("too-long"));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, "What was shared could not be read as a form. Share it again.");
  }
  if (formHasFiles(form)) return refuse(422, FILES_NEED_THE_APP);
  const fields = sharedFields((name) => form.get(name));
  const shared = sharedNoteMarkdown(fields);
  if (!shared.ok) return seeOther(shareErrorPath(shared.reason));

  const claims = await getClaims();
  if (!claims?.sub || (await owesMfaCode()))
    return keepThroughSignIn(fields, request.headers.get(NONCE_HEADER) ?? "");
  const made = await createSharedNote(await createClient(), claims.sub, fields, "/share");
  if ("error" in made) return seeOther(shareErrorPath("failed"));
  return seeOther(`/notes/${made.id}`);
}

/** Opening the address itself shares nothing: the notes list. */
export function GET() {
  return seeOther("/notes");
}
