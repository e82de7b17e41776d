import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
import {
  coldOffline,
  deviceOf,
  editor,
  installed,
  keptOnDevice,
  newPerson,
  openNote,
  seedNote,
} from "./support/notes";

test.describe.configure({ timeout: 180_000 });
// Opening the installed app with no network needs its own service worker (the suite blocks them).
test.use({ serviceWorkers: "allow" });

const NOTE_ADDRESS = /\/notes\/([0-9a-f-]{36})$/;

/** The title the server derived for a note from its stored document, or null with no such note. */
async function storedTitle(id: string): Promise<string | null> {
  const { data, error } = await admin().from("notes").select("title").eq("id", id).maybeSingle();
  if (error) throw error;
  return (data as { title: string } | null)?.title ?? null;
}

/** The distinct middles of the note bar's buttons and links: 1 when they share a line. */
function linesOfButtons(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector(".note-bar");
    if (!bar) return 0;
    const middles = [...bar.querySelectorAll("a, button, select")]
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => Math.round(box.top + box.height / 2));
    return new Set(middles).size;
  });
}

test("the installed app, opened cold with no network, makes new notes (button, N, the launcher's shortcut) and finds notes by search; all of them reach the server on reconnect", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const cafe = await seedNote(person, "Café in Lisbon", "Pastéis de nata at nine");
  await seedNote(person, "Packing list", "sandals, a raincoat");
  const device = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 1280, height: 800 },
  });
  const page = await device.newPage();
  await page.goto("/notes");
  await installed(page);
  await openNote(page, cafe);
  await expect(editor(page)).toContainText("Pastéis de nata");
  await expect.poll(() => keptOnDevice(page, person.id), { timeout: 15_000 }).toContain("Packing");

  const cold = await coldOffline(device);
  await cold.goto("/notes");
  const list = cold.getByRole("list", { name: "All notes" });
  await expect(list.getByRole("link")).toHaveCount(2, { timeout: 15_000 });

  // Search: "/" puts the caret in the field; any case, no accents needed; every word must match.
  await cold.keyboard.press("/");
  const search = cold.getByRole("searchbox", { name: "Search notes on this device" });
  await expect(search).toBeFocused();
  await cold.keyboard.type("CAFE NATA");
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link", { name: /Café in Lisbon/ })).toBeVisible();
  await search.fill("raincoat");
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link", { name: /Packing list/ })).toBeVisible();
  await search.fill("porto");
  await expect(cold.getByText("No notes on this device match “porto”.")).toBeVisible();
  await expect(list).toHaveCount(0);
  // Escape empties the search, and the whole list is back.
  await cold.keyboard.press("Escape");
  await expect(search).toHaveValue("");
  await expect(list.getByRole("link")).toHaveCount(2);

  // The New note button: a note made on this device, open and ready to write in.
  await cold.getByRole("button", { name: "New note" }).click();
  await expect(cold).toHaveURL(NOTE_ADDRESS);
  const first = NOTE_ADDRESS.exec(cold.url())![1];
  await expect(editor(cold)).toBeFocused({ timeout: 15_000 });
  await cold.keyboard.type("Tickets to Porto");
  await expect(editor(cold)).toContainText("Tickets to Porto");
  await expect(list.getByRole("link")).toHaveCount(3);
  await expect(list.getByRole("link").first()).toContainText("Waiting to sync");
  await expect(cold.getByText("1 note has changes waiting to sync")).toBeVisible();
  // The list shows what was written, as it is written (the title, then the start of the text, as
  // the app's list does), and search finds it by that.
  await expect(list.getByRole("link").first()).toContainText("Tickets to Porto");
  await cold.keyboard.press("Enter");
  await cold.keyboard.type("Window seat");
  await expect(list.getByRole("link").first()).toContainText(" · Window seat");
  await search.fill("porto");
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link", { name: /Tickets to Porto/ })).toBeVisible();
  await search.fill("");

  // N, from outside the editor, makes another; the browser's Back returns to the first.
  await editor(cold).click();
  await cold.keyboard.press("Escape");
  await expect(editor(cold)).not.toBeFocused();
  await cold.keyboard.press("n");
  await expect(cold).not.toHaveURL(new RegExp(first));
  await expect(cold).toHaveURL(NOTE_ADDRESS);
  const second = NOTE_ADDRESS.exec(cold.url())![1];
  await expect(editor(cold)).toBeFocused({ timeout: 15_000 });
  await cold.keyboard.type("Hotel by the river");
  await expect(editor(cold)).toContainText("Hotel by the river");
  await expect(list.getByRole("link")).toHaveCount(4);
  await expect(list.getByRole("link", { name: /Hotel by the river/ })).toBeVisible();
  await cold.goBack();
  await expect(cold).toHaveURL(new RegExp(`/notes/${first}$`));
  await expect(editor(cold)).toContainText("Tickets to Porto");

  // The launcher's shortcuts, opened cold: "New note" makes one (once: a reload makes no other),
  // "Search" opens the list with the caret in the search field.
  const launched = await device.newPage();
  await launched.goto("/notes?action=new");
  await expect(launched).toHaveURL(NOTE_ADDRESS);
  const third = NOTE_ADDRESS.exec(launched.url())![1];
  expect([first, second]).not.toContain(third);
  await expect(editor(launched)).toBeFocused({ timeout: 15_000 });
  await launched.keyboard.type("Train at eight");
  await expect(editor(launched)).toContainText("Train at eight");
  // Reloaded at once, within the moment the device's copy waits to write what was typed.
  await launched.reload();
  await expect(editor(launched)).toContainText("Train at eight", { timeout: 15_000 });
  await expect(launched).toHaveURL(new RegExp(`/notes/${third}$`));
  // After the reload, every note written here is listed by what was written in it.
  const launchedList = launched.getByRole("list", { name: "All notes" });
  await expect(launchedList.getByRole("link")).toHaveCount(5);
  for (const title of ["Train at eight", "Hotel by the river", "Tickets to Porto"])
    await expect(launchedList.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await launched.goto("/notes?action=search");
  await expect(
    launched.getByRole("searchbox", { name: "Search notes on this device" }),
  ).toBeFocused({ timeout: 15_000 });
  await expect(launched).toHaveURL(/\/notes$/);
  await launched.close();

  // On a 320 px phone the note's bar keeps its buttons on one line, offline status included.
  await cold.setViewportSize({ width: 320, height: 700 });
  await expect(cold.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  await expect.poll(() => linesOfButtons(cold)).toBe(1);
  expect(await cold.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await cold.setViewportSize({ width: 1280, height: 800 });

  // Back online: every note made offline reaches the server with what was typed in it.
  await device.setOffline(false);
  for (const [id, title] of [
    [first, "Tickets to Porto"],
    [second, "Hotel by the river"],
    [third, "Train at eight"],
  ] as const)
    await expect.poll(() => storedTitle(id), { timeout: 30_000 }).toBe(title);
  await expect(cold.getByText("Every change is synced")).toBeVisible({ timeout: 20_000 });
  // The note open meanwhile stays open, and every note made here stays listed, by its title.
  await expect(editor(cold)).toContainText("Tickets to Porto");
  await expect(list.getByRole("link")).toHaveCount(5);
  for (const title of ["Train at eight", "Hotel by the river", "Tickets to Porto"])
    await expect(list.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await device.close();
});
