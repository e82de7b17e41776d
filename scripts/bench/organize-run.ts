/**
 * `npx tsx scripts/bench/organize-run.ts`: the organize rows of `npm run bench:app` alone, without
 * building or starting the app (search by kind, the palette, folder switch, the tag tree and view,
 * backlinks), against a fresh local backend with 10,000 notes for one person. SUPABASE_DB_URL runs
 * the backend on that PostgreSQL database instead of the embedded one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { spawnBackend } from "@groundwork/local-backend/process";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

import type { Database } from "../../lib/supabase/database.types";
import { seedNotes } from "../seed-notes";
import { benchOrganize, organizeLines } from "./organize";
import { benchSearchKinds } from "./search-kinds";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-organize-"));
const backend = await spawnBackend({
  dataDir,
  // --reset empties only the embedded database; a server's database is the caller's to empty.
  reset: !process.env.SUPABASE_DB_URL,
  port: Number(process.env.BENCH_BACKEND_PORT ?? 0),
  env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
});
const started = performance.now();
const step = (what: string) =>
  console.error(`${((performance.now() - started) / 1000).toFixed(0)} s: ${what}`);
try {
  step("backend up; seeding 10,000 notes");
  const email = `organize-${Date.now()}@example.com`;
  const password = "correct-horse-battery-9";
  const seeded = await seedNotes({
    url: backend.url,
    secretKey: LOCAL_SECRET_KEY,
    email,
    password,
    count: 10_000,
  });
  const person = createClient<Database>(backend.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signedIn = await person.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const admin = createClient<Database>(backend.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  step("organizing them and timing folders, tags and backlinks");
  const organize = await benchOrganize(person, admin, seeded.userId);
  step("timing search and the palette");
  const kinds = await benchSearchKinds(person);
  for (const line of organizeLines(kinds, organize)) console.log(line);
} finally {
  await backend.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
