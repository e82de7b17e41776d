import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test";

import { createUser, PASSWORD, signInWithPassword } from "./support/auth";
import { atRest } from "./support/axe";

const signedOutPages = [
  "/sign-in",
  "/sign-in/email",
  "/sign-up",
  "/forgot-password",
  "/verify-otp?type=signup&email=someone%40example.com",
  "/update-password",
  "/auth/error?code=otp_expired",
];
const signedInPages = ["/", "/account", "/update-password", "/docs/sharing"];

/** With a modal open the rest of the page is hidden on purpose: scan just the modal then. */
async function expectNoViolations(page: Page, path: string, only?: string) {
  await atRest(page);
  const builder = new AxeBuilder({ page });
  if (only) builder.include(only);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test(`auth pages pass axe signed out (${theme})`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const path of signedOutPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoViolations(page, path);
    }
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
    await expectNoViolations(page, "sign-in dialog", "[role=dialog]");
  });

  test(`pages pass axe signed in (${theme})`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const user = await createUser();
    await signInWithPassword(page, user.email, PASSWORD, "/account");
    await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
    for (const path of signedInPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoViolations(page, path);
    }
    await page
      .getByRole("banner")
      .getByRole("button", { name: `Account menu for ${user.email}` })
      .click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page, "user menu", "[role=menu]");
  });
}
