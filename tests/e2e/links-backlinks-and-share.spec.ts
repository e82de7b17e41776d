import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
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
test.describe.configure({ timeout: 120_000 });

const linkPicker = (page: Page) => page.getByRole("listbox", { name: "Link to a note" });
const linkedFrom = (page: Page) => page.getByRole("region", { name: /Linked from/ });

test("[[ picks a note by keyboard; the link survives the note's rename; backlinks show the sentence; unlinked mentions are listed", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const target = await seedNote(person, "Lisbon trip", "Pack light.");
  await seedNote(person, "Lunch ideas");
  const diary = await seedNote(person, "Diary", "We talked about the Lisbon trip over dinner.");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  const source = await createNoteWithButton(page);
  await page.keyboard.type("Budget");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Flights first. See [[lis");
  await expect(linkPicker(page)).toBeVisible();
  await expect(linkPicker(page).getByRole("option", { selected: true })).toHaveText("Lisbon trip");
  await page.screenshot({ path: test.info().outputPath("link-picker.png") });
  await page.keyboard.press("Enter");
  await expect(linkPicker(page)).toBeHidden();
  await page.keyboard.type("for dates. Then [[Brand new idea");
  await expect(
    linkPicker(page).getByRole("option", { name: "Create note «Brand new idea»" }),
  ).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(editor(page).locator("a[data-linked-note]")).toHaveText([
    "Lisbon trip",
    "Brand new idea",
  ]);
  await expect(editor(page)).toContainText("See Lisbon trip for dates.");
  await expectSaved(page);

  // The target lists the link with its sentence, and the note that names it without a link.
  await openNote(page, target);
  await expect(linkedFrom(page)).toContainText("Budget");
  await expect(linkedFrom(page)).toContainText("See [[Lisbon trip]] for dates.");
  const unlinked = page.getByRole("region", { name: /Unlinked mentions/ });
  await expect(unlinked).toContainText("Diary");
  await expect(unlinked).toContainText("talked about the Lisbon trip");
  await page.screenshot({ path: test.info().outputPath("backlinks.png"), fullPage: true });
  expect(diary).toBeTruthy();

  // Renaming the target: the link follows it, and still counts as a backlink.
  await editor(page).click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("Shift+End");
  await page.keyboard.type("Porto trip");
  await expectSaved(page);
  await openNote(page, source);
  await expect(editor(page).locator("a[data-linked-note]").first()).toHaveText("Porto trip");
  await editor(page).locator("a[data-linked-note]").first().click();
  await page.waitForURL(`**/notes/${target}`);
  await expect(linkedFrom(page)).toContainText("Budget");

  // The note made from the picker exists, with its title.
  const { data } = await admin().from("notes").select("id").eq("title", "Brand new idea");
  expect(data).toHaveLength(1);
  await context.close();
});

test("on a share page, a link to a shared note opens its page and any other link is plain text", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const shared = await seedNote(person, "Public recipe", "Flour and water.");
  await seedNote(person, "Hidden recipe", "Secret.");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const menu = await createNoteWithButton(page);
  await page.keyboard.type("Menu");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Start with [[Public recipe]] then [[Hidden recipe]] to end.");
  await expect(linkPicker(page)).toBeHidden();
  await expectSaved(page);

  const slugs = { menu: "menu-share-slug-000001", shared: "recipe-share-slug-00001" };
  for (const [id, slug] of [
    [menu, slugs.menu],
    [shared, slugs.shared],
  ]) {
    const res = await admin().from("notes").update({ share_slug: slug }).eq("id", id);
    expect(res.error).toBeNull();
  }

  const visitor = await browser.newContext({ baseURL });
  const view = await visitor.newPage();
  await view.goto(`/n/${slugs.menu}`);
  const link = view.getByRole("link", { name: "Public recipe" });
  await expect(link).toHaveAttribute("href", `/n/${slugs.shared}`);
  await expect(view.getByText("Hidden recipe")).toBeVisible();
  await expect(view.getByRole("link", { name: "Hidden recipe" })).toHaveCount(0);
  await expect(view.locator("article, main").first()).not.toContainText("[[");
  await view.screenshot({ path: test.info().outputPath("share-links.png") });
  await link.click();
  await view.waitForURL(`**/n/${slugs.shared}`);
  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Public recipe");
  await visitor.close();
  await context.close();
});
