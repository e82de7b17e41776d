import { expect, test, type Page } from "./support/test";

import { admin, userMenuButton } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { watchCspViolations } from "./support/csp-violations";
import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  keptOnDevice,
  newPerson,
  seedNote,
} from "./support/notes";

test.describe.configure({ timeout: 120_000 });
// The suite blocks service workers (playwright.config.ts); these tests are about the app's own.
test.use({ serviceWorkers: "allow" });

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts?: { name: string; url: string }[];
};

/** The note's title as the server derived it from the stored document (its first line). */
async function storedTitle(id: string): Promise<string> {
  const { data, error } = await admin().from("notes").select("title").eq("id", id).single();
  if (error) throw error;
  return (data as { title: string }).title;
}

/** Every cache's name and the addresses (and text of HTML) it holds. */
function cachedEverything(page: Page) {
  return page.evaluate(async () => {
    const out: { cache: string; url: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        out.push({
          cache: name,
          url: request.url,
          text: type.includes("html") ? ((await response?.text()) ?? "") : "",
        });
      }
    }
    return out;
  });
}

test("Groundwork installs, opens cold with no network from the device's copy, syncs on reconnect, and forgets it all at sign-out", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const elsewhere = await seedNote(person, "Written on another device");
  // A list longer than what the shell draws in its first frame: older notes, last in the list.
  const older = Array.from({ length: 50 }, (_, i) => ({
    owner_id: person.id,
    title: `Older note ${i + 1}`,
    body: "",
    updated_at: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString(),
  }));
  const seeded = await admin().from("notes").insert(older);
  if (seeded.error) throw seeded.error;
  const device = await deviceOf(browser, baseURL!, person);
  const violations = await watchCspViolations(device);
  const page = await device.newPage();

  // Installable: the manifest is linked, served with the security headers, and complete.
  await page.goto("/notes");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const served = await page.request.get(href!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-security-policy"]).toContain("worker-src 'self'");
  const manifest = (await served.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: "Groundwork",
    short_name: "Groundwork",
    start_url: "/notes",
    display: "standalone",
  });
  expect(manifest.theme_color).toBeTruthy();
  expect(manifest.background_color).toBeTruthy();
  expect(manifest.shortcuts?.map((s) => s.name)).toEqual(["New note", "Search"]);
  const icons = manifest.icons ?? [];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const src of [...icons.map((i) => i.src), touchIcon!]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/png");
  }
  // The theme colour follows light and dark.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  // The service worker registers and controls the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
      timeout: 60_000,
    })
    .toMatch(/\/sw\.js$/);
  // A page's request leaves while a stopped worker is still starting (navigation preload), and
  // the worker answers with it: pages it stands in for and the others load, with no warning that
  // a preload went unused.
  expect(
    await page.evaluate(async () =>
      (await navigator.serviceWorker.ready).navigationPreload.getState(),
    ),
  ).toMatchObject({ enabled: true });
  const preloadWarnings: string[] = [];
  page.on("console", (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await page.goto("/notes");
  await expect(page.getByRole("heading", { name: "All notes" })).toBeVisible();
  expect(preloadWarnings).toEqual([]);

  // A note written and opened on this device; the list is kept on the device.
  const id = await createNoteWithButton(page);
  await page.keyboard.type("Packing for Lisbon");
  await expectSaved(page);
  await expect.poll(() => keptOnDevice(page, person.id), { timeout: 15_000 }).toContain("Packing");
  await expect.poll(() => keptOnDevice(page, person.id)).toContain("Written on another device");
  // A second note written here, to be edited offline and left before reconnecting.
  const second = await createNoteWithButton(page);
  await page.keyboard.type("Tickets to Porto");
  await expectSaved(page);
  await expect.poll(() => keptOnDevice(page, person.id), { timeout: 15_000 }).toContain("Tickets");

  // No network, every page closed, then the app opened again.
  await device.setOffline(true);
  for (const open of device.pages()) await open.close();
  // Meanwhile someone comments on the second note, to be read once the device is back.
  const comment = await admin().from("note_comments").insert({
    note_id: second,
    author_id: person.id,
    body: "Book the early train",
    anchor_start: "AQID",
    anchor_end: "AQIE",
    quote: "Tickets",
  });
  expect(comment.error).toBeNull();
  const cold = await device.newPage();
  // The shell's inline script (it starts reading the device's copy) runs under the page's policy.
  const refused: string[] = [];
  cold.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Offline, opening a note asks nothing it knows would fail: its people, comments, stored
  // state and the titles of the notes it links to wait for the connection.
  const asked: string[] = [];
  const KNOWN_TO_FAIL = /\/rest\/v1\/(rpc\/note_people|rpc\/note_state|note_comments|notes\?)/;
  cold.on("request", (request) => {
    if (KNOWN_TO_FAIL.test(request.url())) asked.push(request.url());
  });
  await cold.goto("/notes");
  await expect(cold.getByRole("heading", { name: "All notes" })).toBeVisible({ timeout: 15_000 });
  await expect(cold.getByText("Offline — changes are kept on this device")).toBeVisible();
  // The shell is an app page: it carries no marketing header or footer to build and hide.
  await expect(cold.locator("[data-site-header], [data-site-footer]")).toHaveCount(0);
  const list = cold.getByRole("list", { name: "All notes" });
  await expect(list.getByRole("link", { name: /Packing for Lisbon/ })).toBeVisible();
  // A note never opened here is listed, and says it needs the network.
  const never = list.getByRole("link", { name: /Written on another device/ });
  await expect(never).toContainText("Needs a connection");
  await never.click();
  await expect(cold).toHaveURL(new RegExp(`/notes/${elsewhere}$`));
  await expect(cold.getByText("it needs a connection")).toBeVisible();

  // The note synced to this device opens, editable, and keeps what is typed.
  await list.getByRole("link", { name: /Packing for Lisbon/ }).click();
  await expect(cold).toHaveURL(new RegExp(`/notes/${id}$`));
  await expect(editor(cold)).toContainText("Packing for Lisbon", { timeout: 15_000 });
  await editor(cold).click();
  await cold.keyboard.press("End");
  await cold.keyboard.type(" with sandals");
  await expect(editor(cold)).toContainText("Packing for Lisbon with sandals");
  await expect(cold.getByText("1 note has changes waiting to sync")).toBeVisible();
  expect(await seriousViolations(cold)).toEqual([]);
  // One line says the app is offline: the list's, beside the note; alone on a phone, the note's.
  const offlineLines = cold.getByRole("status").filter({ hasText: /^Offline/ });
  await expect(offlineLines).toHaveText(["Offline — changes are kept on this device"]);
  await cold.setViewportSize({ width: 390, height: 800 });
  await expect(offlineLines).toHaveText(["Offline — changes kept on this device"]);
  await cold.setViewportSize({ width: 1280, height: 800 });

  // The other note, opened from the list and edited too; the first is no longer open.
  await list.getByRole("link", { name: /Tickets to Porto/ }).click();
  await expect(cold).toHaveURL(new RegExp(`/notes/${second}$`));
  await expect(editor(cold)).toContainText("Tickets to Porto", { timeout: 15_000 });
  await editor(cold).click();
  await cold.keyboard.press("End");
  await cold.keyboard.type(" and back");
  await expect(cold.getByText("2 notes have changes waiting to sync")).toBeVisible();

  expect(asked).toEqual([]);
  expect(refused).toEqual([]);
  await expect(cold.getByRole("button", { name: "Comments", exact: true })).toBeVisible();

  // Opened cold at a note's own address (still offline), the note comes from the device's copy,
  // editable with what was typed, and the list is there in full, down to its oldest note.
  const direct = await device.newPage();
  const directWarnings: string[] = [];
  direct.on("console", (message) => {
    if (/Content Security Policy|preloaded using link preload but not used/i.test(message.text()))
      directWarnings.push(message.text());
  });
  await direct.goto(`/notes/${second}`);
  await expect(editor(direct)).toContainText("Tickets to Porto and back", { timeout: 15_000 });
  await expect(editor(direct)).toHaveAttribute("contenteditable", "true");
  // A note's shell asks for the editor's code as its HTML is read: each preloaded file is the one
  // the editor then ran from (fetched once, by the preload), and none was refused or left unused.
  const preloads = await direct.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[data-shell-preload]")].map((link) => {
      const used = [
        ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
          "script[src], link[rel=stylesheet]",
        ),
      ].some((el) => ("src" in el ? el.src : el.href) === link.href);
      const fetched = performance
        .getEntriesByName(link.href)
        .map((e) => (e as PerformanceResourceTiming).initiatorType);
      return { file: link.href, as: link.as, used, fetched };
    }),
  );
  expect(preloads.filter((p) => p.as === "script").length).toBeGreaterThan(0);
  for (const preload of preloads) expect(preload).toMatchObject({ used: true, fetched: ["link"] });
  // The list's shell (no note in its address) asks for none.
  await expect(cold.locator("link[data-shell-preload]")).toHaveCount(0);
  const directList = direct.getByRole("list", { name: "All notes" });
  await expect(directList.getByRole("link", { name: /Older note 50\b/ })).toBeVisible();
  await expect(directList.getByRole("link")).toHaveCount(older.length + 3);
  expect(directWarnings).toEqual([]);
  await direct.close();

  // Back online: both edits reach the server without a reload, and the count empties; what
  // waited is read once, and the comment made meanwhile shows.
  const people = cold.waitForResponse((r) => r.url().includes("/rpc/note_people"));
  const comments = cold.waitForResponse((r) => r.url().includes("/note_comments"));
  await device.setOffline(false);
  expect((await people).status()).toBe(200);
  expect((await comments).status()).toBe(200);
  await expect(cold.getByRole("button", { name: "Comments, 1 open" })).toBeVisible({
    timeout: 15_000,
  });
  await expect
    .poll(() => storedTitle(id), { timeout: 20_000 })
    .toBe("Packing for Lisbon with sandals");
  await expect
    .poll(() => storedTitle(second), { timeout: 20_000 })
    .toBe("Tickets to Porto and back");
  await expect(cold.getByText("Every change is synced")).toBeVisible({ timeout: 20_000 });

  // Signing out removes the offline copy and every cache that could hold anything private.
  await cold.goto(`/notes/${id}`);
  await expect(editor(cold)).toContainText("Packing for Lisbon with sandals", { timeout: 15_000 });
  await userMenuButton(cold, person.email).click();
  await cold.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(cold).toHaveURL(/\/sign-in/);
  await expect
    .poll(() =>
      cold.evaluate(async () =>
        (await indexedDB.databases())
          .map((d) => d.name)
          .filter((n) => n?.startsWith("groundwork:")),
      ),
    )
    .toEqual([]);
  expect(
    await cold.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":"))),
  ).toEqual([]);
  const cached = await cachedEverything(cold);
  for (const entry of cached) {
    expect(entry.url, entry.cache).not.toMatch(
      /\/notes\/[0-9a-f-]{36}|\/rest\/v1|\/storage\/v1|_rsc=/,
    );
    expect(entry.text, entry.url).not.toContain("Packing");
    expect(entry.text, entry.url).not.toContain(person.email);
  }
  expect(violations).toEqual([]);
  await device.close();
});
