import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { deviceOf, newPerson, seedNote, type Person } from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 120_000 });

const tree = (page: Page) => page.getByRole("tree", { name: "Folders" });
const folderItem = (page: Page, name: string) =>
  tree(page).getByRole("treeitem", { name: new RegExp(`^${name} ?,`) });
const noteList = (page: Page) => page.getByRole("list", { name: "All notes" });

async function seedFolder(person: Person, name: string, parent: string | null = null) {
  const { data, error } = await admin()
    .from("folders")
    .insert({ owner_id: person.id, name, parent_id: parent })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

async function folderOfNote(id: string) {
  const { data } = await admin()
    .from("notes")
    .select("folder_id, deleted_at")
    .eq("id", id)
    .single();
  return data as { folder_id: string | null; deleted_at: string | null };
}

async function newFolder(page: Page, name: string) {
  await page.getByRole("button", { name: "New folder" }).click();
  const input = page.getByRole("textbox", { name: "New folder name" });
  await input.fill(name);
  await input.press("Enter");
  await expect(folderItem(page, name)).toBeVisible();
}

test("folders: create, rename with F2, nest by keyboard, and both ways of deleting", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const kept = await seedNote(person, "Kept note");
  const trashed = await seedNote(person, "Trashed note");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");

  await newFolder(page, "Work");
  await newFolder(page, "Clients");

  // F2 renames in place.
  await folderItem(page, "Clients").focus();
  await page.keyboard.press("F2");
  const rename = page.getByRole("textbox", { name: "Rename Clients" });
  await rename.fill("Customers");
  await rename.press("Enter");
  await expect(folderItem(page, "Customers")).toBeVisible();

  // Alt+→ nests a folder in the one above it; → opens, ← closes, arrows move.
  await folderItem(page, "Customers").focus();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(folderItem(page, "Work")).toHaveAttribute("aria-expanded", "true");
  await expect(folderItem(page, "Customers")).toHaveAttribute("aria-level", "2");
  await folderItem(page, "Work").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(folderItem(page, "Customers")).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect(folderItem(page, "Customers")).toBeFocused();

  // Enter shows the folder's notes; the list says which folder it is.
  const { data: ids } = await admin().from("folders").select("id, name").eq("owner_id", person.id);
  const customers = ids!.find((f) => f.name === "Customers")!.id;
  const work = ids!.find((f) => f.name === "Work")!.id;
  await admin().from("notes").update({ folder_id: customers }).eq("id", kept);
  await admin().from("notes").update({ folder_id: work }).eq("id", trashed);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/notes\\?folder=${customers}`));
  await expect(page.getByRole("heading", { name: "Customers", level: 2 })).toBeVisible();
  await expect(noteList(page).getByText("Kept note")).toBeVisible();
  await expect(noteList(page).getByText("Trashed note")).toHaveCount(0);

  // Deleting "Customers" and keeping its notes: they move up into Work.
  await folderItem(page, "Customers").focus();
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: "Delete “Customers”?" });
  await dialog.getByRole("button", { name: "Move notes up to “Work”" }).click();
  await expect(folderItem(page, "Customers")).toHaveCount(0);
  await expect.poll(() => folderOfNote(kept)).toEqual({ folder_id: work, deleted_at: null });

  // Deleting "Work" with its notes: both go to Trash, where they can be restored.
  await folderItem(page, "Work").focus();
  await page.keyboard.press("Shift+F10");
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Move notes to Trash" }).click();
  await expect(folderItem(page, "Work")).toHaveCount(0);
  await expect.poll(async () => (await folderOfNote(kept)).deleted_at).not.toBeNull();
  await page.getByRole("link", { name: "Trash", exact: true }).click();
  await expect(page.getByText("Kept note")).toBeVisible();
  await expect(page.getByText("Trashed note")).toBeVisible();
  await context.close();
});

test("a note moves by its Move to… menu, by the keyboard and by dragging it onto a folder", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const ideas = await seedFolder(person, "Ideas");
  const errands = await seedFolder(person, "Errands");
  const note = await seedNote(person, "Buy lanterns");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  await page.goto(`/notes/${note}`);
  await page.getByRole("button", { name: "Move to…" }).click();
  await page.getByRole("menuitem", { name: "Ideas" }).click();
  await expect.poll(async () => (await folderOfNote(note)).folder_id).toBe(ideas);
  await expect(folderItem(page, "Ideas")).toContainText("1");

  // By keyboard: M opens the menu, arrows choose.
  await page.getByRole("button", { name: "Move to…" }).focus();
  await page.keyboard.press("m");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.getByRole("menuitem", { name: "Errands" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await folderOfNote(note)).folder_id).toBe(errands);

  // By dragging the note from the list onto a folder.
  await page.goto("/notes");
  // Dragged once the list is interactive: its virtual rows (which carry their index) are in.
  await expect(noteList(page).locator("li").first()).toHaveAttribute("data-index", "0");
  await noteList(page).getByText("Buy lanterns").dragTo(folderItem(page, "Ideas"));
  await expect.poll(async () => (await folderOfNote(note)).folder_id).toBe(ideas);

  // And a folder dragged onto another goes inside it.
  await folderItem(page, "Errands").dragTo(folderItem(page, "Ideas"));
  await expect
    .poll(
      async () =>
        (await admin().from("folders").select("parent_id").eq("id", errands).single()).data,
    )
    .toEqual({ parent_id: ideas });
  await context.close();
});

test("a move on one device shows on the other live, and a move made offline syncs on reconnect", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const travel = await seedFolder(person, "Travel");
  const note = await seedNote(person, "Passport renewal");
  const [a, b] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await pageB.goto(`/notes?folder=${travel}`);
  await expect(noteList(pageB).getByText("Passport renewal")).toHaveCount(0);
  await expect(folderItem(pageB, "Travel")).toContainText("0");

  await pageA.goto(`/notes/${note}`);
  await pageA.getByRole("button", { name: "Move to…" }).click();
  await pageA.getByRole("menuitem", { name: "Travel" }).click();
  // B sees the note arrive in the folder it shows, and the count follow.
  await expect(noteList(pageB).getByText("Passport renewal")).toBeVisible({ timeout: 30_000 });
  await expect(folderItem(pageB, "Travel")).toContainText("1");

  // A goes offline and takes the note out of every folder; nothing reaches the server yet.
  await a.setOffline(true);
  await pageA.getByRole("button", { name: "Move to…" }).click();
  await pageA.getByRole("menuitem", { name: "No folder (All notes)" }).click();
  await expect(pageA.getByText("it will sync when you're back online")).toBeVisible();
  await pageA.waitForTimeout(1_000);
  expect((await folderOfNote(note)).folder_id).toBe(travel);

  // Back online, the move is sent, and B's folder list lets the note go.
  await a.setOffline(false);
  await expect
    .poll(async () => (await folderOfNote(note)).folder_id, { timeout: 30_000 })
    .toBeNull();
  await expect(noteList(pageB).getByText("Passport renewal")).toHaveCount(0, { timeout: 30_000 });
  await a.close();
  await b.close();
});

const sizes = { wide: { width: 1280, height: 800 }, narrow: { width: 390, height: 844 } };

for (const theme of ["light", "dark"] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`the app frame, ${theme}, ${size}: panes, the phone's sheet, axe`, async ({
      browser,
      baseURL,
    }) => {
      const person = await newPerson();
      const home = await seedFolder(person, "Home");
      await seedFolder(person, "Garden", home);
      const note = await seedNote(person, "Seed order", "Tomatoes, basil and beans.");
      await admin().from("notes").update({ folder_id: home }).eq("id", note);
      await seedNote(person, "Reading list", "Books for winter.");
      const context = await deviceOf(browser, baseURL!, person, {
        viewport,
        reducedMotion: "reduce",
      });
      await setThemeCookie(context, baseURL, theme);
      const page = await context.newPage();
      await page.goto(`/notes/${note}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      // The app bar, not the marketing header.
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(
        page.getByRole("banner").getByRole("link", { name: "Groundwork" }),
      ).toHaveAttribute("href", "/notes");
      await expect(page.getByRole("contentinfo")).toHaveCount(0);

      if (size === "wide") {
        await expect(tree(page)).toBeVisible();
        await expect(noteList(page)).toBeVisible();
        await page.screenshot({ path: `test-results/folders-frame-${theme}-${size}.png` });
        expect(await seriousViolations(page)).toEqual([]);
        // Collapsing the sidebar is remembered across a reload.
        await page.getByRole("button", { name: "Hide sidebar" }).click();
        await expect(tree(page)).toHaveCount(0);
        await page.reload();
        await expect(tree(page)).toHaveCount(0);
        await page.getByRole("button", { name: "Show folders" }).click();
        await expect(tree(page)).toBeVisible();
      } else {
        // One pane: the note; the list and the navigation are elsewhere.
        await expect(noteList(page)).toBeHidden();
        await page.goto("/notes");
        await expect(noteList(page)).toBeVisible();
        await expect(tree(page)).toBeHidden();
        await page.getByRole("button", { name: "Show folders" }).click();
        const sheet = page.getByRole("dialog", { name: "Library" });
        await expect(sheet).toBeVisible();
        await expect(sheet.getByRole("tree", { name: "Folders" })).toBeVisible();
        await page.screenshot({ path: `test-results/folders-frame-${theme}-${size}-sheet.png` });
        expect(await seriousViolations(page)).toEqual([]);
        await sheet.getByRole("treeitem", { name: /^Home ?,/ }).click();
        await expect(sheet).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`folder=${home}`));
        await expect(noteList(page).getByText("Seed order")).toBeVisible();
        await expect(noteList(page).getByText("Reading list")).toHaveCount(0);
        await page.screenshot({ path: `test-results/folders-frame-${theme}-${size}.png` });
        expect(await seriousViolations(page)).toEqual([]);
      }
      await context.close();
    });
  }
}
