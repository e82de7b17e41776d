import { expect, test, type Browser, type Page } from "./support/test";

import { admin } from "./support/auth";
import {
  createNoteWithButton,
  cutOff,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  saveState,
  seedNote,
  type Person,
} from "./support/notes";

test.describe.configure({ timeout: 90_000 });

async function storedBody(id: string): Promise<string> {
  const { data, error } = await admin().from("notes").select("body").eq("id", id).single();
  if (error) throw error;
  return (data as { body: string }).body;
}

/**
 * Opens the note on a device that has never opened it, with the database out of reach: the page
 * still shows the stored text, says why it cannot be edited yet, and gives no editor to type into
 * until the connection is back. Then the person writes, and both texts must be stored.
 */
async function openFirstTimeOffline(browser: Browser, baseURL: string, person: Person, id: string) {
  const context = await deviceOf(browser, baseURL, person);
  await cutOff(context, true);
  const page = await context.newPage();
  await page.goto(`/notes/${id}`);
  await expect(page.getByRole("status").filter({ hasText: /reach the server/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("article", { name: "Note" })).toContainText(
    "Stored text that must survive",
  );
  await expect(editor(page)).toBeHidden();
  // Still nothing to type into a few seconds later, however often it tries.
  await page.waitForTimeout(3_000);
  await expect(editor(page)).toBeHidden();

  await cutOff(context, false);
  await expect(editor(page)).toBeVisible({ timeout: 30_000 });
  await expect(editor(page)).toContainText("Stored text that must survive");
  await expect(page.getByText(/reach the server/)).toBeHidden();
  await typeAtEnd(page, "Typed once it opened");
  await expectSaved(page);
  await expect.poll(() => storedBody(id), { timeout: 10_000 }).toContain("Typed once it opened");
  expect(await storedBody(id)).toContain("Stored text that must survive");
  return context;
}

async function typeAtEnd(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(text);
}

test("a note with text but no document, first opened offline, keeps its text and what is typed", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Imported", "Stored text that must survive");
  const device = await openFirstTimeOffline(browser, baseURL!, person, id);
  await device.close();
});

test("a note written on one device, first opened offline on another, loses nothing", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const first = await deviceOf(browser, baseURL!, person);
  const page = await first.newPage();
  const id = await createNoteWithButton(page);
  await page.keyboard.type("Written here");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Stored text that must survive");
  await expectSaved(page);
  await expect.poll(() => storedBody(id), { timeout: 10_000 }).toContain("must survive");

  const second = await openFirstTimeOffline(browser, baseURL!, person, id);
  // The first device sees what the second typed, next to its own text.
  await openNote(page, id);
  await expect(editor(page)).toContainText("Typed once it opened");
  await expect(editor(page)).toContainText("Stored text that must survive");
  await Promise.all([first.close(), second.close()]);
});

test("an empty note, first opened offline, is ready to write in at once and keeps what is typed", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "", "");
  const context = await deviceOf(browser, baseURL!, person);
  await cutOff(context, true);
  const page = await context.newPage();
  await page.goto(`/notes/${id}`);
  // There is no stored text to wait for: the editor opens with the caret in it.
  await expect(editor(page)).toBeFocused({ timeout: 15_000 });
  await expect(page.getByText(/reach the server/)).toBeHidden();
  await page.keyboard.type("Written offline");
  await page.keyboard.press("Enter");
  await page.keyboard.type("and kept once back");
  await expect(saveState(page)).toHaveAttribute("data-save-state", "offline");

  await cutOff(context, false);
  await expectSaved(page);
  await expect.poll(() => storedBody(id), { timeout: 15_000 }).toContain("and kept once back");
  await page.reload();
  await expect(editor(page)).toContainText("Written offline");
  await expect(editor(page)).toContainText("and kept once back");
  await context.close();
});
