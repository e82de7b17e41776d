import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/rest");
const ALICE = "11111111-1111-1111-1111-111111111111";
const CONCURRENCY = 10;
const MAX_REQUESTS = 2000;
const MAX_MS = 10_000;

/** /rest/v1 over HTTP: primary-key select as anon and single-row insert as a signed-in user. */
export async function benchRest(): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-rest-"));
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir: FIXTURE });
  try {
    const now = Math.floor(Date.now() / 1000);
    const token = await backend.keys.sign({
      sub: ALICE,
      role: "authenticated",
      aud: "authenticated",
      iat: now,
      exp: now + 3600,
    });
    const anon = {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
    };
    const user = {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
    };
    const base = `${backend.url}/rest/v1`;

    const select = await runLoad({
      name: "rest: select by primary key",
      concurrency: CONCURRENCY,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async () => {
        const res = await fetch(`${base}/notes?select=id,title&id=eq.1`, { headers: anon });
        const body = await res.text();
        return res.status === 200 && body.includes('"id":1');
      },
    });
    const insert = await runLoad({
      name: "rest: insert one row",
      concurrency: CONCURRENCY,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async (i) => {
        const res = await fetch(`${base}/notes`, {
          method: "POST",
          headers: user,
          body: JSON.stringify({ title: `bench ${i}` }),
        });
        await res.arrayBuffer();
        return res.status === 201;
      },
    });
    return [select, insert];
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
