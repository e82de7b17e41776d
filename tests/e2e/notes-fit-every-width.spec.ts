import { expect, test, type Locator } from "./support/test";

import { sitePages } from "./helpers";
import { admin } from "./support/auth";
import { deviceOf, editor, newPerson, openShortcuts, seedNote } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

const LONG_TITLE = "A title long enough to run well past the edge of the note list at every width";

/** Whether `inner` lies within `outer`'s left and right edges. */
async function within(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test("from the narrowest phone to a desktop, the open note's buttons fit its bar on one line and the list's rows fit their panes", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(
    person,
    LONG_TITLE,
    "and a first line long enough to run past the list's edge too",
  );
  const id = await seedNote(person, "Trip to Lisbon", "pack the tent");
  // The bar's longest names: a pinned note's button reads Unpin, a public one's Shared.
  await admin().from("notes").update({ pinned: true }).eq("id", id);
  await admin().rpc("share_note", { note_id: id });
  const folder = await admin().from("folders").insert({
    owner_id: person.id,
    name: "A folder whose name is longer than the navigation is wide",
  });
  expect(folder.error).toBeNull();
  const context = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(`/notes/${id}`);
  await expect(editor(page)).toContainText("pack the tent", { timeout: 15_000 });
  const bar = page.locator("[data-note-pane] > .note-bar");
  const buttons = {
    Shared: bar.getByRole("button", { name: "Shared", exact: true }),
    Export: bar.getByRole("button", { name: "Export", exact: true }),
    "Move to…": bar.getByRole("button", { name: "Move to…", exact: true }),
    Unpin: bar.getByRole("button", { name: "Unpin", exact: true }),
    History: bar.getByRole("link", { name: "History", exact: true }),
    Delete: bar.getByRole("button", { name: "Delete", exact: true }),
  };
  const list = page.getByRole("region", { name: "Note list" });

  // 1280: the navigation, the list and the note side by side; 1024 and 768: less room for the
  // note than a phone has; 640: the note alone; 390 and 320: phones, with the way back beside.
  for (const width of [1280, 1024, 768, 640, 390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(buttons.Delete).toBeVisible();
    expect(await bar.evaluate((el) => el.scrollWidth - el.clientWidth), `${width}: cut off`).toBe(
      0,
    );
    // All on one line: the way back, the comments, every action, with their names or without.
    expect(await bar.evaluate(linesOfButtons), `${width}: the bar's lines`).toBe(1);
    for (const [name, button] of Object.entries(buttons)) {
      expect(await within(button, bar), `${width}: ${name} inside the bar`).toBe(true);
      // Its name beside its icon where all of them fit; else the icon, with the name as tooltip.
      const label = await button.getByText(name, { exact: true }).boundingBox();
      if (width === 1280) expect(label!.width, `${width}: ${name} shown`).toBeGreaterThan(10);
      else {
        expect(label!.width, `${width}: ${name} as an icon`).toBeLessThanOrEqual(1);
        await expect(button).toHaveAttribute("title", name);
      }
    }
    // Nothing scrolls sideways: the navigation with its long folder name, the list, the note.
    expect(await page.evaluate(sidewaysScrolls), `${width}: scrolls sideways`).toEqual([]);
    if (width < 768) continue;
    // The list's rows end at the list's edge; a long title ends in an ellipsis instead.
    const row = list.getByRole("link", { name: /^A title long enough/ });
    expect(await within(row, list), `${width}: the row inside the list`).toBe(true);
    const title = row.locator("b > span");
    expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await title.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
  }

  // Search results, too.
  await page.setViewportSize({ width: 1024, height: 800 });
  await list.getByRole("searchbox").fill("title long enough");
  const hit = list
    .getByRole("list", { name: "Search results" })
    .getByRole("link", { name: /A title long enough/ });
  await expect(hit).toBeVisible({ timeout: 15_000 });
  expect(await within(hit, list), "the result inside the list").toBe(true);
  await context.close();
});

/** How many lines the shown links and buttons of a bar are laid out on. */
function linesOfButtons(bar: Element) {
  const tops = new Set<number>();
  for (const item of bar.querySelectorAll("a, button")) {
    const box = item.getBoundingClientRect();
    if (box.width > 0) tops.add(Math.round(box.top + box.height / 2));
  }
  return tops.size;
}

/** What scrolls sideways on the page: the page itself, or a pane of the notes frame. */
function sidewaysScrolls() {
  const found: string[] = [];
  if (document.documentElement.scrollWidth > innerWidth) found.push("the page");
  for (const pane of document.querySelectorAll<HTMLElement>("[data-notes-frame] *")) {
    if (!/auto|scroll/.test(getComputedStyle(pane).overflowX) || pane.closest("pre")) continue;
    if (pane.scrollWidth > pane.clientWidth)
      found.push(pane.getAttribute("aria-label") ?? "a pane");
  }
  return found;
}

test("on the narrowest phone no page scrolls sideways, signed out or in, long titles and tags too", async ({
  browser,
  baseURL,
}) => {
  const viewport = { width: 320, height: 640 };
  const visitor = await browser.newContext({ baseURL, viewport });
  const page = await visitor.newPage();
  for (const path of [...sitePages, "/sign-in", "/sign-in/email", "/sign-up", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.getByRole("banner")).toBeVisible();
    expect(await page.evaluate(sidewaysScrolls), path).toEqual([]);
  }
  await visitor.close();

  const person = await newPerson();
  const id = await seedNote(person, LONG_TITLE, "packed for the trip #travel/portugal");
  // A title with a word longer than the screen, as pasted links and code names can be.
  const unbroken = await seedNote(person, `Notes on ${"Supercalifragilistic".repeat(4)}`, "");
  const context = await deviceOf(browser, baseURL!, person, { viewport });
  const signedIn = await context.newPage();
  for (const path of [
    "/notes",
    `/notes/${id}`,
    `/notes/${unbroken}/history`,
    "/notes/tags/travel",
    "/account",
  ]) {
    await signedIn.goto(path);
    await expect(path.endsWith(id) ? editor(signedIn) : signedIn.locator("main")).toBeVisible();
    expect(await signedIn.evaluate(sidewaysScrolls), path).toEqual([]);
  }
  // The account's tabs keep one line, each still named in full.
  const tabs = signedIn.getByRole("navigation", { name: "Account" });
  await expect(tabs.getByRole("link")).toHaveCount(4);
  for (const name of ["Profile", "Sign-in & security", "Your data", "Import"])
    await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
  expect(await tabs.evaluate(linesOfButtons)).toBe(1);

  // The keyboard shortcuts: inside the screen, each key its own height, the last one reachable.
  await signedIn.goto("/notes");
  const help = await openShortcuts(signedIn);
  const box = (await help.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const keyHeights = await help
    .locator("kbd")
    .evaluateAll((keys) => keys.map((k) => k.getBoundingClientRect().height));
  expect(Math.max(...keyHeights)).toBeLessThanOrEqual(Math.min(...keyHeights) + 1);
  const last = help.getByText("Show these shortcuts");
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await signedIn.keyboard.press("Escape");
  // The tag's page lists the note, its long title cut short with an ellipsis.
  await signedIn.goto("/notes/tags/travel");
  const row = signedIn
    .getByRole("list", { name: "Notes tagged #travel" })
    .getByRole("link", { name: /^A title long enough/ });
  await expect(row).toBeVisible({ timeout: 15_000 });
  expect(await within(row, signedIn.locator("main"))).toBe(true);
  await context.close();
});
