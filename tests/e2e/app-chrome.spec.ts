import { deviceOf, newPerson, seedNote } from "./support/notes";
import { expect, test } from "./support/test";

/**
 * A signed-in person's app pages have the app's own bar; the site's pages have the marketing
 * header and footer. Each page's HTML carries only its own (the other is neither sent nor
 * hydrated), and a soft navigation between the site and the app swaps them both ways.
 */
test("app pages carry the app bar and the site's pages the marketing header, both ways", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const note = await seedNote(person, "Bar and header", "Which one shows.");
  const context = await deviceOf(browser, baseURL!, person);

  // The markup as sent (the page data names both, for the soft navigations below).
  for (const path of ["/notes", `/notes/${note}`, "/account"]) {
    const html = await (await context.request.get(path)).text();
    expect(html, path).toContain("<header data-app-bar=");
    expect(html, path).not.toContain("<header data-site-header=");
    expect(html, path).not.toContain("<footer data-site-footer=");
  }
  for (const path of ["/features", "/about"]) {
    const html = await (await context.request.get(path)).text();
    expect(html, path).toContain("<header data-site-header=");
    expect(html, path).toContain("<footer data-site-footer=");
    expect(html, path).not.toContain("<header data-app-bar=");
  }

  const page = await context.newPage();
  const appBar = page.locator("[data-app-bar]");
  const siteHeader = page.locator("[data-site-header]");
  await page.goto("/features");
  await expect(siteHeader).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(appBar).toHaveCount(0);

  // Into the app, without a page load.
  await page.evaluate(() => ((window as unknown as { softNav: boolean }).softNav = true));
  await page.getByRole("banner").getByRole("link", { name: "Notes", exact: true }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(appBar).toBeVisible();
  await expect(appBar.getByRole("link", { name: "Groundwork" })).toHaveAttribute("href", "/notes");
  await expect(siteHeader).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // And back to the site, still without one.
  await page.goBack();
  await expect(page).toHaveURL(/\/features$/);
  await expect(siteHeader).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(appBar).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { softNav?: boolean }).softNav)).toBe(
    true,
  );
  await context.close();
});
