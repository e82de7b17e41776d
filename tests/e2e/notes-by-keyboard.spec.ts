import { expect, test } from "./support/test";

import { deviceOf, editor, expectSaved, newPerson, openShortcuts, seedNote } from "./support/notes";

test("notes work by keyboard alone: new note, writing, the list, search and the help", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const person = await newPerson();
  await seedNote(person, "First seeded", "one");
  await seedNote(person, "Second seeded", "two");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  await expect(page.getByRole("button", { name: "New note" }).first()).toBeEnabled();

  const help = await openShortcuts(page);
  await expect(help).toContainText("New note");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  await page.keyboard.press("n");
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  await expect(editor(page)).toBeFocused({ timeout: 15_000 });
  await page.keyboard.type("# Typed by keyboard");
  await page.keyboard.press("Enter");
  await page.keyboard.type("[ ] a checklist item");
  await expect(editor(page).locator("h1")).toHaveText("Typed by keyboard");
  await expect(editor(page).locator('ul[data-type="taskList"] li')).toHaveCount(1);
  await expectSaved(page);

  // Escape leaves the editor for the list; j and k walk it; Enter opens a note.
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-note-link]:focus")).toHaveCount(1);
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  const focused = page.locator("[data-note-link]:focus");
  await expect(focused).toHaveCount(1);
  // "/" goes to the list's search; Ctrl+K opens the palette (palette-commands.spec.ts).
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search notes" })).toBeFocused();
  await page.keyboard.type("Second");
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("link")).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("[data-note-link]:focus")).toContainText("Second seeded");
  await page.keyboard.press("Enter");
  await expect(editor(page)).toContainText("two");
  await context.close();
});
