import { expect, test } from "./support/test";

test("FAQ accordion opens one answer at a time with correct aria-expanded", async ({ page }) => {
  await page.goto("/");
  const first = page.getByRole("button", { name: "Who can see my notes?" });
  const second = page.getByRole("button", { name: "Can I stop sharing a note?" });
  const firstAnswer = page.getByText(/protected by row-level security/);

  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstAnswer).toBeHidden();

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(firstAnswer).toBeVisible();

  // Keyboard works too; opening another answer closes the first.
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstAnswer).toBeHidden();

  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "false");
});

test("the under-the-hood section expands and collapses", async ({ page }) => {
  await page.goto("/");
  const trigger = page.getByRole("button", { name: "How Groundwork works under the hood" });
  const detail = page.getByText(/broadcast over a websocket/);

  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(detail).toBeHidden();

  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expect(detail).toBeVisible();

  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(detail).toBeHidden();
});
