import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
import {
  deviceOf,
  editor,
  expectSaved,
  installed,
  keptOnDevice,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";

test.describe.configure({ timeout: 180_000 });
// Reloading with no network needs the app's own service worker (the suite blocks them).
test.use({ serviceWorkers: "allow" });

/** The person's notes as the server has them, newest first. */
async function storedNotes(owner: string) {
  const { data, error } = await admin()
    .from("notes")
    .select("id, title, body, folder_id, pinned, deleted_at")
    .eq("owner_id", owner)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return data as {
    id: string;
    title: string;
    body: string;
    folder_id: string | null;
    pinned: boolean;
    deleted_at: string | null;
  }[];
}

/** How many changes of a note's document this device keeps (0 when it keeps none). */
function changesOnDevice(page: Page, userId: string, noteId: string): Promise<number> {
  return page.evaluate(async (name) => {
    // Only a database the editor made is opened: opening a missing one would create it empty.
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return 0;
    return new Promise<number>((resolve) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains("updates")) {
          db.close();
          return resolve(0);
        }
        const count = db.transaction("updates").objectStore("updates").count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => resolve(0);
      };
      request.onerror = () => resolve(0);
    });
  }, `groundwork:${userId}:note:${noteId}`);
}

const shellList = (page: Page) => page.getByRole("list", { name: "All notes" });
const shellTrash = (page: Page) => page.getByRole("list", { name: "Trash" });
const shellNote = (page: Page, title: string) =>
  page.getByRole("link", { name: new RegExp(title) });

test("offline, a note is made and written, others pinned, moved and trashed; all of it survives a reload and reaches the server on reconnect beside another device's edit", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const { data: folder, error } = await admin()
    .from("folders")
    .insert({ owner_id: person.id, name: "Trips", parent_id: null })
    .select("id")
    .single();
  if (error) throw error;
  const trips = (folder as { id: string }).id;
  const boarding = await seedNote(person, "Boarding passes", "Seat 14A");
  const hotel = await seedNote(person, "Hotel booking", "Two nights");
  const receipts = await seedNote(person, "Old receipts", "From 2019");

  const [laptop, phone] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const page = await laptop.newPage();
  await page.goto("/notes");
  await installed(page);
  // The list and the folders are kept on the device for the shell.
  await expect
    .poll(() => keptOnDevice(page, person.id, "page:all"), { timeout: 15_000 })
    .toContain("Old receipts");
  await expect
    .poll(() => keptOnDevice(page, person.id, "folders"), { timeout: 15_000 })
    .toContain("Trips");

  // A note's own page, when the network goes: pinning it is kept on the device and shown.
  await openNote(page, hotel);
  await expect(editor(page)).toContainText("Two nights");
  await laptop.setOffline(true);
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unpin", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("Pinned on this device")).toBeVisible();

  // No network: "New note" still makes a note, open and ready to write in.
  await page.getByRole("button", { name: "New note" }).first().click();
  // The new note's address, not the one the page was already on.
  await page.waitForURL(
    (url) => /^\/notes\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(hotel),
  );
  const made = page.url().split("/").pop()!;
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await editor(page).click();
  await page.keyboard.type("Packing for Porto");
  await page.keyboard.press("Enter");
  await page.keyboard.type("sandals and a raincoat");
  await expect(page.getByText("Offline — changes are kept on this device")).toBeVisible();
  // The new note and the pin wait.
  await expect(page.getByText("2 notes have changes waiting to sync")).toBeVisible();
  await expect(shellList(page).getByRole("link").first()).toHaveAttribute("href", `/notes/${made}`);
  await expect(shellList(page).getByRole("link").first()).toContainText("Waiting to sync");

  // Still offline: one note moved to a folder, one pinned, one trashed, each shown at once.
  await shellNote(page, "Boarding passes").click();
  await page.getByRole("combobox", { name: "Folder" }).selectOption({ label: "Trips" });
  await expect(shellNote(page, "Boarding passes")).toContainText("Trips");
  // The pin made on the note's page shows here too; unpinned and pinned again here, it stays one.
  await shellNote(page, "Hotel booking").click();
  await expect(shellNote(page, "Hotel booking").getByLabel("Pinned")).toBeVisible();
  await page.getByRole("button", { name: "Unpin", exact: true }).click();
  await expect(shellNote(page, "Hotel booking").getByLabel("Pinned")).toHaveCount(0);
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unpin", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shellNote(page, "Old receipts").click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(shellTrash(page).getByRole("link", { name: /Old receipts/ })).toBeVisible();
  await expect(shellList(page).getByRole("link", { name: /Old receipts/ })).toHaveCount(0);
  await expect(page.getByText("4 notes have changes waiting to sync")).toBeVisible();

  // Reloaded with no network: everything is still there.
  await page.reload();
  await expect(page.getByText("4 notes have changes waiting to sync")).toBeVisible({
    timeout: 15_000,
  });
  const links = shellList(page).getByRole("link");
  await expect(links.nth(0)).toHaveAttribute("href", `/notes/${made}`);
  // Among the notes from the server, the pinned one comes first.
  await expect(links.nth(1)).toHaveAttribute("href", `/notes/${hotel}`);
  await expect(links.nth(1).getByLabel("Pinned")).toBeVisible();
  await expect(shellNote(page, "Boarding passes")).toContainText("Trips");
  await expect(shellNote(page, "Boarding passes")).toContainText("Waiting to sync");
  await expect(shellTrash(page).getByRole("link", { name: /Old receipts/ })).toBeVisible();
  await links.nth(0).click();
  await expect(editor(page)).toContainText("sandals and a raincoat", { timeout: 15_000 });
  expect((await storedNotes(person.id)).map((n) => n.id)).not.toContain(made);

  // Meanwhile the phone, online, writes in the note the laptop moved.
  const phonePage = await phone.newPage();
  await openNote(phonePage, boarding);
  await editor(phonePage).click();
  await phonePage.keyboard.press("ControlOrMeta+End");
  await phonePage.keyboard.type(" by the window");
  await expectSaved(phonePage);

  // A second tab of the laptop has the new note open too when the network comes back.
  const second = await laptop.newPage();
  await second.goto(`/notes/${made}`);
  await expect(editor(second)).toContainText("sandals and a raincoat", { timeout: 15_000 });
  await laptop.setOffline(false);
  // Back online, the shell carries everything out by itself, and the count empties.
  await expect(page.getByText("Every change is synced")).toBeVisible({ timeout: 30_000 });
  await expect(second.getByText("Every change is synced")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "reload" }).click();
  await expect(page.getByRole("button", { name: "New note" }).first()).toBeVisible({
    timeout: 15_000,
  });

  // Everything reached the server, once, and nothing was lost.
  await expect
    .poll(
      async () =>
        (await storedNotes(person.id))
          .map((n) => `${n.title}|${n.folder_id === trips}|${n.pinned}|${!!n.deleted_at}`)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual([
      "Boarding passes|true|false|false",
      "Hotel booking|false|true|false",
      "Old receipts|false|false|true",
      "Packing for Porto|false|false|false",
    ]);
  const byId = new Map((await storedNotes(person.id)).map((n) => [n.id, n]));
  expect(byId.get(made)?.body).toContain("sandals and a raincoat");
  expect(byId.get(boarding)?.body).toContain("Seat 14A by the window");
  expect(byId.get(receipts)?.deleted_at).toBeTruthy();

  // The laptop shows it all, and the phone's words in the moved note.
  await openNote(page, boarding);
  await expect(editor(page)).toContainText("Seat 14A by the window", { timeout: 15_000 });
  // The phone sees the laptop's changes: the new note, the pin, the move, the Trash.
  await phonePage.goto("/notes");
  const phoneList = phonePage.getByRole("list", { name: "All notes" });
  await expect(phoneList.getByRole("link", { name: /Packing for Porto/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    phoneList.getByRole("link", { name: /Hotel booking/ }).getByLabel("Pinned"),
  ).toBeVisible();
  await expect(phoneList.getByRole("link", { name: /Old receipts/ })).toHaveCount(0);
  await phonePage.goto(`/notes?folder=${trips}`);
  await expect(phonePage.getByRole("link", { name: /Boarding passes/ }).first()).toBeVisible({
    timeout: 15_000,
  });

  await expect(phonePage.getByRole("link", { name: /Hotel booking/ })).toHaveCount(0);
  await Promise.all([laptop.close(), phone.close()]);
});

test("on a phone the installed app offline shows one pane at a time: the note, or the list", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const other = await seedNote(person, "Hotel booking", "Two nights");
  const id = await seedNote(person, "Boarding passes", "Seat 14A");
  const phone = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 390, height: 844 },
  });
  const page = await phone.newPage();
  await page.goto("/notes");
  await installed(page);
  // Both notes opened and written in once online, so their documents are on the phone.
  for (const [note, text] of [
    [other, "Two nights"],
    [id, "Seat 14A"],
  ] as const) {
    await openNote(page, note);
    await expect(editor(page)).toContainText(text);
    await editor(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" booked");
    await expectSaved(page);
    await expect
      .poll(() => changesOnDevice(page, person.id, note), { timeout: 15_000 })
      .toBeGreaterThan(0);
  }
  await expect.poll(() => keptOnDevice(page, person.id, "page:all")).toContain("Boarding passes");
  await phone.setOffline(true);
  for (const open of phone.pages()) await open.close();

  const cold = await phone.newPage();
  await cold.goto(`/notes/${id}`);
  await expect(editor(cold)).toContainText("Seat 14A booked", { timeout: 15_000 });
  await expect(shellList(cold)).toBeHidden();
  const back = cold.getByRole("link", { name: "All notes" });
  await back.click();
  await expect(cold).toHaveURL(/\/notes$/);
  await expect(shellList(cold)).toBeVisible();
  await expect(editor(cold)).toBeHidden();
  await shellNote(cold, "Hotel booking").click();
  await expect(editor(cold)).toContainText("Two nights booked");
  await expect(shellList(cold)).toBeHidden();
  // The browser's back button returns to the list, as the link did.
  await cold.goBack();
  await expect(shellList(cold)).toBeVisible();
  await expect(editor(cold)).toBeHidden();
  expect(await cold.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
