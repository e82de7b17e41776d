import { ATTACHMENT_SCHEME } from "@/lib/attachments/paths";

const ATTACHMENT = new RegExp(
  String.raw`(!?)\[((?:\\.|[^\]\\\n])*)\]\(${ATTACHMENT_SCHEME}[^)\s]+\)`,
  "g",
);

/**
 * A version's Markdown as the history preview shows it: each attachment is named as a person sees
 * it in the note ("Image: photo.png", "File: report.pdf"), not as the link the note stores, so the
 * preview and its marked changes read as the note does.
 */
export function previewText(markdown: string): string {
  return markdown.replace(ATTACHMENT, (_, bang: string, label: string) => {
    const name = label.replace(/\\(.)/g, "$1");
    return `[${bang ? "Image" : "File"}: ${name}]`;
  });
}
