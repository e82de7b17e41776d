import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/rest-fidelity");

/** /rest/v1 embedding through a computed relationship (a function of the parent row) as anon. */
export async function benchRestComputed(): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-rest-computed-"));
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir: FIXTURE });
  try {
    const headers = {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
    };
    const url = `${backend.url}/rest/v1/authors?select=name,recent_books(title)&order=id`;
    const embedded = await runLoad({
      name: "rest: embed a computed relationship",
      concurrency: 10,
      maxRequests: 2000,
      maxMs: 10_000,
      request: async () => {
        const res = await fetch(url, { headers });
        const body = await res.text();
        return res.status === 200 && body.includes('"recent_books":[{"title"');
      },
    });
    return [embedded];
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
