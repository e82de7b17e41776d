import { expect, test } from "./support/test";

import { chooseTheme, htmlElement } from "./helpers";

test.describe("system theme", () => {
  test("is the default and follows a dark OS preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Theme: System" })).toBeVisible();
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);
  });

  test("follows a light OS preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(htmlElement(page)).toHaveClass(/\blight\b/);
    await expect(htmlElement(page)).not.toHaveClass(/\bdark\b/);
  });

  test("switches live when the OS preference changes", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await chooseTheme(page, "System");
    await expect(htmlElement(page)).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);
  });

  test("toasts follow the resolved theme", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await page.getByRole("button", { name: "Copy link to Groundwork" }).click();
    const toaster = page.locator("[data-sonner-toaster]");
    await expect(toaster).toHaveAttribute("data-sonner-theme", "dark");

    await page.emulateMedia({ colorScheme: "light" });
    await page.getByRole("button", { name: "Copy link to Groundwork" }).click();
    await expect(toaster).toHaveAttribute("data-sonner-theme", "light");
  });
});
