import { Extension, mergeAttributes, Node } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import Suggestion from "@tiptap/suggestion";

import type { NoteRefsSource } from "@/lib/notes/editor/refs-source";
import { listboxPopup } from "@/lib/notes/editor/suggest-popup";
import { fuzzyFilter } from "@/lib/tags/fuzzy";
import { readWhenOnline } from "@/lib/when-online";

/** The titles of linked notes as they are now, so a link shows its target's current title. */
const titles = new Map<string, string>();
const listeners = new Set<() => void>();

export function rememberTitles(notes: { id: string; title: string }[]): void {
  let changed = false;
  for (const { id, title } of notes) {
    if (title && titles.get(id) !== title) {
      titles.set(id, title);
      changed = true;
    }
  }
  if (changed) for (const listener of listeners) listener();
}

/**
 * A link to another note: one inline atom holding the target's id (so it survives the target's
 * rename) and the title it had when linked, shown until the current one is known. In Markdown it
 * is `[[Title]]`, readable anywhere.
 */
export const NoteLink = Node.create<{ refs: NoteRefsSource | null }, { stop: () => void }>({
  name: "noteLink",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,

  addOptions() {
    return { refs: null };
  },

  addStorage() {
    return { stop: () => {} };
  },

  addAttributes() {
    return {
      id: {
        default: "",
        parseHTML: (el) => el.getAttribute("data-linked-note") ?? "",
        renderHTML: (attrs) => ({ "data-linked-note": String(attrs.id) }),
      },
      label: {
        default: "",
        parseHTML: (el) => el.textContent ?? "",
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: "a[data-linked-note]" }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return [
      "a",
      mergeAttributes({ href: `/notes/${node.attrs.id}`, class: "note-link" }, HTMLAttributes),
      String(node.attrs.label),
    ];
  },

  renderText({ node }) {
    return `[[${node.attrs.label}]]`;
  },

  renderMarkdown(node) {
    const label = String(node.attrs?.label ?? "").replace(/[[\]\n]/g, " ");
    return `[[${label}]]`;
  },

  addNodeView() {
    const refs = this.options.refs;
    if (!refs) return null;
    return ({ node }) => {
      const id = String(node.attrs.id);
      const dom = document.createElement("a");
      dom.className = "note-link";
      dom.href = `/notes/${id}`;
      dom.dataset.linkedNote = id;
      const show = () => {
        dom.textContent = titles.get(id) ?? String(node.attrs.label);
      };
      show();
      listeners.add(show);
      dom.addEventListener("click", (event) => {
        event.preventDefault();
        refs.open(`/notes/${id}`);
      });
      return {
        dom,
        ignoreMutation: () => true,
        destroy: () => listeners.delete(show),
      };
    };
  },

  onCreate() {
    // Learn the current titles of the notes this one links to: offline, once the connection
    // returns (until then each link shows the title it was made with).
    const refs = this.options.refs;
    if (refs)
      this.storage.stop = readWhenOnline(() => void refs.notes().then(rememberTitles, () => {}));
  },

  onDestroy() {
    this.storage.stop();
  },
});

type Pick = { id: string; title: string } | { create: string };

const linkKey = new PluginKey("noteLinkSuggest");

/**
 * `[[` opens a picker of the person's notes by title (fuzzy); choosing one puts a link to it in
 * place of what was typed. A title no note has is offered as "Create note «…»".
 */
export const NoteLinkSuggest = Extension.create<{ refs: NoteRefsSource | null }>({
  name: "noteLinkSuggest",

  addOptions() {
    return { refs: null };
  },

  addProseMirrorPlugins() {
    const refs = this.options.refs;
    if (!refs) return [];
    const editor = this.editor;
    return [
      Suggestion<Pick, Pick>({
        editor,
        pluginKey: linkKey,
        char: "[[",
        allowSpaces: true,
        allowedPrefixes: null,
        items: async ({ query }) => {
          if (query.includes("]]")) return [];
          const notes = await refs.notes();
          rememberTitles(notes);
          const named = notes.filter((n) => n.title.trim() !== "");
          const found: Pick[] = fuzzyFilter(named, query, (n) => n.title);
          const wanted = query.trim();
          if (wanted && !named.some((n) => n.title.toLowerCase() === wanted.toLowerCase()))
            found.push({ create: wanted });
          return found;
        },
        command: ({ editor, range, props }) => {
          const insert = (id: string, label: string) =>
            editor
              .chain()
              .focus()
              .insertContentAt(range, [
                { type: "noteLink", attrs: { id, label } },
                { type: "text", text: " " },
              ])
              .run();
          if ("id" in props) {
            insert(props.id, props.title);
            return;
          }
          const title = props.create;
          void refs.createNote(title).then((id) => {
            if (!id) return;
            rememberTitles([{ id, title }]);
            insert(id, title);
          });
        },
        render: listboxPopup<Pick>({
          label: "Link to a note",
          pluginKey: linkKey,
          text: (item) => ("id" in item ? item.title : `Create note «${item.create}»`),
          hint: (item) => ("id" in item ? null : "New"),
        }),
      }),
    ];
  },
});
