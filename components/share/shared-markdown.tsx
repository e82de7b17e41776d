import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import { DownloadIcon } from "lucide-react";

import { FileTypeIcon } from "@/components/attachments/file-icon";
import { typeFromName } from "@/lib/attachments/limits";
import { ATTACHMENT_SCHEME, pathFromUrl } from "@/lib/attachments/paths";
import type { SharedFiles } from "@/lib/attachments/shared-files";

type AnchorProps = { href?: string; children?: ReactNode };
type PictureProps = { src?: string | Blob; alt?: string };

/** This page's signed links, read where a node shows them, so a cached tree never keeps old ones. */
const Files = createContext<SharedFiles>({});

function urlTransform(url: string): string {
  return url.startsWith(ATTACHMENT_SCHEME)
    ? pathFromUrl(url)
      ? url
      : ""
    : defaultUrlTransform(url);
}

function Anchor({ href, children: text }: AnchorProps) {
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

function Picture({ src, alt }: PictureProps) {
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

const components: Components = { a: Anchor, img: Picture };

/**
 * Parsing is most of what a shared page costs, and a note is read far more often than it
 * changes: the tree for each recent body is kept (React elements are immutable, so one tree can
 * be rendered again), the newest used last, up to CACHED_CHARS characters of Markdown in all.
 * Only the text decides the tree; who may see it is checked on every request before it is shown.
 * A tree not shown for IDLE_MS is let go, so the text of a note whose link was revoked (or that
 * simply stopped being read) does not stay in the server's memory for long.
 */
const CACHED_CHARS = 2_000_000;
const IDLE_MS = 10 * 60_000;
const trees = new Map<string, { tree: ReactElement; shownAt: number }>();
let cachedChars = 0;

function forget(body: string) {
  if (trees.delete(body)) cachedChars -= body.length;
}

/** Drops the least recently shown trees while there are too many characters or they sat idle. */
function prune(now: number) {
  for (const [body, kept] of trees) {
    if (cachedChars <= CACHED_CHARS && now - kept.shownAt < IDLE_MS) break;
    forget(body);
  }
}

// On the server, idle trees go even when no shared page is viewed; the timer never keeps the
// process alive. (The live page renders with this module in the browser too, which needs none.)
if (typeof window === "undefined") setInterval(() => prune(Date.now()), IDLE_MS / 10).unref();

export function markdownTree(body: string): ReactElement {
  const now = Date.now();
  prune(now);
  const cached = trees.get(body);
  if (cached) {
    trees.delete(body);
    trees.set(body, { tree: cached.tree, shownAt: now });
    return cached.tree;
  }
  const tree = Markdown({ children: body, skipHtml: true, urlTransform, components });
  if (body.length <= CACHED_CHARS / 4) {
    trees.set(body, { tree, shownAt: now });
    cachedChars += body.length;
    prune(now);
  }
  return tree;
}

/**
 * A note's Markdown as HTML a visitor can trust: raw HTML in the note is left out (no
 * rehype-raw), and only http(s), mailto and relative URLs survive, so no script, event handler or
 * `javascript:` link from a note reaches the page. Links leave without the page as referrer.
 * `attachment:` references become the signed links the server made for this note's own files;
 * one it did not sign shows as its name alone.
 */
export function SharedMarkdown({
  children,
  files = {},
}: {
  children: string;
  files?: SharedFiles;
}) {
  return <Files value={files}>{markdownTree(children)}</Files>;
}
