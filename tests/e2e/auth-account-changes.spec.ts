import { expect, test } from "./support/test";

import {
  createUser,
  expectSignedIn,
  linkIn,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  userMenuButton,
  waitForMail,
} from "./support/auth";

test("changing the password from the account page takes the current one; the old one stops working and the owner is told by mail", async ({
  page,
  request,
}) => {
  const user = await createUser();
  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });

  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Repeat the new password").fill("different");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Use at least 12 characters.")).toBeVisible();

  const newPassword = "another-fine-password-7";
  const fill = async (current: string) => {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
  };
  // A session alone (someone else at this screen) cannot change it.
  await fill("");
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await fill("not-my-password-1");
  await expect(page.getByText("That is not your current password.")).toBeVisible();

  const since = Date.now();
  await fill(PASSWORD);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Your password has been changed.",
  );
  const notice = await waitForMail(request, user.email, { subject: /password was changed/, since });
  expect(notice.subject).toBe("Your Groundwork password was changed");

  await userMenuButton(page, user.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await signInWithPassword(page, user.email, PASSWORD);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That email and password don't match an account.",
  );
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expectSignedIn(page, user.email);
});

test("changing the email takes a confirmation at both addresses, one opened in another browser", async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser();
  const newEmail = uniqueEmail("moved");
  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });

  await page.getByLabel("New email").fill(newEmail);
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `the one we sent to ${newEmail}`,
  );
  await expect(page.getByRole("button", { name: /You can ask again in \d+ s/ })).toBeDisabled();

  const toOld = await waitForMail(request, user.email, { subject: /email change/i });
  const toNew = await waitForMail(request, newEmail, { subject: /email change/i });

  // The old address's link, in the browser that asked for the change.
  await page.goto(linkIn(toOld));
  await expect(page.getByRole("main")).toContainText(
    "Now open the link we sent to your other email address",
  );

  // The new address's link, in a fresh browser that has never seen this account.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto(linkIn(toNew));
  // The link checks its token_hash on the server, so the fresh browser is signed in at once.
  await expect(freshPage).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(freshPage, newEmail);
  await fresh.close();

  await page.goto("/account");
  await page.reload();
  await expect(page.getByRole("main").getByText(`Signed in as ${newEmail}`)).toBeVisible({
    timeout: 10_000,
  });
});
