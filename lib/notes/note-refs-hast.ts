import type { Element, ElementContent, Root } from "hast";

const LINK = /\[\[([^[\]\n]{1,500})\]\]/g;
/** Text in these shows as written: code, and the label of a link that already goes somewhere. */
const LITERAL = new Set(["code", "pre", "a"]);

/**
 * `[[Title]]` in a parsed note becomes a `<span data-note-ref="Title">`, which the share page
 * shows as a link when that note is shared too and as its plain title otherwise. The tree is the
 * same whatever is shared, so it can be kept; who is shared is read when it is shown.
 */
export function markNoteRefs(tree: Root): Root {
  const stack: (Root | Element)[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    const children: ElementContent[] = [];
    let changed = false;
    for (const child of node.children as ElementContent[]) {
      if (child.type === "element") {
        if (!LITERAL.has(child.tagName)) stack.push(child);
        children.push(child);
        continue;
      }
      if (child.type !== "text" || !child.value.includes("[[")) {
        children.push(child);
        continue;
      }
      let at = 0;
      for (const m of child.value.matchAll(LINK)) {
        const title = m[1].trim();
        if (!title) continue;
        if (m.index > at) children.push({ type: "text", value: child.value.slice(at, m.index) });
        children.push({
          type: "element",
          tagName: "span",
          properties: { dataNoteRef: title },
          children: [{ type: "text", value: title }],
        });
        at = m.index + m[0].length;
        changed = true;
      }
      if (at < child.value.length) children.push({ type: "text", value: child.value.slice(at) });
    }
    if (changed) node.children = children as typeof node.children;
  }
  return tree;
}
