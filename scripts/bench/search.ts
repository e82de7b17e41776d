import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient } from "@supabase/supabase-js";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";
import type { Database } from "../../lib/supabase/database.types";
import type { Timing } from "./startup";

const NOTES = 100;
const LENGTH = 200_000;
const RUNS = 5;
const WORDS = ["harbour", "lantern", "orchard", "granite", "velvet", "meadow", "compass", "ember"];

/** A body of exactly LENGTH characters that mentions "zeppelin" near its start or deep in it. */
function body(n: number): string {
  const words: string[] = [];
  for (let i = 0, size = 0; size < LENGTH; i++) {
    const w = `${WORDS[(i * 7 + n) % WORDS.length]}${i % 12 === 0 ? ".\n\n" : " "}`;
    words.push(w);
    size += w.length;
  }
  const text = words.join("");
  const at = n % 2 === 0 ? 300 : 150_000;
  return `${text.slice(0, at)} the crimson zeppelin lands softly ${text.slice(at)}`.slice(
    0,
    LENGTH,
  );
}

/**
 * One person's search over 100 notes of 200,000 characters (the longest a note may be): how long
 * search_notes takes, and the slowest /auth/v1/health answer meanwhile (PGlite has one
 * connection and runs each query to the end, so a long query delays every service).
 */
export async function benchSearch(): Promise<Timing[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-search-"));
  const backend = await startLocalBackend({ port: 0, dataDir });
  try {
    const opts = { auth: { persistSession: false, autoRefreshToken: false } };
    const admin = createClient<Database>(backend.url, LOCAL_SECRET_KEY, opts);
    const email = `bench-search-${Date.now()}@example.com`;
    const password = "a-long-bench-password-1";
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    const person = createClient<Database>(backend.url, LOCAL_PUBLISHABLE_KEY, opts);
    const signedIn = await person.auth.signInWithPassword({ email, password });
    if (signedIn.error) throw signedIn.error;
    for (let i = 0; i < NOTES; i += 5) {
      const rows = Array.from({ length: 5 }, (_, k) => ({
        title: `Logbook ${i + k}`,
        body: body(i + k),
      }));
      const { error } = await person.from("notes").insert(rows);
      if (error) throw error;
    }
    const searches: number[] = [];
    const health: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      let done = false;
      let slowest = 0;
      const started = performance.now();
      const search = Promise.resolve(
        person.rpc("search_notes", { query: "zeppelin", max_results: NOTES }),
      ).then((res) => {
        if (res.error) throw res.error;
        searches.push(performance.now() - started);
        done = true;
      });
      while (!done) {
        const asked = performance.now();
        await (await fetch(`${backend.url}/auth/v1/health`)).arrayBuffer();
        slowest = Math.max(slowest, performance.now() - asked);
      }
      await search;
      health.push(slowest);
    }
    return [
      { name: "search: 100 notes of 200,000 characters", runs: searches },
      { name: "search: slowest /auth/v1/health meanwhile", runs: health },
    ];
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
