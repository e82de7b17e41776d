import { expect, test, type Page } from "./support/test";

import { freshLine } from "./support/editor";
import { deviceOf, editor, newPerson, openNote, seedNote, type Person } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

let person: Person;
test.beforeAll(async () => {
  person = await newPerson();
});

async function openFresh(page: Page, title: string) {
  const id = await seedNote(person, title, "placeholder line");
  await openNote(page, id);
  await expect(editor(page)).toContainText(title);
  return id;
}

/** What typing at the start of a line turns that line into. */
const lineShortcuts: { keys: string; text: string; selector: string }[] = [
  { keys: "# ", text: "Big heading", selector: "h1" },
  { keys: "## ", text: "Smaller heading", selector: "h2" },
  { keys: "- ", text: "a bullet", selector: "ul:not([data-type]) > li" },
  { keys: "1. ", text: "first step", selector: "ol > li" },
  { keys: "[ ] ", text: "a task", selector: 'ul[data-type="taskList"] > li[data-checked="false"]' },
  // As in Bear and Notion: the bullet that "- " made becomes a checklist item.
  {
    keys: "- [ ] ",
    text: "a bullet's task",
    selector: 'ul[data-type="taskList"] > li[data-checked="false"]',
  },
  {
    keys: "* [x] ",
    text: "a done task",
    selector: 'ul[data-type="taskList"] > li[data-checked="true"]',
  },
  { keys: "> ", text: "a quotation", selector: "blockquote" },
  { keys: "``` ", text: "const a = 1;", selector: "pre code" },
];

test("each Markdown shortcut at the start of a line makes its block", async ({
  browser,
  baseURL,
}) => {
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openFresh(page, "Line shortcuts");
  for (const { keys, text, selector } of lineShortcuts) {
    await freshLine(page);
    await page.keyboard.type(keys + text);
    const block = editor(page).locator(selector);
    await expect(block, keys).toHaveCount(1);
    await expect(block, keys).toContainText(text);
    // The shortcut's characters are gone: only the text stays.
    await expect(block, keys).not.toContainText(keys.trim());
  }

  // In a list of bullets, `[ ] ` typed in one of them makes that one a checklist item; the
  // bullet before it stays a bullet.
  await freshLine(page);
  await page.keyboard.type("- milk");
  await page.keyboard.press("Enter");
  await page.keyboard.type("[ ] bread");
  await expect(editor(page).locator("ul:not([data-type]) > li")).toHaveText(["milk"]);
  const task = editor(page).locator('ul[data-type="taskList"] > li[data-checked="false"]');
  await expect(task).toHaveCount(1);
  await expect(task).toContainText("bread");
  await expect(task).not.toContainText("[ ]");
});

/** What typing around a word does to it. */
const inlineShortcuts: { typed: string; text: string; selector: string }[] = [
  { typed: "**strong words** ", text: "strong words", selector: "strong" },
  { typed: "_leaning words_ ", text: "leaning words", selector: "em" },
  { typed: "`inline code` ", text: "inline code", selector: "code" },
  { typed: "~~struck words~~ ", text: "struck words", selector: "s" },
];

test("each inline Markdown shortcut formats the words it wraps", async ({ browser, baseURL }) => {
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openFresh(page, "Inline shortcuts");
  for (const { typed, text, selector } of inlineShortcuts) {
    await freshLine(page);
    await page.keyboard.type(`Before ${typed}after`);
    const mark = editor(page).locator(`p ${selector}`);
    await expect(mark, typed).toHaveText(text);
    await expect(editor(page).locator("p").last(), typed).toHaveText(`Before ${text} after`);
  }
});
