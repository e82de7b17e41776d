import { Extension } from "@tiptap/core";
import { Plugin, Selection, TextSelection } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/** From this many blocks on, a note is long enough for blocks out of view to be left unrendered. */
export const LONG_NOTE_BLOCKS = 150;

const isLong = (doc: { childCount: number }) => doc.childCount >= LONG_NOTE_BLOCKS;

/**
 * Marks a long note (`data-long-note` on the editor), where the stylesheet lets the browser leave
 * blocks out of view unrendered, so a keystroke costs the blocks on screen rather than the whole
 * note. The block holding the caret is always rendered (`note-caret-block`): the browser types into
 * it, and a block made by Enter or a shortcut is rendered from its first keystroke.
 *
 * The browser cannot place a caret inside a block it has not rendered, so the keys that jump to the
 * note's start or end (and select to there) are carried out here rather than by the browser, and
 * so are Home and End on a block of one line.
 */
export const LongNote = Extension.create({
  name: "longNote",

  addKeyboardShortcuts() {
    const jump = (end: boolean, extend: boolean) => () => {
      const { state, view } = this.editor;
      if (!isLong(state.doc)) return false;
      const target = end ? Selection.atEnd(state.doc) : Selection.atStart(state.doc);
      const selection = extend
        ? TextSelection.between(state.selection.$anchor, target.$head)
        : target;
      view.dispatch(state.tr.setSelection(selection).scrollIntoView());
      return true;
    };
    // Home and End on a line of its own (a title, a short paragraph): the browser sometimes leaves
    // the caret where it is in a long note, so the editor moves it. A block that wraps onto
    // several lines is left to the browser, which knows where each line ends.
    const lineEdge = (end: boolean, extend: boolean) => () => {
      const { state, view } = this.editor;
      if (!isLong(state.doc)) return false;
      const { $head } = state.selection;
      if (!$head.parent.isTextblock) return false;
      const [start, stop] = [$head.start(), $head.end()];
      if (view.coordsAtPos(start).top !== view.coordsAtPos(stop).top) return false;
      const target = state.doc.resolve(end ? stop : start);
      const selection = extend
        ? TextSelection.between(state.selection.$anchor, target)
        : TextSelection.between(target, target);
      view.dispatch(state.tr.setSelection(selection).scrollIntoView());
      return true;
    };
    const keys: Record<string, () => boolean> = {
      Home: lineEdge(false, false),
      End: lineEdge(true, false),
      "Shift-Home": lineEdge(false, true),
      "Shift-End": lineEdge(true, true),
      "Mod-Home": jump(false, false),
      "Mod-End": jump(true, false),
      "Shift-Mod-Home": jump(false, true),
      "Shift-Mod-End": jump(true, true),
    };
    // On a Mac, Cmd+Up and Cmd+Down go to the start and end; elsewhere Ctrl+Up and Down move by
    // a paragraph, which the browser does well.
    if (typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform)) {
      keys["Mod-ArrowUp"] = jump(false, false);
      keys["Mod-ArrowDown"] = jump(true, false);
      keys["Shift-Mod-ArrowUp"] = jump(false, true);
      keys["Shift-Mod-ArrowDown"] = jump(true, true);
    }
    return keys;
  },

  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          attributes: (state): Record<string, string> =>
            isLong(state.doc) ? { "data-long-note": "" } : {},
          decorations: (state) => {
            if (!isLong(state.doc)) return null;
            const { $head } = state.selection;
            if ($head.depth < 1) return null;
            const from = $head.before(1);
            const block = state.doc.child($head.index(0));
            return DecorationSet.create(state.doc, [
              Decoration.node(from, from + block.nodeSize, { class: "note-caret-block" }),
            ]);
          },
        },
      }),
    ];
  },
});
