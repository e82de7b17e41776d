// The one module that takes `test` from Playwright itself (eslint.config.mjs points the rest here).
/* eslint-disable no-restricted-imports */
import { test as base } from "@playwright/test";

export * from "@playwright/test";
/* eslint-enable no-restricted-imports */

/**
 * Playwright's `test`, closing after each test every browser context it opened itself (a second
 * device, a visitor). A context left open keeps its pages running, live channels and editors
 * included, for the rest of the worker's tests: on two cores, dozens of them slowed every test
 * after them. The failure screenshots and traces are taken before this runs.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => {})));
    },
    { auto: true },
  ],
});
