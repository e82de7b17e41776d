import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
 * build. `npm run build` must have run first; the web server below only starts it.
 */
const PORT = Number(process.env.PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;

/**
 * Debian's Chromium. Its headless shell (the `chromium-headless-shell` package, the same build
 * without the browser's UI, and what Playwright itself runs for headless tests) takes about a third
 * less time on two cores than the full browser in headless mode; the full browser stands in where
 * the shell is not installed.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";

/**
 * The local backend the tests run against: its own port (a developer's backend may hold 54321),
 * a data folder emptied at every start, mail links pointing back at this app, rate limits off
 * (the rate-limit specs answer 429s themselves), and short-lived tokens so refreshes happen
 * within a test run.
 */
const BACKEND_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54329);
const backendURL = `http://127.0.0.1:${BACKEND_PORT}`;
process.env.E2E_SUPABASE_URL = backendURL;
/**
 * The backend's mail inbox has a port of its own, as the CLI's mail catcher does: ten above the
 * backend's unless said, so a second run on other ports never reads the first one's mail.
 */
const INBOX_PORT = Number(process.env.E2E_INBOX_PORT ?? BACKEND_PORT + 10);
process.env.E2E_INBOX_URL = `http://127.0.0.1:${INBOX_PORT}`;

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  reporter: "list",
  // A whole test (often two or three devices signing in) gets a minute: the 2-core machines these
  // run on take well over the usual 30 s when the app server, the backend and Chromium all compete.
  timeout: 60_000,
  // What a page shows next (a redirect after sign-in, a live update) can take seconds there too.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Tracing cost about a quarter of the run's time on two cores, most of it the screencast (the
    // browser and its compositor drawing and encoding frames all along, for every test). CI keeps
    // nothing but its output, so there it is off; elsewhere a failed test keeps a trace of DOM
    // snapshots, and `--trace on` brings the screencast back when it is wanted.
    trace: CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // Each test's devices are new browser contexts, and the service worker would precache the whole
    // build into every one of them. Only the specs about the installable app (which turn it back on
    // with `test.use({ serviceWorkers: "allow" })`) need it; the rest test what a page does itself.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM,
          // The machine has no outside network: keep Chromium from trying to phone home.
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  // One entry per server the tests need; the local Supabase backend joins this list.
  webServer: [
    {
      name: "backend",
      command: "npm run backend -- --reset",
      url: `${backendURL}/auth/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        SUPABASE_LOCAL_PORT: String(BACKEND_PORT),
        SUPABASE_LOCAL_INBOX_PORT: String(INBOX_PORT),
        SUPABASE_LOCAL_DATA_DIR: ".tmp/e2e-backend",
        SUPABASE_LOCAL_RATE_LIMITS: "off",
        // Hosted's 401 for a request with no API key, so a forgotten key fails here too.
        SUPABASE_LOCAL_REQUIRE_API_KEY: "on",
        SUPABASE_LOCAL_JWT_EXPIRY: "120",
        SUPABASE_AUTH_SITE_URL: baseURL,
        SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: `${baseURL}/**`,
      },
    },
    {
      name: "app",
      command: `npm run start -- -H 127.0.0.1 -p ${PORT}`,
      url: baseURL,
      // Never reuse: a server left running would serve an older build than the one under test.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      // GROUNDWORK_LOCAL: the server uses the local backend's well-known keys instead of demanding a
      // hosted project's settings.
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        GROUNDWORK_LOCAL: "1",
        NEXT_PUBLIC_SUPABASE_URL: backendURL,
        SITE_URL: baseURL,
        // Stands in for a deployment's proxy header; only the specs that test limits send it.
        TRUSTED_PROXY_HEADER: "x-e2e-client-address",
        // The link-title spec points pasted links at this app's own pages, on a loopback address.
        LINK_TITLE_ALLOWED_ORIGINS: baseURL,
      },
    },
  ],
});
