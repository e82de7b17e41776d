import { expect, test, type Page, type Route } from "./support/test";

import { admin } from "./support/auth";
import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
} from "./support/notes";
import { openPalette } from "./support/palette";

const field = (page: Page) => page.getByRole("combobox", { name: "Find a note or a command" });
const notes = (page: Page) => page.getByRole("group", { name: "Notes" }).getByRole("option");

test("offline, the palette finds the title of any note the device knows of, not only the newest", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const person = await newPerson();
  // One old note under 1,200 newer ones: more than one read of the list brings.
  const now = Date.now();
  const { data: old, error } = await admin()
    .from("notes")
    .insert({
      owner_id: person.id,
      title: "Lighthouse keeper's log",
      body: "the lamp",
      updated_at: new Date(now - 2 * 365 * 86_400_000).toISOString(),
    })
    .select("id")
    .single();
  if (error) throw error;
  for (let batch = 0; batch < 3; batch++) {
    const rows = Array.from({ length: 400 }, (_, i) => ({
      owner_id: person.id,
      title: `Weekly review ${batch * 400 + i}`,
      body: "",
      updated_at: new Date(now - (batch * 400 + i) * 60_000).toISOString(),
    }));
    const { error: seeded } = await admin().from("notes").insert(rows);
    if (seeded) throw seeded;
  }

  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  // Online, opening the palette brings every title onto the device; a fuzzy title the server's
  // words cannot find is answered from them.
  await openPalette(page);
  await field(page).fill("lghthse keeper");
  await expect(notes(page).filter({ hasText: "Lighthouse keeper's log" })).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.keyboard.press("Escape");

  // Kept across a reload, and searched with the network down.
  await page.reload();
  await expect(page.getByRole("button", { name: "New note" }).first()).toBeVisible();
  // The palette's code is fetched while online (a service worker would hold it too): its field
  // shows once all of it is on the page.
  await openPalette(page);
  await expect(field(page)).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Escape");
  await context.setOffline(true);
  await openPalette(page);
  await field(page).fill("lghthse");
  await expect(page.getByRole("status")).toContainText("Searching titles on this device");
  await expect(notes(page).first()).toContainText("Lighthouse keeper's log");
  await field(page).fill("review 1199");
  await expect(notes(page).first()).toContainText("Weekly review 1199");
  await field(page).fill("lghthse");
  await expect(notes(page).first()).toContainText("Lighthouse keeper's log");

  // Chosen, it opens (it was never opened here, so its text comes once the network is back).
  await context.setOffline(false);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/notes/${old!.id}$`));
  await expect(editor(page)).toContainText("the lamp", { timeout: 15_000 });
  await context.close();
});

const tagTree = (page: Page) => page.getByRole("tree", { name: "Tags" });
/** A tag in the tree, named as a screen reader reads it: "home, 2 notes". */
const tagItem = (page: Page, name: string, count: number) =>
  tagTree(page).getByRole("treeitem", {
    name: new RegExp(`^${name}\\s*, ${count} ${count === 1 ? "note" : "notes"}$`),
  });

test("a tag renamed offline is shown at once, kept across a reload, and carried out on reconnect, keeping another device's edit", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const person = await newPerson();
  const [laptop, phone] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await laptop.newPage();
  const id = await createNoteWithButton(pageA);
  await pageA.keyboard.type("Errands #chores today");
  await expectSaved(pageA);
  await pageA.goto("/notes/tags/chores");
  await expect(tagItem(pageA, "chores", 1)).toBeVisible({ timeout: 15_000 });

  // The laptop loses the network and renames the tag: accepted, and shown at once.
  await laptop.setOffline(true);
  await pageA.getByRole("textbox", { name: "Rename tag" }).fill("tasks");
  await pageA.getByRole("button", { name: "Rename" }).click();
  await expect(
    pageA.getByRole("status").filter({ hasText: "Renamed to #tasks on this device" }),
  ).toBeVisible();
  await expect(tagItem(pageA, "tasks", 1)).toBeVisible();
  await expect(tagTree(pageA).getByRole("treeitem", { name: /^chores/ })).toHaveCount(0);

  // Meanwhile the phone edits the note that carries the tag.
  const pageB = await phone.newPage();
  await openNote(pageB, id);
  await editor(pageB).click();
  await pageB.keyboard.press("Control+End");
  await pageB.keyboard.type(" and milk");
  await expectSaved(pageB);

  // The laptop reloads while its rename still cannot reach the server: the rename is still there.
  const refuse = (route: Route) =>
    route.request().headers()["next-action"]
      ? route.abort("internetdisconnected")
      : route.fallback();
  await laptop.route("**/notes/**", refuse);
  await laptop.setOffline(false);
  await pageA.reload();
  await expect(
    pageA.getByRole("status").filter({ hasText: "Renamed to #tasks on this device" }),
  ).toBeVisible();
  await expect(tagItem(pageA, "tasks", 1)).toBeVisible({ timeout: 15_000 });

  // Reconnected: the rename is carried out, and the phone's words are kept.
  await laptop.unroute("**/notes/**", refuse);
  await pageA.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(pageA.getByText(/Renamed #chores to #tasks in 1 note/)).toBeVisible({
    timeout: 20_000,
  });
  await pageA.waitForURL("**/notes/tags/tasks");
  await expect(editor(pageB)).toContainText("Errands #tasks today and milk", { timeout: 30_000 });
  await pageA.goto(`/notes/${id}`);
  await expect(editor(pageA)).toContainText("Errands #tasks today and milk", { timeout: 20_000 });
  await expect(tagItem(pageA, "tasks", 1)).toBeVisible();
  await expect(tagTree(pageA).getByRole("treeitem", { name: /^chores/ })).toHaveCount(0);
  await laptop.close();
  await phone.close();
});
