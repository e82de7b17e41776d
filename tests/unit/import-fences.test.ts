// @vitest-environment node
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

/** The import-fence errors ESLint reports for `code` as if it were the file at `file`. */
async function fenceErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === "fences/imports" && m.severity === 2)
    .map((m) => m.message);
}

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // Loading the configuration and its plugins takes a while the first time.
  await fenceErrors("lib/warm-up.ts", "export const a = 1;\n");
}, 60_000);

describe("lint fences between the layers", () => {
  it("stops components and lib from importing app routes", async () => {
    const fromRoute = `import { signUp } from "@/app/(auth)/sign-up/actions";\nexport const a = signUp;\n`;
    expect(await fenceErrors("components/auth/bad-form.tsx", fromRoute)).toEqual([
      expect.stringContaining("may not import from app/"),
    ]);
    const relative = `import page from "../../app/page";\nexport const a = page;\n`;
    expect(await fenceErrors("lib/auth/bad.ts", relative)).toHaveLength(1);
    // The arrow pointing down is fine.
    const down = `import { cn } from "@/lib/utils";\nexport const a = cn;\n`;
    expect(await fenceErrors("components/ui/fine.tsx", down)).toEqual([]);
  });

  it("sees import() and re-exports as well as import statements", async () => {
    const cases = [
      `export const load = () => import("@/app/(auth)/sign-up/page");\n`,
      "export const load = (name: string) => import(`@/app/(auth)/${name}/page`);\n",
      `export { signUp } from "@/app/(auth)/sign-up/page";\n`,
      `export * from "../../app/layout";\n`,
    ];
    for (const code of cases) {
      expect(await fenceErrors("components/auth/bad-form.tsx", code), code).toEqual([
        expect.stringContaining("may not import from app/"),
      ]);
    }
    const fine = `export const load = () => import("@/components/auth/auth-listener");\n`;
    expect(await fenceErrors("components/supabase/fine.tsx", fine)).toEqual([]);
  });

  it("stops lib from importing components", async () => {
    for (const code of [
      `import { Button } from "@/components/ui/button";\nexport const a = Button;\n`,
      `export const load = () => import("../../components/ui/button");\n`,
      `import type { CropperUse } from "@/components/account/avatar-editor";\nexport type A = CropperUse;\n`,
    ]) {
      expect(await fenceErrors("lib/profile/bad.ts", code), code).toEqual([
        expect.stringContaining("lib/ may not import from components/"),
      ]);
    }
  });

  it("keeps the auth screens and the account settings apart", async () => {
    const cases = [
      ["components/auth/bad.tsx", "@/components/account/avatar"],
      ["components/account/bad.tsx", "@/components/auth/sign-in-form"],
      ["components/account/bad.tsx", "../auth/sign-in-form"],
    ];
    for (const [file, source] of cases) {
      const code = `import * as x from "${source}";\nexport const a = x;\n`;
      expect(await fenceErrors(file, code), file).toEqual([
        expect.stringContaining("may not import components/"),
      ]);
    }
    const shared = `import { Field } from "@/components/forms/form-parts";\nexport const a = Field;\n`;
    expect(await fenceErrors("components/account/fine.tsx", shared)).toEqual([]);
  });

  it("keeps each route group from importing another", async () => {
    const cases = [
      ["app/(auth)/update-password/page.tsx", "@/app/(app)/account/actions"],
      ["app/(auth)/sign-in/page.tsx", "../../(marketing)/page"],
      ["app/(app)/notes/page.tsx", "@/app/(auth)/sign-in/page"],
      ["app/(marketing)/about/page.tsx", "../../(app)/notes/page"],
    ];
    for (const [file, source] of cases) {
      const code = `import * as x from "${source}";\nexport const a = x;\n`;
      expect(await fenceErrors(file, code), file).toEqual([
        expect.stringContaining("may not import from another route group"),
      ]);
      const lazy = `export const load = () => import("${source}");\n`;
      expect(await fenceErrors(file, lazy), file).toHaveLength(1);
    }
    // Within a group, and down into components and lib, is fine.
    const own = `import page from "@/app/(auth)/sign-in/page";\nimport { cn } from "@/lib/utils";\nexport const a = [page, cn];\n`;
    expect(await fenceErrors("app/(auth)/sign-up/page.tsx", own)).toEqual([]);
  });

  it("keeps the local backend from importing the app", async () => {
    for (const source of ["@/lib/utils", "../../../lib/utils", "next/server", "react"]) {
      const code = `import * as x from "${source}";\nexport const a = x;\n`;
      expect(await fenceErrors("supabase/local/src/rest/bad.ts", code), source).toEqual([
        expect.stringContaining("stands alone"),
      ]);
    }
    const own = `import { json } from "../http";\nexport const a = json;\n`;
    expect(await fenceErrors("supabase/local/src/rest/fine.ts", own)).toEqual([]);
    // Its tests too: they reach the app's schema and functions only from the app's own tests.
    const app = `import { snippetParts } from "@/lib/notes/list";\nexport const a = snippetParts;\n`;
    expect(await fenceErrors("supabase/local/test/bad.test.ts", app)).toEqual([
      expect.stringContaining("stands alone"),
    ]);
  });

  it("lets the app, tests and scripts use the backend only through its package face", async () => {
    const deep = [
      ["app/bad/page.tsx", "@/supabase/local/src/keys"],
      ["lib/supabase/bad.ts", "../../supabase/local/src/keys"],
      ["tests/backend/bad.test.ts", "@groundwork/local-backend/src/server"],
      ["tests/backend/bad.test.ts", "../../supabase/local/test/support/local-backend"],
      ["scripts/bad.ts", "../supabase/local/src/config"],
    ];
    for (const [file, source] of deep) {
      const code = `import * as x from "${source}";\nexport const a = x;\n`;
      expect(await fenceErrors(file, code), file).toEqual([
        expect.stringContaining("package face"),
      ]);
    }
    const face = `import { startLocalBackend } from "@groundwork/local-backend";\nexport const a = startLocalBackend;\n`;
    expect(await fenceErrors("tests/backend/fine.test.ts", face)).toEqual([]);
    // Its test support is a face of its own, for the app's tests as for the package's.
    const testing = `import { startTestBackend } from "@groundwork/local-backend/testing";\nexport const a = startTestBackend;\n`;
    expect(await fenceErrors("tests/backend/fine.test.ts", testing)).toEqual([]);
  });
});
