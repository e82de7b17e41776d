import { expect, test } from "@playwright/test";

import {
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  saveState,
  seedNote,
} from "./support/notes";

test("the caret is back where it was when the note is reopened on the same device", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Draft", "first paragraph\n\nsecond paragraph here\n\nthird");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  // The caret goes right after "second".
  await editor(page).getByText("second paragraph here").click();
  await page.keyboard.press("Home");
  for (let i = 0; i < "second".length; i++) await page.keyboard.press("ArrowRight");
  await page.waitForTimeout(400);

  await page.goto("/notes");
  await openNote(page, id);
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("-hand");
  await expect(editor(page)).toContainText("second-hand paragraph here");
  await expectSaved(page);

  // Another device has no memory of it: the note opens as usual there.
  const other = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(other, id);
  await expect(editor(other)).toContainText("second-hand paragraph here");
  await expect(editor(other)).not.toBeFocused();
});

test("saving is silent; the status speaks only when something is wrong", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Quiet", "words");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" and more");
  await expectSaved(page);
  // Saved: nothing to read, nothing announced.
  await expect(saveState(page)).toHaveText("");
  await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Saving…")).toHaveCount(0);

  await context.setOffline(true);
  await page.keyboard.type(" offline");
  await expect(saveState(page)).toHaveAttribute("data-save-state", "offline");
  await expect(saveState(page)).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Offline — changes kept on this device" }),
  ).toBeVisible();

  await context.setOffline(false);
  await expectSaved(page);
  await expect(saveState(page)).toHaveText("");
});
