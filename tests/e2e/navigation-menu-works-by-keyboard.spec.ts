import { expect, test, type Locator, type Page } from "./support/test";

async function tabUntilFocused(page: Page, target: Locator, maxTabs = 15) {
  for (let i = 0; i < maxTabs; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("main navigation by keyboard alone", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Tab, Enter and arrow keys open the Docs submenu and follow a link", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const docs = nav.getByRole("button", { name: "Docs" });

    await tabUntilFocused(page, docs);
    await expect(docs).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Enter");
    await expect(docs).toHaveAttribute("aria-expanded", "true");
    const gettingStarted = nav.getByRole("link", { name: /^Getting started/ });
    const sharing = nav.getByRole("link", { name: /^Sharing notes/ });
    await expect(gettingStarted).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(gettingStarted).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(sharing).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/docs\/sharing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sharing notes" })).toBeVisible();
    await expect(docs).toHaveAttribute("aria-expanded", "false");
    await expect(docs).toHaveAttribute("data-active", "true");
  });

  test("Escape closes the submenu and returns focus to its trigger", async ({ page }) => {
    await page.goto("/");
    const docs = page.getByRole("navigation", { name: "Main" }).getByRole("button", {
      name: "Docs",
    });
    await tabUntilFocused(page, docs);
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(docs).toHaveAttribute("aria-expanded", "false");
    await expect(docs).toBeFocused();
  });

  test("Tab from an open trigger moves into its submenu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const docs = nav.getByRole("button", { name: "Docs" });
    await tabUntilFocused(page, docs);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: /^Getting started/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: /^Sharing notes/ })).toBeFocused();
  });

  test("arrow keys move between top-level items and Enter follows a link", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const features = nav.getByRole("link", { name: "Features" });
    await tabUntilFocused(page, features);

    await page.keyboard.press("ArrowRight");
    await expect(nav.getByRole("button", { name: "Docs" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    const about = nav.getByRole("link", { name: "About" });
    await expect(about).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await expect(about).toHaveAttribute("aria-current", "page");
    await expect(features).not.toHaveAttribute("aria-current", "page");
  });

  test("the skip link is the first stop and jumps to the content", async ({ page }) => {
    await page.goto("/features");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});
