import { describe, expect, it } from "vitest";

import { markdownTree } from "@/lib/export/markdown-html";
import {
  base64,
  exportedMarkdown,
  exportName,
  noteHtml,
  planAttachments,
  relativeHref,
  rewriteAttachmentLinks,
  safeFileName,
  type NoteRow,
} from "@/lib/export/note-export";
import { noteMarkdown as accountExportMarkdown } from "@/supabase/functions/export-data/markdown";

const OWNER = "11111111-1111-4111-8111-111111111111";
const NOTE = "22222222-2222-4222-8222-222222222222";
const photo = `${OWNER}/${NOTE}/a1b2c3d4e5f6-beach.png`;
const report = `${OWNER}/${NOTE}/0f0f0f0f0f0f-Q3-report.pdf`;
const other = `${OWNER}/${NOTE}/999999999999-other.png`;

const note = (body: string, title = "Trip plan"): NoteRow => ({
  id: NOTE,
  title,
  body,
  pinned: false,
  deleted_at: null,
  share_slug: null,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-21T10:00:00Z",
  folder_id: null,
});

describe("a note exported as Markdown", () => {
  it("has the whole-account export's shape: front matter, then the body", () => {
    const row = note("## Packing\n\n- [ ] Passport\n- [x] Tickets");
    expect(exportedMarkdown(row, "Travel", [])).toBe(accountExportMarkdown(row, "Travel"));
    expect(exportedMarkdown(row, null, [])).toMatch(
      /^---\nid: "2222.*"\ntitle: "Trip plan"\nfolder: null\n[\s\S]*---\n\n## Packing\n\n- \[ \] Passport\n- \[x\] Tickets\n$/,
    );
  });

  it("points its attachments' links at the files beside it, named as the person named them", () => {
    const body = `Look:\n\n![beach.png](attachment:${photo})\n\n[Q3 report (final).pdf](attachment:${report})\n\nAgain ![beach.png](attachment:${photo})`;
    const files = planAttachments(body);
    expect(files.map((f) => f.file)).toEqual([
      "attachments/beach.png",
      "attachments/Q3 report (final).pdf",
    ]);
    const md = exportedMarkdown(note(body), null, files);
    expect(md).toContain("![beach.png](attachments/beach.png)");
    expect(md).toContain("[Q3 report (final).pdf](attachments/Q3%20report%20%28final%29.pdf)");
    expect(md).not.toContain("attachment:");
    expect(md.match(/attachments\/beach\.png/g)).toHaveLength(2);
  });

  it("keeps a link whose file could not be fetched, and never rewrites a longer path", () => {
    const body = `![a](attachment:${photo}) ![b](attachment:${other}) [c](attachment:${photo}x)`;
    const out = rewriteAttachmentLinks(body, new Map([[photo, "attachments/beach.png"]]));
    expect(out).toBe(
      `![a](attachments/beach.png) ![b](attachment:${other}) [c](attachment:${photo}x)`,
    );
  });

  it("gives two files of the same name in one folder names of their own", () => {
    const taken = new Set<string>();
    const first = planAttachments(`![Photo.png](attachment:${photo})`, taken);
    const second = planAttachments(`![photo.png](attachment:${other})`, taken);
    expect(first[0].file).toBe("attachments/Photo.png");
    expect(second[0].file).toBe("attachments/photo (2).png");
  });

  it("makes names safe for any archive tool and links percent-encoded", () => {
    expect(safeFileName('a/b\\c:d*e?"f<g>h|.txt')).toBe("a-b-c-d-e--f-g-h-.txt");
    expect(safeFileName("..")).toBe("file");
    expect(relativeHref("attachments/my file (1).png")).toBe("attachments/my%20file%20%281%29.png");
  });

  it("names downloads after the title, as the account export names notes", () => {
    expect(exportName(note(""), "zip")).toBe("trip-plan-22222222.zip");
    expect(exportName(note("", "Ünïcode: notes!"), "html")).toBe("unicode-notes-22222222.html");
    expect(exportName(note("", ""), "html")).toBe("untitled-22222222.html");
  });
});

describe("a note exported as HTML", () => {
  const body = [
    "## Packing",
    "",
    "- [ ] Passport",
    "- [x] Tickets",
    "",
    "```ts",
    'const x = "<b>";',
    "```",
    "",
    `![beach.png](attachment:${photo})`,
    "",
    `[Q3 report.pdf](attachment:${report})`,
    "",
    `![gone](attachment:${other}) [bad](javascript:alert(1)) [site](https://example.com)`,
    "",
    "<script>alert(1)</script>",
  ].join("\n");
  const files = new Map([
    [photo, { src: "data:image/png;base64,iVBORw0=", name: "beach.png" }],
    [report, { src: "data:application/pdf;base64,JVBERi0=", name: "Q3 report.pdf" }],
  ]);
  const html = noteHtml("Trip <plan>", markdownTree(body), files);

  it("is one page with its title, styles and no scripts", () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain("<title>Trip &lt;plan&gt;</title>");
    expect(html).toContain("<h1>Trip &lt;plan&gt;</h1>");
    expect(html).toMatch(/<style>[\s\S]*@media print[\s\S]*<\/style>/);
    expect(html).not.toMatch(/<script/i);
  });

  it("keeps headings, checklists and code", () => {
    expect(html).toContain("<h2>Packing</h2>");
    expect(html).toMatch(
      /<li class="task-list-item"><input type="checkbox" disabled> Passport<\/li>/,
    );
    expect(html).toMatch(
      /<li class="task-list-item"><input type="checkbox" checked disabled> Tickets<\/li>/,
    );
    expect(html).toContain('<pre><code class="language-ts">const x = "&lt;b&gt;";\n</code></pre>');
  });

  it("carries its files inside, and drops links it cannot keep safely", () => {
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0=" alt="beach.png">');
    expect(html).toContain(
      '<a href="data:application/pdf;base64,JVBERi0=" download="Q3 report.pdf">Q3 report.pdf</a>',
    );
    expect(html).toContain('<img alt="gone">');
    expect(html).toContain("<a>bad</a>");
    expect(html).toContain('<a href="https://example.com">site</a>');
    expect(html).not.toContain("attachment:");
  });

  it("writes bytes as base64 the way the platform does", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(base64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});
