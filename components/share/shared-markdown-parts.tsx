"use client";

import { createContext, useContext, type ReactNode } from "react";
import { DownloadIcon } from "@/components/ui/icons";

import { FileTypeIcon } from "@/components/attachments/file-icon";
import { typeFromName } from "@/lib/attachments/limits";
import { ATTACHMENT_SCHEME, pathFromUrl } from "@/lib/attachments/paths";
import type { SharedFiles } from "@/lib/attachments/shared-files";

type AnchorProps = { href?: string; children?: ReactNode };
type PictureProps = { src?: string | Blob; alt?: string };

/** This page's signed links, read where a node shows them, so a kept tree never keeps old ones. */
const Files = createContext<SharedFiles>({});

export function SharedFilesProvider({
  files,
  children,
}: {
  files: SharedFiles;
  children: ReactNode;
}) {
  return <Files value={files}>{children}</Files>;
}

/** This page's links to other shared notes, by lower-case title: read when shown, like Files. */
const Links = createContext<Record<string, string>>({});

export function SharedLinksProvider({
  links,
  children,
}: {
  links: Record<string, string>;
  children: ReactNode;
}) {
  return <Links value={links}>{children}</Links>;
}

/** A `[[Title]]` link: to the note's share page when it is shared too, else its title alone. */
export function NoteRef(props: { "data-note-ref"?: string; children?: ReactNode }) {
  const links = useContext(Links);
  const title = props["data-note-ref"];
  if (title === undefined) return <span {...props} />;
  const slug = links[title.toLowerCase()];
  if (!slug) return <span data-note-ref="">{props.children}</span>;
  return (
    <a href={`/n/${slug}`} data-note-ref="">
      {props.children}
    </a>
  );
}

export function Anchor({ href, children: text }: AnchorProps) {
  const files = useContext(Files);
  const path = pathFromUrl(href);
  if (!path) {
    return (
      <a href={href} rel="noopener noreferrer nofollow ugc">
        {text}
      </a>
    );
  }
  const file = files[path];
  if (!file) return <span data-attachment-missing>{text}</span>;
  const name = typeof text === "string" ? text : "";
  return (
    <a
      href={file.download}
      download={name || undefined}
      data-attachment="file"
      className="not-prose inline-flex max-w-full items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm font-medium no-underline hover:bg-accent"
    >
      <FileTypeIcon type={typeFromName(name)} className="size-5 shrink-0 text-muted-foreground" />
      <span className="truncate">{text}</span>
      <DownloadIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </a>
  );
}

export function Picture({ src, alt }: PictureProps) {
  const files = useContext(Files);
  const path = pathFromUrl(typeof src === "string" ? src : undefined);
  if (!path) {
    if (typeof src === "string" && src.startsWith(ATTACHMENT_SCHEME)) return null;
    // eslint-disable-next-line @next/next/no-img-element -- a picture the note links to
    return <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} />;
  }
  const file = files[path];
  if (!file?.rendition) return <span data-attachment-missing>{alt}</span>;
  return (
    <a href={file.original} data-attachment="image" className="inline-block">
      {/* eslint-disable-next-line @next/next/no-img-element -- a signed Storage URL */}
      <img src={file.rendition} alt={alt ?? ""} className="max-w-full rounded-md" />
    </a>
  );
}

/** A checklist's box on the shared page: shown as it was left, not something a visitor ticks. */
export function TaskBox({ checked }: { checked?: boolean }) {
  return (
    <input
      type="checkbox"
      checked={Boolean(checked)}
      readOnly
      disabled
      aria-label={checked ? "Done" : "Not done"}
      className="mr-2 size-4 translate-y-0.5 accent-primary"
    />
  );
}
