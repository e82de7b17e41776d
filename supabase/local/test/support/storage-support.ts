import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./local-backend";

export const ALICE = "aaaaaaaa-1111-4111-8111-111111111111";
export const BOB = "bbbbbbbb-2222-4222-8222-222222222222";

/** Buckets `avatars` (public, 1 MiB, image/*), `attachments` (private, 4 MiB), `seeded`; owner-only policies. */
export const STORAGE_FIXTURE = path.join(import.meta.dirname, "..", "fixtures", "storage");

export function startStorageBackend(keepDataDir?: string): Promise<TestBackend> {
  return startTestBackend({ supabaseDir: STORAGE_FIXTURE, keepDataDir });
}

function make(t: TestBackend, key: string, token?: string): SupabaseClient {
  return createClient(t.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
    realtime: { transport: WebSocket as unknown as never },
  });
}

export async function userToken(t: TestBackend, sub: string, seconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return t.backend.keys.sign({
    sub,
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + seconds,
  });
}

/** supabase-js for a signed-in user (the publishable key plus the user's access token). */
export async function userClient(t: TestBackend, sub: string): Promise<SupabaseClient> {
  return make(t, LOCAL_PUBLISHABLE_KEY, await userToken(t, sub));
}

export const anonClient = (t: TestBackend) => make(t, LOCAL_PUBLISHABLE_KEY);
export const serviceClient = (t: TestBackend) => make(t, LOCAL_SECRET_KEY);

/** The body of a failed storage response as the client library read it. */
export function errorOf(error: unknown): { message: string; status?: number; statusCode?: string } {
  const e = error as { message: string; status?: number; statusCode?: string };
  return { message: e.message, status: e.status, statusCode: e.statusCode };
}

export const text = (s: string) => new Blob([s], { type: "text/plain" });
