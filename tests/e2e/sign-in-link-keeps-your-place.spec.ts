import { expect, test } from "@playwright/test";

test("the header's sign-in link returns you to the page you were on", async ({ page }) => {
  await page.goto("/docs/sharing?from=newsletter");
  const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  await expect(signIn).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent("/docs/sharing?from=newsletter")}`,
  );
});
