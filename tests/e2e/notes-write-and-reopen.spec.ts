import { expect, test } from "./support/test";

import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
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

test("switching notes in the list keeps what was just typed, opens the next at once with the caret in it, offline too", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const first = await seedNote(person, "Alpha note", "The alpha paragraph.");
  const second = await seedNote(person, "Beta note", "The beta paragraph.");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const row = (id: string) =>
    page
      .getByRole("region", { name: "Note list" })
      .locator(`a[data-note-link][href="/notes/${id}"]`);
  const skeleton = page.getByRole("status", { name: "Loading the note" });

  // Both notes have been open on this device once: it holds their documents.
  await openNote(page, first);
  await expect(editor(page)).toContainText("The alpha paragraph.");
  await row(second).click();
  await expect(editor(page)).toContainText("The beta paragraph.", { timeout: 15_000 });
  await expectSaved(page);
  await row(first).click();
  await expect(editor(page)).toContainText("The alpha paragraph.");

  // Words typed right before another note is clicked are kept.
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Typed just before switching.");
  await row(second).click();
  await expect(editor(page)).toContainText("The beta paragraph.");
  await expect(editor(page)).not.toContainText("Typed just before switching.");
  await expect(page).toHaveURL(new RegExp(`/notes/${second}$`));

  // Reached by keyboard from the list, a note opens with its text and the caret in it.
  await row(first).focus();
  await page.keyboard.press("Enter");
  await expect(editor(page)).toContainText("Typed just before switching.");
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("More by keyboard. ");
  await expect(editor(page)).toContainText("More by keyboard.");
  await expectSaved(page);

  // Another device finds both: the words typed before the switch were stored.
  const other = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(other, first);
  await expect(editor(other)).toContainText("Typed just before switching.");
  await expect(editor(other)).toContainText("More by keyboard.");
  await other.context().close();

  // With the network off, a note the device holds opens from it, ready to write in, no skeleton.
  await context.setOffline(true);
  await row(second).click();
  await expect(editor(page)).toContainText("The beta paragraph.");
  await expect(editor(page)).toBeEditable();
  await expect(editor(page)).toBeFocused();
  await expect(skeleton).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/notes/${second}$`));
  await page.keyboard.type("Written offline. ");
  await expect(editor(page)).toContainText("Written offline.");
  await context.setOffline(false);
  await expectSaved(page);
  await page.reload();
  await expect(editor(page)).toContainText("Written offline.", { timeout: 15_000 });
  await context.close();
});

test("a note flipped back to shows as it was left, caret and all, and catches up with another device; the device is not in the note meanwhile", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const first = await seedNote(person, "Gamma note", "The gamma paragraph.");
  const second = await seedNote(person, "Delta note", "The delta paragraph.");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  const other = await (await deviceOf(browser, baseURL!, person)).newPage();
  const row = (id: string) =>
    page
      .getByRole("region", { name: "Note list" })
      .locator(`a[data-note-link][href="/notes/${id}"]`);
  const alsoOpen = (p: typeof page) => p.getByText("Also open on another device");

  await openNote(page, first);
  await expect(editor(page)).toContainText("The gamma paragraph.");
  await openNote(other, first);
  await expect(alsoOpen(other)).toBeVisible({ timeout: 15_000 });
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Caret here.");
  await expectSaved(page);

  // Off to another note: the other device soon no longer finds this one in the note.
  await row(second).click();
  await expect(editor(page)).toContainText("The delta paragraph.", { timeout: 15_000 });
  await expect(alsoOpen(other)).toHaveCount(0, { timeout: 15_000 });

  // Meanwhile the other device writes at the top of the first note.
  await expect(editor(other)).toContainText("Caret here.", { timeout: 15_000 });
  await editor(other).click();
  await other.keyboard.press("ControlOrMeta+Home");
  await other.keyboard.type("From the other device. ");
  await expectSaved(other);

  // Back: the note shows with the caret where it was left, and the other device's words arrive.
  await row(first).click();
  await expect(editor(page)).toContainText("Caret here.");
  await expect(editor(page)).toBeFocused();
  await expect(editor(page)).toContainText("From the other device.", { timeout: 15_000 });
  await expect(alsoOpen(other)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type(" Back again.");
  await expect(editor(other)).toContainText("Caret here. Back again.", { timeout: 15_000 });
  // The same editor as it was left: its undo still holds the words typed before leaving. Typing
  // makes an undo step per pause, so a busy machine may split a phrase in two: undo and redo go
  // step by step until the words are gone or back, never past them.
  const stepUntil = async (keys: string, done: () => Promise<boolean>) => {
    for (let step = 0; step < 4 && !(await done()); step++) {
      const before = await editor(page).textContent();
      await page.keyboard.press(keys);
      await expect(editor(page)).not.toHaveText(before ?? "");
    }
    expect(await done()).toBe(true);
  };
  const shown = async () => (await editor(page).textContent()) ?? "";
  await stepUntil("ControlOrMeta+z", async () => !(await shown()).includes("Back"));
  await expect(editor(page)).toContainText("Caret here.");
  await stepUntil("ControlOrMeta+z", async () => !(await shown()).includes("Caret"));
  await expect(editor(page)).toContainText("From the other device.");
  await expect(editor(page)).toContainText("The gamma paragraph.");
  await stepUntil("ControlOrMeta+Shift+z", async () =>
    (await shown()).includes("The gamma paragraph. Caret here. Back again."),
  );
  await expect(editor(other)).toContainText("The gamma paragraph. Caret here. Back again.", {
    timeout: 15_000,
  });
  await expectSaved(page);
  await page.context().close();
  await other.context().close();
});
