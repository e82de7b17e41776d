import { expect, test } from "./support/test";

test("an unknown route answers 404 with the designed not-found page", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);

  await expect(page.getByRole("heading", { level: 1, name: "This page isn't here" })).toBeVisible();
  // Still inside the site: header navigation and a way back.
  await expect(page.getByRole("banner")).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your notes");
});
