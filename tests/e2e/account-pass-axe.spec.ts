import { expect, test } from "./support/test";

import { setThemeCookie } from "./helpers";
import { seriousViolations } from "./support/axe";
import { createUser } from "./support/auth";
import { deviceOf } from "./support/notes";

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
