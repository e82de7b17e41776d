"use client";

import { useEffect, useState } from "react";
import { NodeViewWrapper, type ReactNodeViewProps } from "@tiptap/react";
import { XIcon } from "lucide-react";
import { DownloadIcon } from "@/components/ui/icons";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { FileTypeIcon } from "@/components/attachments/file-icon";
import { attachmentUrls, type AttachmentUrls } from "@/components/attachments/signed-urls";
import { formatBytes } from "@/lib/format-bytes";
import type { AttachmentAttrs } from "@/lib/notes/attachment-node";

/**
 * An attachment inside the editor: an image as a resized rendition that opens the original, any
 * other file as a chip that downloads under its own name. Removing it here removes the node; the
 * file follows once no device still refers to it (see useAttachmentSweep).
 */
export function AttachmentView({ node, deleteNode, selected }: ReactNodeViewProps) {
  const a = node.attrs as AttachmentAttrs;
  const config = useSupabaseConfig();
  const [urls, setUrls] = useState<AttachmentUrls | null | "loading">("loading");

  useEffect(() => {
    let live = true;
    // The client library comes with the first file shown, not with the editor.
    void loadSupabase(config)
      .then((supabase) => attachmentUrls(supabase, a))
      .then(
        (u) => live && setUrls(u),
        () => {}, // No library to be had (offline): the file shows once it can be.
      );
    return () => {
      live = false;
    };
  }, [config, a.path, a.name, a.type]); // eslint-disable-line react-hooks/exhaustive-deps

  const isImage = a.type.startsWith("image/");
  const ring = selected ? "ring-2 ring-ring" : "";
  return (
    <NodeViewWrapper
      data-attachment-view={isImage ? "image" : "file"}
      data-path={a.path}
      className="not-prose group relative my-3 w-fit max-w-full"
      contentEditable={false}
    >
      {urls === null ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          “{a.name}” is no longer available.
        </p>
      ) : isImage ? (
        <a
          href={urls === "loading" ? undefined : urls.original}
          target="_blank"
          rel="noopener noreferrer"
          className={`inline-block max-w-full rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 ${ring}`}
          aria-label={`${a.name}, open the original`}
        >
          {urls === "loading" || !urls.rendition ? (
            <span className="block h-40 w-64 animate-pulse rounded-md bg-muted" />
          ) : (
            // eslint-disable-next-line @next/next/no-img-element -- a signed Storage URL, not a static asset
            <img
              src={urls.rendition}
              alt={a.name}
              className="max-h-[32rem] max-w-full rounded-md"
            />
          )}
        </a>
      ) : (
        <a
          href={urls === "loading" ? undefined : urls.download}
          download={a.name}
          className={`inline-flex max-w-full items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm no-underline outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 ${ring}`}
        >
          <FileTypeIcon type={a.type} className="size-5 shrink-0 text-muted-foreground" />
          <span className="min-w-0">
            <span className="block truncate font-medium" data-attachment-name>
              {a.name}
            </span>
            <span className="block text-xs text-muted-foreground">{formatBytes(a.size)}</span>
          </span>
          <DownloadIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="sr-only">Download</span>
        </a>
      )}
      <button
        type="button"
        onClick={() => deleteNode()}
        aria-label={`Remove ${a.name}`}
        className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full border bg-background text-muted-foreground opacity-0 shadow-sm outline-none group-hover:opacity-100 hover:text-foreground focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <XIcon aria-hidden="true" className="size-3.5" />
      </button>
    </NodeViewWrapper>
  );
}
