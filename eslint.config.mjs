import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Type-only imports vanish at compile time, so server-only modules never leak into bundles by accident.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports" },
      ],
      // A leading underscore marks a value that is deliberately unused (e.g. omitted from a rest).
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "node_modules/**",
    "next-env.d.ts",
    "supabase/.local-data/**",
    "test-results/**",
    "playwright-report/**",
    "blob-report/**",
    "coverage/**",
    ".tmp/**",
  ]),
  // Last, so formatting is Prettier's job alone.
  prettier,
]);
