import { expect, test } from "./support/test";

test.describe("navigation on a narrow screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens the navigation and a link takes you there", async ({ page }) => {
    await page.goto("/");
    // The wide-screen menu is not shown; one button stands in for it.
    await expect(page.getByRole("button", { name: "Docs" })).toBeHidden();
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Sharing notes" })).toBeVisible();

    await nav.getByRole("link", { name: "Sharing notes" }).click();
    await expect(page).toHaveURL(/\/docs\/sharing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sharing notes" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    await menu.click();
    await expect(nav.getByRole("link", { name: "Sharing notes" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("works with the keyboard: Enter opens, Tab reaches links, Escape closes", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Tab");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Features" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.getByRole("heading", { level: 1, name: "Features" })).toBeVisible();
  });
});
