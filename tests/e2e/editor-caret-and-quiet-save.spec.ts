import { expect, test } from "./support/test";

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

test("a long note takes typing everywhere: in new blocks at its end, by shortcut, and at its top", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  // 300 blocks: long enough that blocks out of view are left unrendered.
  const body = Array.from({ length: 299 }, (_, i) => `Paragraph ${i + 1} of a long note.`);
  const id = await seedNote(person, "Long note", body.join("\n\n"));
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await expect(editor(page)).toHaveAttribute("data-long-note", "");
  await expect(editor(page)).toContainText("Paragraph 299 of a long note.");

  // From near the top, the caret jumps to the very end; new blocks made there by Enter and by a
  // shortcut take the words typed into them.
  await editor(page).getByText("Paragraph 3 of a long note.").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("[ ] pack the tent");
  const task = editor(page).locator('ul[data-type="taskList"] > li > div');
  await expect(task).toHaveText("pack the tent");
  await expect(editor(page).getByText("Paragraph 299 of a long note.")).toHaveText(
    "Paragraph 299 of a long note.",
  );
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("The very end.");
  await expect(editor(page).locator('ul[data-type="taskList"] + p')).toHaveText("The very end.");

  // Back at the top, the title takes the words too.
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("My ");
  await expect(editor(page).locator(":scope > *").first()).toHaveText("My Long note");
  // Selecting from there to the end and typing over it leaves only what was typed.
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Kept.");
  await page.keyboard.press("Shift+Control+End");
  await page.keyboard.type("Replaced.");
  await expect(editor(page).locator(":scope > *")).toHaveCount(2);
  await expect(editor(page).locator(":scope > *").last()).toHaveText("Kept.Replaced.");
  await expectSaved(page);

  // Another device opens it whole.
  const other = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(other, id);
  await expect(editor(other).locator(":scope > *").first()).toHaveText("My Long note");
  await expect(editor(other).locator(":scope > *").last()).toHaveText("Kept.Replaced.");
});

test("a key pressed as the caret moves, before the page has heard of the move, acts where the caret is now", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Errands", "buy milk\n\ncall the bank");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  // The caret starts in the title, and the page knows it.
  const caretInTitle = async () => {
    await editor(page).getByText("Errands").click();
    await page.keyboard.press("Home");
    await page.waitForTimeout(200);
  };
  await caretInTitle();

  // A busy page runs input before other tasks: a click that moves the caret and the Enter or
  // Backspace pressed right after it can both run before the browser's "selection changed" event.
  // Here both happen in one task, so the key always comes first.
  const act = (key: "Enter" | "Backspace", line: string, offset: number) =>
    page.evaluate(
      ({ key, line, offset }) => {
        const field = document.querySelector<HTMLElement>('[aria-label="Note"][contenteditable]')!;
        const text = [...field.querySelectorAll("p")].find(
          (p) => p.textContent === line,
        )!.firstChild!;
        getSelection()!.collapse(text, offset);
        const keyCode = key === "Enter" ? 13 : 8;
        field.dispatchEvent(
          new KeyboardEvent("keydown", {
            key,
            code: key,
            keyCode,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      { key, line, offset },
    );
  await act("Enter", "call the bank", "call ".length);
  await expect(editor(page).locator("p").nth(2)).toHaveText("call ");
  await expect(editor(page).locator("p").nth(3)).toHaveText("the bank");
  // Backspace at a line's start joins it to the line above: the line the caret is on now.
  await caretInTitle();
  await act("Backspace", "the bank", 0);
  await expect(editor(page).locator("p").nth(2)).toHaveText("call the bank");
  // The title, where the caret was before, is as it was.
  await expect(editor(page).locator("p").first()).toHaveText("Errands");
  await expect(editor(page).locator("p")).toHaveCount(3);
  await page.keyboard.type("up ");
  await expect(editor(page).locator("p").nth(2)).toHaveText("call up the bank");
  await expectSaved(page);
  await context.close();
});
