import type { Route } from "@playwright/test";

import { deviceOf, editor, newPerson, seedNote } from "./support/notes";
import { expect, test } from "./support/test";

/**
 * The notes list draws its first screen plainly and swaps in the virtual list once that code has
 * loaded. A click whose button goes down before the swap and comes up after it must still open the
 * note it began on: a person's first click, right after the page shows, is just that.
 */
test("a note clicked while the list's own code arrives still opens", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(person, "Older note", "Not this one.");
  const id = await seedNote(person, "Clicked first", "Opened by the first click.");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  // The virtual list's code is held back until the button is down.
  let release: (() => Promise<void>) | null = null;
  const held = new Promise<string>((resolve) => {
    void page.route("**/_next/static/chunks/**/*.js", async (route: Route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!release && body.includes('li[data-index="')) {
        release = () => route.fulfill({ response, body });
        resolve(route.request().url());
      } else await route.fulfill({ response, body });
    });
  });
  // Not waiting for the load event: the list asks for that code as it hydrates, which can be before
  // the page has loaded, and a script held back then holds the load event back with it.
  await page.goto("/notes", { waitUntil: "commit" });
  const row = page.locator(`a[data-note-link][href="/notes/${id}"]`);
  await expect(row).toBeVisible();
  const chunk = await held;
  // The first screen's row, not yet a virtual one (those carry their index).
  await expect(page.locator("[data-note-list] > li[data-index]")).toHaveCount(0);

  const box = (await row.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await release!();
  // The code has arrived and run before the button comes up.
  await page.waitForFunction(
    (url) => performance.getEntriesByName(url).some((entry) => entry.duration > 0),
    chunk,
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.mouse.up();

  await expect(page).toHaveURL(new RegExp(`/notes/${id}$`));
  await expect(editor(page)).toContainText("Opened by the first click.");
  // And the virtual list took over once the click was done.
  await expect(page.locator("[data-note-list] > li[data-index]").first()).toBeAttached();
});
