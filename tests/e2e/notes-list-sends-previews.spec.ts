import { expect, test } from "./support/test";

import { admin } from "./support/auth";
import { deviceOf, newPerson, seedNote } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

// Long enough that a list carrying whole bodies would carry the tail too.
const LONG_BODY = `Opening line of the long read. ${"more words here ".repeat(400)}LAST-WORDS-OF-THE-LONG-READ`;

test("the list's first HTML holds each note's preview, never a long body's tail", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(person, "Long read", LONG_BODY);
  const shortId = await seedNote(person, "Short one", "just a line");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  const list = await (await page.request.get("/notes")).text();
  expect(list).toContain("Long read");
  expect(list).toContain("Opening line of the long read.");
  expect(list).not.toContain("LAST-WORDS-OF-THE-LONG-READ");

  // Beside another open note, the list still sends only previews.
  const other = await (await page.request.get(`/notes/${shortId}`)).text();
  expect(other).toContain("just a line");
  expect(other).toContain("Opening line of the long read.");
  expect(other).not.toContain("LAST-WORDS-OF-THE-LONG-READ");
  await context.close();
});

test("a note changed elsewhere shows its new preview in an open list", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Plans", "first draft of the plans");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  const link = page.getByRole("link", { name: /Plans/ });
  await expect(link).toContainText("first draft of the plans", { timeout: 15_000 });

  // Give the live list a moment to subscribe, then change the note from "another device".
  await expect(async () => {
    const { error } = await admin()
      .from("notes")
      .update({ body: `## Second draft\n\n- **booked** the train ${"x".repeat(600)}` })
      .eq("id", id);
    expect(error).toBeNull();
    await expect(link).toContainText("Second draft booked the train", { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});

test("a long list sends its newest notes first, renders the rows near the view and walks them all", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  // 130 notes, each edited a minute after the one before: "Note 129" is the newest.
  const rows = Array.from({ length: 130 }, (_, i) => ({
    owner_id: person.id,
    title: `Note ${i}`,
    body: `body-${i}-end`,
    updated_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
  const { error } = await admin().from("notes").insert(rows);
  expect(error).toBeNull();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();

  // The first HTML carries the newest hundred in its data, not the whole list, and as markup only
  // the rows of a tall window's first screen.
  const html = await (await page.request.get("/notes")).text();
  expect(html).toContain("body-129-end");
  expect(html).toContain("body-30-end");
  expect(html).not.toContain("body-29-end");
  const markup = html.match(/<ul[^>]*aria-label="All notes"[\s\S]*?<\/ul>/)?.[0] ?? "";
  const markupRows = markup.match(/<li\b/g)?.length ?? 0;
  expect(markupRows).toBeGreaterThanOrEqual(20);
  expect(markupRows).toBeLessThan(40);
  // Older notes follow, so the count is unknown yet (ARIA's -1).
  expect(markup).toContain('aria-posinset="1" aria-setsize="-1"');

  await page.goto("/notes");
  const list = page.getByRole("list", { name: "All notes" });
  const items = list.getByRole("listitem");
  await expect(items.first()).toContainText("Note 129");
  await expect(items.first()).toHaveAttribute("aria-posinset", "1");
  // Only the rows near the view are in the page.
  expect(await items.count()).toBeLessThan(40);

  // The keyboard walks past the rows first rendered: j forty times from the first note.
  const focused = page.locator("[data-note-link]:focus");
  await expect(async () => {
    await items.first().getByRole("link").focus();
    await page.keyboard.press("j");
    await expect(focused).toContainText("Note 128", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  for (let i = 0; i < 40; i++) await page.keyboard.press("j");
  await expect(focused).toContainText("Note 88");
  await expect(focused).toBeInViewport();
  await page.keyboard.press("ArrowUp");
  await expect(focused).toContainText("Note 89");
  // Scrolled back to the top by the pointer, the focused row leaves the page; the keyboard still
  // steps on from that note, as in a list that keeps every row.
  await list.hover();
  await page.mouse.wheel(0, -10_000);
  await expect(items.filter({ hasText: "body-89-end" })).toHaveCount(0);
  await expect(items.first()).toBeInViewport();
  await page.keyboard.press("j");
  await expect(focused).toContainText("Note 88");
  await expect(focused).toBeInViewport();

  // Scrolling from the top to the end brings the older notes; each note once, newest first.
  const titles = new Map<number, string>();
  const older = page.getByRole("button", { name: "Show older notes" });
  await list.evaluate((ul) => ul.parentElement!.scrollTo(0, 0));
  await expect(async () => {
    const seen = await list.evaluate((ul) => {
      const rows = [...ul.querySelectorAll("li")].map(
        (li) =>
          [
            Number(li.getAttribute("aria-posinset")),
            li.querySelector("a > b > span")!.textContent!,
          ] as const,
      );
      ul.parentElement!.scrollBy(0, 300);
      return rows;
    });
    for (const [at, title] of seen) titles.set(at, title);
    expect(titles.size).toBe(130);
  }).toPass({ timeout: 30_000, intervals: [50] });
  await expect(older).toBeHidden();
  await expect(items.last()).toContainText("Note 0");
  await expect(items.last()).toHaveAttribute("aria-setsize", "130");
  expect([...titles.keys()].sort((a, b) => a - b).map((at) => titles.get(at))).toEqual(
    rows.map((r) => r.title).reverse(),
  );

  // A note far down the list, opened by its address, has its row scrolled into view.
  const far = await admin()
    .from("notes")
    .select("id, updated_at")
    .eq("owner_id", person.id)
    .eq("title", "Note 40")
    .single();
  await page.goto(`/notes/${far.data!.id}`);
  const current = list.locator('a[aria-current="page"]');
  await expect(current).toContainText("Note 40");
  await expect(current).toBeInViewport();
  // Opening it gave the seeded note its first document: reading is not an edit, so it keeps its
  // time and its place in the list.
  await expect
    .poll(async () => {
      const stored = await admin()
        .from("notes")
        .select("ydoc_version, updated_at")
        .eq("id", far.data!.id)
        .single();
      return stored.data!.ydoc_version > 0 && Date.parse(stored.data!.updated_at);
    })
    .toBe(Date.parse(far.data!.updated_at));

  // On a phone the list is a pane of its own, and still renders only the rows near the view.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/notes");
  await expect(items.first()).toContainText("Note 129");
  await expect(items.first()).toHaveAttribute("aria-posinset", "1");
  await expect(items.first()).toBeInViewport();
  expect(await items.count()).toBeLessThan(40);
  // The walk starts once the virtual list (its rows carry their index) has taken over.
  await expect(items.first()).toHaveAttribute("data-index", "0");
  await items.first().getByRole("link").focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowDown");
  await expect(list.locator("li:has(> a:focus)")).toHaveAttribute("aria-posinset", "31");
  await expect(focused).toBeInViewport();
  await context.close();
});
