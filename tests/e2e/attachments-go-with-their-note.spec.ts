import { expect, test } from "./support/test";

import { FACE_PNG } from "./support/attachments";
import { admin } from "./support/auth";
import { deviceOf, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

async function filesOf(ownerId: string, noteId: string): Promise<string[]> {
  const { data } = await admin().storage.from("attachments").list(`${ownerId}/${noteId}`);
  return (data ?? []).map((f) => f.name);
}

/** Stores a small file under each note named, as the editor's upload would. */
async function attach(ownerId: string, files: [noteId: string, name: string][]) {
  for (const [note, name] of files) {
    const { error } = await admin()
      .storage.from("attachments")
      .upload(`${ownerId}/${note}/${name}`, FACE_PNG, { contentType: "image/png" });
    if (error) throw error;
  }
}

test("deleting a note forever removes its files, and only its files", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const gone = await seedNote(person, "Old receipts");
  const kept = await seedNote(person, "Current receipts");
  await attach(person.id, [
    [gone, "0a0a0a0a0a0a-march.png"],
    [gone, "0b0b0b0b0b0b-april.pdf"],
    [kept, "0c0c0c0c0c0c-may.png"],
  ]);
  await admin().from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", gone);

  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await page.goto("/notes/trash");
  await page.getByRole("button", { name: "Delete Old receipts forever" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete “Old receipts” forever?" })
    .getByRole("button", { name: "Delete forever" })
    .click();
  // Storage is asked to list and remove the files before the note goes: allow it the time.
  await expect(page.getByText("Trash is empty.")).toBeVisible({ timeout: 20_000 });
  expect(await filesOf(person.id, gone)).toEqual([]);
  expect(await filesOf(person.id, kept)).toEqual(["0c0c0c0c0c0c-may.png"]);
});

test("emptying Trash removes the files of every note in it, and only theirs", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [withFiles, without, kept] = [
    await seedNote(person, "Scans"),
    await seedNote(person, "Plain words"),
    await seedNote(person, "Keep these"),
  ];
  await attach(person.id, [
    [withFiles, "0d0d0d0d0d0d-scan.png"],
    [kept, "0e0e0e0e0e0e-keep.png"],
  ]);
  const trashed = await admin()
    .from("notes")
    .update({ deleted_at: new Date().toISOString() })
    .in("id", [withFiles, without]);
  expect(trashed.error).toBeNull();

  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await page.goto("/notes/trash");
  await page.getByRole("button", { name: "Empty Trash" }).click();
  await page
    .getByRole("alertdialog", { name: "Empty Trash?" })
    .getByRole("button", { name: "Empty Trash" })
    .click();
  await expect(page.getByText("Trash is empty.")).toBeVisible({ timeout: 20_000 });
  expect(await filesOf(person.id, withFiles)).toEqual([]);
  expect(await filesOf(person.id, kept)).toEqual(["0e0e0e0e0e0e-keep.png"]);
  const { data } = await admin().from("notes").select("id").in("id", [withFiles, without, kept]);
  expect(data).toEqual([{ id: kept }]);
});

test("a file removed from its note leaves storage once the note has gone a minute without it", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Drafts");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  // The browser's clock, so the minute's grace can pass at once.
  await page.clock.install();
  await openNote(page, id);
  await page.getByLabel("Files to attach").setInputFiles([
    { name: "keep.txt", mimeType: "text/plain", buffer: Buffer.from("keep me") },
    { name: "drop.txt", mimeType: "text/plain", buffer: Buffer.from("drop me") },
  ]);
  await expect(page.locator("[data-attachment-view]")).toHaveCount(2, { timeout: 30_000 });
  await expect.poll(() => filesOf(person.id, id)).toHaveLength(2);

  // Removed by keyboard: focus the chip's remove button and press it.
  await page.getByRole("button", { name: "Remove drop.txt" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-attachment-view]")).toHaveCount(1);
  await expectSaved(page);
  // Not at once: an undo or another device may still bring it back.
  expect(await filesOf(person.id, id)).toHaveLength(2);
  await page.clock.fastForward("00:50");
  await page.waitForTimeout(2_000);
  expect(await filesOf(person.id, id)).toHaveLength(2);
  await page.clock.fastForward("00:15");
  await expect
    .poll(async () => (await filesOf(person.id, id)).map((n) => n.replace(/^[0-9a-f]+-/, "")))
    .toEqual(["keep.txt"]);
});
