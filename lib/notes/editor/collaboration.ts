import Collaboration from "@tiptap/extension-collaboration";
import type { Plugin } from "@tiptap/pm/state";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

type SyncState = { binding?: { _forceRerender?: () => void } } | undefined;

/**
 * Tiptap's collaboration, with the note drawn from its Yjs document once, when the editor is made.
 *
 * y-tiptap draws the whole document again each time the editor's plugins change (the formatting
 * menu registers its plugin after the editor is made). In a long note that redraw costs hundreds of
 * milliseconds, and after it ProseMirror's view keeps the earlier nodes, equal but not the same
 * objects, so every later keystroke compares each block of the note deeply. Given a mapping of its
 * own (`noteCollaboration`), the binding keeps the nodes it made across those changes; the first
 * drawing is asked for here, once.
 */
const NoteCollaboration = Collaboration.extend({
  addProseMirrorPlugins() {
    const plugins: Plugin[] = this.parent?.() ?? [];
    const sync = plugins.find((plugin) => plugin.spec.key === ySyncPluginKey);
    const view = sync?.spec.view;
    if (!sync || !view) return plugins;
    let drawn = false;
    sync.spec.view = (editorView) => {
      const pluginView = view(editorView);
      if (!drawn) {
        drawn = true;
        (ySyncPluginKey.getState(editorView.state) as SyncState)?.binding?._forceRerender?.();
      }
      return pluginView;
    };
    return plugins;
  },
});

/** The note's collaboration on `doc`, with a mapping of Yjs types to nodes for this editor alone. */
export const noteCollaboration = (doc: Y.Doc) =>
  NoteCollaboration.configure({ document: doc, ySyncOptions: { mapping: new Map() } });
