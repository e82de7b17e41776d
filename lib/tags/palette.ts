import { tagHref } from "@/lib/notes/editor/refs-source";
import { cachedRead } from "@/lib/palette/cached-read";
import { registerPaletteSource } from "@/lib/palette/registry";

const tags = cachedRead<{ tag: string; note_count: number }>();

/** Tags in the palette, once something is typed: each opens its view (its sub-tags' notes too). */
registerPaletteSource({
  id: "tags",
  group: "Tags",
  order: 12,
  async items({ text, userId, supabase, signal }) {
    if (!text || !supabase) return [];
    const rows = await tags(
      userId,
      async () => {
        const { data } = await supabase.rpc("tag_tree").abortSignal(signal);
        return data ?? [];
      },
      signal,
    );
    return rows.map(({ tag, note_count }) => ({
      id: `tags:${tag}`,
      label: `#${tag}`,
      detail: note_count === 1 ? "1 note" : `${note_count} notes`,
      icon: "tag" as const,
      keywords: ["tag", tag],
      perform: (env) => env.navigate(tagHref(tag)),
    }));
  },
});
