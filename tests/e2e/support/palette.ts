import { expect, type Page } from "@playwright/test";

/**
 * Opens the command palette with Ctrl+K. The key toggles it, so it is pressed again only after a
 * long wait for the first press to show it (until the page has hydrated, a press can go unheard;
 * a second press while a slow first one is still being handled would close the palette again).
 * A palette still fading out after Escape is closed, not open.
 */
export async function openPalette(page: Page) {
  const palette = page.getByRole("dialog", { name: "Command palette" });
  const open = palette.and(page.locator("[data-state=open]"));
  for (let attempt = 0; attempt < 3 && !(await open.isVisible()); attempt++) {
    await page.keyboard.press("Control+k");
    await open.waitFor({ state: "visible", timeout: 10_000 }).catch(() => {});
  }
  await expect(open).toBeVisible();
  return palette;
}
