import * as tus from "tus-js-client";

import { ATTACHMENTS_BUCKET, CHUNK_SIZE } from "@/lib/attachments/limits";
import { isInNoteFolder } from "@/lib/attachments/paths";
import { uploadErrorMessage } from "@/lib/attachments/upload-errors";

export type UploadEvents = {
  onProgress: (sent: number, total: number) => void;
  /** The connection is gone; the upload carries on by itself once the browser is back online. */
  onWaiting: () => void;
  onDone: (path: string) => void;
  onError: (message: string) => void;
};

export type UploadTarget = {
  supabaseUrl: string;
  publishableKey: string;
  /** The session's current access token, asked before every request so a long upload outlives it. */
  accessToken: () => Promise<string>;
  ownerId: string;
  noteId: string;
};

/**
 * Sends one file to the note's folder over tus. The upload's address is kept in localStorage
 * (tus-js-client's URL storage) until it finishes, so adding the same file again after a reload or
 * a crash continues where the server stopped; going offline pauses it until the browser is back.
 */
export function startUpload(
  file: File,
  contentType: string,
  path: string,
  target: UploadTarget,
  events: UploadEvents,
): { cancel: () => Promise<void>; stop: () => void } {
  let finished = false;
  let waiting = false;
  let objectName = path;
  const upload = new tus.Upload(file, {
    endpoint: `${target.supabaseUrl}/storage/v1/upload/resumable`,
    chunkSize: CHUNK_SIZE,
    retryDelays: [0, 1000, 3000, 5000],
    headers: { apikey: target.publishableKey, "x-upsert": "false" },
    metadata: {
      bucketName: ATTACHMENTS_BUCKET,
      objectName: path,
      contentType,
      cacheControl: "3600",
    },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    async onBeforeRequest(req) {
      req.setHeader("authorization", `Bearer ${await target.accessToken()}`);
    },
    // While offline, retrying only burns the delays; the online event below takes over.
    onShouldRetry: (err, _attempt, options) =>
      navigator.onLine && tus.defaultOptions.onShouldRetry!(err, _attempt, options),
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess() {
      finished = true;
      window.removeEventListener("online", resume);
      events.onDone(objectName);
    },
    onError(err) {
      if (!navigator.onLine) {
        waiting = true;
        events.onWaiting();
        return;
      }
      window.removeEventListener("online", resume);
      events.onError(uploadErrorMessage(file.name, err));
    },
  });
  function resume() {
    if (finished || !waiting) return;
    waiting = false;
    upload.start();
  }
  window.addEventListener("online", resume);

  void (async () => {
    // The same file added to the same note again: continue its unfinished upload.
    const previous = (await upload.findPreviousUploads()).find((p) =>
      isInNoteFolder(p.metadata.objectName ?? "", target.ownerId, target.noteId),
    );
    if (previous) {
      objectName = previous.metadata.objectName;
      upload.resumeFromPreviousUpload(previous);
    }
    if (navigator.onLine) upload.start();
    else {
      waiting = true;
      events.onWaiting();
    }
  })();

  return {
    async cancel() {
      finished = true;
      window.removeEventListener("online", resume);
      // Terminating tells the server to drop what it holds; the stored address goes with it.
      await upload.abort(true).catch(() => upload.abort());
    },
    /** Stops sending but keeps the upload on the server and its address here, to resume later. */
    stop() {
      finished = true;
      window.removeEventListener("online", resume);
      void upload.abort();
    },
  };
}

export type UnfinishedUpload = { key: string; name: string; size: number | null };

/** The stored name without its random prefix: what the person called the file, near enough. */
function shownName(objectName: string): string {
  return (objectName.split("/").pop() ?? "").replace(/^[0-9a-f]{12}-/, "");
}

/** Uploads into this note that stopped before the end (a reload, a crash), kept in this browser. */
export async function unfinishedUploads(
  ownerId: string,
  noteId: string,
): Promise<UnfinishedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => isInNoteFolder(u.metadata.objectName ?? "", ownerId, noteId))
    .map((u) => ({ key: u.urlStorageKey, name: shownName(u.metadata.objectName), size: u.size }));
}

/** Forgets an unfinished upload here; the server drops what it held on its own in time. */
export async function forgetUpload(key: string): Promise<void> {
  await tus.defaultOptions.urlStorage.removeUpload(key);
}
