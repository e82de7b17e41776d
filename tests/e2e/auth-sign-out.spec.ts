import { expect, test } from "./support/test";

import {
  createUser,
  expectSignedIn,
  expectSignedOut,
  PASSWORD,
  signInWithPassword,
  userMenuButton,
} from "./support/auth";

test("signing out from the user menu shows the signed-out header", async ({ page }) => {
  const user = await createUser();
  await signInWithPassword(page, user.email, PASSWORD, "/about");
  await expectSignedIn(page, user.email);

  await userMenuButton(page, user.email).click();
  await expect(page.getByRole("menu").getByText(user.email)).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expectSignedOut(page);
  await expect(page.getByText("You're signed out.")).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test("a second tab follows sign-out and leaves its signed-in page", async ({ context }) => {
  const user = await createUser();
  const first = await context.newPage();
  await signInWithPassword(first, user.email, PASSWORD, "/account");
  await expect(first).toHaveURL(/\/account$/, { timeout: 15_000 });

  const second = await context.newPage();
  await second.goto("/account");
  await expect(second.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();

  await first.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(first).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await expect(second).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await expectSignedOut(second);
});

test("signing out everywhere ends the session in another browser at its next refresh", async ({
  browser,
  page,
}) => {
  const user = await createUser();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.clock.install();
  await signInWithPassword(otherPage, user.email, PASSWORD, "/account");
  await expect(otherPage).toHaveURL(/\/account$/, { timeout: 15_000 });

  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The other browser's access token stays valid until it expires; its refresh then fails.
  await otherPage.clock.fastForward("02:10");
  await expect(otherPage).toHaveURL(/\/sign-in\?next=%2Faccount$/, { timeout: 15_000 });
  await other.close();
});

test("a session that comes back after signing out is dropped, in the open tabs and on the next page", async ({
  context,
}) => {
  const user = await createUser();
  const first = await context.newPage();
  await signInWithPassword(first, user.email, PASSWORD, "/account");
  await expect(first).toHaveURL(/\/account$/, { timeout: 15_000 });
  const second = await context.newPage();
  await second.goto("/about");
  await expectSignedIn(second, user.email);
  // The session's cookies as a response on its way at the sign-out would set them again.
  const session = (await context.cookies()).filter((cookie) => cookie.name.startsWith("sb-"));
  expect(session.length).toBeGreaterThan(0);
  const sessionCookies = async () =>
    (await context.cookies()).filter((cookie) => cookie.name.startsWith("sb-")).length;

  await first.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(first).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await expectSignedOut(second);
  expect(await sessionCookies()).toBe(0);

  // Just after the sign-out: the open tabs find the session back and drop it.
  await context.addCookies(session);
  await expect.poll(sessionCookies, { timeout: 15_000 }).toBe(0);
  await expectSignedOut(second);

  // Later: a page opened with it (its token still passes the server's check until it expires)
  // drops it and is sent to sign in.
  await context.addCookies(session);
  const third = await context.newPage();
  await third.goto("/account");
  await expect(third).toHaveURL(/\/sign-in\?next=%2Faccount$/, { timeout: 15_000 });
  await expectSignedOut(third);
  expect(await sessionCookies()).toBe(0);
});
