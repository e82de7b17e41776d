/**
 * `npm run seed:notes -- [--email a@example.com] [--count 1000]`: gives one person many notes, for
 * trying the app at size and for benchmarks. Talks to the backend at NEXT_PUBLIC_SUPABASE_URL
 * (default: the local backend) with SUPABASE_SECRET_KEY; creates the person when missing.
 */
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";

import type { Database, TablesInsert } from "../lib/supabase/database.types";
import { LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

const WORDS = (
  "garden recipe meeting travel budget sourdough project idea book film lisbon tent stove " +
  "groceries deadline review draft invoice running workout plan weekly monday friday call " +
  "design release bug kitchen paint bike repair birthday gift journal reading notes"
).split(" ");

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[(seed * 31 + i * 17 + i * i) % WORDS.length]);
  return words.join(" ");
}

/** Note number i: a varied title and a few paragraphs of searchable words. */
export function seededNote(ownerId: string, i: number, now = Date.now()): TablesInsert<"notes"> {
  const title = `${sentence(i, 3)} ${i + 1}`;
  const body = [sentence(i + 1, 24), sentence(i + 2, 40), `- [ ] ${sentence(i + 3, 5)}`].join(
    "\n\n",
  );
  return {
    owner_id: ownerId,
    title: title[0].toUpperCase() + title.slice(1),
    body,
    pinned: i % 97 === 0,
    updated_at: new Date(now - i * 60_000).toISOString(),
  };
}

export async function seedNotes(options: {
  url: string;
  secretKey: string;
  email: string;
  password: string;
  count: number;
}): Promise<{ userId: string; inserted: number }> {
  const admin = createClient<Database>(options.url, options.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const created = await admin.auth.admin.createUser({
    email: options.email,
    password: options.password,
    email_confirm: true,
  });
  let userId = created.data.user?.id;
  if (!userId) {
    const { data, error } = await admin.auth.admin.listUsers({ perPage: 1000 });
    if (error) throw error;
    userId = data.users.find((u) => u.email === options.email)?.id;
    if (!userId) throw created.error ?? new Error(`could not create ${options.email}`);
  }
  const now = Date.now();
  let inserted = 0;
  for (let start = 0; start < options.count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(options.count, start + 500); i++)
      rows.push(seededNote(userId, i, now));
    const { error } = await admin.from("notes").insert(rows);
    if (error) throw new Error(`inserting notes failed: ${error.message}`);
    inserted += rows.length;
  }
  return { userId, inserted };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      email: { type: "string", default: "notes-seed@example.com" },
      password: { type: "string", default: "correct-horse-battery-9" },
      count: { type: "string", default: "1000" },
    },
  });
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321";
  const result = await seedNotes({
    url,
    secretKey: process.env.SUPABASE_SECRET_KEY ?? LOCAL_SECRET_KEY,
    email: values.email!,
    password: values.password!,
    count: Number(values.count),
  });
  console.log(`${result.inserted} notes for ${values.email} (${result.userId}) at ${url}.`);
}
