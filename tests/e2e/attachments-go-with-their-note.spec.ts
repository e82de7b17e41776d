import { expect, test } from "@playwright/test";

import { FACE_PNG } from "./support/attachments";
import { admin } from "./support/auth";
import { deviceOf, newPerson, seedNote } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

async function filesOf(ownerId: string, noteId: string): Promise<string[]> {
  const { data } = await admin().storage.from("attachments").list(`${ownerId}/${noteId}`);
  return (data ?? []).map((f) => f.name);
}

test("deleting a note forever removes its files, and only its files", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const gone = await seedNote(person, "Old receipts");
  const kept = await seedNote(person, "Current receipts");
  for (const [note, name] of [
    [gone, "0a0a0a0a0a0a-march.png"],
    [gone, "0b0b0b0b0b0b-april.pdf"],
    [kept, "0c0c0c0c0c0c-may.png"],
  ]) {
    const { error } = await admin()
      .storage.from("attachments")
      .upload(`${person.id}/${note}/${name}`, FACE_PNG, { contentType: "image/png" });
    if (error) throw error;
  }
  await admin().from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", gone);

  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await page.goto("/notes/trash");
  await page.getByRole("button", { name: "Delete Old receipts forever" }).click();
  // Storage is asked to list and remove the files before the note goes: allow it the time.
  await expect(page.getByText("Trash is empty.")).toBeVisible({ timeout: 20_000 });
  expect(await filesOf(person.id, gone)).toEqual([]);
  expect(await filesOf(person.id, kept)).toEqual(["0c0c0c0c0c0c-may.png"]);
});
