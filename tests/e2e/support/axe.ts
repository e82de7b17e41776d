import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Brings the page to rest before a scan: with reduced motion, a toast fading in or out and any
 * transition under way jump to where they end, so axe never reads a colour halfway through a fade
 * (it once failed a toast's button for contrast that way). The page keeps reduced motion after.
 */
export async function atRest(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
}

/**
 * Serious and critical WCAG 2.2 AA (and best-practice) violations on the page at rest, in short
 * form; `include` and `exclude` narrow the scan to or away from the elements a selector names.
 */
export async function seriousViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
) {
  await atRest(page);
  const builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
