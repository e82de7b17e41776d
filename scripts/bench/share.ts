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

/** 48 KB of `*a` took a Markdown parse 20 s on the request thread; now at most its budget, once. */
const STARS = "*a".repeat(24_000);
/** The longest note there is, written as ordinary Markdown. */
const LONGEST = "## Part\n\nSome *words* and a [link](https://example.org).\n\n".repeat(3_400);

/** Shared notes' public pages, signed out (the caller measures each at 10 and 50 readers). */
export async function benchShare<M extends Timing>(ctx: ShareBenchContext<M>) {
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, {
    auth: { persistSession: false },
  });
  const { data: users, error: listError } = await admin.auth.admin.listUsers({ perPage: 1000 });
  if (listError) throw listError;
  const owner = users.users.find((u) => u.email === ctx.email);
  if (!owner) throw new Error(`No user ${ctx.email} to own the shared note`);
  const share = async (title: string, body: string) => {
    const note = await admin
      .from("notes")
      .insert({ owner_id: owner.id, title, body })
      .select("id")
      .single();
    if (note.error) throw note.error;
    const shared = await admin.rpc("share_note", { note_id: note.data.id });
    if (shared.error) throw shared.error;
    return `${ctx.appUrl}/n/${shared.data}`;
  };
  return {
    page: await ctx.measure(await share("A shared reading list", BODY)),
    stars: await ctx.measure(await share("Stars", STARS)),
    longest: await ctx.measure(await share("The longest note", LONGEST)),
  };
}
