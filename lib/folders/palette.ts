import { moveNoteToFolder } from "@/lib/folders/actions";
import {
  buildTree,
  flatFolders,
  FOLDER_LIST_COLUMNS,
  toFolderRow,
  type FolderRow,
} from "@/lib/folders/tree";
import { cachedRead } from "@/lib/palette/cached-read";
import { registerPaletteSource, type PaletteItem } from "@/lib/palette/registry";

const folders = cachedRead<FolderRow>();

/**
 * Folders in the palette, once something is typed: open a folder's list, and on a note's page move
 * the note there. Paths name nested folders ("Work / Clients"), so two folders called the same
 * are told apart.
 */
registerPaletteSource({
  id: "folders",
  group: "Folders",
  order: 10,
  async items({ text, note, userId, supabase, signal }) {
    if (!text || !supabase) return [];
    const rows = await folders(
      userId,
      async () => {
        const { data } = await supabase
          .from("folder_list")
          .select(FOLDER_LIST_COLUMNS)
          .abortSignal(signal);
        return (data ?? []).map(toFolderRow);
      },
      signal,
    );
    const items: PaletteItem[] = [];
    for (const { node, path } of flatFolders(buildTree(rows))) {
      items.push({
        id: `folders:open:${node.id}`,
        label: path,
        detail: node.total === 1 ? "1 note" : `${node.total} notes`,
        icon: "folder",
        keywords: ["folder"],
        perform: (env) => env.navigate(`/notes?folder=${node.id}`),
      });
      if (note)
        items.push({
          id: `folders:move:${node.id}`,
          label: `Move note to ${path}`,
          detail: note.title || undefined,
          icon: "move",
          keywords: ["file"],
          async perform(env) {
            const result = await moveNoteToFolder(note.id, node.id);
            if (result.error) env.notify(result.error, { error: true });
            else env.notify(`Moved to ${node.name}`);
          },
        });
    }
    return items;
  },
});
