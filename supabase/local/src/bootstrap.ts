import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./db";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Applies bootstrap/*.sql in name order; each file is idempotent, so this runs at every start. */
export async function bootstrap(db: Database): Promise<void> {
  const dir = path.join(here, "bootstrap");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    await db.exec(readFileSync(path.join(dir, file), "utf8"));
  }
}
