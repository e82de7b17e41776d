import { expect, test } from "@playwright/test";

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

test("a long list sends its newest notes first and shows older ones as you scroll to them", async ({
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

  // The first HTML carries the newest hundred, not the whole list.
  const html = await (await page.request.get("/notes")).text();
  expect(html).toContain("body-129-end");
  expect(html).toContain("body-30-end");
  expect(html).not.toContain("body-29-end");

  await page.goto("/notes");
  const items = page.getByRole("list", { name: "All notes" }).getByRole("listitem");
  await expect(items).toHaveCount(100);
  await expect(items.first()).toContainText("Note 129");
  const older = page.getByRole("button", { name: "Show older notes" });
  await older.scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(130);
  await expect(items.last()).toContainText("Note 0");
  await expect(older).toBeHidden();
  // Each note once, newest first.
  // A note's title is the first line of its link, after the pin.
  const titles = await items.locator("a > b > span").allTextContents();
  expect(titles).toEqual(rows.map((r) => r.title).reverse());
  await context.close();
});
