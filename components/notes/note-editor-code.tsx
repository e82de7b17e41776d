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

/**
 * A note's editor. When its code is in the page already (asked for as the page started), it
 * renders at once; only otherwise does it wait in a Suspense boundary, whose reveal React holds
 * back for a while after it showed its (empty) fallback, the note's first open idle meanwhile.
 */
export function NoteEditor(props: ComponentProps<Editor>) {
  const [Shown] = useState<ComponentType<ComponentProps<Editor>>>(() => loaded ?? LazyEditor);
  return <Shown {...props} />;
}
