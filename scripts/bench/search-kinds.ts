import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";

type Timing = { p50: number; p95: number; failures: number };

const RUNS = 60;

/** Notes in other scripts, so a CJK phrase has something to find among the 10,000. */
const CJK_BODIES = [
  "我们明天去北京大学看樱花，然后一起吃饭。",
  "東京タワーの近くで美味しいラーメンを食べました。",
  "다음주화요일에프로젝트회의가있습니다",
];

function percentiles(times: number[], failures: number): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), failures };
}

async function timed(run: () => PromiseLike<{ error: unknown }>): Promise<Timing> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const { error } = await run();
    times.push(performance.now() - started);
    if (error) failures += 1;
  }
  return percentiles(times, failures);
}

/**
 * Search at 10,000 notes by kind of query (a whole word, part of a word, a CJK phrase), and the
 * palette's first results: what it asks when it opens (the titles kept for offline and fuzzy
 * matching) together with the search for the first letters typed, as the palette sends them.
 */
export async function benchSearchKinds(person: SupabaseClient<Database>) {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    title: `多言語 ${i}`,
    body: CJK_BODIES[i % CJK_BODIES.length],
  }));
  const { error } = await person.from("notes").insert(rows);
  if (error) throw error;
  const search = (query: string) => () => person.rpc("search_notes", { query, max_results: 20 });
  const word = await timed(search("sourdough"));
  const part = await timed(search("ourdou"));
  const cjk = await timed(search("北京大学"));
  const { data: signedIn } = await person.auth.getSession();
  const userId = signedIn.session!.user.id;
  const palette = await timed(async () => {
    const [titles, found] = await Promise.all([
      person
        .from("notes")
        .select("id, title, updated_at")
        .eq("owner_id", userId)
        .is("deleted_at", null)
        .order("updated_at", { ascending: false })
        .limit(1000),
      person.rpc("search_notes", { query: "gar", max_results: 20 }),
    ]);
    return { error: titles.error ?? found.error };
  });
  return { word, part, cjk, palette };
}
