import { createClient } from "@supabase/supabase-js";
import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { admin, BACKEND_URL, PUBLISHABLE_KEY } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

/** Shares a note as its owner would, through the database function; returns its page's path. */
async function sharedPath(noteId: string): Promise<string> {
  const { data, error } = await admin().rpc("share_note", { note_id: noteId });
  if (error) throw error;
  return `/n/${data as string}`;
}

async function shareThroughDialog(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "This note is public" })).toBeVisible();
  const link = await dialog.getByLabel("Public link").inputValue();
  expect(link).toMatch(/\/n\/[A-Za-z0-9_-]{22}$/);
  return new URL(link).pathname;
}

test("a shared note reads signed out with JavaScript off, and is never cached", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(
    person,
    "Camping checklist",
    "Bring a **tent** and [a map](https://example.org/map)",
  );
  const context = await deviceOf(browser, baseURL!, person, {
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await openNote(page, id);
  const path = await shareThroughDialog(page);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);

  const reader = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const readerPage = await reader.newPage();
  const response = await readerPage.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
  await expect(readerPage.getByRole("heading", { name: "Camping checklist" })).toBeVisible();
  await expect(readerPage.locator("article strong")).toHaveText("tent");
  await expect(readerPage.getByRole("link", { name: "a map" })).toHaveAttribute(
    "href",
    "https://example.org/map",
  );
  await expect(readerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(readerPage.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Camping checklist",
  );
  await expect(readerPage.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    /summary/,
  );
  const card = await readerPage.locator('meta[property="og:image"]').getAttribute("content");
  const image = await readerPage.request.get(card!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  await reader.close();
  await context.close();
});

test("a reader sees the owner's edits live, then 'no longer shared', then a 404", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Live notes", "first words");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  const path = await shareThroughDialog(page);
  await page.keyboard.press("Escape");

  const reader = await browser.newContext({ baseURL });
  const readerPage = await reader.newPage();
  await readerPage.goto(path);
  await expect(readerPage.getByText("first words")).toBeVisible();
  await expect(readerPage.locator('article[data-live="on"]')).toBeVisible({ timeout: 10_000 });

  // Only the database speaks on the note's topic: a visitor's words, on the private topic or a
  // public one of the same name, never reach the page.
  const visitor = createClient(BACKEND_URL, PUBLISHABLE_KEY, { auth: { persistSession: false } });
  for (const isPrivate of [true, false]) {
    const spoof = visitor.channel(`share:${path.slice(3)}`, { config: { private: isPrivate } });
    await new Promise<void>((resolve) => spoof.subscribe((s) => s === "SUBSCRIBED" && resolve()));
    await spoof.send({
      type: "broadcast",
      event: "update",
      payload: { title: "Fake", body: "spoofed" },
    });
    await spoof.send({ type: "broadcast", event: "revoked", payload: { revoked: true } });
    await visitor.removeChannel(spoof);
  }
  await readerPage.waitForTimeout(1500);
  await expect(readerPage.getByText("first words")).toBeVisible();
  await expect(readerPage.getByText("spoofed")).toHaveCount(0);
  await expect(readerPage.getByText("This note is no longer shared")).toHaveCount(0);

  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("added while you read");
  await expectSaved(page);
  await expect(readerPage.getByText("added while you read")).toBeVisible({ timeout: 20_000 });

  await page.getByRole("button", { name: "Shared" }).click();
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(
    readerPage.getByRole("heading", { name: "This note is no longer shared" }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(readerPage.getByText("added while you read")).toHaveCount(0);
  const again = await readerPage.goto(path);
  expect(again?.status()).toBe(404);
  await expect(
    readerPage.getByRole("heading", { name: "This shared note isn't here" }),
  ).toBeVisible();
  await reader.close();
  await context.close();
});

test("a wrong slug is the designed 404", async ({ page }) => {
  for (const path of ["/n/AAAAAAAAAAAAAAAAAAAAAA", "/n/not-a-slug", "/n/%3Cscript%3E"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "This shared note isn't here" })).toBeVisible();
  }
});

const XSS_CORPUS = [
  "<script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  "[click me](javascript:window.__xss='link')",
  "[encoded](JaVaScRiPt:window.__xss='case')",
  "![pic](javascript:window.__xss='img')",
  "<svg onload=\"window.__xss = 'svg'\"><script>window.__xss = 'svg-script'</script></svg>",
  "<a href=\"javascript:window.__xss='raw'\">raw link</a>",
  "<iframe src=\"javascript:window.__xss='frame'\"></iframe>",
  "<details open ontoggle=\"window.__xss = 'toggle'\">x</details>",
].join("\n\n");

test("an XSS corpus in a note is inert on the share page", async ({ page }) => {
  const person = await newPerson();
  const path = await sharedPath(
    await seedNote(person, "<b onmouseover=alert(1)>Title</b>", XSS_CORPUS),
  );
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(path);
  const article = page.locator("article");
  await expect(article).toContainText("click me");
  for (const link of await article.getByRole("link").all()) {
    await link.click({ noWaitAfter: true }).catch(() => {});
  }
  await article.hover();
  const found = await page.evaluate(() => {
    const root = document.querySelector("article")!;
    const handlers = [...root.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name),
    );
    const scriptish = root.querySelectorAll("script, iframe, svg, object, embed, details").length;
    const badUrls = [...root.querySelectorAll("[href], [src]")]
      .map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "")
      .filter((url) => /^\s*javascript:/i.test(url));
    return { xss: (window as { __xss?: string }).__xss ?? null, handlers, scriptish, badUrls };
  });
  expect(found).toEqual({ xss: null, handlers: [], scriptish: 0, badUrls: [] });
  expect(dialogs).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "<b onmouseover=alert(1)>Title</b>",
  );
});

for (const theme of ["light", "dark"] as const) {
  test(`the share page passes axe, ${theme}`, async ({ browser, baseURL }) => {
    const person = await newPerson();
    const path = await sharedPath(
      await seedNote(person, "Reading list", "## Books\n\n- one\n- two\n\n> a quote\n\n`code`"),
    );
    const context = await browser.newContext({ baseURL });
    await setThemeCookie(context, baseURL, theme);
    const page = await context.newPage();
    for (const p of [path, "/n/AAAAAAAAAAAAAAAAAAAAAA"]) {
      await page.goto(p);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), p).toEqual([]);
    }
    await context.close();
  });
}
