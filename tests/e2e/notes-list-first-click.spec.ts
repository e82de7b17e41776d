import type { Page, Route } from "@playwright/test";

import { admin } from "./support/auth";
import { deviceOf, editor, newPerson, seedNote } from "./support/notes";
import { expect, test } from "./support/test";

/**
 * Holds the virtual list's code back from `page`: `held` gives its address once it is asked for,
 * `release()` lets it through.
 */
function holdVirtualList(page: Page) {
  let release: (() => Promise<void>) | null = null;
  const held = new Promise<string>((resolve) => {
    void page.route("**/_next/static/chunks/**/*.js", async (route: Route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (!release && body.includes('li[data-index="')) {
          release = () => route.fulfill({ response, body });
          resolve(route.request().url());
        } else await route.fulfill({ response, body });
      } catch (err) {
        // A chunk still on its way when the test ends and its page closes: nothing to answer.
        if (!page.isClosed()) throw err;
      }
    });
  });
  return {
    held,
    release: () => release!(),
    /** Ends the hold: a chunk still being read as the page closes is dropped, not failed. */
    stop: () => page.unrouteAll({ behavior: "ignoreErrors" }),
  };
}

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
  const { held, release, stop } = holdVirtualList(page);
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
  await release();
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
  await stop();
});

test("keys pressed while the list's own code arrives walk on past the first screen", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  // 40 notes, each edited a minute after the one before: "Note 39" is the newest, first.
  const rows = Array.from({ length: 40 }, (_, i) => ({
    owner_id: person.id,
    title: `Note ${i}`,
    updated_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
  expect((await admin().from("notes").insert(rows)).error).toBeNull();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  const { held, release, stop } = holdVirtualList(page);
  await page.goto("/notes", { waitUntil: "commit" });
  const list = page.getByRole("list", { name: "All notes" });
  await expect(list.getByRole("listitem").first()).toContainText("Note 39");
  await held;

  // j thirty times from the first note: past the rows drawn first, while only those are there.
  const focused = page.locator("[data-note-link]:focus");
  await list.getByRole("link").first().focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press("j");
  await expect(page.locator("[data-note-list] > li[data-index]")).toHaveCount(0);
  await expect(list.getByRole("listitem")).not.toHaveCount(40);

  // Once the virtual list is in, the keyboard is where those thirty steps took it.
  await release();
  await expect(focused).toContainText("Note 9");
  await expect(focused).toBeInViewport();
  await page.keyboard.press("k");
  await expect(focused).toContainText("Note 10");
  await stop();
  await context.close();
});
