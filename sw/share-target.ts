/// <reference lib="webworker" />
/**
 * The share target's files (app/manifest.ts): a share sheet POSTs a multipart form to /share. A
 * navigation that carries files cannot be redirected through the server and keep them, so the
 * worker reads the form itself, keeps the files on this device (lib/share-target/kept-files.ts)
 * and sends the page on, with a 303, to the notes page that makes the note. A form without files
 * goes to the server as it came (app/share/route.ts). Whatever happens, the answer is a redirect
 * the notes page explains, never an error page.
 */
import { createNonce, securityHeaders } from "@/lib/security/headers";
import { claimPath, keepPendingShare } from "@/lib/share-target/kept-files";
import { formHasFiles, readSharedForm } from "@/lib/share-target/shared-files";

declare const self: ServiceWorkerGlobalScope;

/** Not kept on this device (storage full or refused): said on the notes page. */
const NOT_KEPT_PATH = "/notes?share-error=not-kept";

/** A 303 with the app's headers, as the server's own answers carry them. */
function seeOther(path: string): Response {
  const headers = securityHeaders({
    nonce: createNonce(),
    // The answer has no body: nothing in it connects anywhere, so the page's own origin will do.
    supabaseUrl: self.location.origin,
    dev: false,
    https: self.location.protocol === "https:",
  });
  return new Response(null, {
    status: 303,
    headers: { ...headers, location: path, "cache-control": "no-store" },
  });
}

async function keepShare(request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    // Unreadable here: the server reads it again and says what is wrong with it.
    return fetch(request);
  }
  if (!formHasFiles(form)) return fetch(request);
  const { fields, files, refused } = readSharedForm(form);
  const id = crypto.randomUUID();
  try {
    await keepPendingShare({ id, fields, files, refused, at: Date.now() });
  } catch {
    return seeOther(NOT_KEPT_PATH);
  }
  return seeOther(claimPath(id));
}

export function isShareWithForm(request: Request): boolean {
  const url = new URL(request.url);
  const type = request.headers.get("content-type") ?? "";
  return (
    request.method === "POST" &&
    url.origin === self.location.origin &&
    url.pathname === "/share" &&
    type.toLowerCase().startsWith("multipart/form-data")
  );
}

/** Listens before Serwist does, which routes no POST, so the two never answer the same request. */
export function listenForShares(): void {
  self.addEventListener("fetch", (event) => {
    if (!isShareWithForm(event.request)) return;
    event.respondWith(keepShare(event.request).catch(() => seeOther(NOT_KEPT_PATH)));
  });
}
