import { expect, test, type Page } from "./support/test";

import { expectStoredBody, fileChoosers, freshLine } from "./support/editor";
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

const menu = (page: Page) => page.getByRole("listbox", { name: "Insert block" });

/** Each block command, what it puts in the note, found by typing part of its name. */
const commands: { query: string; option: string; selector: string }[] = [
  { query: "head", option: "Heading", selector: "h1" },
  { query: "check", option: "Checklist", selector: 'ul[data-type="taskList"]' },
  { query: "table", option: "Table", selector: "table" },
  { query: "code", option: "Code", selector: "pre" },
  { query: "quote", option: "Quote", selector: "blockquote" },
  { query: "divider", option: "Divider", selector: "hr" },
];

test("the / menu makes every kind of block, picked with Enter", async ({ browser, baseURL }) => {
  const id = await seedNote(person, "Blocks", "start");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  for (const { query, option, selector } of commands) {
    await freshLine(page);
    await page.keyboard.type(`/${query}`);
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(menu(page).getByRole("option", { name: new RegExp(`^${option}`) })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeHidden();
    await expect(editor(page).locator(selector), option).toHaveCount(1);
    // The slash and the query are gone from the note.
    await expect(editor(page), option).not.toContainText(`/${query}`);
  }
});

test("the / menu is driven by arrows, Enter and Escape, and by the mouse", async ({
  browser,
  baseURL,
}) => {
  const id = await seedNote(person, "Keys", "start");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await freshLine(page);
  await page.keyboard.type("/");
  const options = menu(page).getByRole("option");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  // Up from the first goes round to the last.
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(menu(page)).toBeHidden();
  // Escape leaves the slash as typed, and the caret in the note.
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type("x");
  await expect(editor(page).locator("p").last()).toHaveText("/x");

  await freshLine(page);
  await page.keyboard.type("/quo");
  await menu(page)
    .getByRole("option", { name: /^Quote/ })
    .click();
  await expect(editor(page).locator("blockquote")).toHaveCount(1);
  await expect(editor(page)).toBeFocused();

  // A slash in the middle of a word is just a slash.
  await freshLine(page);
  await page.keyboard.type("either/or");
  await expect(menu(page)).toBeHidden();
});

test("Image and File in the / menu open the file picker", async ({ browser, baseURL }) => {
  const id = await seedNote(person, "Pictures", "start");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  const nextChooser = fileChoosers(page);
  await openNote(page, id);
  for (const [query, accepts] of [
    ["image", /^image\/png,image\/jpeg/],
    ["file", /application\/pdf/],
  ] as const) {
    await freshLine(page);
    await page.keyboard.type(`/${query}`);
    await page.keyboard.press("Enter");
    const picked = await nextChooser();
    expect(picked.isMultiple()).toBe(true);
    await expect(page.getByLabel("Files to attach")).toHaveAttribute("accept", accepts);
    if (query === "file")
      await picked.setFiles({
        name: "minutes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("what was decided"),
      });
  }
  await expect(
    page.locator('[data-attachment-view="file"]', { hasText: "minutes.txt" }),
  ).toBeVisible({ timeout: 30_000 });
});

test("a table made from the / menu is stored as a readable Markdown table", async ({
  browser,
  baseURL,
}) => {
  const id = await seedNote(person, "Budget", "start");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await freshLine(page);
  await page.keyboard.type("/table");
  await page.keyboard.press("Enter");
  await expect(editor(page).locator("table tr")).toHaveCount(3);
  // The caret is in the first header cell; Tab moves along the row.
  await page.keyboard.type("Item");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Cost");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Paid");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Tent");
  await page.keyboard.press("Tab");
  await page.keyboard.type("120");
  await expect(editor(page).locator("th").first()).toHaveText("Item");
  await expect(editor(page).locator("td").nth(1)).toHaveText("120");
  await expectSaved(page);
  await expectStoredBody(
    id,
    /\|\s*Item\s*\|\s*Cost\s*\|\s*Paid\s*\|[\s\S]*\|\s*-+\s*\|[\s\S]*\|\s*Tent\s*\|\s*120\s*\|/,
  );

  // Reopened, it is a table again.
  await page.reload();
  await expect(editor(page).locator("table th").first()).toHaveText("Item", { timeout: 15_000 });
});
