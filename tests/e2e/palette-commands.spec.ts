import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
import {
  createNoteWithButton,
  deviceOf,
  expectSaved,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";
import { openPalette as openPaletteByKey } from "./support/palette";

/** Ctrl+K: the palette opens with its field focused. */
async function openPalette(page: Page) {
  const palette = await openPaletteByKey(page);
  await expect(page.getByRole("combobox", { name: "Find a note or a command" })).toBeFocused();
  return palette;
}

async function run(page: Page, words: string, option: string | RegExp) {
  await expect(page.getByRole("dialog", { name: "Command palette" })).toBeHidden();
  await openPalette(page);
  await page.getByRole("combobox", { name: "Find a note or a command" }).fill(words);
  const choice = page.getByRole("option", { name: option }).first();
  await expect(choice).toBeVisible();
  await choice.click();
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function noteRow(id: string) {
  const { data } = await admin()
    .from("notes")
    .select("pinned, share_slug, deleted_at")
    .eq("id", id)
    .single();
  return data as { pinned: boolean; share_slug: string | null; deleted_at: string | null };
}

test("Ctrl+K opens the palette on the list, a note and the account; ? opens the shortcuts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await newPerson();
  const id = await seedNote(person, "Palette everywhere", "body");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  for (const path of ["/notes", `/notes/${id}`, "/account"]) {
    await page.goto(path);
    const palette = await openPalette(page);
    await expect(palette.getByRole("option", { name: "New note" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
  }
  // On the account page, outside any field, ? lists every shortcut, the palette's among them.
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("Find a note or run a command");
  await expect(sheet).toContainText("New note");
  await page.keyboard.press("Escape");
  // The palette's command opens the same sheet.
  await run(page, "shortcuts", "Show keyboard shortcuts");
  await expect(sheet).toBeVisible();
  await context.close();
});

test("jumps to a note by fuzzy title, and recent notes come first", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await newPerson();
  const garden = await seedNote(person, "Garden plan for spring", "tomatoes");
  const grocery = await seedNote(person, "Grocery list", "milk");
  await seedNote(person, "Bike repair", "chain");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  await openPalette(page);
  const input = page.getByRole("combobox", { name: "Find a note or a command" });
  // Letters in order, not a word of the title: only a fuzzy match finds it.
  await input.fill("grdn pln");
  const option = page.getByRole("option", { name: /Garden plan for spring/ });
  await expect(option).toBeVisible();
  await expect(option.locator("mark").first()).toHaveText("G");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/notes/${garden}`));

  // Opened any way at all (here by its address), a note becomes a recent one on this device.
  await openNote(page, grocery);
  await expect
    .poll(() => page.evaluate(() => JSON.stringify({ ...localStorage })))
    .toContain(grocery);
  await page.goto("/notes");
  await openPalette(page);
  const options = page.getByRole("listbox", { name: "Notes and commands" }).getByRole("option");
  await expect(options.nth(0)).toContainText("Grocery list");
  await expect(options.nth(1)).toContainText("Garden plan for spring");
  await expect(page.getByRole("group", { name: "Recent" })).toBeVisible();
  // "gr" matches both; the recent one the person opened last comes first.
  await input.fill("gr");
  await expect(options.nth(0)).toContainText("Grocery list");
  // The arrow keys move the active option; Enter opens it.
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute(
    "aria-activedescendant",
    (await options.nth(1).getAttribute("id"))!,
  );
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/notes/${garden}`));
  await context.close();
});

test("every command works from the palette", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const person = await newPerson();
  const id = await seedNote(person, "Command target", "something to act on");
  const context = await deviceOf(browser, baseURL!, person, {
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await openNote(page, id);

  await run(page, "pin", "Pin note");
  await expect(toast(page, "Pinned")).toBeVisible();
  await expect.poll(async () => (await noteRow(id)).pinned).toBe(true);
  await run(page, "unpin", "Unpin note");
  await expect.poll(async () => (await noteRow(id)).pinned).toBe(false);

  await run(page, "share", /Share note/);
  await expect(toast(page, "Share link copied")).toBeVisible();
  const slug = (await noteRow(id)).share_slug;
  expect(slug).toBeTruthy();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/n/${slug}`);

  await run(page, "dark", "Toggle dark and light theme");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await run(page, "theme", "Toggle dark and light theme");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  await run(page, "trash", "Move note to Trash");
  await page.waitForURL(/\/notes$/);
  await expect(toast(page, "Moved to Trash")).toBeVisible();
  await expect.poll(async () => (await noteRow(id)).deleted_at).not.toBeNull();

  await run(page, "go trash", "Go to Trash");
  await page.waitForURL(/\/notes\/trash$/);
  await run(page, "account", "Go to account");
  await page.waitForURL(/\/account$/);
  await run(page, "all notes", "Go to all notes");
  await page.waitForURL(/\/notes$/);

  await run(page, "new", "New note");
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(id);
  await context.close();
});

test("folders and tags are in the palette: open a folder, move the open note there, open a tag; a new note goes into the folder shown", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await newPerson();
  const { data: folder, error } = await admin()
    .from("folders")
    .insert({ owner_id: person.id, name: "Greenhouse" })
    .select("id")
    .single();
  if (error) throw error;
  const folderId = (folder as { id: string }).id;
  const id = await seedNote(person, "Seed order", "tomatoes");
  await seedNote(person, "Sauce", "tomatoes, outside any folder");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  // Typed in the editor, a tag is the server's to derive; then the palette finds it.
  const tagged = await createNoteWithButton(page);
  await page.keyboard.type("Roses #plants/climbing");
  await expectSaved(page);

  await openNote(page, id);
  await run(page, "greenhouse", "Move note to Greenhouse");
  await expect(toast(page, "Moved to Greenhouse")).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await admin().from("notes").select("folder_id").eq("id", id).single();
      return (data as { folder_id: string | null }).folder_id;
    })
    .toBe(folderId);

  await run(page, "greenhouse", /^Greenhouse/);
  await page.waitForURL(`**/notes?folder=${folderId}`);
  await expect(page.getByRole("heading", { name: "Greenhouse" })).toBeVisible();

  // Searching from a folder's list can stay in that folder.
  await openPalette(page);
  await page.getByRole("button", { name: "In this folder" }).click();
  await page.getByRole("combobox", { name: "Find a note or a command" }).fill("tomatoes");
  const found = page.getByRole("group", { name: "Notes" }).getByRole("option");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("Seed order");
  await page.keyboard.press("Escape");

  // The New note button files the note in the folder the list shows.
  await page.getByRole("button", { name: "New note" }).first().click();
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  const made = page.url().split("/").pop()!;
  await expect
    .poll(async () => {
      const { data } = await admin().from("notes").select("folder_id").eq("id", made).single();
      return (data as { folder_id: string | null }).folder_id;
    })
    .toBe(folderId);

  await run(page, "climbing", /^#plants\/climbing/);
  await page.waitForURL("**/notes/tags/plants/climbing");
  const tagView = page.getByRole("list", { name: "Notes tagged #plants/climbing" });
  await expect(tagView.getByRole("link")).toHaveCount(1);
  await expect(tagView.getByRole("link")).toHaveAttribute("href", `/notes/${tagged}`);
  await context.close();
});
