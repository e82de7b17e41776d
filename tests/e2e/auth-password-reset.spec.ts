import { expect, test } from "./support/test";

import {
  createUser,
  expectSignedIn,
  linkIn,
  signInWithPassword,
  userMenuButton,
  waitForMail,
} from "./support/auth";

test("forgot password: the mail's link leads to a new password and you are signed in with it", async ({
  page,
  request,
}) => {
  const user = await createUser();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `If ${user.email} has an account`,
  );
  await expect(page.getByRole("button", { name: /Send again in \d+ s/ })).toBeDisabled();

  const mail = await waitForMail(request, user.email, { subject: /reset/i });
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

  const newPassword = "a-brand-new-password-42";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);

  await userMenuButton(page, user.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInWithPassword(page, user.email, newPassword);
  await expectSignedIn(page, user.email);
});

test("an expired or reused reset link explains itself", async ({ page }) => {
  await page.goto("/update-password");
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await page.goto(
    "/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
  );
  await expect(page).toHaveURL(/\/auth\/error\?code=otp_expired/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That link or code has expired or was already used. Ask for a new one.",
  );
});
