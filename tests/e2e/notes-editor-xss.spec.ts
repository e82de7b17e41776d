import { expect, test, type Page } from "@playwright/test";

import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";
import { scriptableIn, XSS_HTML, XSS_MARKDOWN } from "./support/xss-corpus";

test.describe.configure({ timeout: 90_000 });

const EDITOR = '[role="textbox"][aria-label="Note"]';
const INERT = { xss: null, handlers: [], scriptish: 0, badUrls: [] };

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
  await openNote(page, id);
  await expect(editor(page)).toContainText("pasted link");
  await poke(page);
  expect(await scriptableIn(page, EDITOR)).toEqual(INERT);
  expect(dialogs).toEqual([]);
  await context.close();
});
