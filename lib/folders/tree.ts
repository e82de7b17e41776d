import type { Failure } from "@/lib/actions/failure";

/** The limit the database enforces on a folder's name (supabase/migrations, folders). */
export const FOLDER_NAME_MAX = 100;

export const NO_SUCH_FOLDER = "That folder doesn't exist.";

/** A folder as the sidebar shows it: a row of the `folder_list` view. */
export type FolderRow = {
  id: string;
  parent_id: string | null;
  name: string;
  position: number;
  note_count: number;
  /** Shared with people of its own (the owner's tree marks it). */
  shared?: boolean;
};

/** What the sidebar reads of `folder_list`, on the server and on the device alike. */
export const FOLDER_LIST_COLUMNS = "id, parent_id, name, position, note_count, shared";

export function toFolderRow(row: {
  id: string | null;
  parent_id: string | null;
  name: string | null;
  position: number | null;
  note_count: number | null;
  shared?: boolean | null;
}): FolderRow {
  return {
    id: row.id ?? "",
    parent_id: row.parent_id,
    name: row.name ?? "",
    position: row.position ?? 0,
    note_count: row.note_count ?? 0,
    shared: row.shared ?? false,
  };
}

export type FolderNode = FolderRow & {
  children: FolderNode[];
  depth: number;
  /** Notes in it and in every folder below it. */
  total: number;
};

const byPlace = (a: FolderRow, b: FolderRow) =>
  a.position - b.position || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);

/** The rows as a tree, siblings in their order; a row whose parent is missing sits at the top. */
export function buildTree(rows: FolderRow[]): FolderNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, FolderRow[]>();
  for (const row of rows) {
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const seen = new Set<string>();
  const grow = (parent: string | null, depth: number): FolderNode[] =>
    (children.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .sort(byPlace)
      .map((row) => {
        const kids = grow(row.id, depth + 1);
        const total = row.note_count + kids.reduce((sum, k) => sum + k.total, 0);
        return { ...row, children: kids, depth, total };
      });
  return grow(null, 1);
}

/** The folders a person sees, top to bottom, skipping the inside of collapsed ones. */
export function visibleFolders(tree: FolderNode[], expanded: ReadonlySet<string>): FolderNode[] {
  return tree.flatMap((node) => [
    node,
    ...(expanded.has(node.id) ? visibleFolders(node.children, expanded) : []),
  ]);
}

/** Every folder, depth first, with its path of names ("Work / Clients"), for menus. */
export function flatFolders(tree: FolderNode[], prefix = ""): { node: FolderNode; path: string }[] {
  return tree.flatMap((node) => {
    const path = prefix ? `${prefix} / ${node.name}` : node.name;
    return [{ node, path }, ...flatFolders(node.children, path)];
  });
}

/** The folder and every folder below it, by id: where a folder may not be moved. */
export function selfAndBelow(tree: FolderNode[], id: string): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: FolderNode[], inside: boolean) => {
    for (const node of nodes) {
      const here = inside || node.id === id;
      if (here) out.add(node.id);
      walk(node.children, here);
    }
  };
  walk(tree, false);
  return out;
}

/** The rows after a live change from Postgres: an insert or update replaces, a delete removes. */
export function applyFolderChange(
  rows: FolderRow[],
  change:
    | { type: "upsert"; row: Omit<FolderRow, "note_count" | "shared"> }
    | { type: "delete"; id: string },
): FolderRow[] {
  if (change.type === "delete") return rows.filter((r) => r.id !== change.id);
  const known = rows.find((r) => r.id === change.row.id);
  const row: FolderRow = {
    ...change.row,
    note_count: known?.note_count ?? 0,
    shared: known?.shared ?? false,
  };
  return known ? rows.map((r) => (r.id === row.id ? row : r)) : [...rows, row];
}

/** The sentences the database gives folder writes (a loop, a name, a missing folder). */
export function folderFailure(
  _what: string,
  error: { code?: string; message: string },
): Failure | null {
  if (error.code === "23514" || error.code === "22001" || error.code === "22023") {
    return { error: error.message };
  }
  if (error.code === "PT404") return { error: NO_SUCH_FOLDER };
  if (error.code === "23503") return { error: NO_SUCH_FOLDER };
  return null;
}
