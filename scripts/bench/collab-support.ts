import { createClient, type SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";

export interface CollabBenchContext {
  appUrl: string;
  /** The backend as the app reaches it (the URL the browsers' session cookies are named for). */
  supabaseUrl: string;
  backendUrl: string;
  publishableKey: string;
  secretKey: string;
}

export type Client = SupabaseClient<Database>;
export type Person = { id: string; email: string; password: string; name: string };
export type Timing = { p50: number; p95: number; max: number; n: number };

export const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

export function timing(values: number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5) ?? NaN, p95: at(0.95) ?? NaN, max: sorted.at(-1) ?? NaN, n: sorted.length };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** People with accounts and display names, made with the secret key. */
export async function people(admin: Client, names: string[]): Promise<Person[]> {
  const stamp = Date.now();
  return Promise.all(
    names.map(async (name, i) => {
      const email = `bench-collab-${stamp}-${i}@example.com`;
      const password = "bench-password-123";
      const made = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (made.error) throw made.error;
      const id = made.data.user.id;
      const named = await admin.from("profiles").update({ display_name: name }).eq("id", id);
      if (named.error) throw named.error;
      return { id, email, password, name };
    }),
  );
}

/** A supabase-js client signed in as the person, its Realtime socket carrying their token. */
export async function signedIn(ctx: CollabBenchContext, person: Person): Promise<Client> {
  const client = createClient<Database>(ctx.backendUrl, ctx.publishableKey, noSession);
  const { error } = await client.auth.signInWithPassword(person);
  if (error) throw error;
  await client.realtime.setAuth();
  return client;
}
