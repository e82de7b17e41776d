"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Editor } from "@tiptap/core";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { attachmentType, refusalFor } from "@/lib/attachments/limits";
import { newAttachmentPath } from "@/lib/attachments/paths";
import { uploadErrorMessage } from "@/lib/attachments/upload-errors";
import type { UnfinishedUpload, UploadEvents, UploadTarget } from "@/lib/attachments/upload";
import { insertAttachment, type AttachmentAttrs } from "@/lib/notes/attachment-node";

export type UploadEntry = {
  id: string;
  file: File;
  sent: number;
  state: "uploading" | "waiting" | "done" | "error" | "refused";
  message?: string;
};

/** How long a finished or refused entry stays in the list before it goes by itself. */
const LINGER_MS = 6000;

/**
 * The upload client (tus) is loaded when the note's uploads are first looked at or a file is added,
 * after the editor is up: it is not part of the code a note waits for to open.
 */
const uploadCode = () => import("@/lib/attachments/upload");

/**
 * The note's uploads: each file checked against the limits first, then sent over tus; once stored
 * it is placed in the document where the cursor (or the drop) is, so other devices get it at once.
 */
export function useAttachmentUploads(editor: Editor | null, ownerId: string, noteId: string) {
  const config = useSupabaseConfig();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const findUnfinished = useCallback(() => {
    void uploadCode()
      .then(({ unfinishedUploads }) => unfinishedUploads(ownerId, noteId))
      .then(setUnfinished, () => setUnfinished([]));
  }, [ownerId, noteId]);
  const uploads = useRef(new Map<string, { cancel: () => Promise<void>; stop: () => void }>());
  // Told once an upload's file is in the note, or was refused or cancelled: it is not needed here.
  const settled = useRef(new Map<string, () => void>());
  const settle = useCallback((id: string) => {
    settled.current.get(id)?.();
    settled.current.delete(id);
  }, []);

  const update = useCallback((id: string, change: Partial<UploadEntry>) => {
    setEntries((all) => all.map((e) => (e.id === id ? { ...e, ...change } : e)));
    if (change.state === "done") {
      setTimeout(() => setEntries((all) => all.filter((e) => e.id !== id)), LINGER_MS);
    }
  }, []);

  const send = useCallback(
    (id: string, file: File) => {
      if (!editor) return;
      const type = attachmentType(file);
      const target: UploadTarget = {
        supabaseUrl: config.url,
        publishableKey: config.publishableKey,
        ownerId,
        noteId,
        async accessToken() {
          const supabase = await loadSupabase(config);
          const { data } = await supabase.auth.getSession();
          if (!data.session) throw new Error("Signed out");
          return data.session.access_token;
        },
      };
      const events: UploadEvents = {
        onProgress: (sent) => update(id, { sent, state: "uploading" }),
        onWaiting: () => update(id, { state: "waiting" }),
        onError: (message) => update(id, { state: "error", message }),
        onDone(path) {
          uploads.current.delete(id);
          findUnfinished();
          update(id, { sent: file.size, state: "done" });
          const attrs: AttachmentAttrs = { path, name: file.name, type, size: file.size };
          if (!editor.isDestroyed) insertAttachment(editor, attrs);
          settle(id);
        },
      };
      const path = newAttachmentPath(ownerId, noteId, file.name);
      const started = uploadCode().then(({ startUpload }) =>
        startUpload(file, type, path, target, events),
      );
      // Its code can fail to load only when the network does, as the built files are precached.
      started.catch((err: unknown) =>
        update(id, { state: "error", message: uploadErrorMessage(file.name, err) }),
      );
      // Stopping or cancelling before the code is here acts on the upload as soon as it starts.
      uploads.current.set(id, {
        cancel: () =>
          started.then(
            (upload) => upload.cancel(),
            () => {},
          ),
        stop: () =>
          void started.then(
            (upload) => upload.stop(),
            () => {},
          ),
      });
    },
    [editor, config, ownerId, noteId, update, findUnfinished, settle],
  );

  const addFiles = useCallback(
    /** `onSettled` hears of each file once it is in the note, refused, or cancelled. */
    (files: File[], onSettled?: (file: File) => void) => {
      const added = files.map((file): UploadEntry => {
        const message = refusalFor({
          name: file.name,
          type: attachmentType(file),
          size: file.size,
        });
        return {
          id: crypto.randomUUID(),
          file,
          sent: 0,
          state: message ? "refused" : "uploading",
          message: message ?? undefined,
        };
      });
      setEntries((all) => [...all, ...added]);
      for (const e of added) {
        if (onSettled) settled.current.set(e.id, () => onSettled(e.file));
        if (e.state === "refused") settle(e.id);
        else send(e.id, e.file);
      }
    },
    [send, settle],
  );

  /** Cancels an upload (the server drops what it holds), or dismisses a refusal. */
  const dismiss = useCallback(
    async (id: string) => {
      setEntries((all) => all.filter((e) => e.id !== id));
      const upload = uploads.current.get(id);
      uploads.current.delete(id);
      settle(id);
      await upload?.cancel();
    },
    [settle],
  );

  /** The same file again: tus finds its stored address and continues from the server's offset. */
  const retry = useCallback(
    (id: string) => {
      const entry = entries.find((e) => e.id === id);
      if (!entry) return;
      update(id, { state: "uploading", message: undefined });
      send(id, entry.file);
    },
    [entries, send, update],
  );

  const forget = useCallback(
    async (key: string) => {
      await (await uploadCode()).forgetUpload(key);
      findUnfinished();
    },
    [findUnfinished],
  );

  useEffect(() => findUnfinished(), [findUnfinished]);

  // Leaving the note stops its uploads without forgetting them: adding the file again resumes.
  useEffect(() => {
    const all = uploads.current;
    return () => {
      for (const upload of all.values()) upload.stop();
      all.clear();
    };
  }, []);

  // While uploads run here, their own stored addresses are not leftovers to mention.
  const busy = entries.some((e) => e.state === "uploading" || e.state === "waiting");
  return { entries, addFiles, dismiss, retry, unfinished: busy ? [] : unfinished, forget };
}
