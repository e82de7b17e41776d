import { expect, test } from "./support/test";

import {
  addSessionCookies,
  createUser,
  expectSignedIn,
  PASSWORD,
  sessionCookies,
  signInWithPassword,
} from "./support/auth";

test("the header's sign-in dialog signs you in on the same page without a reload", async ({
  page,
}) => {
  const user = await createUser();
  await page.goto("/docs/sharing?from=newsletter");
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(dialog).toBeHidden();
  await expectSignedIn(page, user.email);
  await expect(page.getByText("You're signed in.")).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
    "/docs/sharing?from=newsletter",
  );
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
});

test("without JavaScript the sign-in control is a link back to the same page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/docs/sharing?from=newsletter");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent("/docs/sharing?from=newsletter")}`,
  );
  await context.close();
});

test("a deep link to a signed-in page returns there after signing in", async ({ page }) => {
  const user = await createUser();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
});

for (const next of [
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "javascript:alert(1)",
]) {
  test(`an open-redirect attempt (${next}) lands on the home page`, async ({ page, baseURL }) => {
    const user = await createUser();
    await signInWithPassword(page, user.email, PASSWORD, next);
    await expectSignedIn(page, user.email);
    await expect(page).toHaveURL(`${baseURL}/`);
  });
}

test("the first HTML of a signed-in request already names the user", async ({
  request,
  baseURL,
}) => {
  const user = await createUser();
  const { cookies } = await sessionCookies(user.email);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  const home = await request.get("/", { headers: { cookie } });
  expect(await home.text()).toContain(`Account menu for ${user.email}`);
  const account = await request.get("/account", { headers: { cookie }, maxRedirects: 0 });
  expect(account.status()).toBe(200);
  expect(await account.text()).toContain(user.email);

  const signedOut = await request.get(`${baseURL}/account`, {
    headers: { cookie: "" },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(307);
  expect(signedOut.headers()["location"]).toContain("/sign-in?next=%2Faccount");
});

test("a session too big for one cookie still works", async ({ page, baseURL }) => {
  const user = await createUser();
  const { admin } = await import("./support/auth");
  await admin().auth.admin.updateUserById(user.id, { user_metadata: { bio: "x".repeat(2500) } });
  const { cookies } = await sessionCookies(user.email);
  expect(cookies.length).toBeGreaterThan(1);
  await addSessionCookies(page.context(), baseURL!, cookies);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expectSignedIn(page, user.email);
});
