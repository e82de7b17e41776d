import { defineConfig } from "@playwright/test";

import base from "./playwright.config";

/**
 * One end-to-end smoke of the app on the backend running on PostgreSQL (`npm run test:e2e:postgres`):
 * the same app server and browser as the main suite, but the backend comes from `npm run
 * dev:postgres`, which starts a private cluster from the machine's PostgreSQL in the backend's data
 * folder and stops it with the backend. One spec, so CI pays for one more app start and no more.
 */
const PG_PORT = Number(
  process.env.E2E_POSTGRES_PORT ?? Number(process.env.E2E_SUPABASE_PORT ?? 54329) + 10_000,
);
type WebServer = Exclude<NonNullable<typeof base.webServer>, unknown[]>;
const [backend, app] = base.webServer as WebServer[];

export default defineConfig({
  ...base,
  testDir: "./tests/e2e-postgres",
  webServer: [
    {
      ...backend,
      name: "backend on PostgreSQL",
      command: "npm run dev:postgres -- --reset",
      // The backend stops on Ctrl-C and then stops its cluster; a kill would leave the cluster up.
      gracefulShutdown: { signal: "SIGINT", timeout: 20_000 },
      env: {
        ...backend.env,
        SUPABASE_LOCAL_DATA_DIR: ".tmp/e2e-postgres-backend",
        SUPABASE_LOCAL_PG_PORT: String(PG_PORT),
      },
    },
    app,
  ],
});
