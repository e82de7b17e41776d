import { expect, test } from "./support/test";

import {
  codeIn,
  createUser,
  expectSignedIn,
  linkIn,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  waitForMail,
} from "./support/auth";

test("signing up sends a confirmation mail whose link signs you in", async ({ page, request }) => {
  const email = uniqueEmail("signup");
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(request, email, { subject: /confirm/i });
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, email);
});

test("the 6-digit code from the confirmation mail signs you in too", async ({ page, request }) => {
  const email = uniqueEmail("signup-code");
  await page.goto("/sign-up?next=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  const mail = await waitForMail(request, email, { subject: /confirm/i });
  await page.getByLabel("6-digit code").fill(codeIn(mail));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expectSignedIn(page, email);
});

test("a weak password is explained before anything is sent", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(uniqueEmail("weak"));
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 12 characters.")).toBeVisible();
});

test("signing in with a password goes to next; a wrong one says so", async ({ page }) => {
  const user = await createUser();
  await signInWithPassword(page, user.email, "not-the-password", "/account");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That email and password don't match an account.",
  );

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);
});

test("an unconfirmed account is told to confirm and can get the mail again", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("unconfirmed");
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const first = await waitForMail(request, email, { subject: /confirm/i });

  await signInWithPassword(page, email);
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Please confirm your email address first",
  );
  await page.getByRole("button", { name: "Send the confirmation mail again" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const second = await waitForMail(request, email, {
    subject: /confirm/i,
    since: Date.parse(first.createdAt) + 1,
  });
  expect(second.id).not.toBe(first.id);
});
