import { expect, test, type Page } from "@playwright/test";

import {
  createNoteWithButton,
  deviceOf,
  editor,
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
  await page.keyboard.press("ArrowUp");
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
