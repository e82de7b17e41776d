import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// Dependencies point one way: app -> components -> lib. The local backend stands alone and is used
// only through its package face, like any other package.
const fences = {
  app: {
    regex: "^(@/app|(\\.\\./)+app)(/|$)",
    message: "components/ and lib/ may not import from app/: pass actions and data down as props.",
  },
  backendInternals: {
    regex: "(^|/)supabase/local(/|$)|^@groundwork/local-backend/(src|bin)(/|$)",
    message: "Import the local backend through its package face, @groundwork/local-backend.",
  },
  theApp: {
    regex:
      "^@/|^(\\.\\./)+(app|components|lib|proxy|instrumentation)(/|\\.|$)|^(next|react|react-dom)(/|$)",
    message: "The local backend stands alone: it speaks to the app only over HTTP.",
  },
};
const restrict = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

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
  { rules: restrict(fences.backendInternals) },
  {
    files: ["components/**", "lib/**"],
    rules: restrict(fences.app, fences.backendInternals),
  },
  { files: ["supabase/local/**"], rules: restrict(fences.theApp) },
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
