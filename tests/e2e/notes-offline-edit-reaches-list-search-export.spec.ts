import { expect, test } from "./support/test";
import { createClient } from "@supabase/supabase-js";
import { strFromU8, unzipSync } from "fflate";

import { BACKEND_URL, PUBLISHABLE_KEY } from "./support/auth";
import {
  createNoteWithButton,
  cutOff,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  saveState,
  type Person,
} from "./support/notes";

test.describe.configure({ timeout: 90_000 });

/** The person's archive from the export-data function, as the "Export my data" button gets it. */
async function exportedNotes(person: Person): Promise<string[]> {
  const client = createClient(BACKEND_URL, PUBLISHABLE_KEY, { auth: { persistSession: false } });
  const { data, error } = await client.auth.signInWithPassword({
    email: person.email,
    password: person.password,
  });
  if (error) throw error;
  const res = await fetch(`${BACKEND_URL}/functions/v1/export-data`, {
    method: "POST",
    headers: { authorization: `Bearer ${data.session!.access_token}`, apikey: PUBLISHABLE_KEY },
  });
  expect(res.status).toBe(200);
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.keys(entries)
    .filter((name) => name.startsWith("notes/"))
    .map((name) => strFromU8(entries[name]!));
}

test("an edit made offline in a tab since closed reaches the list, search and export from a new tab, with no other device", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const device = await deviceOf(browser, baseURL!, person);
  const page = await device.newPage();
  await createNoteWithButton(page);
  await page.keyboard.type("Packing");
  await expectSaved(page);

  await cutOff(device, true);
  await page.keyboard.type(" for Lisbon");
  await page.keyboard.press("Enter");
  await page.keyboard.type("sunscreen and sandals");
  await expect(saveState(page)).toContainText("Offline — changes kept on this device");
  await expect(editor(page)).toContainText("sunscreen and sandals");
  // The edit is in this device's IndexedDB; give its write a moment, then close the tab.
  await page.waitForTimeout(1_000);
  await page.close();

  await cutOff(device, false);
  const later = await device.newPage();
  await later.goto("/notes");
  const list = later.getByRole("list", { name: "All notes" });
  await expect(list.getByRole("link", { name: /Packing for Lisbon/ })).toBeVisible({
    timeout: 10_000,
  });
  await expect(list.getByText("sunscreen and sandals")).toBeVisible();

  const search = later.getByRole("searchbox", { name: "Search notes" });
  await search.fill("sandals");
  await expect(
    later.getByRole("list", { name: "Search results" }).getByText(/Packing for Lisbon/),
  ).toBeVisible({ timeout: 10_000 });

  const [note] = await exportedNotes(person);
  expect(note).toContain("Packing for Lisbon");
  expect(note).toContain("sunscreen and sandals");
  await device.close();
});
