import { expect, type Browser, type BrowserContext, type Page, type Route } from "@playwright/test";

import { addSessionCookies, admin, BACKEND_URL, createUser, sessionCookies } from "./auth";

export type Person = { id: string; email: string; password: string };

export async function newPerson(): Promise<Person> {
  return createUser();
}

/** A browser context signed in as `person`: one of their devices. */
export async function deviceOf(
  browser: Browser,
  baseURL: string,
  person: Person,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  const { cookies } = await sessionCookies(person.email, person.password);
  await addSessionCookies(context, baseURL, cookies);
  return context;
}

export function editor(page: Page) {
  return page.getByRole("textbox", { name: "Note" });
}

/** Opens the keyboard shortcuts with "?": the key works once the page has hydrated, so it is pressed until it does. */
export async function openShortcuts(page: Page) {
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(async () => {
    await page.keyboard.press("?");
    await expect(help).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return help;
}

export function saveState(page: Page) {
  return page.locator("[data-save-state]");
}

/** Creates a note with the New note button and waits for its editor; returns its id. */
export async function createNoteWithButton(page: Page): Promise<string> {
  await page.goto("/notes");
  await page.getByRole("button", { name: "New note" }).first().click();
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // A new note is ready to write in: the caret is already in it.
  await expect(editor(page)).toBeFocused();
  return page.url().split("/").pop()!;
}

/** Opens a note and waits until its editor has loaded what is stored. */
export async function openNote(page: Page, id: string, { timeout = 15_000 } = {}) {
  await page.goto(`/notes/${id}`);
  // A device with no copy of the note yet waits for the stored state.
  await expect(editor(page)).toBeVisible({ timeout });
}

export async function expectSaved(page: Page) {
  await expect(saveState(page)).toHaveAttribute("data-save-state", "saved", { timeout: 10_000 });
}

/** A note written straight into the database (as an import would), owned by `person`. */
export async function seedNote(person: Person, title: string, body = ""): Promise<string> {
  const { data, error } = await admin()
    .from("notes")
    .insert({ owner_id: person.id, title, body })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** Where a device stores a note's updates: the app's server, which writes the text from them. */
const STORE_UPDATES = "**/notes/*/updates";

/**
 * Cuts one device off from the backend's database API and from where it stores updates, as a lost
 * connection would (pages still load, as from a service worker's copy).
 */
export async function cutOff(context: BrowserContext, cut: boolean) {
  const abort = (route: Route) => route.abort("internetdisconnected");
  if (cut) {
    await context.route(`${BACKEND_URL}/rest/v1/**`, abort);
    await context.route(STORE_UPDATES, abort);
  } else {
    await context.unroute(`${BACKEND_URL}/rest/v1/**`);
    await context.unroute(STORE_UPDATES);
  }
}

/** The page is controlled by the app's service worker (the suite blocks others'). */
export async function installed(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
      timeout: 60_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** What this device keeps of the person's list under `key` ("page:all", "folders"), as JSON. */
export function keptOnDevice(page: Page, userId: string, key = "page:all"): Promise<string> {
  return page.evaluate(
    ([name, key]) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("kv")) return resolve("");
          const get = db.transaction("kv").objectStore("kv").get(key);
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? ""));
          get.onerror = () => resolve("");
        };
        request.onerror = () => resolve("");
      }),
    [`groundwork:${userId}:list`, key],
  );
}

/** How many of the person's notes this device keeps for finding and listing them offline. */
export function notesKeptWhole(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    async (name) =>
      // Opened only once the app has made it: opening it first would make it empty.
      !(await indexedDB.databases()).some((db) => db.name === name)
        ? 0
        : new Promise<number>((resolve) => {
            const request = indexedDB.open(name);
            request.onsuccess = () => {
              const db = request.result;
              if (!db.objectStoreNames.contains("titles")) return resolve(0);
              const count = db.transaction("titles").objectStore("titles").count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => resolve(0);
            };
            request.onerror = () => resolve(0);
          }),
    `groundwork:${userId}:titles`,
  );
}

/**
 * The installed app opened cold with no network: the device goes offline, every page of it closes
 * (so nothing of the app is left running), and a new page is opened, for the test to navigate.
 */
export async function coldOffline(device: BrowserContext): Promise<Page> {
  await device.setOffline(true);
  for (const open of device.pages()) await open.close();
  return device.newPage();
}
