import { expect, test, type Page } from "./support/test";

import { expectStoredBody, fileChoosers } from "./support/editor";
import {
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
  type Person,
} from "./support/notes";

test.describe.configure({ timeout: 90_000 });

let person: Person;
test.beforeAll(async () => {
  person = await newPerson();
});

const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });

/**
 * Selects one word of the paragraph that holds it, with the keyboard. Again if the note's stored
 * state arrived just then and put the caret elsewhere.
 */
async function selectWord(page: Page, word: string) {
  await expect(async () => {
    const paragraph = editor(page).locator("p", { hasText: word }).first();
    const at = (await paragraph.textContent())!.indexOf(word);
    await paragraph.click();
    await page.keyboard.press("Home");
    for (let i = 0; i < at; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < word.length; i++) await page.keyboard.press("Shift+ArrowRight");
    await expect(toolbar(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test("the floating toolbar formats a selection and makes links and headings", async ({
  browser,
  baseURL,
}) => {
  const id = await seedNote(person, "Formatting", "alpha bravo charlie delta echo foxtrot");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await expect(toolbar(page)).toBeHidden();

  const cases: [string, string, string][] = [
    ["alpha", "Bold", "strong"],
    ["bravo", "Italic", "em"],
    ["charlie", "Strikethrough", "s"],
    ["delta", "Code", "code"],
  ];
  for (const [word, button, tag] of cases) {
    await selectWord(page, word);
    await toolbar(page).getByRole("button", { name: button }).click();
    await expect(editor(page).locator(tag, { hasText: word })).toBeVisible();
    await expect(toolbar(page).getByRole("button", { name: button })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }

  await selectWord(page, "echo");
  await toolbar(page).getByRole("button", { name: "Link" }).click();
  const address = toolbar(page).getByRole("textbox", { name: "Link address" });
  await expect(address).toBeFocused();
  await address.fill("example.com/echo");
  await address.press("Enter");
  await expect(editor(page).getByRole("link", { name: "echo" })).toHaveAttribute(
    "href",
    "https://example.com/echo",
  );

  await selectWord(page, "foxtrot");
  await toolbar(page).getByRole("button", { name: "Heading" }).click();
  await expect(editor(page).locator("h2")).toContainText("foxtrot");

  await expectSaved(page);
  await expectStoredBody(id, /\*\*alpha\*\*/);
  await expectStoredBody(id, /~~charlie~~/);
  await expectStoredBody(id, /\[echo\]\(https:\/\/example\.com\/echo\)/);
});

test("the toolbar's attach button opens the file picker", async ({ browser, baseURL }) => {
  const id = await seedNote(person, "Attach from toolbar", "some words here");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  const nextChooser = fileChoosers(page);
  await openNote(page, id);
  await selectWord(page, "words");
  await toolbar(page).getByRole("button", { name: "Attach a file" }).click();
  await nextChooser();
  // No Attach button and no list of file types above the note.
  await expect(page.getByRole("button", { name: "Attach", exact: true })).toHaveCount(0);
  await expect(page.getByText(/Up to 50 MB each/)).toHaveCount(0);
});

test("checked items move below the open ones when this device asks for it", async ({
  browser,
  baseURL,
}) => {
  const id = await seedNote(person, "Groceries", "- [ ] apples\n- [ ] bread\n- [ ] cheese");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  const items = editor(page).locator('ul[data-type="taskList"] > li');
  const texts = items.locator("> div");
  // A click, not check(): a ticked item may move away from under the pointer.
  const tick = (name: string) => items.filter({ hasText: name }).getByRole("checkbox").click();
  await expect(items).toHaveCount(3);

  // Off (the default): a ticked item stays where it is.
  await tick("apples");
  await expect(items.nth(0)).toHaveAttribute("data-checked", "true");
  await expect(texts).toHaveText(["apples", "bread", "cheese"]);
  await tick("apples");
  await expect(items.nth(0)).toHaveAttribute("data-checked", "false");

  const toggle = page.getByRole("button", { name: "Move checked items down" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  await tick("apples");
  await expect(texts).toHaveText(["bread", "cheese", "apples"]);
  await tick("bread");
  // Below the open ones, above the ones done before.
  await expect(texts).toHaveText(["cheese", "bread", "apples"]);
  await expectSaved(page);
  await expectStoredBody(id, /- \[ \] cheese\n- \[x\] bread\n- \[x\] apples/);

  // The choice belongs to this device: it is still on after a reload.
  await page.reload();
  await expect(page.getByRole("button", { name: "Move checked items down" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});
