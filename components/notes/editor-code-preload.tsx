"use client";

import dynamic from "next/dynamic";

const Nothing = () => null;

/**
 * Renders nothing. On the server it names the editor's code among the page's preloads, so the
 * browser fetches and compiles it while the rest of the page loads, instead of asking for it only
 * once the page's own scripts have run (`next/dynamic` preloads the chunks of a loader it can see;
 * the editor's own loader, with `ssr: false`, preloads none). Its boundary is its own, so hydrating
 * the page never waits on the editor's code, and a failed fetch (the connection dropped) is
 * nothing here: the editor's own loader tries again.
 */
export const EditorCodePreload = dynamic(
  () =>
    import("@/components/notes/note-editor").then(
      () => ({ default: Nothing }),
      () => ({ default: Nothing }),
    ),
  { ssr: true, loading: Nothing },
);
