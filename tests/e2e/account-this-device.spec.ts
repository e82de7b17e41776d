import { expect, test, type Page } from "./support/test";

import { userMenuButton } from "./support/auth";
import { deviceOf, editor, newPerson, openNote, seedNote } from "./support/notes";

test.describe.configure({ timeout: 120_000 });

/** The notes whose documents this device keeps, by id. */
function notesKept(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? "");
    return names.filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length));
  }, `groundwork:${userId}:note:`);
}

test("Your data shows what this device keeps, keeps the chosen number of notes across sign-out, and removes notes from the device but never one open now", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const garden = await seedNote(person, "Garden plan", "Tomatoes by the fence");
  const recipes = await seedNote(person, "Recipes", "Lentil soup");
  const device = await deviceOf(browser, baseURL!, person);
  const page = await device.newPage();
  await openNote(page, garden);
  await expect(editor(page)).toContainText("Tomatoes by the fence");
  // Another tab keeps Recipes open throughout.
  const other = await device.newPage();
  await openNote(other, recipes);
  await expect(editor(other)).toContainText("Lentil soup");
  await expect.poll(() => notesKept(page, person.id)).toHaveLength(2);

  await page.goto("/account/data");
  await expect(page.getByRole("heading", { name: "This device" })).toBeVisible();
  await expect(page.getByTestId("device-notes")).toHaveText(
    /^2 notes are kept on this device to open without a connection\. The app takes [\d.]+ (KB|MB) here in all\.$/,
  );
  const keep = page.getByLabel("Keep on this device");
  await expect(keep).toHaveValue("1000");
  await keep.selectOption({ label: "100 notes" });
  await expect(
    page.getByText("This device keeps the 100 notes you opened most recently."),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Keep on this device")).toHaveValue("100");

  // Removing asks first, then lets go of every note but the one open in the other tab.
  await page.getByRole("button", { name: "Remove notes from this device" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove notes from this device?" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(
    page.getByText(
      "Removed 1 note from this device. 1 note stayed: changes waiting to sync, or open now.",
    ),
  ).toBeVisible();
  await expect(page.getByTestId("device-notes")).toHaveText(/^1 note is kept on this device/);
  expect(await notesKept(page, person.id)).toEqual([recipes]);

  // The open note is still written to as before; the removed one opens again from the server.
  await editor(other).click();
  await other.keyboard.press("End");
  await other.keyboard.type(" with cumin");
  await expect(editor(other)).toContainText("Lentil soup with cumin");
  await openNote(page, garden);
  await expect(editor(page)).toContainText("Tomatoes by the fence");
  await other.close();

  // The choice belongs to the device: signing out keeps it, and nothing of the person.
  await userMenuButton(page, person.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":"))))
    .toEqual(["groundwork:device-keeps-notes"]);
  expect(await page.evaluate(() => localStorage.getItem("groundwork:device-keeps-notes"))).toBe(
    "100",
  );
  await device.close();
});

test("past its limit, the device lets go of the notes opened least recently, a few seconds after a note is opened, and keeps the one open", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const open = await seedNote(person, "Reading list", "Three books");
  const device = await deviceOf(browser, baseURL!, person);
  const page = await device.newPage();
  await page.goto("/notes");
  // 101 notes kept from earlier, each opened a minute after the one before; the limit is 100.
  await page.evaluate(
    async ({ userId, count }) => {
      const opened: Record<string, number> = {};
      for (let i = 0; i < count; i++) {
        const id = `0000${String(i).padStart(4, "0")}-0000-4000-8000-000000000000`;
        opened[id] = Date.UTC(2026, 0, 1) + i * 60_000;
        await new Promise<void>((resolve, reject) => {
          const request = indexedDB.open(`groundwork:${userId}:note:${id}`, 1);
          request.onupgradeneeded = () => request.result.createObjectStore("updates");
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
          request.onerror = () => reject(request.error);
        });
      }
      localStorage.setItem(`groundwork:${userId}:opened-notes`, JSON.stringify(opened));
      localStorage.setItem("groundwork:device-keeps-notes", "100");
    },
    { userId: person.id, count: 101 },
  );
  expect(await notesKept(page, person.id)).toHaveLength(101);

  await openNote(page, open);
  await expect(editor(page)).toContainText("Three books");
  await expect.poll(() => notesKept(page, person.id), { timeout: 30_000 }).toHaveLength(100);
  const kept = await notesKept(page, person.id);
  // The two opened longest ago went; the note open now, and every other, stayed.
  expect(kept).toContain(open);
  expect(kept).not.toContain("00000000-0000-4000-8000-000000000000");
  expect(kept).not.toContain("00000001-0000-4000-8000-000000000000");
  expect(kept).toContain("00000002-0000-4000-8000-000000000000");
  await device.close();
});
