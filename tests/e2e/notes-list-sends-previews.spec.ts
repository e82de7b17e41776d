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
