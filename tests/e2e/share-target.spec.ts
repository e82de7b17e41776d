import { expect, test, type Page, type Route } from "./support/test";

import { FACE_PNG } from "./support/attachments";
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

type SharedFile = { name: string; type: string; base64?: string; size?: number };

/** What a share sheet sends the installed app: one multipart form of text and files. */
async function shareFilesInto(page: Page, text: string, files: SharedFile[]) {
  await page.evaluate(
    ({ text, files }) => {
      const form = document.createElement("form");
      form.method = "POST";
      form.action = "/share";
      form.enctype = "multipart/form-data";
      const field = document.createElement("input");
      field.name = "text";
      field.value = text;
      const input = document.createElement("input");
      input.type = "file";
      input.name = "files";
      input.multiple = true;
      const transfer = new DataTransfer();
      for (const f of files) {
        const bytes = f.base64
          ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
          : new Uint8Array(f.size ?? 0);
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      input.files = transfer.files;
      form.append(field, input);
      document.body.append(form);
      form.submit();
    },
    { text, files },
  );
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

test("the manifest offers Groundwork as a share target for text, links and files, and /share refuses what it cannot take", async ({
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
    enctype: "multipart/form-data",
    params: {
      title: "title",
      text: "text",
      url: "url",
      files: [
        {
          name: "files",
          accept: expect.arrayContaining(["image/png", "image/jpeg", "application/pdf", ".md"]),
        },
      ],
    },
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

  // Without a service worker (a first visit), files reach the server, which cannot keep them for
  // the page: it says so, with a 4xx, rather than make a note without them.
  const withFile = await request.post("/share", {
    multipart: {
      text: "Seed list",
      files: { name: "seeds.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") },
    },
    maxRedirects: 0,
  });
  expect(withFile.status()).toBe(422);
  expect(await withFile.text()).toContain("Files can be shared into Groundwork only once the app");
  const bigFile = await request.post("/share", {
    multipart: {
      files: {
        name: "film.mp4",
        mimeType: "video/mp4",
        buffer: Buffer.alloc(6 * 1024 * 1024),
      },
    },
    maxRedirects: 0,
  });
  expect(bigFile.status()).toBe(413);
  expect(await bigFile.text()).toContain("Files can be shared into Groundwork only once the app");
  // A multipart share of text alone (an empty file input) is taken as text: signed out, it is
  // kept through signing in.
  const textOnly = await request.post("/share", {
    headers: { "content-type": "multipart/form-data; boundary=b" },
    data: [
      "--b",
      'Content-Disposition: form-data; name="text"',
      "",
      "Only words",
      "--b",
      'Content-Disposition: form-data; name="files"; filename=""',
      "Content-Type: application/octet-stream",
      "",
      "",
      "--b--",
      "",
    ].join("\r\n"),
    maxRedirects: 0,
  });
  expect(textOnly.status()).toBe(200);
  expect(await textOnly.text()).toContain("Sign in to make a note of what you shared");
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

test.describe("with the app installed", () => {
  test.use({ serviceWorkers: "allow" });

  test("files shared into Groundwork become the new note's attachments with the right bytes, offline too once back online; a file too large is refused in words", async ({
    browser,
    baseURL,
  }) => {
    const person = await newPerson();
    const context = await deviceOf(browser, baseURL!, person);
    const page = await context.newPage();
    await page.goto("/notes");
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
        timeout: 60_000,
      })
      .toMatch(/\/sw\.js$/);

    // Text and links alone, as a share sheet now sends them (multipart, no file), go to the server.
    await shareFilesInto(page, "Mulch before the frost", []);
    await page.waitForURL(NOTE_URL);
    await expect(editor(page)).toContainText("Mulch before the frost", { timeout: 15_000 });
    const textNote = NOTE_URL.exec(page.url())![1];

    const pdf = Buffer.from("%PDF-1.4\nplanting plan, bed by bed\n%%EOF\n");
    const answer = page.waitForResponse(
      (r) => r.url().endsWith("/share") && r.request().method() === "POST",
    );
    await shareFilesInto(page, "Seedlings for the south bed", [
      { name: "seedlings.png", type: "image/png", base64: FACE_PNG.toString("base64") },
      { name: "Planting plan.pdf", type: "application/pdf", base64: pdf.toString("base64") },
      { name: "walkthrough.mp4", type: "video/mp4", size: 50 * 1024 * 1024 + 1 },
    ]);
    // The worker answers the share itself, with the app's headers, and sends the page on.
    const kept = await answer;
    expect(kept.status()).toBe(303);
    expect(kept.headers()["location"]).toMatch(/^\/notes\?action=share&shared=[0-9a-f-]{36}$/);
    expect(kept.headers()["x-frame-options"]).toBe("DENY");
    expect(kept.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

    await expect(
      page.getByText("“walkthrough.mp4” is too large (50 MB): a file can be at most 50 MB."),
    ).toBeVisible({ timeout: 20_000 });
    await page.waitForURL(NOTE_URL, { timeout: 20_000 });
    const id = NOTE_URL.exec(page.url())![1];
    expect(id).not.toBe(textNote);
    await expect(editor(page)).toContainText("Seedlings for the south bed", { timeout: 15_000 });
    const image = page.locator('[data-attachment-view="image"]');
    const chip = page.locator('[data-attachment-view="file"]');
    await expect(image).toHaveCount(1, { timeout: 30_000 });
    await expect(chip).toContainText("Planting plan.pdf");
    await expect(page.locator("[data-attachment-view]")).toHaveCount(2);

    // Each downloads as it was shared, byte for byte (once its link has its address).
    const imageLink = image.locator("a");
    const pdfLink = chip.getByRole("link", { name: /Planting plan\.pdf/ });
    await expect(imageLink).toHaveAttribute("href", /\S/);
    await expect(pdfLink).toHaveAttribute("href", /\S/);
    const imageHref = await imageLink.getAttribute("href");
    const pdfHref = await pdfLink.getAttribute("href");
    expect(Buffer.from(await (await page.request.get(imageHref!)).body())).toEqual(FACE_PNG);
    expect(Buffer.from(await (await page.request.get(pdfHref!)).body())).toEqual(pdf);

    // The note holds both once saved; nothing else was made, and the device keeps no copy.
    await expect
      .poll(async () => (await notesOf(person)).find((n) => n.id === id)?.body ?? "", {
        timeout: 15_000,
      })
      .toMatch(
        /^(?=[\s\S]*!\[seedlings\.png\]\(attachment:)(?=[\s\S]*\[Planting plan\.pdf\]\(attachment:)/,
      );
    expect(await notesOf(person)).toHaveLength(2);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const names = (await indexedDB.databases()).map((d) => d.name ?? "");
          const counts = await Promise.all(
            names
              .filter((n) => n === "groundwork:shared" || n.endsWith(":shared-files"))
              .map(
                (name) =>
                  new Promise<number>((resolve) => {
                    const open = indexedDB.open(name);
                    open.onsuccess = () => {
                      const db = open.result;
                      const store = db.objectStoreNames[0];
                      const count = db.transaction(store).objectStore(store).count();
                      count.onsuccess = () => {
                        db.close();
                        resolve(count.result);
                      };
                    };
                  }),
              ),
          );
          return counts.reduce((a, b) => a + b, 0);
        }),
      )
      .toBe(0);

    // Offline, the share waits on the device, the shell says so, and the note is made (and its
    // file uploaded) once the network is back.
    await context.setOffline(true);
    await shareFilesInto(page, "Compost ratios", [
      { name: "ratios.txt", type: "text/plain", base64: Buffer.from("3:1").toString("base64") },
    ]);
    await expect(page.getByText("What you shared is kept on this device.")).toBeVisible({
      timeout: 15_000,
    });
    await context.setOffline(false);
    await expect(editor(page)).toContainText("Compost ratios", { timeout: 20_000 });
    await expect(page.locator('[data-attachment-view="file"]')).toContainText("ratios.txt", {
      timeout: 30_000,
    });
    expect(await notesOf(person)).toHaveLength(3);
    await context.close();
  });

  test("files shared signed out are kept through signing in and become the note's attachment; a claim that failed in a closed tab is made a note at the next start", async ({
    browser,
    baseURL,
  }) => {
    const person = await newPerson();
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
        timeout: 60_000,
      })
      .toMatch(/\/sw\.js$/);

    // Signed out: the share waits on the device through signing in.
    const list = Buffer.from("beans, squash, marigolds");
    await shareFilesInto(page, "Seed swap on Saturday", [
      { name: "swap list.txt", type: "text/plain", base64: list.toString("base64") },
    ]);
    await page.waitForURL(/\/sign-in\?next=/, { timeout: 20_000 });
    const submit = page.getByRole("main").getByRole("button", { name: "Sign in", exact: true });
    await expect(submit).toBeEnabled();
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await submit.click();
    await page.waitForURL(NOTE_URL, { timeout: 20_000 });
    await expect(editor(page)).toContainText("Seed swap on Saturday", { timeout: 15_000 });
    const chip = page.locator('[data-attachment-view="file"]');
    await expect(chip).toContainText("swap list.txt", { timeout: 30_000 });
    const href = await chip.getByRole("link", { name: /swap list\.txt/ }).getAttribute("href");
    expect(Buffer.from(await (await page.request.get(href!)).body())).toEqual(list);
    await expect
      .poll(async () => (await notesOf(person)).map((n) => n.title))
      .toEqual(["Seed swap on Saturday"]);

    // A share whose note cannot be made (the server out of reach), its tab then closed...
    const refuse = (route: Route) =>
      route.request().method() === "POST" && route.request().headers()["next-action"]
        ? route.abort()
        : route.fallback();
    await context.route("**/notes?*", refuse);
    await shareFilesInto(page, "Cold frame", [
      { name: "frame.txt", type: "text/plain", base64: Buffer.from("glass").toString("base64") },
    ]);
    await expect(
      page.getByText("The note could not be made of what you shared.", { exact: false }),
    ).toBeVisible({ timeout: 20_000 });
    await page.close();
    await context.unroute("**/notes?*", refuse);

    // ...is made a note, once, the next time the app starts.
    const next = await context.newPage();
    await next.goto("/notes");
    await next.waitForURL(NOTE_URL, { timeout: 20_000 });
    await expect(editor(next)).toContainText("Cold frame", { timeout: 15_000 });
    await expect(next.locator('[data-attachment-view="file"]')).toContainText("frame.txt", {
      timeout: 30_000,
    });
    await next.goto("/notes");
    await expect(
      next.getByRole("list", { name: "All notes" }).getByRole("link", { name: /Cold frame/ }),
    ).toBeVisible();
    expect((await notesOf(person)).map((n) => n.title).sort()).toEqual([
      "Cold frame",
      "Seed swap on Saturday",
    ]);
    await context.close();
  });
});
