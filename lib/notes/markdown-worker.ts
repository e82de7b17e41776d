/*
 * Parses Markdown into an HTML tree away from the server's request thread. A Markdown parser's
 * worst cases grow faster than the text (a long run of `*a` takes minutes); here the server can
 * stop it after its time budget. Packages only: this file runs as it is, in a thread of its own.
 */
import { parentPort } from "node:worker_threads";
import type { Root as HastRoot } from "hast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { toHast } from "mdast-util-to-hast";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";

/**
 * The parts of GitHub's Markdown the editor writes: tables, checklists and ~~strike~~ (two tildes,
 * as the editor writes it). Bare URLs and footnotes stay plain text, as in the editor.
 */
const GFM = {
  extensions: [gfmTable(), gfmTaskListItem(), gfmStrikethrough({ singleTilde: false })],
  mdastExtensions: [
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
  ],
};

/** Deeper trees are shown as plain text: rendering them would recurse past the stack. */
const MAX_DEPTH = 64;

type Node = { children?: Node[]; position?: unknown };

/** Drops positions (nobody reads them) and says whether the tree stays within MAX_DEPTH. */
function prune(root: Node): boolean {
  const stack: [Node, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return false;
    delete node.position;
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return true;
}

parentPort?.on("message", ({ id, markdown }: { id: number; markdown: string }) => {
  let tree: HastRoot | null = null;
  try {
    // Raw HTML in a note is left out altogether, as react-markdown's skipHtml does.
    const hast = toHast(fromMarkdown(markdown, GFM)) as HastRoot;
    tree = prune(hast as Node) ? hast : null;
  } catch {
    tree = null;
  }
  parentPort!.postMessage({ id, tree });
});

// The parse budget starts once the parser is loaded, not while the thread starts.
parentPort?.postMessage({ ready: true });
