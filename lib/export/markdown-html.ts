import type { Root } from "hast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { toHast } from "mdast-util-to-hast";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";

/**
 * A note's Markdown as an HTML tree, with the same parts of GitHub's Markdown the share page reads
 * (tables, checklists, ~~strike~~). Raw HTML in a note is left out, as everywhere else.
 */
export function markdownTree(markdown: string): Root {
  return toHast(
    fromMarkdown(markdown, {
      extensions: [gfmTable(), gfmTaskListItem(), gfmStrikethrough({ singleTilde: false })],
      mdastExtensions: [
        gfmTableFromMarkdown(),
        gfmTaskListItemFromMarkdown(),
        gfmStrikethroughFromMarkdown(),
      ],
    }),
  ) as Root;
}
