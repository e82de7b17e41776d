/**
 * A folder of notes as one HTML file: a table of contents, then each note as a section of its
 * own (its body written as a single note's HTML export writes it), the notes of each sub-folder
 * under a heading with its path. On paper every note starts a new page. Pure: the browser reads
 * the rows and files and renders each body; this only orders and assembles them.
 */
import { escapeAttr, escapeText, htmlPage, type FolderRow } from "@/lib/export/note-export";

/** One folder's notes, with the folder's names from the exported folder down to it. */
export interface FolderGroup<N> {
  id: string;
  path: string[];
  notes: N[];
}

/**
 * The folder and every folder inside it, depth first in the order `folders` lists them (the
 * sidebar's), each with its notes in the order `notes` lists them. Folders holding no notes are
 * left out; a note outside them all is ignored. A loop in the rows cannot make the walk endless.
 */
export function folderGroups<N extends { folder_id?: string | null }>(
  folders: readonly FolderRow[],
  rootId: string,
  notes: readonly N[],
): FolderGroup<N>[] {
  const root = folders.find((f) => f.id === rootId);
  if (!root) return [];
  const children = new Map<string, FolderRow[]>();
  for (const f of folders) {
    if (!f.parent_id || f.id === rootId) continue;
    const list = children.get(f.parent_id) ?? [];
    list.push(f);
    children.set(f.parent_id, list);
  }
  const byFolder = new Map<string, N[]>();
  for (const n of notes) {
    if (!n.folder_id) continue;
    const list = byFolder.get(n.folder_id) ?? [];
    list.push(n);
    byFolder.set(n.folder_id, list);
  }
  const groups: FolderGroup<N>[] = [];
  const seen = new Set<string>();
  const walk = (folder: FolderRow, path: string[]) => {
    if (seen.has(folder.id)) return;
    seen.add(folder.id);
    const own = byFolder.get(folder.id);
    if (own?.length) groups.push({ id: folder.id, path, notes: own });
    for (const child of children.get(folder.id) ?? []) walk(child, [...path, child.name]);
  };
  walk(root, [root.name]);
  return groups;
}

/** A note ready for the file: its title and its body's HTML (already safe, from `noteBodyHtml`). */
export interface RenderedNote {
  title: string | null;
  html: string;
}

const shownTitle = (title: string | null) => title?.trim() || "Untitled note";

/** A fragment id from a title: ASCII letters, digits and dashes, `note` when nothing is left. */
function slug(title: string): string {
  const s = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return s || "untitled";
}

/** One fragment id per title, in order: `note-<slug>`, then `-2`, `-3`… for titles seen before. */
export function noteAnchors(titles: readonly (string | null)[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = `note-${slug(shownTitle(title))}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/** What the folder file adds to a note's styles: the contents, the paths, a page per note. */
export const FOLDER_CSS = `
header.folder h1 { font-size: 2.2rem; }
header.folder p { color: #52525b; margin: 0 0 1rem; }
nav.contents ol { padding-left: 1.25rem; }
nav.contents li.folder-path { list-style: none; margin: .75rem 0 .25rem -1.25rem; font-weight: 600; }
nav.contents li.folder-path ol { font-weight: normal; }
h2.folder-path { color: #52525b; font-size: 1.1rem; margin: 3rem 0 0; padding-top: 1rem; border-top: 2px solid #d4d4d8; }
article.note { margin-top: 2.5rem; padding-top: 1.5rem; border-top: 1px solid #e4e4e7; }
h2.folder-path + article.note { border-top: 0; margin-top: 0; }
@page { margin: 18mm 16mm; }
@media print {
  header.folder { break-after: page; }
  article.note, h2.folder-path { break-before: page; border-top: 0; margin-top: 0; padding-top: 0; }
  h2.folder-path { break-after: avoid; margin-bottom: 1rem; }
  h2.folder-path + article.note { break-before: avoid; }
  p, li { orphans: 3; widows: 3; }
  table, blockquote { break-inside: avoid; }
  input[type="checkbox"] { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  nav.contents a { text-decoration: none; }
}
`
  .trim()
  .replace(/\n/g, "\n  ");

/**
 * The whole HTML file for a folder: its name as the heading, how many notes it holds, a table
 * of contents linking to each note, then the notes. A sub-folder's notes follow a heading with
 * its path; every note's section starts a new page in print (the first note of a sub-folder
 * shares its page with that heading).
 */
export function folderHtmlDocument(
  name: string,
  groups: readonly FolderGroup<RenderedNote>[],
): string {
  const folder = escapeText(name.trim() || "Folder");
  const all = groups.flatMap((g) => g.notes);
  const anchors = noteAnchors(all.map((n) => n.title));
  const rootId = groups[0]?.path.length === 1 ? groups[0].id : null;

  let at = 0;
  const contents: string[] = [];
  const body: string[] = [];
  for (const group of groups) {
    const items: string[] = [];
    const articles: string[] = [];
    for (const note of group.notes) {
      const id = anchors[at++];
      const title = escapeText(shownTitle(note.title));
      items.push(`<li><a href="#${escapeAttr(id)}">${title}</a></li>`);
      articles.push(
        `<article class="note" id="${escapeAttr(id)}">\n<h1>${title}</h1>\n${note.html}\n</article>`,
      );
    }
    if (group.id === rootId) {
      contents.push(...items);
      body.push(...articles);
    } else {
      const path = escapeText(group.path.join(" / "));
      contents.push(`<li class="folder-path">${path}<ol>${items.join("")}</ol></li>`);
      body.push(`<h2 class="folder-path">${path}</h2>`, ...articles);
    }
  }

  return htmlPage(
    folder,
    `<header class="folder">
<h1>${folder}</h1>
<p>${all.length === 1 ? "1 note" : `${all.length} notes`}</p>
<nav class="contents" aria-label="Contents">
<ol>
${contents.join("\n")}
</ol>
</nav>
</header>
${body.join("\n")}`,
    FOLDER_CSS,
  );
}
