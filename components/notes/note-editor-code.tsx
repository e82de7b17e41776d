"use client";

import { useState, type ComponentProps, type ComponentType } from "react";
import dynamic from "next/dynamic";

import type * as EditorModule from "@/components/notes/note-editor";
import { importWhenOnline } from "@/lib/when-online";

type Editor = typeof EditorModule.NoteEditor;

/** The editor, once its code is in the page. */
let loaded: Editor | null = null;

/** Fetches the editor's code (the browser fetches it once; later calls share it). */
export function loadEditor() {
  return import("@/components/notes/note-editor").then((m) => {
    loaded = m.NoteEditor;
    return m;
  });
}

// The editor and its sync are loaded only through here, so no other page ships them.
const LazyEditor = dynamic(() => importWhenOnline(loadEditor).then((m) => m.NoteEditor), {
  ssr: false,
  loading: () => null,
});

const Nothing = () => null;

/**
 * Renders nothing. On the server it names the editor's code among the page's preloads, so the
 * browser fetches and compiles it while the rest of the page loads, instead of asking for it only
 * once the page's own scripts have run (`next/dynamic` preloads the chunks of a loader it can see;
 * `LazyEditor`'s, with `ssr: false`, preloads none). Its boundary is its own, so hydrating the
 * page never waits on the editor's code, and a failed fetch (the connection dropped) is nothing
 * here: the editor's own loader tries again.
 *
 * In development it is nothing at all: there the preloads come from Turbopack's development
 * manifest, whose first chunk the development server answers with a 404, an error in the console
 * of every note opened (the editor's own loader still finds its code).
 */
export const EditorCodePreload =
  process.env.NODE_ENV === "development"
    ? Nothing
    : dynamic(
        () =>
          import("@/components/notes/note-editor").then(
            () => Nothing,
            () => Nothing,
          ),
        { ssr: true, loading: Nothing },
      );

/**
 * A note's editor. When its code is in the page already (asked for as the page started), it
 * renders at once; only otherwise does it wait in a Suspense boundary, whose reveal React holds
 * back for a while after it showed its (empty) fallback, the note's first open idle meanwhile.
 */
export function NoteEditor(props: ComponentProps<Editor>) {
  const [Shown] = useState<ComponentType<ComponentProps<Editor>>>(() => loaded ?? LazyEditor);
  return <Shown {...props} />;
}
