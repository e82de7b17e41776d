/**
 * Screenshots of key pages in light and dark, narrow and wide, for a human to look at.
 * Usage: start the app (npm run build && npm run start -- -p 3100), then
 *   npx tsx scripts/screenshots.ts [baseURL] [outDir]   (default outDir: test-results/screenshots)
 */
import { chromium } from "@playwright/test";

const baseURL = process.argv[2] ?? "http://127.0.0.1:3100";
const outDir = process.argv[3] ?? "test-results/screenshots";
const pages = ["/", "/features", "/docs/getting-started", "/about", "/no-such-page"];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
for (const theme of ["light", "dark"] as const) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(new URL(path, baseURL).href);
      const name = path === "/" ? "home" : path.replaceAll("/", "_").replace(/^_/, "");
      await page.screenshot({ path: `${outDir}/${name}-${theme}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
