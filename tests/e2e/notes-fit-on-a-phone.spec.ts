import { expect, test } from "./support/test";

import { deviceOf, editor, newPerson, seedNote } from "./support/notes";

test.describe.configure({ timeout: 60_000 });

test("on a phone the open note's actions all fit on screen", async ({ browser, baseURL }) => {
  const person = await newPerson();
  const id = await seedNote(person, "Trip to Lisbon", "pack the tent");
  const context = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.goto(`/notes/${id}`);
  await expect(editor(page)).toContainText("pack the tent", { timeout: 15_000 });
  for (const name of ["All notes", "Share", "Pin", "Delete"]) {
    const target = page.getByRole(name === "All notes" ? "link" : "button", { name, exact: true });
    const box = (await target.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
    expect(box.height, `${name} stays on one line`).toBeLessThan(40);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
