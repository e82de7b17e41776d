import { expect, test, type Page } from "@playwright/test";

import { admin } from "./support/auth";
import { deviceOf, editor, newPerson, type Person } from "./support/notes";

test.describe.configure({ timeout: 120_000 });

type Shared = { title?: string; text?: string; url?: string };

/**
 * What a share sheet does with the manifest's share target: a top-level form POST of title, text
 * and url to /share (application/x-www-form-urlencoded), sent from a page of this site.
 */
async function shareInto(page: Page, shared: Shared) {
  await page.evaluate((fields) => {
    const form = document.createElement("form");
    form.method = "POST";
    form.action = "/share";
    form.enctype = "application/x-www-form-urlencoded";
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value ?? "";
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, shared);
}

async function notesOf(person: Person) {
  const { data, error } = await admin()
    .from("notes")
    .select("id, title, body")
    .eq("owner_id", person.id)
    .is("deleted_at", null);
  if (error) throw error;
  return data as { id: string; title: string; body: string }[];
}

const NOTE_URL = /\/notes\/([0-9a-f-]{36})$/;

test("the manifest offers Groundwork as a share target for text and links, and /share refuses what is not a share", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    scope: string;
    share_target?: {
      action: string;
      method?: string;
      enctype?: string;
      params: { title?: string; text?: string; url?: string; files?: unknown };
    };
  };
  // W3C Web Share Target: a POST target names its enctype, its action is inside the app's
  // scope, and it takes at least one of title, text and url.
  expect(manifest.share_target).toEqual({
    action: "/share",
    method: "POST",
    enctype: "application/x-www-form-urlencoded",
    params: { title: "title", text: "text", url: "url" },
  });
  expect(manifest.share_target!.action.startsWith(manifest.scope)).toBe(true);

  // What is not a share is refused with a sentence, never a 5xx.
  const json = await request.post("/share", { data: { text: "x" }, maxRedirects: 0 });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("Share text and links as a form");
  const broken = await request.post("/share", {
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: "--x\r\nnot a part",
    maxRedirects: 0,
  });
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain("could not be read");
  const huge = await request.post("/share", {
    form: { text: "a".repeat(200_001) },
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(303);
  expect(huge.headers()["location"]).toMatch(/\/notes\?share-error=too-long$/);
});

test("sharing into Groundwork signed in makes one note and opens it, even after a reload; an empty share says so", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");

  await shareInto(page, {
    title: "Loam and why it matters",
    text: "Worth reading before spring #garden",
    url: "https://example.com/loam",
  });
  await page.waitForURL(NOTE_URL);
  const id = NOTE_URL.exec(page.url())![1];
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(
    editor(page).getByRole("heading", { name: "Loam and why it matters" }),
  ).toBeVisible();
  await expect(editor(page)).toContainText("Worth reading before spring #garden");
  await expect(editor(page).getByRole("link", { name: "https://example.com/loam" })).toBeVisible();
  // The server derived its text from the stored document: the list and search know it at once.
  let notes = await notesOf(person);
  expect(notes).toEqual([
    expect.objectContaining({
      id,
      title: "Loam and why it matters",
      body: expect.stringContaining("Worth reading before spring"),
    }),
  ]);

  await page.reload();
  await expect(editor(page)).toContainText("Worth reading before spring #garden");
  expect(page.url()).toMatch(NOTE_URL);
  notes = await notesOf(person);
  expect(notes).toHaveLength(1);

  // Searching finds it at once (opened as the installed app's Search shortcut does).
  await page.goto("/notes?action=search");
  await expect(page.getByRole("searchbox", { name: "Search notes" })).toBeFocused();
  await expect(page).toHaveURL(/\/notes$/);
  await page.getByRole("searchbox", { name: "Search notes" }).fill("spring");
  await expect(
    page.getByRole("list", { name: "Search results" }).getByText(/Loam and why it matters/),
  ).toBeVisible({ timeout: 10_000 });

  // Nothing shared: the person is told, and no note is made.
  await shareInto(page, { title: " ", text: "", url: "" });
  await expect(page.getByText(/Nothing was shared/)).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
  expect(await notesOf(person)).toHaveLength(1);
  await context.close();
});

test("sharing into Groundwork signed out keeps the share through signing in, then makes the note once", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/sign-in");

  await shareInto(page, { text: "Order seeds\nTomatoes, beans", url: "https://example.com/seeds" });
  await page.waitForURL(/\/sign-in\?next=/);
  // Nothing shared travels in the address.
  expect(page.url()).not.toContain("Tomatoes");
  const submit = page.getByRole("main").getByRole("button", { name: "Sign in", exact: true });
  await expect(submit).toBeEnabled();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await submit.click();

  await page.waitForURL(NOTE_URL, { timeout: 20_000 });
  await expect(editor(page)).toContainText("Tomatoes, beans", { timeout: 15_000 });
  await expect(editor(page).getByRole("link", { name: "https://example.com/seeds" })).toBeVisible();
  expect(await notesOf(person)).toEqual([expect.objectContaining({ title: "Order seeds" })]);

  await page.reload();
  await expect(editor(page)).toContainText("Tomatoes, beans");
  await page.goto("/notes");
  await expect(
    page.getByRole("list", { name: "All notes" }).getByRole("link", { name: /Order seeds/ }),
  ).toBeVisible();
  expect(await notesOf(person)).toHaveLength(1);
  await context.close();
});
