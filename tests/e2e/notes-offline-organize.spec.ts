import { expect, test, type Page } from "@playwright/test";

import { admin } from "./support/auth";
import { deviceOf, editor, newPerson } from "./support/notes";

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

/** The page is controlled by the service worker and the list is kept on the device. */
async function installed(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
      timeout: 60_000,
    })
    .toMatch(/\/sw\.js$/);
}

const shellList = (page: Page) => page.getByRole("list", { name: "All notes" });

test("a note made offline opens at once, survives a reload offline, and reaches the server once with what was typed", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const laptop = await deviceOf(browser, baseURL!, person);
  const page = await laptop.newPage();
  await page.goto("/notes");
  await installed(page);
  // The list is kept on the device (the shell knows whose notes to show).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("groundwork:device-user")))
    .toBe(person.id);

  // No network: "New note" still makes a note, open and ready to write in.
  await laptop.setOffline(true);
  await page.getByRole("button", { name: "New note" }).first().click();
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await editor(page).click();
  await page.keyboard.type("Packing for Porto");
  await page.keyboard.press("Enter");
  await page.keyboard.type("sandals and a raincoat");
  await expect(page.getByText("Offline — changes are kept on this device")).toBeVisible();
  await expect(page.getByText("1 note has changes waiting to sync")).toBeVisible();
  const made = shellList(page).getByRole("link", { name: /Waiting to sync/ });
  await expect(made).toHaveAttribute("href", `/notes/${id}`);

  // Still offline, the app is opened again: the note is listed first, and keeps what was typed.
  await page.reload();
  await expect(shellList(page).getByRole("link").first()).toHaveAttribute("href", `/notes/${id}`);
  await expect(shellList(page).getByRole("link").first()).toContainText("Waiting to sync");
  await expect(editor(page)).toContainText("sandals and a raincoat", { timeout: 15_000 });
  await expect(page.getByText("1 note has changes waiting to sync")).toBeVisible();
  expect(await storedNotes(person.id)).toEqual([]);

  // A second tab is open on the same note when the network comes back: both reconnect together.
  const second = await laptop.newPage();
  await second.goto(`/notes/${id}`);
  await expect(editor(second)).toContainText("sandals and a raincoat", { timeout: 15_000 });
  await laptop.setOffline(false);
  await expect
    .poll(async () => (await storedNotes(person.id)).map((n) => [n.id, n.title]), {
      timeout: 30_000,
    })
    .toEqual([[id, "Packing for Porto"]]);
  expect((await storedNotes(person.id))[0].body).toContain("sandals and a raincoat");
  await expect(page.getByText("Every change is synced")).toBeVisible({ timeout: 20_000 });

  // Online again, the list is the server's, and the note opens there with its text.
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: /Packing for Porto/ })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(`/notes/${id}`);
  await expect(editor(page)).toContainText("sandals and a raincoat", { timeout: 15_000 });
  expect((await storedNotes(person.id)).length).toBe(1);
  await laptop.close();
});
