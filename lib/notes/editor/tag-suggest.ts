import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import type { Mapping } from "@tiptap/pm/transform";
import Suggestion from "@tiptap/suggestion";

import { changedRange } from "@/lib/notes/editor/changed-range";
import { tagHref, type NoteRefsSource } from "@/lib/notes/editor/refs-source";
import { listboxPopup } from "@/lib/notes/editor/suggest-popup";
import { fuzzyFilter } from "@/lib/tags/fuzzy";
import { findTags } from "@/lib/tags/parse";

/** The tags of one text block, as links to their views: read as the server reads them (no code, URLs). */
function blockTagDecorations(block: ProseMirrorNode, pos: number, found: Decoration[]) {
  let scan = "";
  block.forEach((child) => {
    const hidden =
      !child.isText || child.marks.some((m) => m.type.name === "code" || m.type.name === "link");
    scan += hidden ? " ".repeat(child.nodeSize) : (child.text ?? "");
  });
  for (const tag of findTags(scan)) {
    found.push(
      Decoration.inline(pos + 1 + tag.start, pos + 1 + tag.end, {
        nodeName: "a",
        href: tagHref(tag.tag),
        class: "note-tag",
        "data-tag": tag.tag,
      }),
    );
  }
}

/** The tags of the text blocks between `from` and `to` (the whole document by default). */
function tagDecorationsIn(
  doc: ProseMirrorNode,
  found: Decoration[],
  from = 0,
  to = doc.content.size,
  blocks: { from: number; to: number }[] = [],
) {
  doc.nodesBetween(from, to, (block, pos) => {
    if (!block.isTextblock) return true;
    blocks.push({ from: pos, to: pos + block.nodeSize });
    if (block.type.name !== "codeBlock") blockTagDecorations(block, pos, found);
    return false;
  });
}

export function tagDecorations(doc: ProseMirrorNode): DecorationSet {
  const found: Decoration[] = [];
  tagDecorationsIn(doc, found);
  return DecorationSet.create(doc, found);
}

/**
 * The tags after a change: those in the blocks the change touched are read again, the others
 * move with the text. A keystroke reads one block, not the whole note.
 */
export function updateTagDecorations(
  before: ProseMirrorNode,
  after: ProseMirrorNode,
  mapping: Mapping,
  old: DecorationSet,
): DecorationSet {
  const change = changedRange(before, after);
  if (!change) return old.map(mapping, after);
  const from = Math.max(0, change.from - 1);
  const to = Math.min(after.content.size, change.toAfter + 1);
  const found: Decoration[] = [];
  const blocks: { from: number; to: number }[] = [];
  tagDecorationsIn(after, found, from, to, blocks);
  let set = old.map(mapping, after);
  const stale = blocks.flatMap((block) => set.find(block.from, block.to));
  if (stale.length) set = set.remove(stale);
  return found.length ? set.add(after, found) : set;
}

const highlightKey = new PluginKey<DecorationSet>("tagHighlight");

const tagLinkAt = (target: EventTarget | null) =>
  target instanceof Element ? target.closest("a[data-tag]") : null;

/** A tag in a note shows as a link; clicking it opens the tag's view. */
export const TagHighlight = Extension.create<{ refs: NoteRefsSource | null }>({
  name: "tagHighlight",

  addOptions() {
    return { refs: null };
  },

  addProseMirrorPlugins() {
    const refs = this.options.refs;
    if (!refs) return [];
    return [
      new Plugin<DecorationSet>({
        key: highlightKey,
        state: {
          init: (_, state) => tagDecorations(state.doc),
          apply: (tr, old) =>
            tr.docChanged ? updateTagDecorations(tr.before, tr.doc, tr.mapping, old) : old,
        },
        props: {
          decorations: (state) => highlightKey.getState(state),
          // Opened on the editor's own click (at mouse-up), from the element under the pointer then.
          // The press may move the caret into the tag, which redraws its decoration; the browser's
          // click event then goes to the paragraph holding both old and new elements, not the tag.
          handleClick(_view, _pos, event) {
            const link = tagLinkAt(event.target);
            if (!link || event.button !== 0) return false;
            refs.open(tagHref(link.getAttribute("data-tag") ?? ""));
            return true;
          },
          handleDOMEvents: {
            // The link's own navigation (a full page load) never runs.
            click(_view, event) {
              if (!tagLinkAt(event.target)) return false;
              event.preventDefault();
              return true;
            },
          },
        },
      }),
    ];
  },
});

type TagPick = { tag: string; count: number };

const suggestKey = new PluginKey("tagSuggest");

/** Typing `#` suggests the person's existing tags; choosing one completes it. */
export const TagSuggest = Extension.create<{ refs: NoteRefsSource | null }>({
  name: "tagSuggest",

  addOptions() {
    return { refs: null };
  },

  addProseMirrorPlugins() {
    const refs = this.options.refs;
    if (!refs) return [];
    return [
      Suggestion<TagPick, TagPick>({
        editor: this.editor,
        pluginKey: suggestKey,
        char: "#",
        allowedPrefixes: [" ", "(", "\u00a0"],
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          return (
            $from.parent.type.name !== "codeBlock" &&
            !$from.marks().some((m) => m.type.name === "code")
          );
        },
        items: async ({ query }) => {
          const q = query.toLowerCase();
          const tags = (await refs.tags()).filter((t) => t.tag !== q);
          return q === ""
            ? [...tags].sort((a, b) => b.count - a.count).slice(0, 8)
            : fuzzyFilter(tags, q, (t) => t.tag);
        },
        command: ({ editor, range, props }) => {
          editor.chain().focus().insertContentAt(range, `#${props.tag} `).run();
        },
        render: listboxPopup<TagPick>({
          label: "Tags",
          pluginKey: suggestKey,
          text: (item) => `#${item.tag}`,
          hint: (item) => String(item.count),
        }),
      }),
    ];
  },
});
