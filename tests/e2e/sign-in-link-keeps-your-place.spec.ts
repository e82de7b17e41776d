import { expect, test } from "./support/test";

test("the header's sign-in link returns you to the page you were on", async ({ page }) => {
  await page.goto("/docs/sharing?from=newsletter");
  const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  await expect(signIn).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent("/docs/sharing?from=newsletter")}`,
  );
});

test("after moving within the site, the link leads back to where you are now", async ({ page }) => {
  await page.goto("/docs/sharing?from=newsletter");
  const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  await expect(signIn).toHaveAttribute("href", /\?next=/);

  // A client-side move to another page: the link follows the router at once.
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(signIn).toHaveAttribute("href", `/sign-in?next=${encodeURIComponent("/about")}`);

  // Only the query changed (as a search box does): pointing at the link picks it up.
  await page.evaluate(() => history.replaceState(history.state, "", "/about?tab=team"));
  await signIn.hover();
  await expect(signIn).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent("/about?tab=team")}`,
  );
});
