import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { seriousViolations } from "./support/axe";
import {
  createNoteWithButton,
  cutOff,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
} from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 120_000 });

async function writeNote(page: Page, text: string): Promise<string> {
  const id = await createNoteWithButton(page);
  await page.keyboard.type(text);
  await expectSaved(page);
  return id;
}

const tagTree = (page: Page) => page.getByRole("tree", { name: "Tags" });
/** A tag in the tree, named as a screen reader reads it: "home, 2 notes". */
const tagItem = (page: Page, name: string, count: number) =>
  tagTree(page).getByRole("treeitem", {
    name: new RegExp(`^${name}\\s*, ${count} ${count === 1 ? "note" : "notes"}$`),
  });

test("typed tags fill the tag tree with counts; the tree works by keyboard; a tag's view holds its sub-tags' notes; # suggests tags", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await writeNote(page, "Garden plans #home/garden");
  await writeNote(page, "Kitchen #home and #recipes");

  await page.goto("/notes");
  const home = tagItem(page, "home", 2);
  await expect(home).toBeVisible({ timeout: 15_000 });
  await expect(tagItem(page, "recipes", 1)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tag-tree.png") });

  // By keyboard: open "home", go down to "garden", open its view.
  await home.focus();
  await page.keyboard.press("ArrowRight");
  await expect(home).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  const garden = tagItem(page, "garden", 1);
  await expect(garden).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/notes/tags/home/garden");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tag home/garden");
  await expect(page.getByRole("list", { name: "Notes tagged #home/garden" })).toContainText(
    "Garden plans",
  );

  await page.goto("/notes/tags/home");
  const notes = page.getByRole("list", { name: "Notes tagged #home" });
  await expect(notes.getByRole("link")).toHaveCount(2);
  await expect(notes).toContainText("Garden plans");
  await expect(notes).toContainText("Kitchen");
  await expect(page.getByRole("navigation", { name: "Sub-tags" })).toContainText("#home/garden");
  await page.screenshot({ path: test.info().outputPath("tag-view.png"), fullPage: true });

  // Typing # suggests existing tags; arrows and Enter choose one.
  await createNoteWithButton(page);
  await page.keyboard.type("Seeds #ho");
  const listbox = page.getByRole("listbox", { name: "Tags" });
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole("option").first()).toHaveText(/#home/);
  await expect(editor(page)).toHaveAttribute("aria-controls", /.+/);
  await page.screenshot({ path: test.info().outputPath("tag-suggest.png") });
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option", { selected: true })).toHaveText(/#home\/garden/);
  await page.keyboard.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(editor(page)).toContainText("Seeds #home/garden");
  await expectSaved(page);
  // A tag in a note is a link to its view, even pressed slowly: the press puts the caret in the tag
  // and opens its suggestions, which redraws the tag before the button comes up.
  const tagLink = editor(page).locator("a.note-tag", { hasText: "#home/garden" });
  const box = (await tagLink.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(listbox).toBeVisible();
  await page.mouse.up();
  await page.waitForURL("**/notes/tags/home/garden");
  await expect(
    page.getByRole("list", { name: "Notes tagged #home/garden" }).getByRole("link"),
  ).toHaveCount(2);
  await context.close();
});

test("renaming a tag rewrites it on a device that has the note open, keeping what it typed meanwhile", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [laptop, phone] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await laptop.newPage();
  const id = await writeNote(pageA, "Errands #chores today");

  const pageB = await phone.newPage();
  await openNote(pageB, id);
  await expect(editor(pageB)).toContainText("Errands #chores today");

  // The phone loses its connection and keeps typing.
  await cutOff(phone, true);
  await editor(pageB).click();
  await pageB.keyboard.press("Control+End");
  await pageB.keyboard.type(" and milk");

  await pageA.goto("/notes/tags/chores");
  await pageA.getByRole("textbox", { name: "Rename tag" }).fill("tasks");
  await pageA.getByRole("button", { name: "Rename" }).click();
  await pageA.waitForURL("**/notes/tags/tasks");
  await expect(pageA.getByText(/Renamed #chores to #tasks in 1 note/)).toBeVisible();

  // Back online, the phone's words are stored and the rename reaches it.
  await cutOff(phone, false);
  await pageB.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(editor(pageB)).toContainText("Errands #tasks today and milk", { timeout: 30_000 });
  await expectSaved(pageB);

  await pageA.goto(`/notes/${id}`);
  await expect(editor(pageA)).toContainText("Errands #tasks today and milk", { timeout: 20_000 });
  await pageA.goto("/notes");
  await expect(tagItem(pageA, "tasks", 1)).toBeVisible();
  await expect(tagTree(pageA).getByRole("treeitem", { name: /^chores/ })).toHaveCount(0);
  await laptop.close();
  await phone.close();
});

test("a tag typed on one device joins the tag tree on another that stays on its page", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [laptop, phone] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await laptop.newPage();
  const pageB = await phone.newPage();
  await writeNote(pageA, "Packing #travel");
  await pageB.goto("/notes");
  await expect(tagItem(pageB, "travel", 1)).toBeVisible({ timeout: 15_000 });

  // The phone neither reloads nor moves: the laptop's new tags and counts reach its tree.
  await writeNote(pageA, "Temples #travel/kyoto and #food");
  await expect(tagItem(pageB, "travel", 2)).toBeVisible({ timeout: 15_000 });
  await expect(tagItem(pageB, "food", 1)).toBeVisible();
  expect(pageB.url()).toMatch(/\/notes$/);
  await laptop.close();
  await phone.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the tag view passes axe, ${theme}`, async ({ browser, baseURL }) => {
    const person = await newPerson();
    const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
    await setThemeCookie(context, baseURL, theme);
    const page = await context.newPage();
    await writeNote(page, "Reading list #books/fiction");
    await page.goto("/notes/tags/books");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole("list", { name: "Notes tagged #books" })).toContainText(
      "Reading list",
    );
    await expect(tagTree(page).getByRole("treeitem").first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`tag-view-${theme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
