import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** ProseMirror's reader of the page's selection and changes: a view field its types leave out. */
type ObservedView = EditorView & { domObserver?: { flush?: () => void } };

/**
 * Keys act where the caret is now. ProseMirror learns that the caret moved (a click, Ctrl+End,
 * the arrow keys) from the browser's "selection changed" event, which comes in a task of its own;
 * a busy page runs input before other tasks, so Enter or Backspace pressed right after a click
 * could be handled first, at the caret's old place: a line split or a character deleted where the
 * person no longer was. Before any key is handled, the editor reads the page's selection as that
 * event would. (Keys of an input method's composition are the composition's, and are left alone.)
 */
export const CaretBeforeKeys = Extension.create({
  name: "caretBeforeKeys",
  // Before every extension's keys, the `/` menu's and the suggestions' included.
  priority: 10_000,
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            if (!event.isComposing && event.keyCode !== 229)
              (view as ObservedView).domObserver?.flush?.();
            return false;
          },
        },
      }),
    ];
  },
});
