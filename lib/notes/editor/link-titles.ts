import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";

import { isSafeHref } from "@/lib/notes/safe-href";

/** A lone http(s) URL, as pasted from an address bar. */
export function pastedUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return null;
  try {
    new URL(trimmed);
  } catch {
    return null;
  }
  return isSafeHref(trimmed) ? trimmed : null;
}

/**
 * A URL pasted on its own becomes a link at once, showing the URL; once the page's title arrives
 * the link shows the title instead, if the link is still there untouched. No title: the URL stays.
 */
export const LinkTitles = Extension.create<{
  fetchTitle: (url: string) => Promise<string | null>;
}>({
  name: "linkTitles",
  // Before the Markdown paste and the link's own paste handling.
  priority: 1000,
  addOptions() {
    return { fetchTitle: async () => null };
  },
  addProseMirrorPlugins() {
    const { fetchTitle } = this.options;
    return [
      new Plugin({
        key: new PluginKey("linkTitles"),
        props: {
          handlePaste(view, event) {
            const data = event.clipboardData;
            if (!data || data.files.length > 0) return false;
            const url = pastedUrl(data.getData("text/plain"));
            if (!url || !view.state.selection.empty) return false;
            const { schema } = view.state;
            const link = schema.marks.link?.create({ href: url });
            if (!link) return false;
            const from = view.state.selection.from;
            view.dispatch(view.state.tr.insert(from, schema.text(url, [link])).scrollIntoView());
            void fetchTitle(url).then((title) => {
              if (!title || view.isDestroyed) return;
              // Found again by its text and link: whatever was typed meanwhile moved it.
              let at = -1;
              view.state.doc.descendants((node, pos) => {
                if (at >= 0) return false;
                if (
                  node.isText &&
                  node.text === url &&
                  node.marks.some((m) => m.type === link.type && m.attrs.href === url)
                )
                  at = pos;
                return true;
              });
              if (at < 0) return;
              const tr = view.state.tr.replaceWith(at, at + url.length, schema.text(title, [link]));
              view.dispatch(tr);
            });
            return true;
          },
        },
      }),
    ];
  },
});
