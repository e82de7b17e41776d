import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";

const CLIENTS = 10;
const MAX_REQUESTS = 1000;
const MAX_MS = 8_000;
const PASSWORD = "bench-password-123";

/** /auth/v1/token over HTTP with 10 concurrent clients: password sign-in and refresh-token rotation. */
export async function benchAuth(): Promise<LoadResult[]> {
  const work = mkdtempSync(path.join(tmpdir(), "groundwork-bench-auth-"));
  const supabaseDir = path.join(work, "supabase");
  mkdirSync(supabaseDir);
  writeFileSync(path.join(supabaseDir, "config.toml"), "[auth]\nenable_signup = true\n");
  // Rate limits off: the point is the server's throughput, not GoTrue's per-IP budget.
  const before = process.env.SUPABASE_LOCAL_RATE_LIMITS;
  process.env.SUPABASE_LOCAL_RATE_LIMITS = "off";
  const backend = await startLocalBackend({
    port: 0,
    dataDir: path.join(work, "data"),
    supabaseDir,
  });
  const auth = `${backend.url}/auth/v1`;
  const headers = { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" };
  try {
    const emails = Array.from({ length: CLIENTS }, (_, i) => `bench-${i}@example.com`);
    for (const email of emails) {
      const res = await fetch(`${auth}/admin/users`, {
        method: "POST",
        headers: {
          apikey: LOCAL_SECRET_KEY,
          authorization: `Bearer ${LOCAL_SECRET_KEY}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
      });
      if (!res.ok) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
    }

    const signIn = (email: string) =>
      fetch(`${auth}/token?grant_type=password`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
      });

    const signInResult = await runLoad({
      name: "auth: password sign-in",
      concurrency: CLIENTS,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async (i) => {
        const res = await signIn(emails[i % CLIENTS]);
        await res.arrayBuffer();
        return res.status === 200;
      },
    });

    // One session per client; each refresh hands back the rotated token for that client's next turn.
    const tokens: string[] = [];
    for (const email of emails) {
      const res = await signIn(email);
      const body = (await res.json()) as { refresh_token?: string };
      if (!body.refresh_token)
        throw new Error(`signing in ${email}: ${res.status} ${JSON.stringify(body)}`);
      tokens.push(body.refresh_token);
    }
    const refreshResult = await runLoad({
      name: "auth: refresh token",
      concurrency: CLIENTS,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async () => {
        const token = tokens.shift();
        if (!token) return false;
        const res = await fetch(`${auth}/token?grant_type=refresh_token`, {
          method: "POST",
          headers,
          body: JSON.stringify({ refresh_token: token }),
        });
        const body = (await res.json()) as { refresh_token?: string };
        tokens.push(body.refresh_token ?? token);
        return res.status === 200 && !!body.refresh_token;
      },
    });
    return [signInResult, refreshResult];
  } finally {
    await backend.stop();
    if (before === undefined) delete process.env.SUPABASE_LOCAL_RATE_LIMITS;
    else process.env.SUPABASE_LOCAL_RATE_LIMITS = before;
    rmSync(work, { recursive: true, force: true });
  }
}
