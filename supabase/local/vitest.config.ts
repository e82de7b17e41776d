import { defineConfig } from "vitest/config";

// The package's tests: each backend test file starts its own backend on a free port with its own
// data folder; SUPABASE_TEST_DB=postgres runs them on a private PostgreSQL cluster instead.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time even on a two-core machine (vitest's default would run one): most of a
    // test's time is spent waiting on a backend or a timer, so a second file fills the idle core.
    maxWorkers: 2,
    exclude: ["**/node_modules/**", "test/fixtures/**", ".tmp/**"],
    environment: "node",
    setupFiles: ["test/support/in-project.ts"],
    // Memory tests collect garbage while they sample, so they see what is held, not litter.
    execArgv: ["--expose-gc"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
