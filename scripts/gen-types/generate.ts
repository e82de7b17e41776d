import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format, resolveConfig } from "prettier";

import { startLocalBackend } from "@groundwork/local-backend";
import { readSchema } from "./read-schema";
import { renderTypes } from "./render-types";

export const TYPES_FILE = path.join(
  import.meta.dirname,
  "..",
  "..",
  "lib",
  "supabase",
  "database.types.ts",
);

/**
 * The database types of a fresh local backend with every migration applied, formatted as the
 * repository formats TypeScript. Starts the backend on a free port with a throwaway data folder.
 */
export async function generateTypes(supabaseDir?: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-types-"));
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir, log: () => {} });
  try {
    const schema = await readSchema(
      async (sql, params) => (await backend.db.query(sql, params)).rows as never,
    );
    const options = await resolveConfig(TYPES_FILE);
    return await format(renderTypes(schema), { ...options, filepath: TYPES_FILE });
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
