import { expect, test, type Page } from "./support/test";

import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";

test.describe.configure({ timeout: 60_000 });

/** The hint each empty line of the editor shows, as the person sees it ("none": nothing). */
function hints(page: Page) {
  return editor(page).evaluate((root) =>
    [...root.querySelectorAll(".is-empty")].map(
      (line) => getComputedStyle(line, "::before").content,
    ),
  );
}

/** Which line of the editor holds the caret (0 is the first). */
function caretLine(page: Page) {
  return editor(page).evaluate((root) => {
    let node = getSelection()?.anchorNode ?? null;
    while (node && node.parentNode !== root) node = node.parentNode;
    return node ? [...root.childNodes].indexOf(node as ChildNode) : -1;
  });
}

test("'Start writing…' shows only while the whole note is blank", async ({ browser, baseURL }) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  // A new note: the first line asks for a title, the next invites the rest.
  await createNoteWithButton(page);
  await expect.poll(() => hints(page)).toEqual(['"Title"']);
  await page.keyboard.press("Enter");
  await expect.poll(() => hints(page)).toEqual(['"Title"', '"Start writing…"']);
  // Once the title has words, the empty line below is just room to write.
  // The new line is saved before the caret moves: an arrow key pressed just as the note's own
  // update comes back from the server can be undone by it, and this test is about the hints, so
  // the key is pressed again until the caret is on the title (on the first line it stays there).
  await expectSaved(page);
  await expect(async () => {
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => caretLine(page), { timeout: 2_000 }).toBe(0);
  }).toPass({ timeout: 15_000 });
  await page.keyboard.type("Trip");
  await expect.poll(() => hints(page)).toEqual(["none"]);

  // The same for a note with text: an empty last line under it shows nothing.
  const id = await seedNote(person, "Groceries", "milk and eggs");
  await openNote(page, id);
  await editor(page).getByText("milk and eggs").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect.poll(() => hints(page)).toEqual(["none"]);
  await context.close();
});
