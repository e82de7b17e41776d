import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // Two files at a time even on a two-core machine (vitest's default would run one): most of a
    // test's time is spent waiting on a backend or a timer, so a second file fills the idle core.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "jsdom",
        },
      },
      {
        // The local backend is started per test file on a free port with its own data folder.
        extends: true,
        test: {
          name: "backend",
          include: ["tests/backend/**/*.test.ts"],
          environment: "node",
          // Memory tests collect garbage while they sample, so they see what is held, not litter.
          execArgv: ["--expose-gc"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Reads the production build's own output, so it runs after `next build`.
        extends: true,
        test: {
          name: "bundle",
          include: ["tests/bundle/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
