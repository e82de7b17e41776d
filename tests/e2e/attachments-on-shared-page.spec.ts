import { expect, test } from "./support/test";

import { FACE_PNG } from "./support/attachments";
import { seriousViolations } from "./support/axe";
import { admin } from "./support/auth";
import { newPerson, seedNote, type Person } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

/** Stores a file in a note's folder as an upload would, and returns its path. */
async function stored(person: Person, noteId: string, name: string, body: Buffer, type: string) {
  const path = `${person.id}/${noteId}/0a1b2c3d4e5f-${name}`;
  const { error } = await admin()
    .storage.from("attachments")
    .upload(path, body, { contentType: type });
  if (error) throw error;
  return path;
}

test("a shared note shows its own attachments to a signed-out reader, and nobody else's", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const other = await seedNote(person, "Private note");
  const secret = await stored(
    person,
    other,
    "secret.pdf",
    Buffer.from("%PDF secret"),
    "application/pdf",
  );
  const id = await seedNote(person, "Field trip");
  const photo = await stored(person, id, "face.png", FACE_PNG, "image/png");
  const pdf = await stored(person, id, "plan.pdf", Buffer.from("%PDF plan"), "application/pdf");
  const body = [
    "Our day out.",
    `![The group](attachment:${photo})`,
    `[Day plan.pdf](attachment:${pdf})`,
    `[Not this one](attachment:${secret})`,
  ].join("\n\n");
  await admin().from("notes").update({ body }).eq("id", id);
  const { data: slug } = await admin().rpc("share_note", { note_id: id });

  const reader = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await reader.newPage();
  expect((await page.goto(`/n/${slug as string}`))?.status()).toBe(200);
  const image = page.getByRole("img", { name: "The group" });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute(
    "src",
    /\/render\/image\/sign\/attachments\/.+face\.png\?token=/,
  );
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const original = await page.locator('[data-attachment="image"]').getAttribute("href");
  expect((await page.request.get(original!)).status()).toBe(200);

  const file = page.getByRole("link", { name: /Day plan\.pdf/ });
  const href = await file.getAttribute("href");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain("Day%20plan.pdf");
  expect(await res.text()).toBe("%PDF plan");

  // Another note's file named in the body gets no link at all: its name, nothing to fetch.
  await expect(page.locator("[data-attachment-missing]")).toHaveText("Not this one");
  expect(await page.content()).not.toContain("secret.pdf?token");
});

test("a file the owner adds shows up for a reader without a reload; the page passes axe", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Growing album", "First words.");
  const { data: slug } = await admin().rpc("share_note", { note_id: id });
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/n/${slug as string}`);
  await expect(page.locator("article[data-live='on']")).toBeVisible({ timeout: 15_000 });

  const photo = await stored(person, id, "face.png", FACE_PNG, "image/png");
  await admin()
    .from("notes")
    .update({ body: `First words.\n\n![New photo](attachment:${photo})` })
    .eq("id", id);
  const image = page.getByRole("img", { name: "New photo" });
  await expect(image).toBeVisible({ timeout: 15_000 });
  await expect(image).toHaveAttribute("src", /\/render\/image\/sign\/attachments\//);
  expect(await seriousViolations(page)).toEqual([]);
});
