/**
 * `npm run backfill:refs`: reads tags and [[links]] once from the text of notes written before
 * the app read them (see lib/tags/backfill.ts). Talks to the backend at NEXT_PUBLIC_SUPABASE_URL
 * (default: the local backend) with SUPABASE_SECRET_KEY. `npm run dev` runs it when it starts the
 * local backend; run it once against a hosted project after its migrations.
 */
import { createClient } from "@supabase/supabase-js";
import { LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

import type { Database } from "../lib/supabase/database.types";
import { backfillNoteRefs } from "../lib/tags/backfill";

export async function backfillAt(url: string, secretKey: string) {
  const admin = createClient<Database>(url, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return backfillNoteRefs(admin);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321";
  const { read, written } = await backfillAt(
    url,
    process.env.SUPABASE_SECRET_KEY ?? LOCAL_SECRET_KEY,
  );
  console.log(`Tags and links read from ${written} of ${read} notes at ${url}.`);
}
