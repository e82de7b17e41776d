import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// Dependencies point one way: app -> components -> lib, and the route groups stand apart. The local
// backend stands alone and is used only through its package face, like any other package.
const ROUTE_GROUPS = ["auth", "app", "marketing"];
const fences = {
  app: {
    regex: "^(@/app|(\\.\\./)+app)(/|$)",
    message: "components/ and lib/ may not import from app/: what they need belongs in lib/.",
  },
  components: {
    regex: "^(@/components|(\\.\\./)+components)(/|$)",
    message: "lib/ may not import from components/: what both need belongs in lib/.",
  },
  otherRouteGroups: (own) => {
    const others = ROUTE_GROUPS.filter((group) => group !== own).join("|");
    return {
      regex: `^(@/app/|(\\.\\./)+)\\((${others})\\)(/|$)`,
      message: `app/(${own}) may not import from another route group: share through components/ or lib/.`,
    };
  },
  feature: (other) => ({
    regex: `^(@/components/|(\\.\\./)+)${other}(/|$)`,
    message: `This feature may not import components/${other}: share through components/forms, components/supabase or lib/.`,
  }),
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

/**
 * no-restricted-imports for every way in: static imports, re-exports and import(), which that rule
 * does not see. A template's ${...} parts read as one letter, so its fixed start is still checked.
 */
const importFence = {
  meta: { type: "problem", schema: [{ type: "array" }] },
  create(context) {
    const patterns = context.options[0].map(({ regex, message }) => ({
      regex: new RegExp(regex),
      message,
    }));
    function check(node) {
      const source = node.source;
      let path = null;
      if (source?.type === "Literal" && typeof source.value === "string") path = source.value;
      if (source?.type === "TemplateLiteral")
        path = source.quasis.map((q) => q.value.cooked).join("x");
      if (path === null) return;
      for (const { regex, message } of patterns)
        if (regex.test(path)) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
const restrict = (...patterns) => ({ "fences/imports": ["error", patterns] });

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
  { plugins: { fences: { rules: { imports: importFence } } } },
  { rules: restrict(fences.backendInternals) },
  { files: ["components/**"], rules: restrict(fences.app, fences.backendInternals) },
  // Sign-in screens and account settings share a form kit and a client, not each other's parts.
  ...[
    ["auth", "account"],
    ["account", "auth"],
  ].map(([own, other]) => ({
    files: [`components/${own}/**`],
    rules: restrict(fences.feature(other), fences.app, fences.backendInternals),
  })),
  { files: ["lib/**"], rules: restrict(fences.app, fences.components, fences.backendInternals) },
  ...ROUTE_GROUPS.map((group) => ({
    files: [`app/(${group})/**`],
    rules: restrict(fences.otherRouteGroups(group), fences.backendInternals),
  })),
  { files: ["supabase/local/**"], rules: restrict(fences.theApp) },
  {
    // Every app test closes the browser contexts it opened (tests/e2e/support/test.ts).
    files: ["tests/e2e/**", "tests/e2e-postgres/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message:
                "Take `test` from tests/e2e/support/test: it closes the contexts a test opens.",
            },
          ],
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
    "supabase/local/.tmp/**",
    // Built by scripts/build-sw.ts after next build.
    "public/sw.js",
  ]),
  // Last, so formatting is Prettier's job alone.
  prettier,
]);
