import { expect, test } from "./support/test";
import { TOTP } from "otpauth";

import {
  createUser,
  expectSignedIn,
  PASSWORD,
  signInWithPassword,
  userMenuButton,
} from "./support/auth";

function totpCode(secret: string, offsetSeconds = 0) {
  return new TOTP({ secret, digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

test("enroll an authenticator, then sign-in asks for its code before any signed-in page", async ({
  page,
}) => {
  const user = await createUser();
  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });

  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(
    page.getByRole("list", { name: "Authenticator apps" }).getByRole("listitem"),
  ).toHaveCount(1);

  await userMenuButton(page, user.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/verify-mfa\?next=%2Faccount$/);
  // At aal1 the signed-in page stays out of reach, even when asked for directly.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/verify-mfa\?next=%2Faccount$/);

  await page
    .getByLabel("Code from your authenticator app")
    .fill("000000" === totpCode(secret) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That code isn't right. Check your authenticator app and try again.",
  );
  await page.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);

  await page
    .getByRole("list", { name: "Authenticator apps" })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(page.getByText("Two-step verification is off.")).toBeVisible();
});
