import { expect, test } from "./support/test";

import {
  admin,
  createUser,
  expectSignedIn,
  expectSignedOut,
  linkIn,
  PASSWORD,
  uniqueEmail,
  waitForMail,
} from "./support/auth";

test("the sign-up confirmation mail's link signs in a fresh browser and continues to next", async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail("confirm-elsewhere");
  await page.goto("/sign-up?next=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await waitForMail(request, email, { subject: /confirm/i });
  const link = new URL(linkIn(mail));
  expect(link.pathname).toBe("/auth/confirm");
  expect(link.searchParams.get("token_hash")).toBeTruthy();

  // A browser that has never seen this account, as when the mail is read on another device.
  const elsewhere = await browser.newContext();
  const elsewherePage = await elsewhere.newPage();
  await elsewherePage.goto(link.toString());
  await expect(elsewherePage).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(elsewherePage, email);
  await elsewhere.close();

  // The browser that asked is still signed out until it signs in itself.
  await page.goto("/");
  await expectSignedOut(page);
});

/**
 * Links built from `token_hash` (Supabase's templates for server-side auth) are verified by the
 * server, so they sign in whichever browser opens them; the hash here comes from the admin API.
 */
test("a token_hash link signs in a fresh browser and continues to next", async ({ page }) => {
  const user = await createUser();
  const { data, error } = await admin().auth.admin.generateLink({
    type: "magiclink",
    email: user.email,
  });
  if (error) throw error;

  await page.goto(
    `/auth/confirm?token_hash=${data.properties.hashed_token}&type=magiclink&next=${encodeURIComponent("/account")}`,
  );
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);

  // The same link a second time has been used up.
  const again = await page.context().browser()!.newContext();
  const second = await again.newPage();
  await second.goto(
    new URL(
      `/auth/confirm?token_hash=${data.properties.hashed_token}&type=magiclink`,
      page.url(),
    ).toString(),
  );
  await expect(second).toHaveURL(/\/auth\/error\?code=otp_expired/);
  await again.close();
});

test("a recovery token_hash link lands on the update-password page", async ({ page }) => {
  const user = await createUser();
  const { data, error } = await admin().auth.admin.generateLink({
    type: "recovery",
    email: user.email,
  });
  if (error) throw error;
  await page.goto(
    `/auth/confirm?token_hash=${data.properties.hashed_token}&type=recovery&next=//evil.example`,
  );
  await expect(page).toHaveURL(/\/update-password$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
});

test("a malformed confirm link explains itself", async ({ page }) => {
  await page.goto("/auth/confirm?type=magiclink");
  await expect(page).toHaveURL(/\/auth\/error\?code=invalid_link/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That link is incomplete or malformed. Ask for a new one.",
  );
});
