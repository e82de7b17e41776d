import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { setThemeCookie } from "./helpers";
import { createUser } from "./support/auth";
import { deviceOf } from "./support/notes";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

for (const theme of ["light", "dark"] as const) {
  test(`account screens pass axe, ${theme}`, async ({ browser, baseURL }) => {
    const person = await createUser();
    const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
    await setThemeCookie(context, baseURL, theme);
    const page = await context.newPage();
    for (const path of ["/account/profile", "/account", "/account/data"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
    expect(await seriousViolations(page), "delete dialog").toEqual([]);
    await context.close();
  });
}
