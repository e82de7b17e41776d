import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { generateTypes, TYPES_FILE } from "@/scripts/gen-types/generate";

it("lib/supabase/database.types.ts is what npm run gen:types makes of the migrations", async () => {
  const committed = readFileSync(TYPES_FILE, "utf8");
  expect(committed, "stale database types: run npm run gen:types").toBe(await generateTypes());
});
