import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import type { Database } from "@/lib/supabase/database.types";
import {
  adminClient,
  memoryStorage,
  PASSWORD,
  uniqueEmail,
} from "@groundwork/local-backend/testing/auth";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "@groundwork/local-backend/testing";

export type NotesClient = SupabaseClient<Database>;

/** supabase-js typed with the generated database types, as the app's clients are. */
export function typedClient(t: TestBackend, key = LOCAL_PUBLISHABLE_KEY): NotesClient {
  return createClient<Database>(t.url, key, {
    auth: {
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/**
 * A client acting with `as`'s session (its access token) that records each request it sends, as
 * path and decoded query: to see what the app's reads ask the database for.
 */
export async function recordingClient(t: TestBackend, as: NotesClient) {
  const requests: string[] = [];
  const token = (await as.auth.getSession()).data.session!.access_token;
  const client = createClient<Database>(t.url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      headers: { Authorization: `Bearer ${token}` },
      fetch: (input, init) => {
        const url = new URL(String(input));
        requests.push(`${url.pathname}${decodeURIComponent(url.search)}`);
        return fetch(input, init);
      },
    },
  });
  return { client, requests };
}

/** Two people with a session each, a signed-out visitor and the service role, on the app's schema. */
export interface NotesWorld {
  t: TestBackend;
  owner: NotesClient;
  ownerId: string;
  other: NotesClient;
  otherId: string;
  anon: NotesClient;
  service: NotesClient;
}

export async function signedInUser(t: TestBackend): Promise<{ client: NotesClient; id: string }> {
  const email = uniqueEmail("notes");
  const admin = adminClient(t);
  const created = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = typedClient(t);
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { client, id: created.data.user.id };
}

export async function startNotesWorld(): Promise<NotesWorld> {
  const t = await startTestBackend({ copyMigrated: true });
  const [owner, other] = [await signedInUser(t), await signedInUser(t)];
  return {
    t,
    owner: owner.client,
    ownerId: owner.id,
    other: other.client,
    otherId: other.id,
    anon: typedClient(t),
    service: typedClient(t, LOCAL_SECRET_KEY),
  };
}

/** Bytes as PostgREST takes and returns bytea in JSON: "\x" and hex. */
export function byteaHex(bytes: Uint8Array): string {
  return `\\x${Buffer.from(bytes).toString("hex")}`;
}
