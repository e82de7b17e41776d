/** A tag in the tree: its last part's name, its whole path, its count (sub-tags included). */
export type TagNode = { name: string; path: string; count: number; children: TagNode[] };

/**
 * The tag tree from `tag_tree` rows (every path and each of its parents, with counts), sorted by
 * name at every level.
 */
export function buildTagTree(rows: { tag: string; note_count: number }[]): TagNode[] {
  const roots: TagNode[] = [];
  const byPath = new Map<string, TagNode>();
  for (const row of [...rows].sort((a, b) => a.tag.localeCompare(b.tag))) {
    const cut = row.tag.lastIndexOf("/");
    const node: TagNode = {
      name: row.tag.slice(cut + 1),
      path: row.tag,
      count: row.note_count,
      children: [],
    };
    byPath.set(row.tag, node);
    const parent = cut === -1 ? null : byPath.get(row.tag.slice(0, cut));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The parents of a tag's path, outermost first: "a/b/c" → ["a", "a/b"]. */
export function tagAncestors(path: string): string[] {
  const parts = path.split("/");
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
}
