import { expect, test, type Page } from "./support/test";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";

import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";
import { admin } from "./support/auth";
import { scriptableIn, XSS_HTML, XSS_MARKDOWN } from "./support/xss-corpus";

test.describe.configure({ timeout: 90_000 });

const EDITOR = '[role="textbox"][aria-label="Note"]';
const INERT = { xss: null, handlers: [], scriptish: 0, badUrls: [] };

const SCRIPT_URL = /(javascript|data|vbscript):/i;

/** What is stored for the note: its body column, and its document as Yjs renders it to XML. */
async function stored(id: string) {
  const db = admin();
  const note = await db.from("notes").select("body, ydoc").eq("id", id).single();
  const updates = await db.from("note_updates").select("data").eq("note_id", id).order("id");
  if (note.error || updates.error) throw note.error ?? updates.error;
  const doc = new Y.Doc();
  const row = note.data as { body: string; ydoc: string | null };
  if (row.ydoc) Y.applyUpdate(doc, fromBytea(row.ydoc));
  for (const u of updates.data as { data: string }[]) Y.applyUpdate(doc, fromBytea(u.data));
  const xml = doc.getXmlFragment("default").toString();
  doc.destroy();
  return { body: row.body, xml };
}

/** Link targets in Markdown (`](url)`) and in the document's marks (`href="url"`). */
function hrefsIn({ body, xml }: { body: string; xml: string }): string[] {
  // An escaped bracket ("\\]") is text, not the end of a link.
  const markdown = [...body.matchAll(/(?<!\\)\]\(\s*([^)\s]*)/g)].map((m) => m[1]);
  const marks = [...xml.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  return [...markdown, ...marks];
}

/** Every dialog the page opens (an `alert` from a payload would be one). */
function collectDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/** Clicks every link and hovers every line, as a person reading the note might. */
async function poke(page: Page) {
  for (const link of await editor(page).getByRole("link").all()) {
    await link.click({ modifiers: ["ControlOrMeta"], noWaitAfter: true }).catch(() => {});
    await link.click({ noWaitAfter: true }).catch(() => {});
  }
  for (const line of await editor(page).locator(":scope > *").all()) {
    await line.hover().catch(() => {});
  }
}

async function paste(page: Page, data: Record<string, string>) {
  await editor(page).evaluate((el, data) => {
    const clipboard = new DataTransfer();
    for (const [type, value] of Object.entries(data)) clipboard.setData(type, value);
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }),
    );
  }, data);
}

test("a note whose stored text is an XSS corpus loads inert in the editor", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "<b onmouseover=alert(1)>Title</b>", XSS_MARKDOWN);
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const dialogs = collectDialogs(page);
  await openNote(page, id);
  await expect(editor(page)).toContainText("click me");
  await poke(page);
  expect(await scriptableIn(page, EDITOR)).toEqual(INERT);
  // Loaded again from the stored document, not from the text columns.
  await expectSaved(page);
  // The script links were dropped as the Markdown was read: neither the body nor the document
  // keeps them, while the link text stays.
  await expect.poll(async () => (await stored(id)).body).toContain("click me");
  await expect
    .poll(async () => hrefsIn(await stored(id)).filter((href) => SCRIPT_URL.test(href)))
    .toEqual([]);
  await page.reload();
  await expect(editor(page)).toContainText("click me");
  await poke(page);
  expect(await scriptableIn(page, EDITOR)).toEqual(INERT);
  expect(page.url()).toContain(`/notes/${id}`);
  expect(dialogs).toEqual([]);
  await context.close();
});

test("pasting or typing an XSS corpus into the editor leaves it inert", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const dialogs = collectDialogs(page);
  const id = await createNoteWithButton(page);
  await page.keyboard.type("Pasted things");
  await page.keyboard.press("Enter");

  await paste(page, { "text/html": XSS_HTML, "text/plain": "pasted bold" });
  await expect(editor(page)).toContainText("pasted link");
  await page.keyboard.press("Enter");
  // Plain text that reads as Markdown is pasted as formatting: the same attacks as Markdown.
  await paste(page, { "text/plain": XSS_MARKDOWN });
  await expect(editor(page)).toContainText("click me");
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  // Typed, Markdown shortcuts and link rules apply as the person types.
  await page.keyboard.type("[typed](javascript:window.__xss='typed') ");
  await page.keyboard.press("Enter");
  await page.keyboard.type("<img src=x onerror=alert(1)> javascript:alert(2) ");
  await poke(page);
  expect(await scriptableIn(page, EDITOR)).toEqual(INERT);

  await expectSaved(page);
  await expect.poll(async () => (await stored(id)).body).toContain("click me");
  await expect
    .poll(async () => hrefsIn(await stored(id)).filter((href) => SCRIPT_URL.test(href)))
    .toEqual([]);
  await openNote(page, id);
  await expect(editor(page)).toContainText("pasted link");
  await poke(page);
  expect(await scriptableIn(page, EDITOR)).toEqual(INERT);
  expect(dialogs).toEqual([]);
  await context.close();
});
