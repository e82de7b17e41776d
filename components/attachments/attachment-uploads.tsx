"use client";

import { useImperativeHandle, useRef, type Ref } from "react";
import { CloudOffIcon, RotateCwIcon, TriangleAlertIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { UploadEntry } from "@/components/attachments/use-attachment-uploads";
import type { UnfinishedUpload } from "@/lib/attachments/upload";
import { ATTACHMENT_ACCEPT, ATTACHMENT_TYPES } from "@/lib/attachments/limits";
import { formatBytes } from "@/lib/format-bytes";

const ACCEPT = ATTACHMENT_ACCEPT.join(",");

/** The image types the picker offers when a person asks for an image. */
const ACCEPT_IMAGES = Object.keys(ATTACHMENT_TYPES)
  .filter((type) => type.startsWith("image/"))
  .join(",");

export type FilePicker = { pick: (kind: "image" | "file") => void };

/**
 * The file picker (opened from the `/` menu and the selection toolbar; files also arrive by drop
 * and paste) and one row per upload with its progress. Nothing shows until there is an upload: the
 * limits are said when a file is refused, in the refusal.
 */
export function AttachmentUploads({
  entries,
  unfinished,
  onFiles,
  onDismiss,
  onRetry,
  onForget,
  picker,
}: {
  entries: UploadEntry[];
  unfinished: UnfinishedUpload[];
  onFiles: (files: File[]) => void;
  onDismiss: (id: string) => void;
  onRetry: (id: string) => void;
  onForget: (key: string) => void;
  picker: Ref<FilePicker>;
}) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(picker, () => ({
    pick(kind) {
      if (!input.current) return;
      input.current.accept = kind === "image" ? ACCEPT_IMAGES : ACCEPT;
      input.current.click();
    },
  }));
  const empty = unfinished.length === 0 && entries.length === 0;
  return (
    <section aria-label="Attachments" className={empty ? "contents" : "mb-4 flex flex-col gap-2"}>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT}
        aria-label="Files to attach"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          if (files.length) onFiles(files);
        }}
      />
      {unfinished.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Unfinished uploads">
          {unfinished.map((u) => (
            <li
              key={u.key}
              className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm"
            >
              <span className="mr-auto">
                The upload of “{u.name}” stopped before the end. Add the same file again to continue
                where it left off.
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => onForget(u.key)}>
                Forget
              </Button>
            </li>
          ))}
        </ul>
      )}
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {entries.map((entry) => (
            <UploadRow key={entry.id} entry={entry} onDismiss={onDismiss} onRetry={onRetry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UploadRow({
  entry,
  onDismiss,
  onRetry,
}: {
  entry: UploadEntry;
  onDismiss: (id: string) => void;
  onRetry: (id: string) => void;
}) {
  const { file, sent, state, message } = entry;
  const percent = Math.floor((sent / Math.max(file.size, 1)) * 100);
  const amount = `${formatBytes(sent)} of ${formatBytes(file.size)}`;
  if (state === "refused" || state === "error") {
    return (
      <li
        role="alert"
        data-upload-state={state}
        className="flex items-start gap-2 rounded-md border border-destructive/40 px-3 py-2 text-sm"
      >
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span className="mr-auto">{message}</span>
        {state === "error" && (
          <Button type="button" variant="outline" size="sm" onClick={() => onRetry(entry.id)}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={() => onDismiss(entry.id)}>
          Dismiss
        </Button>
      </li>
    );
  }
  return (
    <li
      data-upload-state={state}
      className="flex flex-col gap-1 rounded-md border px-3 py-2 text-sm"
    >
      <div className="flex items-center gap-2">
        <span className="mr-auto truncate font-medium">{file.name}</span>
        <span className="text-xs text-muted-foreground tabular-nums" data-upload-amount>
          {state === "done" ? "Uploaded" : `${amount} · ${percent} %`}
        </span>
        {state !== "done" && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Cancel uploading ${file.name}`}
            onClick={() => onDismiss(entry.id)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={amount}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {state === "waiting" && (
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <CloudOffIcon aria-hidden="true" className="size-3.5" />
          Offline — the upload continues from here when you’re back online.
        </span>
      )}
    </li>
  );
}
