import { expect, test } from "./support/test";

import { codeIn, createUser, expectSignedIn, linkIn, PASSWORD, waitForMail } from "./support/auth";

test("a magic link from the mail signs you in and continues to next", async ({ page, request }) => {
  const user = await createUser();
  await page.goto("/sign-in?next=/account");
  await page.getByRole("link", { name: "Email me a sign-in link or code" }).click();
  await expect(page.getByRole("heading", { name: "Sign in by email" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Email me a link and code" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await waitForMail(request, user.email, { subject: /magic link/i });
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);
});

test("the 6-digit code signs you in; a wrong code says so", async ({ page, request }) => {
  const user = await createUser();
  await page.goto("/sign-in/email");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Email me a link and code" }).click();
  const mail = await waitForMail(request, user.email, { subject: /magic link/i });

  const real = codeIn(mail);
  await page.getByLabel("6-digit code").fill(real === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That link or code has expired or was already used. Ask for a new one.",
  );

  await page.getByLabel("6-digit code").fill(real);
  await page.getByRole("button", { name: "Continue" }).click();
  await expectSignedIn(page, user.email);
  await expect(page).toHaveURL(/\/$/);
});

test("resending waits out the cooldown, and a rate limit is a plain sentence", async ({ page }) => {
  const user = await createUser();
  await page.goto(`/verify-otp?type=email&email=${encodeURIComponent(user.email)}&wait=2`);
  const resend = page.getByRole("button", { name: /new mail/ });
  await expect(resend).toHaveText(/You can ask for a new mail in \d s/);
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText("Send me a new mail", { timeout: 5_000 });

  // The auth server's own answer when mails go out too fast.
  await page.route("**/auth/v1/otp*", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        code: 429,
        error_code: "over_email_send_rate_limit",
        msg: "For security purposes, you can only request this after 42 seconds.",
      }),
    }),
  );
  await resend.click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "We've just sent you an email. Please wait before asking for another one.",
  );
  await expect(resend).toHaveText(/You can ask for a new mail in 4[12] s/);
  await expect(resend).toBeDisabled();
});

test("when the auth server can't be reached, sign-in says so and works on retry", async ({
  page,
}) => {
  const user = await createUser();
  await page.goto("/sign-in");
  await page.route("**/auth/v1/token*", (route) => route.abort("connectionrefused"));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "We can't reach the server right now. Check your connection and try again.",
  );

  await page.unroute("**/auth/v1/token*");
  // Like any failed sign-in, the form keeps the email and asks for the password again.
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expectSignedIn(page, user.email);
});
