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

test("on a phone the pages the navigation opens lead back to all notes", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(person, "Trip to Lisbon", "pack the tent #travel");
  const context = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const list = page.getByRole("list", { name: "All notes" });
  const back = page.getByRole("link", { name: "All notes", exact: true });

  // Trash and Shared with me, as a person gets there: from the navigation the list opens.
  for (const name of ["Trash", "Shared with me"]) {
    await page.goto("/notes");
    await expect(list).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Show folders" }).click();
    await page.getByRole("dialog").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // One pane at a time: the list is out of sight, and the way back is on the page.
    await expect(list).toBeHidden();
    await expect(back).toBeInViewport();
    await back.click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect(list.getByText("Trip to Lisbon")).toBeVisible();
  }

  // A tag's page, by keyboard.
  await page.goto("/notes/tags/travel");
  await expect(page.getByRole("heading", { level: 1, name: "Tag travel" })).toBeVisible();
  await back.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/notes$/);
  await expect(list.getByText("Trip to Lisbon")).toBeVisible();

  // Wide enough for the list beside the page, there is nothing to go back to.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/notes/trash");
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await expect(list.getByText("Trip to Lisbon")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Folders and tags" })).toBeVisible();
  await expect(back.filter({ visible: true })).toHaveCount(1); // the navigation's own
  await context.close();
});
