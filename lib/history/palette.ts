import { registerPaletteSource } from "@/lib/palette/registry";

/** On a note's page: open its history. */
registerPaletteSource({
  id: "history",
  group: "History",
  order: 21,
  items({ note }) {
    if (!note) return [];
    return [
      {
        id: "history:open",
        label: "Show note history",
        detail: note.title || undefined,
        icon: "history",
        keys: ["H"],
        keywords: ["history", "versions", "restore", "undo", "past"],
        perform: (env) => env.navigate(`/notes/${note.id}/history`),
      },
    ];
  },
});
