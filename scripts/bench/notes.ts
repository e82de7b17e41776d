import { createClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";
import { seedNotes } from "../seed-notes";
import { benchKeystroke } from "./notes-keystroke";
import { benchOrganize } from "./organize";
import { benchSearchKinds } from "./search-kinds";

type Timing = { p50: number; p95: number; failures: number };

export interface NotesBenchContext<M extends Timing = Timing> {
  appUrl: string;
  backendUrl: string;
  publishableKey: string;
  secretKey: string;
  email: string;
  password: string;
  cookie: string;
  measure: (url: string, cookie?: string) => Promise<M>;
}

const QUERIES = ["sourdough", "garden plan", '"weekly review"', "lisbon -budget", "bike or paint"];

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * The notes screens with 1,000 notes for one person (TTFB of /notes and /notes/<id>), search
 * latency once they have 10,000, and the time a keystroke takes to reach another open device
 * (needs Realtime in the backend).
 */
export async function benchNotes<M extends Timing>(ctx: NotesBenchContext<M>) {
  const seed = (count: number) =>
    seedNotes({
      url: ctx.backendUrl,
      secretKey: ctx.secretKey,
      email: ctx.email,
      password: ctx.password,
      count,
    });
  await seed(1000);
  const person = createClient<Database>(ctx.backendUrl, ctx.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signedIn = await person.auth.signInWithPassword({
    email: ctx.email,
    password: ctx.password,
  });
  if (signedIn.error) throw signedIn.error;
  const { data: first, error } = await person.from("notes").select("id").limit(1).single();
  if (error) throw error;

  const list = await ctx.measure(`${ctx.appUrl}/notes`, ctx.cookie);
  const note = await ctx.measure(`${ctx.appUrl}/notes/${first.id}`, ctx.cookie);

  const { userId } = await seed(9000);
  const times: number[] = [];
  let searchFailures = 0;
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    const res = await person.rpc("search_notes", { query: QUERIES[i % QUERIES.length] });
    times.push(performance.now() - started);
    if (res.error) searchFailures += 1;
  }
  const search = { ...percentiles(times), failures: searchFailures };
  const searchKinds = await benchSearchKinds(person);
  // 200 folders, 500 tags and a note linked from 500 others over the same 10,000 notes.
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const organize = await benchOrganize(person, admin, userId);

  const realtime = await fetch(`${ctx.backendUrl}/realtime/v1/api/broadcast`, {
    method: "POST",
  }).catch(() => null);
  const hasRealtime = realtime !== null && realtime.status !== 404;
  if (!hasRealtime) return { list, note, search, searchKinds, organize, keystroke: null };
  const typed = await person.from("notes").insert({}).select("id").single();
  if (typed.error) throw typed.error;
  const keystroke = await benchKeystroke({
    appUrl: ctx.appUrl,
    cookie: ctx.cookie,
    noteId: typed.data.id,
  });
  return { list, note, search, searchKinds, organize, keystroke };
}
