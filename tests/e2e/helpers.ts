import { expect, type BrowserContext, type Page } from "@playwright/test";

import { isNavGroup, siteConfig } from "@/lib/site-config";

/** Every page a visitor can reach from the navigation, plus home. */
export const sitePages = [
  "/",
  ...siteConfig.mainNav.flatMap((item) =>
    isNavGroup(item) ? item.items.map((link) => link.href) : [item.href],
  ),
];

export async function setThemeCookie(
  context: BrowserContext,
  baseURL: string | undefined,
  theme: "light" | "dark" | "system",
) {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL ?? "http://127.0.0.1" }]);
}

/** Picks a theme with the header's theme switcher, the way a person would. */
export async function chooseTheme(page: Page, label: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: /^Theme:/ }).click();
  await page.getByRole("menuitemradio", { name: label }).click();
  await expect(page.getByRole("button", { name: `Theme: ${label}` })).toBeVisible();
}

export function htmlElement(page: Page) {
  return page.locator("html");
}
