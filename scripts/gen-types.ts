/**
 * `npm run gen:types`: writes lib/supabase/database.types.ts from the schema that the migrations
 * build, in the shape `supabase gen types typescript` writes. `--check` only compares, and fails
 * when the committed file is stale.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { generateTypes, TYPES_FILE } from "./gen-types/generate";

const fresh = await generateTypes();
const shown = path.relative(process.cwd(), TYPES_FILE);
if (process.argv.includes("--check")) {
  const committed = existsSync(TYPES_FILE) ? readFileSync(TYPES_FILE, "utf8") : "";
  if (committed !== fresh) {
    console.error(`${shown} is stale: run npm run gen:types and commit the result.`);
    process.exit(1);
  }
  console.log(`${shown} matches the migrations.`);
} else {
  writeFileSync(TYPES_FILE, fresh);
  console.log(`Wrote ${shown}.`);
}
