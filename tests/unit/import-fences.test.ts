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
    .filter((m) => m.ruleId === "no-restricted-imports" && m.severity === 2)
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

  it("keeps the local backend from importing the app", async () => {
    for (const source of ["@/lib/utils", "../../../lib/utils", "next/server", "react"]) {
      const code = `import * as x from "${source}";\nexport const a = x;\n`;
      expect(await fenceErrors("supabase/local/src/rest/bad.ts", code), source).toEqual([
        expect.stringContaining("stands alone"),
      ]);
    }
    const own = `import { json } from "../http";\nexport const a = json;\n`;
    expect(await fenceErrors("supabase/local/src/rest/fine.ts", own)).toEqual([]);
  });

  it("lets the app, tests and scripts use the backend only through its package face", async () => {
    const deep = [
      ["app/bad/page.tsx", "@/supabase/local/src/keys"],
      ["lib/supabase/bad.ts", "../../supabase/local/src/keys"],
      ["tests/backend/bad.test.ts", "@groundwork/local-backend/src/server"],
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
  });
});
