import { expect, test } from "./support/test";

test.describe("toasts", () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  test("copying the link shows a toast for 5 seconds, then it is gone", async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await page.goto("/");
    const copy = page.getByRole("button", { name: "Copy link to Groundwork" });
    // React has hydrated the button once it carries its props; a click before that does nothing.
    await expect
      .poll(() =>
        copy.evaluate((button) =>
          Object.keys(button).some((key) => key.startsWith("__reactProps")),
        ),
      )
      .toBe(true);
    // From here the page's clock stands still, so only runFor moves it, however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await copy.click();

    const notifications = page.getByRole("region", { name: /Notifications/ });
    const toast = notifications.getByText("Link copied");
    // The toast comes once the clipboard write resolves, from a zero-delay timer: move the stopped
    // clock on in small steps until it shows (on a busy machine the write can take a while).
    await expect
      .poll(async () => {
        await page.clock.runFor(20);
        return toast.isVisible();
      })
      .toBe(true);
    // Announced to screen readers through a polite live region.
    await expect(notifications).toHaveAttribute("aria-live", "polite");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/`);

    await page.clock.runFor(4_500);
    await expect(toast).toBeVisible();

    await page.clock.runFor(1_000);
    await expect(toast).toHaveCount(0);
  });

  test("a toast can be closed before it times out", async ({ page }) => {
    await page.goto("/docs/getting-started");
    await page.getByRole("button", { name: "Copy command" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Command copied" });
    await expect(toast).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("npm ci && npm run dev");

    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  });
});
