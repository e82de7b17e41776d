import { expect, test } from "./support/test";

import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import {
  coldOffline,
  deviceOf,
  editor,
  installed,
  newPerson,
  notesKeptWhole,
  openNote,
} from "./support/notes";

test.describe.configure({ timeout: 180_000 });
// Opening the installed app with no network needs its own service worker (the suite blocks them).
test.use({ serviceWorkers: "allow" });

async function insert<T>(table: string, rows: object | object[], columns = "id"): Promise<T[]> {
  const { data, error } = await admin().from(table).insert(rows).select(columns);
  if (error) throw error;
  return data as T[];
}

test("the installed app, opened cold with no network, lists every note by folder and by tag, those beyond the list's first page too", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [trips] = await insert<{ id: string }>("folders", { owner_id: person.id, name: "Trips" });
  // The oldest note: beyond the first hundred the list shows, and never opened on this device.
  const [oldest] = await insert<{ id: string }>("notes", {
    owner_id: person.id,
    title: "Lighthouse keeper's log",
    body: "Storm on the third, the **lamp** relit",
    folder_id: trips.id,
  });
  const [lisbon, porto] = await insert<{ id: string }>("notes", [
    // Opened on the device: its document is made from its text, and the tags read from that.
    {
      owner_id: person.id,
      title: "Café in Lisbon",
      body: "Pastéis de nata #trip/lisbon",
      folder_id: trips.id,
    },
    { owner_id: person.id, title: "Porto wine cellars", body: "Book a tasting" },
  ]);
  await insert(
    "notes",
    Array.from({ length: 100 }, (_, i) => ({ owner_id: person.id, title: `Daily log ${i}` })),
  );
  // The server writes a note's tags from its document; here they are written for it.
  await insert(
    "note_tags",
    [
      { note_id: lisbon.id, user_id: person.id, tag: "trip/lisbon" },
      { note_id: porto.id, user_id: person.id, tag: "trip" },
      { note_id: oldest.id, user_id: person.id, tag: "history" },
    ],
    "note_id",
  );

  const device = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 1280, height: 800 },
  });
  const page = await device.newPage();
  await page.goto("/notes");
  await installed(page);
  await openNote(page, lisbon.id);
  await expect(editor(page)).toContainText("Pastéis de nata");
  // The whole list is kept in the background, a few seconds after the notes page opens.
  await expect.poll(() => notesKeptWhole(page, person.id), { timeout: 30_000 }).toBe(103);

  const cold = await coldOffline(device);
  await cold.goto("/notes");
  const all = cold.getByRole("list", { name: "All notes" });
  await expect(all.getByRole("link")).toHaveCount(103, { timeout: 15_000 });
  // A note the list's first page never held is listed by its title with the start of its text,
  // as the app's list shows it, and found by search, by either.
  await cold.getByRole("searchbox", { name: "Search notes on this device" }).fill("lighthouse");
  await expect(all.getByRole("link")).toHaveCount(1);
  await expect(all.getByRole("link")).toContainText(
    "Needs a connection · Storm on the third, the lamp relit",
  );
  await cold.getByRole("searchbox", { name: "Search notes on this device" }).fill("lamp relit");
  await expect(all.getByRole("link")).toHaveCount(1);
  await expect(all.getByRole("link")).toContainText("Lighthouse keeper's log");
  await cold.getByRole("searchbox", { name: "Search notes on this device" }).fill("");

  // A folder, chosen from the list's "Show" menu: its notes, at the folder's own address.
  const show = cold.getByRole("combobox", { name: "Show" });
  await show.selectOption({ label: "Trips" });
  await expect(cold).toHaveURL(new RegExp(`/notes\\?folder=${trips.id}$`));
  await expect(cold.getByRole("heading", { level: 1 })).toHaveText("Trips");
  const folder = cold.getByRole("list", { name: "Trips" });
  await expect(folder.getByRole("link")).toHaveCount(2);
  await expect(folder.getByRole("link", { name: /Café in Lisbon/ })).toBeVisible();
  await expect(folder.getByRole("link", { name: /Lighthouse keeper's log/ })).toBeVisible();
  expect(await seriousViolations(cold)).toEqual([]);

  // A note opened from the folder, and the way back returns to the folder.
  await folder.getByRole("link", { name: /Café in Lisbon/ }).click();
  await expect(editor(cold)).toContainText("Pastéis de nata", { timeout: 15_000 });
  // A tag typed offline is listed at once, as the server will read it on reconnect.
  await editor(cold).click();
  await cold.keyboard.press("Control+End");
  await cold.keyboard.type(" #porto");
  await expect(show.locator("option", { hasText: "#porto (1)" })).toHaveCount(1);
  await cold.goBack();
  await expect(cold).toHaveURL(new RegExp(`/notes\\?folder=${trips.id}$`));
  await expect(cold.getByRole("heading", { level: 1 })).toHaveText("Trips");

  // A tag, with its sub-tags' notes and counts, by keyboard.
  await show.focus();
  await show.selectOption({ label: "#trip (2)" });
  await expect(cold).toHaveURL(/\/notes\/tags\/trip$/);
  const tag = cold.getByRole("list", { name: "#trip" });
  await expect(tag.getByRole("link")).toHaveCount(2);
  await expect(tag.getByRole("link", { name: /Porto wine cellars/ })).toBeVisible();
  await expect(tag.getByRole("link", { name: /Café in Lisbon/ })).toBeVisible();

  // A tag's address opened cold: the shell stands in for it too.
  const tagPage = await device.newPage();
  await tagPage.goto("/notes/tags/trip/lisbon");
  await expect(tagPage.getByRole("heading", { level: 1 })).toHaveText("#trip/lisbon", {
    timeout: 15_000,
  });
  await expect(tagPage.getByRole("list", { name: "#trip/lisbon" }).getByRole("link")).toHaveCount(
    1,
  );
  // Back to every note.
  await tagPage.getByRole("combobox", { name: "Show" }).selectOption({ label: "All notes" });
  await expect(tagPage).toHaveURL(/\/notes$/);
  await expect(tagPage.getByRole("list", { name: "All notes" }).getByRole("link")).toHaveCount(103);
  await device.close();
});
