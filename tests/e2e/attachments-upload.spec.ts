import { expect, test } from "./support/test";

import {
  expectUploaded,
  FACE_PNG,
  progressSeen,
  sendFiles,
  watchProgress,
} from "./support/attachments";
import { seriousViolations } from "./support/axe";
import { admin } from "./support/auth";
import { deviceOf, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

// Uploads of several megabytes next to a production server on a busy machine: allow them time.
test.describe.configure({ timeout: 120_000 });

const MB = 1024 * 1024;

async function storedNames(ownerId: string, noteId: string): Promise<string[]> {
  const { data } = await admin().storage.from("attachments").list(`${ownerId}/${noteId}`);
  return (data ?? []).map((f) => f.name);
}

test("files dropped and pasted into a note upload with moving progress, then show in place", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Trip photos", "The plan");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await expectSaved(page);
  // The limits stay out of the way until a file is refused (the refusal says them).
  await expect(page.getByText(/Up to 50 MB each/)).toHaveCount(0);
  await watchProgress(page);

  // Two files at once, one of them over two chunks, so the bar has somewhere to be in between.
  await sendFiles(page, "drop", [
    { name: "itinerary.pdf", type: "application/pdf", size: 13 * MB },
    { name: "packing.txt", type: "text/plain", size: 2000 },
  ]);
  await expectUploaded(page, "itinerary.pdf");
  await expectUploaded(page, "packing.txt");
  const values = await progressSeen(page, "itinerary.pdf");
  expect(values.some((v) => v > 0 && v < 100)).toBe(true);
  expect(values.at(-1)).toBe(100);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  const chip = page.locator('[data-attachment-view="file"]', { hasText: "itinerary.pdf" });
  await expect(chip).toContainText("13 MB");

  await sendFiles(page, "paste", [
    { name: "image.png", type: "image/png", base64: FACE_PNG.toString("base64") },
  ]);
  await expectUploaded(page, "image.png");
  const image = page.locator('[data-attachment-view="image"] img');
  await expect(image).toBeVisible();
  // Shown through a resized rendition; a click opens the original.
  await expect(image).toHaveAttribute("src", /\/storage\/v1\/render\/image\/sign\/attachments\//);
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('[data-attachment-view="image"] a')).toHaveAttribute(
    "href",
    /\/storage\/v1\/object\/sign\/attachments\//,
  );

  await expectSaved(page);
  const stored = await storedNames(person.id, id);
  expect(stored).toHaveLength(3);
  expect(stored.some((n) => n.endsWith("-itinerary.pdf"))).toBe(true);

  // Reopened, the note still holds all three, from what was saved.
  await page.reload();
  await expect(page.locator("[data-attachment-view]")).toHaveCount(3, { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test("a file from the picker downloads under its original name", async ({ browser, baseURL }) => {
  const person = await newPerson();
  const id = await seedNote(person, "Reports");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await page.getByLabel("Files to attach").setInputFiles({
    name: "Q3 report – final (v2).pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 quarterly numbers"),
  });
  // The chip in the note; the list's preview of the note names the file too, now that the server
  // writes the note's text as soon as the attachment is stored.
  const chip = page
    .locator("[data-attachment-view='file']")
    .getByRole("link", { name: /Q3 report – final \(v2\)\.pdf/ });
  await expect(chip).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), chip.click()]);
  expect(download.suggestedFilename()).toBe("Q3 report – final (v2).pdf");
});

test("a file too large or of the wrong type is refused before upload, in words", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Refusals");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);
  await expectSaved(page);
  await sendFiles(page, "drop", [
    { name: "huge.mp4", type: "video/mp4", size: 50 * MB + 1 },
    { name: "page.html", type: "text/html", size: 100 },
  ]);
  const alerts = page.getByRole("region", { name: "Attachments" }).getByRole("alert");
  await expect(
    alerts.filter({ hasText: "“huge.mp4” is too large (50 MB): a file can be at most 50 MB." }),
  ).toBeVisible();
  await expect(
    alerts.filter({ hasText: "“page.html” is a type of file that can’t be attached." }),
  ).toBeVisible();
  await alerts.first().getByRole("button", { name: "Dismiss" }).click();
  await expect(alerts).toHaveCount(1);
  expect(await storedNames(person.id, id)).toEqual([]);
});

test("a large upload cut off by going offline resumes where it stopped", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Video");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  await expectSaved(page);

  const patches: number[] = [];
  const creations: string[] = [];
  let cut = false;
  await context.route("**/storage/v1/upload/resumable**", async (route) => {
    const request = route.request();
    if (request.method() === "POST") creations.push(request.url());
    if (request.method() !== "PATCH") return route.continue();
    const offset = Number(request.headers()["upload-offset"]);
    patches.push(offset);
    // The second chunk never arrives: the network goes away under it.
    if (offset > 0 && !cut) {
      cut = true;
      await context.setOffline(true);
      return route.abort("internetdisconnected");
    }
    return route.continue();
  });

  await sendFiles(page, "drop", [{ name: "talk.mp4", type: "video/mp4", size: 20 * MB }]);
  const row = page.locator('[data-upload-state="waiting"]');
  await expect(row).toContainText("Offline — the upload continues from here", { timeout: 30_000 });
  const bar = page.getByRole("progressbar", { name: "Uploading talk.mp4" });
  const before = Number(await bar.getAttribute("aria-valuenow"));
  expect(before).toBeGreaterThan(0);

  await context.setOffline(false);
  await expectUploaded(page, "talk.mp4");
  // One upload, continued: no second creation, and nothing sent again from the start.
  expect(creations).toHaveLength(1);
  expect(patches.filter((offset) => offset === 0)).toHaveLength(1);
  expect(patches.at(-1)).toBeGreaterThan(6 * MB);
  await expect(
    page.locator('[data-attachment-view="file"]', { hasText: "talk.mp4" }),
  ).toBeVisible();
  const { data } = await admin().storage.from("attachments").list(`${person.id}/${id}`);
  expect(data?.[0]?.metadata?.size).toBe(20 * MB);
});

test("after a reload, the same file added again continues its upload instead of starting over", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Recording");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await openNote(page, id);
  await expectSaved(page);

  const creations: string[] = [];
  const patches: number[] = [];
  let blocking = true;
  await context.route("**/storage/v1/upload/resumable**", async (route) => {
    const request = route.request();
    if (request.method() === "POST") creations.push(request.url());
    if (request.method() !== "PATCH") return route.continue();
    const offset = Number(request.headers()["upload-offset"]);
    patches.push(offset);
    // Past the first chunk nothing gets through until the page has been reloaded.
    if (offset > 0 && blocking) return route.abort("connectionreset");
    return route.continue();
  });

  const file = {
    name: "interview.mp4",
    type: "video/mp4",
    size: 14 * MB,
    lastModified: 1_700_000_000_000,
  };
  await sendFiles(page, "drop", [file]);
  await expect.poll(() => patches.some((offset) => offset > 0), { timeout: 30_000 }).toBe(true);
  await page.reload();
  blocking = false;
  await expect(page.getByText("The upload of “interview.mp4” stopped before the end.")).toBeVisible(
    {
      timeout: 15_000,
    },
  );

  const sentBefore = patches.length;
  await sendFiles(page, "drop", [file]);
  await expectUploaded(page, "interview.mp4");
  expect(creations).toHaveLength(1);
  const resumed = patches.slice(sentBefore);
  expect(resumed.length).toBeGreaterThan(0);
  expect(resumed.every((offset) => offset >= 6 * MB)).toBe(true);
  await expect(page.getByText(/stopped before the end/)).toHaveCount(0);
  await expect(
    page.locator('[data-attachment-view="file"]', { hasText: "interview.mp4" }),
  ).toBeVisible();
});
