import { expect, test } from "./support/test";

import { chooseTheme, htmlElement, setThemeCookie } from "./helpers";

test.describe("theme choice", () => {
  test.use({ colorScheme: "light" });

  test("dark survives a reload and is in the server-rendered HTML", async ({ page }) => {
    await page.goto("/");
    await expect(htmlElement(page)).not.toHaveClass(/\bdark\b/);

    await chooseTheme(page, "Dark");
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();

    // The first byte of HTML already carries the class: nothing waits for a script.
    const response = await page.request.get("/about");
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\bclass="dark"/);
    expect(html).toMatch(/<html[^>]*color-scheme:\s*dark/);
  });

  test("light chosen in a dark OS survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);

    await chooseTheme(page, "Light");
    await expect(htmlElement(page)).toHaveClass(/\blight\b/);
    await page.reload();
    await expect(htmlElement(page)).toHaveClass(/\blight\b/);
    await expect(htmlElement(page)).not.toHaveClass(/\bdark\b/);

    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]*\bclass="light"/);
  });

  test("the first paint is already dark, even without JavaScript", async ({ browser, baseURL }) => {
    // Reference: what each theme looks like once scripts have run. One context per theme, so the
    // page's own cookie sync can never race a cookie the test sets.
    const backgroundWithJs = async (theme: "light" | "dark") => {
      const context = await browser.newContext({ colorScheme: "light" });
      await setThemeCookie(context, baseURL, theme);
      const jsPage = await context.newPage();
      await jsPage.goto("/");
      await expect(htmlElement(jsPage)).toHaveClass(new RegExp(`\\b${theme}\\b`));
      const background = await jsPage
        .locator("body")
        .evaluate((body) => getComputedStyle(body).backgroundColor);
      await context.close();
      return background;
    };
    const darkBackground = await backgroundWithJs("dark");
    const lightBackground = await backgroundWithJs("light");
    expect(darkBackground).not.toBe(lightBackground);

    // No script can fix anything up here, so what shows is exactly what the server sent.
    const noJs = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
    await setThemeCookie(noJs, baseURL, "dark");
    const page = await noJs.newPage();
    await page.goto("/");
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);
    await expect(page.locator("body")).toHaveCSS("background-color", darkBackground);
    await noJs.close();
  });

  test("a cookie without a stored choice hydrates without a mismatch", async ({
    context,
    page,
    baseURL,
  }) => {
    // A browser whose localStorage was cleared, or that got the cookie from another tab's choice.
    await setThemeCookie(context, baseURL, "dark");
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });

    await page.goto("/about");
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
    await expect(htmlElement(page)).toHaveClass(/\bdark\b/);
    // Hydration has finished once the switcher answers; a mismatch would have been reported by now.
    await chooseTheme(page, "Light");
    expect(problems).toEqual([]);
  });
});
