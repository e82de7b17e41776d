import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
import { deviceOf, editor, newPerson, openNote, seedNote } from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

type Progress = { text: string; busy: boolean };

/**
 * Records each progress text the Trash shows as the page changes, and whether every button of the
 * Trash was off just then: however quickly the rounds go by, none is missed and no timing is guessed.
 */
async function recordProgress(page: Page): Promise<() => Promise<Progress[]>> {
  await page.evaluate(() => {
    const seen: { text: string; busy: boolean }[] = [];
    (window as unknown as { progress: typeof seen }).progress = seen;
    new MutationObserver(() => {
      const status = [...document.querySelectorAll('[role="status"]')].find((el) =>
        el.textContent?.startsWith("Deleting notes"),
      );
      const text = status?.textContent;
      if (!text || text === seen.at(-1)?.text) return;
      const trash = document.querySelector('[aria-label="Notes in Trash"]')?.parentElement;
      const buttons = [...(trash?.querySelectorAll("button") ?? [])];
      seen.push({ text, busy: buttons.length > 0 && buttons.every((b) => b.disabled) });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { progress: Progress[] }).progress);
}

test("search as you type finds notes by their words and highlights the matches", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(person, "Sourdough starter", "Feed it twice a day with rye flour");
  await seedNote(person, "Weekly plan", "Buy sourdough on Friday");
  await seedNote(person, "Garden", "Tomatoes and basil");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  const search = page.getByRole("searchbox", { name: "Search notes" });
  // The shortcut starts with hydration; keep pressing until the page answers.
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(search).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await search.pressSequentially("sourdo");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link")).toHaveCount(2);
  await expect(results.getByRole("link").first()).toContainText("Sourdough starter");
  // The title's match in the first result, the body's in the second.
  await expect(results.getByRole("link").first().locator("mark")).toHaveText("Sourdough");
  await expect(results.getByRole("link").nth(1).locator("mark")).toHaveText("sourdough");
  await expect(results).not.toContainText("Garden");
  await search.fill("");
  await search.pressSequentially('"rye flour"');
  await expect(results.getByRole("link")).toHaveCount(1);
  await results.getByRole("link").click();
  await expect(editor(page)).toContainText("Feed it twice a day");
  await context.close();
});

test("delete moves a note to Trash with Undo; Trash restores it or deletes it forever", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Old receipts", "keep for taxes");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  const list = page.getByRole("list", { name: "All notes" });
  await page.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/notes$/);
  await expect(page.getByText("Moved to Trash")).toBeVisible();
  await expect(page.getByRole("link", { name: /Old receipts/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForURL(new RegExp(`/notes/${id}$`));
  await expect(list.getByRole("link", { name: /Old receipts/ })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/notes$/);
  await page.getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { name: "Trash", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Restore Old receipts" }).click();
  await expect(page.getByText("Trash is empty.")).toBeVisible();
  await expect(list.getByRole("link", { name: /Old receipts/ })).toBeVisible();

  await openNote(page, id);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/notes$/);
  await page.goto("/notes/trash");
  // Deleting for good cannot be undone, so it asks; Escape cancels and gives the focus back.
  const forever = page.getByRole("button", { name: "Delete Old receipts forever" });
  await forever.click();
  const confirm = page.getByRole("alertdialog", { name: "Delete “Old receipts” forever?" });
  await expect(confirm).toContainText("cannot be undone");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(forever).toBeFocused();
  await page.reload();
  await forever.click();
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Trash is empty.")).toBeVisible();
  await page.goto(`/notes/${id}`);
  await expect(page.getByRole("heading", { name: "This note isn't here" })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});

test("Empty Trash asks first, and only then deletes every note in it", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const ids = [await seedNote(person, "Draft one"), await seedNote(person, "Draft two")];
  const trashed = await admin()
    .from("notes")
    .update({ deleted_at: new Date().toISOString() })
    .in("id", ids);
  expect(trashed.error).toBeNull();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes/trash");
  await expect(page.getByRole("link", { name: "Trash" })).toHaveAttribute("aria-current", "page");
  const empty = page.getByRole("button", { name: "Empty Trash" });
  await empty.click();
  const confirm = page.getByRole("alertdialog", { name: "Empty Trash?" });
  await expect(confirm).toContainText("All 2 notes in Trash are deleted for good");
  // Enter on the focused Cancel is the safe answer.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(empty).toBeFocused();
  await expect(
    page.getByRole("list", { name: "Notes in Trash" }).getByRole("listitem"),
  ).toHaveCount(2);

  await empty.click();
  await confirm.getByRole("button", { name: "Empty Trash" }).click();
  await expect(page.getByText("Trash is empty.")).toBeVisible();
  const { data } = await admin().from("notes").select("id").in("id", ids);
  expect(data).toEqual([]);
  await context.close();
});

test("a Trash of over a thousand notes shows the latest first, loads the rest on demand, and empties whole", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  // Trashed a second apart: "Trashed 0" went last, so it leads the Trash.
  const at = Date.UTC(2026, 10, 1);
  const rows = Array.from({ length: 1_050 }, (_, i) => ({
    owner_id: person.id,
    title: `Trashed ${i}`,
    deleted_at: new Date(at - i * 1_000).toISOString(),
  }));
  const seeded = await admin().from("notes").insert(rows);
  expect(seeded.error).toBeNull();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes/trash");

  const items = page.getByRole("list", { name: "Notes in Trash" }).getByRole("listitem");
  await expect(items).toHaveCount(100);
  await expect(items.first()).toContainText("Trashed 0");
  await expect(items.last()).toContainText("Trashed 99");
  // Scrolling to the end of the list brings the next hundred.
  const older = page.getByRole("button", { name: "Show older notes" });
  await older.scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(200);
  await expect(items.last()).toContainText("Trashed 199");
  // Pressing the button brings one page more, and only one. It is focused without scrolling it
  // into view, which would load a page by itself.
  await older.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(300);
  await page.waitForTimeout(1_000);
  await expect(items).toHaveCount(300);
  // A note restored from an older page leaves the list at once.
  await page.getByRole("button", { name: "Restore Trashed 150" }).click();
  await expect(page.getByText("Note restored")).toBeVisible();
  await expect(items).toHaveCount(299);
  await expect(items.getByText("Trashed 150", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Empty Trash" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Empty Trash?" });
  await expect(confirm).toContainText("All 1,049 notes in Trash are deleted for good");
  const progress = await recordProgress(page);
  await confirm.getByRole("button", { name: "Empty Trash" }).click();
  // Emptied a batch at a time, with the count so far told politely to screen readers too.
  const status = page.getByRole("status").filter({ hasText: "Deleting notes" });
  await expect(status).toHaveText(/^Deleting notes… [\d,]+ of 1,049$/);
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(page.getByText("Trash is empty.")).toBeVisible({ timeout: 30_000 });
  const seen = await progress();
  expect(seen[0]).toEqual({ text: "Deleting notes… 0 of 1,049", busy: true });
  expect(seen.every((s) => s.busy)).toBe(true);
  const counts = seen.map(({ text }) =>
    Number(/^Deleting notes… ([\d,]+) of 1,049$/.exec(text)?.[1].replaceAll(",", "")),
  );
  // It went up as the rounds went by, and never past the notes there were.
  expect(Math.max(...counts)).toBeGreaterThan(0);
  expect(counts).toEqual(counts.toSorted((a, b) => a - b));
  expect(counts.every((n) => n <= 1_049)).toBe(true);
  const { count } = await admin()
    .from("notes")
    .select("id", { count: "exact", head: true })
    .eq("owner_id", person.id)
    .not("deleted_at", "is", null);
  expect(count).toBe(0);
  await context.close();
});

test("viewing the notes writes nothing: expired trash stays until the scheduled job empties it, and a newer one stays", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const day = 86_400_000;
  const [old, recent] = [await seedNote(person, "Long gone"), await seedNote(person, "Still here")];
  const open = await seedNote(person, "Open note", "read, never written");
  for (const [id, days] of [
    [old, 31],
    [recent, 29],
  ] as const) {
    const { error } = await admin()
      .from("notes")
      .update({ deleted_at: new Date(Date.now() - days * day).toISOString() })
      .eq("id", id);
    expect(error).toBeNull();
  }
  const rows = async () =>
    (
      await admin()
        .from("notes")
        .select("id, title, body, pinned, updated_at, deleted_at")
        .eq("owner_id", person.id)
        .order("id")
    ).data;
  const before = await rows();
  expect(before).toHaveLength(3);

  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  // Every notes view, each read in full: the list, an open note's page (as the server sends it:
  // an editor that opens an imported note turns it into a document of its own, which is a
  // person's edit, not the view's) and the Trash.
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: /Open note/ })).toBeVisible();
  const opened = await context.request.get(`/notes/${open}`);
  expect(opened.status()).toBe(200);
  expect(await opened.text()).toContain("read, never written");
  await page.goto("/notes/trash");
  await expect(page.getByText("Long gone")).toBeVisible();
  // Nothing a view could have written changed: every row is as it was, the expired one too.
  expect(await rows()).toEqual(before);

  // What the hourly job runs (pg_cron on hosted, the local backend's own timer here).
  const purged = await admin().rpc("purge_expired_trash");
  expect(purged.error).toBeNull();
  const { data } = await admin().from("notes").select("title").in("id", [old, recent]);
  expect(data).toEqual([{ title: "Still here" }]);
  await page.reload();
  await expect(page.getByText("Still here")).toBeVisible();
  await expect(page.getByText("Long gone")).toHaveCount(0);
  await context.close();
});
