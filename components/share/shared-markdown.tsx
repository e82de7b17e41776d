import "server-only";

import type { ReactElement } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import type { Element, Root } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { defaultUrlTransform } from "react-markdown";

import {
  Anchor,
  NoteRef,
  Picture,
  SharedFilesProvider,
  SharedLinksProvider,
  TaskBox,
} from "@/components/share/shared-markdown-parts";
import { ATTACHMENT_SCHEME, pathFromUrl } from "@/lib/attachments/paths";
import type { SharedFiles } from "@/lib/attachments/shared-files";
import { parseMarkdown } from "@/lib/notes/markdown-render";
import { markNoteRefs } from "@/lib/notes/note-refs-hast";

/** Only http(s), mailto and relative URLs survive, and `attachment:` ones naming a real path. */
function safeUrl(url: string): string {
  return url.startsWith(ATTACHMENT_SCHEME)
    ? pathFromUrl(url)
      ? url
      : ""
    : defaultUrlTransform(url);
}

/** Every link and picture address in the tree made safe, as react-markdown's urlTransform does. */
function sanitize(tree: Root): Root {
  const stack: (Root | Element)[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "element") {
      for (const key of ["href", "src"])
        if (key in node.properties) node.properties[key] = safeUrl(String(node.properties[key]));
    }
    for (const child of node.children) if (child.type === "element") stack.push(child);
  }
  return tree;
}

function plainText(body: string): ReactElement {
  return (
    <p className="whitespace-pre-wrap" data-markdown="plain">
      {body}
    </p>
  );
}

async function render(body: string): Promise<{ tree: ReactElement; lasting: boolean }> {
  const parsed = await parseMarkdown(body);
  if (!parsed.tree) return { tree: plainText(body), lasting: parsed.lasting };
  const tree = toJsxRuntime(markNoteRefs(sanitize(parsed.tree)), {
    Fragment,
    jsx,
    jsxs,
    components: { a: Anchor, img: Picture, span: NoteRef, input: TaskBox },
    ignoreInvalidStyle: true,
    passKeys: true,
  });
  return { tree, lasting: true };
}

/**
 * Each saved version is parsed once: a note is read far more often than it changes, so the tree
 * for each recent body is kept (React elements are immutable, so one tree can be rendered again),
 * the newest used last, up to CACHED_CHARS characters of Markdown in all. Views of a body being
 * parsed wait for that one parse. Only the text decides the tree; who may see it is checked on
 * every request before it is shown. A tree not shown for IDLE_MS is let go, so the text of a note
 * whose link was revoked (or that simply stopped being read) does not stay in memory for long.
 */
const CACHED_CHARS = 2_000_000;
const IDLE_MS = 10 * 60_000;
const trees = new Map<string, { tree: Promise<ReactElement>; shownAt: number }>();
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

// Idle trees go even when no shared page is viewed; the timer never keeps the process alive.
setInterval(() => prune(Date.now()), IDLE_MS / 10).unref();

export function markdownTree(body: string): Promise<ReactElement> {
  const now = Date.now();
  prune(now);
  const cached = trees.get(body);
  if (cached) {
    trees.delete(body);
    trees.set(body, { tree: cached.tree, shownAt: now });
    return cached.tree;
  }
  const rendered = render(body);
  const tree = rendered.then((r) => r.tree);
  if (body.length <= CACHED_CHARS / 4) {
    trees.set(body, { tree, shownAt: now });
    cachedChars += body.length;
    prune(now);
    // A body that only waited behind others is parsed again next time.
    void rendered.then((r) => {
      if (!r.lasting && trees.get(body)?.tree === tree) forget(body);
    });
  }
  return tree;
}

/**
 * A note's Markdown as HTML a visitor can trust: raw HTML in the note is left out, and only
 * http(s), mailto and relative URLs survive, so no script, event handler or `javascript:` link
 * from a note reaches the page. Links leave without the page as referrer. `attachment:` references
 * become the signed links the server made for this note's own files; one it did not sign shows as
 * its name alone. Text the parser cannot finish within its budget shows as it is.
 */
export async function SharedMarkdown({
  children,
  files = {},
  links = {},
}: {
  children: string;
  files?: SharedFiles;
  /** `[[Title]]` links (lower-case title) to notes that are shared too: their slugs. */
  links?: Record<string, string>;
}) {
  return (
    <SharedFilesProvider files={files}>
      <SharedLinksProvider links={links}>{await markdownTree(children)}</SharedLinksProvider>
    </SharedFilesProvider>
  );
}
