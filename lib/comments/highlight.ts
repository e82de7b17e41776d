import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/** A thread's commented text in the editor right now. */
export interface HighlightRange {
  id: string;
  from: number;
  to: number;
  resolved: boolean;
}

export const commentHighlightKey = new PluginKey<DecorationSet>("commentHighlights");

/**
 * Commented text, highlighted as a decoration: the note's document itself is unchanged. The
 * ranges are set from the threads' anchors (setCommentHighlights) and follow local edits until
 * they are set again. Resolved threads are not highlighted. Mod-Alt-M comments on the selection.
 */
export const CommentHighlights = Extension.create<{ onComment: () => void }>({
  name: "commentHighlights",
  addOptions() {
    return { onComment: () => {} };
  },
  addKeyboardShortcuts() {
    return {
      "Mod-Alt-m": () => {
        if (this.editor.state.selection.empty) return false;
        this.options.onComment();
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: commentHighlightKey,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            const ranges = tr.getMeta(commentHighlightKey) as HighlightRange[] | undefined;
            if (ranges) {
              const size = tr.doc.content.size;
              return DecorationSet.create(
                tr.doc,
                ranges
                  .filter((r) => !r.resolved && r.from < r.to && r.to <= size)
                  .map((r) =>
                    Decoration.inline(r.from, r.to, {
                      class: "comment-highlight",
                      "data-comment": r.id,
                    }),
                  ),
              );
            }
            return set.map(tr.mapping, tr.doc);
          },
        },
        props: {
          decorations: (state) => commentHighlightKey.getState(state),
        },
      }),
    ];
  },
});
