import { expect, test } from "@playwright/test";

import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
} from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

test("a new note saves as you type, comes back on reload, and its first HTML holds its text", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const id = await createNoteWithButton(page);
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("Shopping list");
  await page.keyboard.press("Enter");
  await page.keyboard.type("oat milk and rye bread");
  await expectSaved(page);

  // The list follows the title once the text is stored.
  await expect(page.getByRole("link", { name: /Shopping list/ })).toBeVisible({ timeout: 10_000 });

  const html = await (await page.request.get(`/notes/${id}`)).text();
  expect(html).toContain("Shopping list");
  expect(html).toContain("oat milk and rye bread");

  await openNote(page, id);
  await expect(editor(page)).toContainText("Shopping list");
  await expect(editor(page)).toContainText("oat milk and rye bread");
  await context.close();
});

test("another person gets the 404 page for someone's note, never its text", async ({
  browser,
  baseURL,
}) => {
  const [owner, stranger] = [await newPerson(), await newPerson()];
  const ownerContext = await deviceOf(browser, baseURL!, owner);
  const ownerPage = await ownerContext.newPage();
  const id = await createNoteWithButton(ownerPage);
  await ownerPage.keyboard.type("Private plans");
  await expectSaved(ownerPage);

  const strangerContext = await deviceOf(browser, baseURL!, stranger);
  const page = await strangerContext.newPage();
  const response = await page.goto(`/notes/${id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This note isn't here" })).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.content()).not.toContain("Private plans");
  await page.goto("/notes/not-a-note-id");
  await expect(page.getByRole("heading", { name: "This note isn't here" })).toBeVisible({
    timeout: 15_000,
  });
  await ownerContext.close();
  await strangerContext.close();
});
