import type { BrowserContext, Page } from "@playwright/test";

export type CspViolation = {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
};

/**
 * Collects every Content-Security-Policy violation the browser reports in a context, across
 * navigations: the `securitypolicyviolation` events pages fire, and the console errors Chromium
 * logs for blocked resources (which also cover what happens before any page script can listen).
 */
export async function watchCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding("__reportCspViolation", ({ page }, v: Omit<CspViolation, "page">) => {
    violations.push({ page: page.url(), ...v });
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void })
        .__reportCspViolation;
      void report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      });
    });
  });
  const listen = (page: Page) =>
    page.on("console", (message) => {
      const text = message.text();
      if (message.type() === "error" && /Content Security Policy|Permissions-Policy/.test(text)) {
        violations.push({
          page: page.url(),
          directive: "console",
          blocked: "",
          source: message.location().url,
          sample: text,
        });
      }
    });
  context.pages().forEach(listen);
  context.on("page", listen);
  return violations;
}
