import path from "node:path";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll } from "vitest";
import { userToken } from "./rest-support";
import { LOCAL_PUBLISHABLE_KEY, startTestBackend, type TestBackend } from "./local-backend";

export const ALICE = "11111111-1111-1111-1111-111111111111";
export const BOB = "22222222-2222-2222-2222-222222222222";

/** notes (owner RLS, a hidden column), events (no RLS, replica identity full), note channels. */
export const REALTIME_FIXTURE = path.join(import.meta.dirname, "..", "fixtures", "realtime");

export function startRealtimeBackend(): Promise<TestBackend> {
  return startTestBackend({ supabaseDir: REALTIME_FIXTURE });
}

/**
 * The realtime fixture backend for one test file: started before its tests, stopped after them,
 * with `make` handing out clients whose channels are removed first.
 */
export function realtimeBackendForFile() {
  let backend: TestBackend | undefined;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    backend = await startRealtimeBackend();
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await backend?.stop();
  });
  return {
    backend: () => backend!,
    async make(opts: Parameters<typeof realtimeClient>[1] = {}) {
      const c = await realtimeClient(backend!, opts);
      clients.push(c);
      return c;
    },
  };
}

/** supabase-js whose realtime client speaks `vsn`, signed in as `sub` when given. */
export async function realtimeClient(
  t: TestBackend,
  opts: { sub?: string; vsn?: "1.0.0" | "2.0.0"; key?: string } = {},
): Promise<SupabaseClient> {
  const token = opts.sub ? await userToken(t, opts.sub) : undefined;
  const c = createClient(t.url, opts.key ?? LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
    realtime: {
      ...(opts.vsn ? { vsn: opts.vsn } : {}),
      heartbeatIntervalMs: 5000,
    },
  });
  if (token) await c.realtime.setAuth(token);
  return c;
}

/** Subscribes and resolves with the first status other than SUBSCRIBED-pending (and its error). */
export function subscribed(ch: RealtimeChannel): Promise<{ status: string; err?: Error }> {
  return new Promise((resolve) =>
    ch.subscribe((status, err) => {
      if (status !== "CLOSED") resolve({ status, err });
    }),
  );
}

/** Collects what a callback receives; `until(n)` waits for n of them (or fails after a while). */
export function collector<T = unknown>() {
  const items: T[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    items,
    push: (x: T) => {
      items.push(x);
      for (const w of waiters.filter((w) => items.length >= w.n)) w.resolve();
    },
    until(n: number, ms = 5000): Promise<T[]> {
      if (items.length >= n) return Promise.resolve(items);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${n} items, got ${items.length}`)),
          ms,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(items);
          },
        });
      });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
