import { defineConfig } from "vitest/config";

// The package's tests: each backend test file starts its own backend on a free port with its own
// data folder; SUPABASE_TEST_DB=postgres runs them on a private PostgreSQL cluster instead.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "test/fixtures/**", ".tmp/**"],
    environment: "node",
    setupFiles: ["test/support/in-project.ts"],
    // Memory tests collect garbage while they sample, so they see what is held, not litter.
    execArgv: ["--expose-gc"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
