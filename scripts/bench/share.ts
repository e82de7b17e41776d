import { createClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";

type Timing = { p50: number; p95: number; failures: number };

export interface ShareBenchContext<M extends Timing = Timing> {
  appUrl: string;
  backendUrl: string;
  secretKey: string;
  email: string;
  measure: (url: string) => Promise<M>;
}

const BODY = Array.from(
  { length: 40 },
  (_, i) =>
    `## Part ${i + 1}\n\nSome **bold** words, a [link](https://example.org/${i}) and a list:\n\n- one\n- two`,
).join("\n\n");

/** A shared note's public page, signed out (the caller measures it at 10 and 50 readers). */
export async function benchShare<M extends Timing>(ctx: ShareBenchContext<M>) {
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, {
    auth: { persistSession: false },
  });
  const { data: users, error: listError } = await admin.auth.admin.listUsers();
  if (listError) throw listError;
  const owner = users.users.find((u) => u.email === ctx.email);
  if (!owner) throw new Error(`No user ${ctx.email} to own the shared note`);
  const note = await admin
    .from("notes")
    .insert({ owner_id: owner.id, title: "A shared reading list", body: BODY })
    .select("id")
    .single();
  if (note.error) throw note.error;
  const shared = await admin.rpc("share_note", { note_id: note.data.id });
  if (shared.error) throw shared.error;
  const url = `${ctx.appUrl}/n/${shared.data}`;
  return { page: await ctx.measure(url) };
}
