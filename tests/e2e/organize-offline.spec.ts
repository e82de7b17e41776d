import { expect, test, type Page } from "@playwright/test";

import { admin } from "./support/auth";
import { deviceOf, editor, newPerson } from "./support/notes";

async function openPalette(page: Page) {
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return palette;
}

const field = (page: Page) => page.getByRole("combobox", { name: "Find a note or a command" });
const notes = (page: Page) => page.getByRole("group", { name: "Notes" }).getByRole("option");

test("offline, the palette finds the title of any note the device knows of, not only the newest", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const person = await newPerson();
  // One old note under 1,200 newer ones: more than one read of the list brings.
  const now = Date.now();
  const { data: old, error } = await admin()
    .from("notes")
    .insert({
      owner_id: person.id,
      title: "Lighthouse keeper's log",
      body: "the lamp",
      updated_at: new Date(now - 2 * 365 * 86_400_000).toISOString(),
    })
    .select("id")
    .single();
  if (error) throw error;
  for (let batch = 0; batch < 3; batch++) {
    const rows = Array.from({ length: 400 }, (_, i) => ({
      owner_id: person.id,
      title: `Weekly review ${batch * 400 + i}`,
      body: "",
      updated_at: new Date(now - (batch * 400 + i) * 60_000).toISOString(),
    }));
    const { error: seeded } = await admin().from("notes").insert(rows);
    if (seeded) throw seeded;
  }

  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  // Online, opening the palette brings every title onto the device; a fuzzy title the server's
  // words cannot find is answered from them.
  await openPalette(page);
  await field(page).fill("lghthse keeper");
  await expect(notes(page).filter({ hasText: "Lighthouse keeper's log" })).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.keyboard.press("Escape");

  // Kept across a reload, and searched with the network down.
  await page.reload();
  await expect(page.getByRole("button", { name: "New note" }).first()).toBeVisible();
  await context.setOffline(true);
  await openPalette(page);
  await field(page).fill("lghthse");
  await expect(page.getByRole("status")).toContainText("Searching titles on this device");
  await expect(notes(page).first()).toContainText("Lighthouse keeper's log");
  await field(page).fill("review 1199");
  await expect(notes(page).first()).toContainText("Weekly review 1199");
  await field(page).fill("lghthse");
  await expect(notes(page).first()).toContainText("Lighthouse keeper's log");

  // Chosen, it opens (it was never opened here, so its text comes once the network is back).
  await context.setOffline(false);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/notes/${old!.id}$`));
  await expect(editor(page)).toContainText("the lamp", { timeout: 15_000 });
  await context.close();
});
